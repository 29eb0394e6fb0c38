/**
 * Live progress of a run: events from the runner, rendered as one rewritten status line on a TTY
 * and as plain lines in CI (no escape codes). Progress is for people; machine output goes to files.
 */
import { boundServerText } from '../model/text-budget.ts';
import { plural } from '../reporters/group.ts';
import { oneLine } from '../reporters/text.ts';
import type { SurfaceResult } from './surface.ts';

/** A progress event. */
export type ProgressEvent =
  | { type: 'surface-start'; surface: string }
  | { type: 'surface-end'; surface: string; result: SurfaceResult };

/** Running totals shown in the progress line. */
interface Totals {
  started: number;
  done: number;
  tools: number;
  calls: number;
  findings: number;
}

/**
 * A progress printer for `stream` (stdout). On a TTY it rewrites one status line; otherwise it
 * prints one plain line per finished surface. Returns the event handler and a `done()` that clears
 * the status line.
 */
export function createProgress(stream: NodeJS.WriteStream, total: number): { onProgress: (e: ProgressEvent) => void; done: () => void } {
  const tty = stream.isTTY === true && !process.env.CI;
  const totals: Totals = { started: 0, done: 0, tools: 0, calls: 0, findings: 0 };
  const status = () => `surfaces ${totals.done}/${total} (${totals.started - totals.done} running) · tools ${totals.tools} · calls ${totals.calls} · findings ${totals.findings}`;
  const onProgress = (e: ProgressEvent) => {
    if (e.type === 'surface-start') totals.started++;
    else {
      totals.done++;
      totals.tools += e.result.reportSurface.tools.length;
      totals.calls += callsMade(e.result);
      totals.findings += e.result.findings.length;
      if (!tty) stream.write(`${surfaceLine(e.surface, e.result)}\n`);
    }
    if (tty) stream.write(`\r\x1b[2K${status()}`);
  };
  return { onProgress, done: () => void (tty && stream.write('\r\x1b[2K')) };
}

/**
 * One plain line for a finished surface: its era (or `not booted`; `interrupted` when the run's interrupt cut it short,
 * after the era when it had booted), then its tools, calls and findings counted (`1 tool`, `0 calls`).
 */
function surfaceLine(name: string, r: SurfaceResult): string {
  const s = r.reportSurface;
  const interrupted = s.status === 'interrupted';
  // the protocol version is the server's text: cut to the budget and, with the surface name, escaped for one terminal line
  const version = s.era ? oneLine(boundServerText(String(s.protocolVersion))) : '';
  const era = s.era ? `${s.era} ${version}${interrupted ? ', interrupted' : ''}` : interrupted ? 'interrupted' : 'not booted';
  return `· ${oneLine(name)}: ${era}, ${plural(s.tools.length, 'tool')}, ${plural(callsMade(r), 'call')}, ${plural(r.findings.length, 'finding')} (${s.durationMs} ms)`;
}

/**
 * The plain line for the findings a baseline adds after the run, its stale entries (one `baseline/stale` error each,
 * harness/report/baseline.ts): the surface lines count the run's findings, this line the baseline's, so together they
 * count what the summary does (a walkthrough: `0 findings` on the surface line, `1 error` in the summary). `file` is
 * the baseline file as messages name it.
 */
export function baselineLine(file: string, stale: number): string {
  return `· baseline ${oneLine(file)}: ${plural(stale, 'stale entry', 'stale entries')}, ${plural(stale, 'finding')} (baseline/stale: an entry that matches no finding of this run)`;
}

/** The tools/call requests a surface made: its report's calls (summarise leaves out those never written, `unsent: 'closed'`). */
function callsMade(r: SurfaceResult): number {
  let n = 0;
  for (const tool of r.reportSurface.tools) n += tool.calls.length;
  return n;
}
