/**
 * Typed errors of the report layer, with stable codes (Vitest `node/errors.ts` style).
 * User-facing text is in `message`; it always names the file (when there is one) and the key path.
 */

/** Stable codes of report-layer errors. */
export type ReportErrorCode =
  | 'MCP_HARNESS_REPORT_INVALID'
  | 'MCP_HARNESS_REPORT_VERSION'
  | 'MCP_HARNESS_BASELINE_INVALID'
  | 'MCP_HARNESS_SHARD_INVALID'
  | 'MCP_HARNESS_REPORTER_UNKNOWN';

/** An error with a stable `code`; thrown for bad input files and options, never for harness bugs. */
export class ReportError extends Error {
  /** Stable, machine-readable code. */
  readonly code: ReportErrorCode;

  constructor(code: ReportErrorCode, message: string) {
    super(message);
    this.name = 'ReportError';
    this.code = code;
  }
}

/**
 * Render zod-style issues as `file: key.path: message` lines (Playwright's `errorWithFile`).
 * `path` entries are joined with dots; an empty path is shown as `(root)`. A line break inside a key or message (a
 * key of a report file that zod quotes) is written as the text `\n`, so each issue stays one line (review D7).
 */
export function describeIssues(file: string, issues: readonly { path: readonly PropertyKey[]; message: string }[]): string {
  const lines = issues.slice(0, 10).map((issue) => {
    const key = issue.path.length > 0 ? issue.path.map(String).join('.') : '(root)';
    return `${file}: ${key}: ${issue.message}`.replace(/\n/g, '\\n');
  });
  if (issues.length > 10) lines.push(`${file}: ... and ${issues.length - 10} more`);
  return lines.join('\n');
}
