/**
 * The `console` reporter: the only one that owns stdout. A short human summary (surfaces, tools,
 * calls, findings by severity, time, tools not called or called without any call succeeding, tools an interrupt left unjudged) and the top findings grouped by surface, one entry per behaviour
 * (the same check and messageId on several tools reads as one entry with the tool list and a count). Colours only when
 * asked (the caller passes `color: stdout.isTTY`). Never machine output: files carry that.
 */
import type { Finding, Report, Severity } from '../model/report.ts';
import { boundServerText } from '../model/text-budget.ts';
import { uncalledLines } from './coverage.ts';
import { liveCounts } from './counts.ts';
import { groupBy, groupRepeated, nameList, plural, type FindingGroup } from './group.ts';
import { formatDuration, oneLine } from './text.ts';
import { toolRows, verdictCounts, type ToolRow } from './tool-view.ts';
import type { ReporterContext, StdoutReporter } from './types.ts';

/** How many findings the summary lists before pointing at the report files. */
export const CONSOLE_TOP_FINDINGS = 20;

const COLORS: Record<Severity | 'dim' | 'bold', [number, number]> = {
  error: [31, 39],
  warning: [33, 39],
  info: [36, 39],
  dim: [2, 22],
  bold: [1, 22],
};

function paint(color: boolean, style: keyof typeof COLORS, text: string): string {
  const [on, off] = COLORS[style];
  return color ? `\u001b[${on}m${text}\u001b[${off}m` : text;
}

/**
 * What an interrupt left undone, from the `interrupted` tool rows (tool-view.ts): tools never reached ("not run") and
 * tools whose calls it cut short, neither judged; undefined when there are none.
 */
function interruptedLine(rows: readonly ToolRow[]): string | undefined {
  let notRun = 0;
  let cut = 0;
  for (const r of rows) if (r.verdict === 'interrupted') r.calls === 0 ? (notRun += 1) : (cut += 1);
  if (notRun + cut === 0) return undefined;
  const parts = [
    ...(notRun > 0 ? [`${plural(notRun, 'tool')} not run (the run was interrupted before ${notRun === 1 ? 'it was' : 'they were'} called)`] : []),
    ...(cut > 0 ? [`${plural(cut, 'tool')} called when the run was interrupted`] : []),
  ];
  return `interrupted: ${parts.join(', ')}; not judged, so counted neither as passed nor as failed`;
}

function headline(report: Report, color: boolean): string[] {
  const { summary } = report;
  // with a baseline, the counts are of the findings it did not accept, the ones listed below (as ESLint counts what
  // its suppressions leave); the accepted ones are counted after them (a README walkthrough: a fully accepted run read
  // 'findings: 12 errors' and exited 0). The report files' summary keeps counting every finding.
  const { live: c, baselined } = liveCounts(report.findings);
  const accepted = baselined === 0 ? '' : ` ${paint(color, 'dim', `(and ${plural(baselined, 'finding')} accepted by the baseline: listed in the report files, not here)`)}`;
  const lines = [
    paint(color, 'bold', `mcp-harness ${oneLine(report.harnessVersion)}`) +
      `: ${plural(summary.surfaces, 'surface')}, ${plural(summary.tools, 'tool')}, ${plural(summary.calls, 'call')} in ${formatDuration(report.durationMs)}`,
    `findings: ${paint(color, 'error', plural(c.error, 'error'))}, ${paint(color, 'warning', plural(c.warning, 'warning'))}, ${plural(c.info, 'info', 'info')}${accepted}`,
  ];
  // as root, calling state-changing tools wants --isolate too (the server then cannot read the harness environment)
  for (const line of uncalledLines(report.findings, process.getuid?.() === 0)) lines.push(paint(color, 'warning', line)); // no spread: server-sized
  const rows = toolRows(report);
  const unproven = verdictCounts(rows)['never succeeded'];
  if (unproven > 0) lines.push(paint(color, 'warning', `never succeeded: ${plural(unproven, 'tool')} called, but no call succeeded (a JSON-RPC error, an isError result...); not counted as passed`));
  const interrupted = interruptedLine(rows);
  if (interrupted) lines.push(paint(color, 'warning', interrupted));
  if (report.shard) lines.push(`shard ${report.shard.index}/${report.shard.total}`);
  if (report.interrupted) lines.push(paint(color, 'error', 'run interrupted: the report is partial (surfaces not started before the interrupt were not run and are left out)'));
  return lines;
}

/** One behaviour: a finding, or one entry for the same check and messageId on several tools (tool list and count). */
function findingLine(group: FindingGroup<Finding>, color: boolean): string {
  const f = group.first;
  const many = group.tools.length > 1;
  const where = (many ? [] : [f.tool, f.pointer]).filter((x) => x !== undefined).map((x) => oneLine(boundServerText(String(x)))).join(' ');
  const stderr = (f.stderr ?? []).map((l) => `\n    ${paint(color, 'dim', `stderr| ${oneLine(l)}`)}`).join('');
  const head = `  ${paint(color, f.severity, f.severity.padEnd(7))} ${oneLine(f.check)}${where ? ` ${paint(color, 'dim', where)}` : ''}`;
  if (!many) return `${head}\n    ${oneLine(f.message)}${stderr}`;
  const count = paint(color, 'dim', `on ${plural(group.tools.length, 'tool')} (${plural(group.findings.length, 'finding')}): ${oneLine(nameList(group.tools))}`);
  return `${head} ${count}\n    ${oneLine(f.message)} (the same on every tool listed)${stderr}`;
}

/** Counts by severity of the findings the baseline did not accept. Pure. */
/**
 * The findings the summary may list: those the baseline did not accept. Accepted ones are counted in the headline and
 * kept in every report file; listing them read as a failing run above the line that says they are all accepted (a
 * README walkthrough), where ESLint's suppressions and a test runner's expected failures print nothing.
 */
function live(findings: readonly Finding[]): Finding[] {
  return findings.filter((f) => !f.baselined);
}

/**
 * The findings the summary lists (those of its first CONSOLE_TOP_FINDINGS entries), by identity: the CLI prints
 * on stderr only the harness faults the summary left out, so a fault reads once (cli/output.ts). Pure.
 */
export function consoleListed(report: Report): Set<Finding> {
  return new Set(groupRepeated(live(report.findings)).slice(0, CONSOLE_TOP_FINDINGS).flatMap((g) => g.findings));
}

/** Render the summary text (ends with a newline). Pure. */
export function renderConsole(report: Report, ctx: ReporterContext & { color: boolean }): string {
  const { color } = ctx;
  const lines = headline(report, color);
  const groups = groupRepeated(live(report.findings));
  const top = groups.slice(0, CONSOLE_TOP_FINDINGS); // consoleListed's
  for (const [surface, entries] of groupBy(top, (g) => g.first.surface)) {
    lines.push('', paint(color, 'bold', oneLine(surface)), ...entries.map((g) => findingLine(g, color)));
  }
  const rest = groups.slice(top.length).reduce((n, g) => n + g.findings.length, 0);
  if (rest > 0) lines.push('', `... and ${plural(rest, 'more finding')}; see the report files`);
  return `${lines.join('\n')}\n`;
}

/** Registry entry: writes to stdout. */
export const consoleReporter: StdoutReporter = { kind: 'stdout', name: 'console', render: renderConsole };
