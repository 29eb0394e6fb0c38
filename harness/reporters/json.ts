/**
 * The `json` reporter: the canonical Report (harness/model/report.ts), 2-space JSON with a trailing
 * newline, `evidence` dropped unless `showValues`. Always written (`report.json`); `merge` reads it back.
 */
import { stripValues } from '../report/build.ts';
import type { Report } from '../model/report.ts';
import type { FileReporter, ReporterContext } from './types.ts';

/** Render the report as JSON text. Lone surrogates come out as `\udXXX` escapes (well-formed JSON.stringify). */
export function renderJson(report: Report, ctx: ReporterContext): string {
  return `${JSON.stringify(stripValues(report, ctx.showValues), null, 2)}\n`;
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
};
