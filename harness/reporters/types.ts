/**
 * Reporter types (Vitest's reporters map, Playwright's `printsToStdio`): a file reporter is a PURE
 * function `Report -> string` plus the file name it writes under the report dir; the console
 * reporter owns stdout. Reporters never import the runner or the session.
 */
import type { CheckMeta } from '../checks/define.ts';
import type { Report } from '../model/report.ts';

/** What every reporter receives besides the report. */
export interface ReporterContext {
  /** Keep `evidence` (values) in the output; off by default (reports are value-free). */
  showValues: boolean;
  /** The check catalog (SARIF rules, descriptions, docs links). */
  catalog: CheckMeta[];
  /** Base URL of docs/checks.md for rule links; see `DEFAULT_DOCS_URL` in links.ts. */
  docsUrl?: string;
}

/** A reporter that renders one file under the report dir. */
export interface FileReporter {
  kind: 'file';
  /** Registry key, e.g. `junit`. */
  name: string;
  /** Default file name under the report dir, e.g. `junit.xml`. */
  fileName: string;
  /** Env var that overrides the output path, e.g. `MCP_HARNESS_JUNIT_FILE`. */
  envVar: string;
  /**
   * Whether a file's beginning (its first STALE_HEAD_BYTES bytes, UTF-8) is this reporter's own output: the marker a
   * run checks before removing an earlier run's `<reportDir>/<fileName>` it did not write this time (./stale.ts). A
   * reporter without one never has a file removed.
   */
  ownsFile?: (head: string) => boolean;
  /** Pure: same input, same output. May throw on a bug; the multiplexer counts that. */
  render: (report: Report, ctx: ReporterContext) => string;
  /**
   * The same text as `render`, in chunks, for a file that may be longer than V8's longest string (~512 MiB):
   * when present, the file is written from these (./write.ts). Pure.
   */
  renderChunks?: (report: Report, ctx: ReporterContext) => Iterable<string>;
}

/** The reporter that writes the human summary to stdout (only one reporter owns stdout). */
export interface StdoutReporter {
  kind: 'stdout';
  name: string;
  /** Pure: renders the summary; `color` adds ANSI colours (only on a TTY). */
  render: (report: Report, ctx: ReporterContext & { color: boolean }) => string;
}

/** Any reporter in the registry. */
export type Reporter = FileReporter | StdoutReporter;
