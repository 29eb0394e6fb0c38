/**
 * What a run did NOT test, as console lines (issue 9 §4: impossible to miss). Read from the findings of
 * contract/every-tool-called, so a merged or baselined report says the same: `skipped` tools (not
 * annotated `readOnlyHint: true`, so the safe default did not call them) and `notGenerated` ones.
 */
import type { Finding } from '../model/report.ts';
import { plural } from './group.ts';

const CHECK = 'contract/every-tool-called';

/**
 * Zero to two lines: how many tools were not called and how to call them. `asRoot`: the harness runs as root, where
 * `--sandbox` alone leaves the server able to read the harness environment, so the advice adds `--isolate` (README.md
 * §Security, docs/config.md `isolate`). Pure.
 */
export function uncalledLines(findings: readonly Finding[], asRoot = false): string[] {
  const count = (messageId: string) => findings.filter((f) => f.check === CHECK && f.messageId === messageId).length;
  const destructive = count('skipped');
  const notGenerated = count('notGenerated');
  const lines: string[] = [];
  if (destructive > 0) {
    lines.push(`not called: ${plural(destructive, 'tool')} without readOnlyHint: true (${destructive === 1 ? 'it' : 'they'} may change state); call ${destructive === 1 ? 'it' : 'them'} with --allow-destructive --sandbox${asRoot ? ' --isolate' : ''}, or add scenarios`);
  }
  if (notGenerated > 0) lines.push(`not called: ${plural(notGenerated, 'tool')} without generable arguments; add scenarios for ${notGenerated === 1 ? 'it' : 'them'}`);
  return lines;
}
