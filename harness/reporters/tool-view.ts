/**
 * The per-tool view of the Markdown and HTML reports: for every tool a surface advertised (or was
 * called), whether it passed, drew findings, or was not called and why.
 */
import type { Report } from '../model/report.ts';

/** One tool's row. `reason`: why a tool was not called (the coverage finding's message), when known. */
export interface ToolRow {
  surface: string;
  tool: string;
  calls: number;
  verdict: 'passed' | 'findings' | 'not called';
  errors: number;
  warnings: number;
  reason?: string;
}

/** Checks whose finding on a tool explains that the tool was not called. */
const COVERAGE_CHECKS = new Set(['contract/every-tool-called']);

/**
 * The rows of every surface, in report order, tools sorted by name (the same after a merge). A tool "passed" when it was called and no error or
 * warning (baselined ones aside) names it; "findings" otherwise; "not called" when it had no call.
 * Linear in tools + findings: the findings are grouped by surface and tool once (issue 12: report rendering linear in findings).
 */
export function toolRows(report: Report): ToolRow[] {
  const byTool = new Map<string, Map<string, Report['findings']>>();
  for (const f of report.findings) {
    if (f.baselined || f.tool === undefined) continue;
    let tools = byTool.get(f.surface);
    if (!tools) byTool.set(f.surface, (tools = new Map()));
    const list = tools.get(f.tool);
    if (list) list.push(f);
    else tools.set(f.tool, [f]);
  }
  return report.surfaces.flatMap((surface) =>
    [...surface.tools].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)).map((tool): ToolRow => {
      const mine = byTool.get(surface.name)?.get(tool.name) ?? [];
      let errors = 0;
      let warnings = 0;
      for (const f of mine) {
        if (f.severity === 'error') errors += 1;
        else if (f.severity === 'warning') warnings += 1;
      }
      const coverage = mine.find((f) => COVERAGE_CHECKS.has(f.check));
      const calls = tool.calls.length;
      const verdict = calls === 0 ? 'not called' : errors + warnings > 0 ? 'findings' : 'passed';
      return { surface: surface.name, tool: tool.name, calls, verdict, errors, warnings, ...(calls === 0 ? { reason: coverage?.message ?? 'no scenario and no generated call' } : {}) };
    }),
  );
}
