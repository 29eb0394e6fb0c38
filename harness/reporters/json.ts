/**
 * The `json` reporter: the canonical Report (harness/model/report.ts), 2-space JSON with a trailing
 * newline, `evidence` dropped unless `showValues`. Always written (`report.json`); `merge` reads it back.
 */
import { stripValues } from '../report/build.ts';
import type { Report } from '../model/report.ts';
import type { FileReporter, ReporterContext } from './types.ts';
import { jsonChunks } from './json-chunks.ts';

/** Render the report as JSON text. Lone surrogates come out as `\udXXX` escapes (well-formed JSON.stringify). */
export function renderJson(report: Report, ctx: ReporterContext): string {
  return `${JSON.stringify(stripValues(report, ctx.showValues), null, 2)}\n`;
}

/** How many levels of the report `renderJsonChunks` splits (the report, its arrays, their items, their members). */
const CHUNK_LEVELS = 4;

/**
 * The text of `renderJson`, in chunks: the report's members, array items and their members down to CHUNK_LEVELS
 * levels each rendered alone. report.json is written from them (FileReporter.renderChunks), so a report longer than
 * V8's longest string (2^29 - 24 UTF-16 units, ~512 MiB) is still written: one JSON.stringify of a run with 600,000
 * findings (300,000 failing tools) threw "Invalid string length" and report.json was lost (hostile review 28).
 * A single finding or tool longer than that still cannot be rendered (the reporter fails, as before). Pure.
 */
export function* renderJsonChunks(report: Report, ctx: ReporterContext): Generator<string> {
  yield* jsonChunks(stripValues(report, ctx.showValues), CHUNK_LEVELS);
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
