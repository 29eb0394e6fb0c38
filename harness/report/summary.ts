/**
 * The report summary, computed in one pass over surfaces and findings (O(surfaces + tools + findings)).
 */
import type { Finding, Report, ReportSurface, SeverityCounts } from '../model/report.ts';

/** Count findings by severity. Findings marked `baselined` are counted too (the summary describes what was seen). */
export function countBySeverity(findings: readonly Finding[]): SeverityCounts {
  const counts: SeverityCounts = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity] += 1;
  return counts;
}

/** `Report.summary`: surface count, tool count (over all surfaces), tools/call count and findings by severity. */
export function summarize(surfaces: readonly ReportSurface[], findings: readonly Finding[]): Report['summary'] {
  let tools = 0;
  let calls = 0;
  for (const s of surfaces) {
    tools += s.tools.length;
    for (const t of s.tools) calls += t.calls.length;
  }
  return { surfaces: surfaces.length, tools, calls, findings: countBySeverity(findings) };
}
