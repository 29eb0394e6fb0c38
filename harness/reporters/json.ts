/**
 * The `json` reporter: the canonical Report (harness/model/report.ts), 2-space JSON with a trailing
 * newline, `evidence` dropped unless `showValues`. Always written (`report.json`); `merge` reads it back.
 */
import { stripValues } from '../report/build.ts';
import type { Report } from '../model/report.ts';
import type { FileReporter, ReporterContext } from './types.ts';
import { stringifyChunked } from '@discoveryjs/json-ext';

/** Render the report as JSON text. Lone surrogates come out as `\udXXX` escapes (well-formed JSON.stringify). */
export function renderJson(report: Report, ctx: ReporterContext): string {
  return `${JSON.stringify(stripValues(report, ctx.showValues), null, 2)}\n`;
}

/**
 * The text of `renderJson`, in chunks (@discoveryjs/json-ext `stringifyChunked`: JSON.stringify's text, made piece by
 * piece). report.json is written from them when its one string would be longer than V8's longest string (2^29 - 24
 * UTF-16 units, ~512 MiB; FileReporter.renderChunks, ./write.ts): one JSON.stringify of a run with 600,000 findings
 * (300,000 failing tools) threw "Invalid string length" and report.json was lost (hostile review 28). Pure.
 */
export function* renderJsonChunks(report: Report, ctx: ReporterContext): Generator<string> {
  yield* stringifyChunked(stripValues(report, ctx.showValues), null, 2);
  yield '\n';
}

/** Registry entry: `report.json`, env `MCP_HARNESS_JSON_FILE`. */
export const jsonReporter: FileReporter = {
  kind: 'file',
  name: 'json',
  fileName: 'report.json',
  envVar: 'MCP_HARNESS_JSON_FILE',
  // the marker of its own output (the canonical report's first keys): an earlier run's file is removed only when it carries it (./stale.ts)
  ownsFile: (head) => /^\{\s*"schemaVersion":\s*\d+,\s*"harnessVersion":\s*"/.test(head),
  render: renderJson,
  renderChunks: renderJsonChunks,
};
