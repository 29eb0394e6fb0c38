/**
 * The reporter multiplexer (Playwright's, but errors are counted, not swallowed): every selected
 * reporter runs; one that throws is recorded in `failures` and the others still write. The caller
 * turns a non-empty `failures` into exit code 2.
 */
import { join, resolve } from 'node:path';
import type { Report } from '../model/report.ts';
import { replaceFile } from '../output-file.ts';
import { BUILTIN_REPORTERS, resolveReporters, type ReporterRegistry } from './registry.ts';
import { removeStaleReports } from './stale.ts';
import type { FileReporter, Reporter, ReporterContext } from './types.ts';

/** A stream the console reporter writes to (process.stdout by default). */
export interface ConsoleStream {
  write: (chunk: string) => unknown;
  isTTY?: boolean;
}

/** Options of `writeReports`. */
export interface WriteReportsOptions {
  /** Directory for default output paths (created when missing), e.g. `reports`. */
  reportDir: string;
  /** Reporter names; unknown names throw before anything is written. `json` is always added. */
  reporters: string[];
  ctx: ReporterContext;
  /** Output path per reporter name (wins over the env var). */
  outputFiles?: Partial<Record<string, string>>;
  /** Environment for the `MCP_HARNESS_<NAME>_FILE` overrides (default process.env). */
  env?: Record<string, string | undefined>;
  /** Where the console reporter prints (default process.stdout); colours only when `isTTY`. */
  stdout?: ConsoleStream;
  /** Reporter registry (default the built-ins). */
  registry?: ReporterRegistry;
  /**
   * Remove an earlier run's report files this run did not write (./stale.ts). `run` and `merge` do: the directory then
   * holds one run's reports. `diff` does not: its report.json replaces a run's, and the run's other reports are kept.
   */
  removeStale?: boolean;
}

/**
 * What `writeReports` did: absolute paths written, earlier runs' report files removed (./stale.ts), and reporters that
 * threw (message only, no stack).
 */
export interface WriteReportsResult {
  written: string[];
  removed: string[];
  failures: { reporter: string; error: string }[];
}

/** Output path of a file reporter: option, then env var, then `<reportDir>/<fileName>`; absolute. */
export function resolveOutputPath(reporter: FileReporter, options: Pick<WriteReportsOptions, 'reportDir' | 'outputFiles' | 'env'>): string {
  const env = options.env ?? process.env;
  const chosen = options.outputFiles?.[reporter.name] ?? env[reporter.envVar];
  return resolve(chosen !== undefined && chosen !== '' ? chosen : join(options.reportDir, reporter.fileName));
}

/**
 * `chunks` joined into one string when that fits (the common case: one write, as before), else joined into pieces of
 * about PIECE units each. A reporter's chunks are all rendered before anything is written. Throws what the renderer throws.
 */
function chunksOrText(chunks: Iterable<string>): string | string[] {
  const pieces: string[] = [];
  let piece: string[] = [];
  let length = 0;
  for (const c of chunks) {
    piece.push(c);
    length += c.length;
    if (length >= PIECE) {
      pieces.push(piece.join(''));
      piece = [];
      length = 0;
    }
  }
  pieces.push(piece.join(''));
  return pieces.length === 1 ? (pieces[0] as string) : pieces;
}

/**
 * The file text of `reporter`: `render`'s one string, or, when that string would be longer than V8's longest
 * (RangeError) and the reporter renders chunks, its chunks joined into pieces (`chunksOrText`). Throws what the
 * renderer throws.
 */
function renderText(reporter: FileReporter, report: Report, ctx: ReporterContext): string | string[] {
  try {
    return reporter.render(report, ctx);
  } catch (error) {
    if (!(error instanceof RangeError) || !reporter.renderChunks) throw error;
    return chunksOrText(reporter.renderChunks(report, ctx));
  }
}

/** About how long each piece written of a chunked report is (UTF-16 units): far under V8's string limit (2^29 - 24). */
const PIECE = 2 ** 24;

async function runReporter(reporter: Reporter, report: Report, options: WriteReportsOptions): Promise<string | undefined> {
  if (reporter.kind === 'stdout') {
    const stdout = options.stdout ?? process.stdout;
    stdout.write(reporter.render(report, { ...options.ctx, color: stdout.isTTY === true }));
    return undefined;
  }
  // a report longer than V8's longest string is written from chunks (FileReporter.renderChunks), only when its one
  // string could not be made (RangeError "Invalid string length"): every other report is rendered and written as
  // before; rendered in full first either way, so a reporter that throws leaves the earlier file as it was
  const text = renderText(reporter, report, options.ctx);
  const path = resolveOutputPath(reporter, options);
  // a new file renamed over the old: never written through a symlink planted at `path` (harness/output-file.ts)
  await replaceFile(path, text);
  return path;
}

/**
 * Run every selected reporter in order, isolating faults; then, with `removeStale`, remove the stale report files under
 * `reportDir`: an earlier run's default file of a reporter this run did not write, when it carries that reporter's marker
 * (./stale.ts; a user's file is never removed).
 * @throws ReportError `MCP_HARNESS_REPORTER_UNKNOWN` for an unknown name (nothing written then).
 */
export async function writeReports(report: Report, options: WriteReportsOptions): Promise<WriteReportsResult> {
  const reporters = resolveReporters(options.reporters, options.registry ?? BUILTIN_REPORTERS);
  const result: WriteReportsResult = { written: [], removed: [], failures: [] };
  for (const reporter of reporters) {
    try {
      const path = await runReporter(reporter, report, options);
      if (path !== undefined) result.written.push(path);
    } catch (error) {
      result.failures.push({ reporter: reporter.name, error: error instanceof Error ? error.message : String(error) });
    }
  }
  // an earlier run's report of a reporter not written now (or that failed now) would read as this run's verdict
  const fileReporters = [...(options.registry ?? BUILTIN_REPORTERS).values()].filter((r): r is FileReporter => r.kind === 'file');
  if (options.removeStale === true) result.removed = await removeStaleReports(options.reportDir, fileReporters, result.written);
  return result;
}
