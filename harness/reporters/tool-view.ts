/**
 * The per-tool view of the Markdown, HTML and console reports: for every tool a surface advertised (or was
 * called), whether it passed, drew findings, was called but never succeeded, or was not called and why.
 */
import type { Report } from '../model/report.ts';
import { plural } from './group.ts';

/**
 * A tool's verdict in the per-tool view. `never succeeded`: called, no error or warning names it, but no
 * call showed it working (every call ended in a JSON-RPC error, an isError result, a timeout...), so it
 * is not counted as passed (a server without its network answering every call with -32603 read "26 passed").
 * `interrupted`: on a surface the run's interrupt cut short (status `interrupted`, not judged): neither passed nor
 * failed, whether it was never reached or its calls were cut short (an interrupted run read "1 tool never succeeded").
 * `baselined`: called, and every error or warning that names it is accepted by the baseline (`--baseline`): not
 * passed (it drew them), not failed (they are accepted). A run with a baseline read "never succeeded, no call
 * succeeded" for a tool whose only finding, an accepted result/expectation error, said its scenario's call did not
 * do as expected, where the plain run read "findings" (a README walkthrough, server-everything's
 * simulate-research-query).
 */
export type ToolVerdict = 'passed' | 'findings' | 'baselined' | 'never succeeded' | 'not called' | 'interrupted';

/**
 * One tool's row. `reason`: why a tool was not called (the coverage finding's message), when known; for
 * `never succeeded`, how its calls ended (counts of outcomes, no values); for `interrupted`, what the interrupt left undone;
 * for `baselined`, how many errors and warnings the baseline accepted.
 */
export interface ToolRow {
  surface: string;
  tool: string;
  calls: number;
  verdict: ToolVerdict;
  errors: number;
  warnings: number;
  reason?: string;
}

/** Checks whose finding on a tool explains that the tool was not called. */
const COVERAGE_CHECKS = new Set(['contract/every-tool-called']);

type Call = Report['surfaces'][number]['tools'][number]['calls'][number];

/** How an outcome reads in a `never succeeded` row's note (singular; plural() adds the s). */
const OUTCOME_WORDS: Record<Call['outcome'], string> = {
  success: 'successful call',
  'tool-error': 'isError result',
  'protocol-error': 'JSON-RPC error',
  timeout: 'timeout',
  exit: 'process exit',
  cancelled: 'cancellation',
  oversize: 'oversize answer',
  unanswered: 'unanswered request',
};

/**
 * Whether a call showed its tool working: it succeeded, or it failed the way its scenario file said it
 * would (`expect: tool-error` or `protocol-error` met: the behaviour the user asked for).
 */
function worked(call: Call): boolean {
  return call.outcome === 'success' || (call.expect !== 'success' && call.outcome === call.expect);
}

/** The note of a `never succeeded` row: its calls' outcomes counted, in first-seen order ("no call succeeded: 2 JSON-RPC errors"). */
function failureNote(calls: readonly Call[]): string {
  const counts = new Map<Call['outcome'], number>();
  for (const c of calls) counts.set(c.outcome, (counts.get(c.outcome) ?? 0) + 1);
  const parts = [...counts].map(([outcome, n]) => plural(n, OUTCOME_WORDS[outcome] ?? String(outcome)));
  return `no call succeeded: ${parts.join(', ')}`;
}

/**
 * The note of a `baselined` row: the accepted errors and warnings counted ("accepted by the baseline: 1 error"), and
 * how its calls ended when none worked (`failed`: failureNote's "no call succeeded: ..."), so an accepted description
 * warning does not hide that the tool was never shown to work (a reviewer, review 25).
 */
function baselinedNote(findings: Report['findings'], failed?: string): string {
  let errors = 0;
  let warnings = 0;
  for (const f of findings) {
    if (!f.baselined) continue;
    if (f.severity === 'error') errors += 1;
    else if (f.severity === 'warning') warnings += 1;
  }
  const accepted = `accepted by the baseline: ${[errors > 0 ? plural(errors, 'error') : '', warnings > 0 ? plural(warnings, 'warning') : ''].filter(Boolean).join(', ')}`;
  return failed === undefined ? accepted : `${accepted}; ${failed}`;
}

/** The note of a tool not called on a surface its time budget cut short (its planned calls were never sent). */
const BUDGET_NOTE = "not run: the surface's time budget (timeouts.surfaceMs) ran out before it was called";

/** The note of an `interrupted` row: never reached, or reached and cut short (a surface the interrupt stopped is not judged). */
function interruptedNote(calls: number): string {
  return calls === 0 ? 'not run: the run was interrupted before it was called' : `not judged: the run was interrupted while this surface ran (${plural(calls, 'call')} made)`;
}

/**
 * The rows of every surface, in report order, tools sorted by name (the same after a merge). A tool "passed" when it was called, no error or
 * warning names it, and at least one call worked (succeeded, or failed as its scenario expected); "findings" when an
 * error or warning the baseline did not accept names it; "baselined" when called and every error or warning naming it is accepted;
 * "never succeeded" when called without findings but no call worked; "not called" when it had no call
 * (why: the coverage finding, or the surface's time budget that ran out before its planned call was sent);
 * "interrupted" for every tool of a surface the run's interrupt cut short (not judged: neither passed nor failed).
 * Linear in tools + findings: the findings are grouped by surface and tool once (issue 12: report rendering linear in findings).
 */
export function toolRows(report: Report): ToolRow[] {
  const byTool = new Map<string, Map<string, Report['findings']>>();
  // surfaces cut short by their time budget: a tool with no call and no coverage finding there was planned, never sent
  const overBudget = new Set<string>();
  for (const f of report.findings) {
    if (f.check === 'transport/timeout' && f.messageId === 'surfaceBudget') overBudget.add(f.surface);
    if (f.tool === undefined) continue;
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
      let accepted = 0;
      for (const f of mine) {
        if (f.severity === 'info') continue;
        if (f.baselined) accepted += 1;
        else if (f.severity === 'error') errors += 1;
        else warnings += 1;
      }
      // a coverage finding the baseline accepted still says why the tool was not called
      const coverage = mine.find((f) => COVERAGE_CHECKS.has(f.check));
      const calls = tool.calls.length;
      const verdict: ToolVerdict = surface.status === 'interrupted' ? 'interrupted' : calls === 0 ? 'not called' : errors + warnings > 0 ? 'findings' : accepted > 0 ? 'baselined' : tool.calls.some(worked) ? 'passed' : 'never succeeded';
      const reason =
        verdict === 'interrupted' ? interruptedNote(calls) : verdict === 'not called' ? (coverage?.message ?? (overBudget.has(surface.name) ? BUDGET_NOTE : 'no scenario and no generated call')) : verdict === 'never succeeded' ? failureNote(tool.calls) : verdict === 'baselined' ? baselinedNote(mine, tool.calls.some(worked) ? undefined : failureNote(tool.calls)) : undefined;
      return { surface: surface.name, tool: tool.name, calls, verdict, errors, warnings, ...(reason !== undefined ? { reason } : {}) };
    }),
  );
}

/** How many rows have each verdict (every verdict present, 0 when none). Pure. */
export function verdictCounts(rows: readonly ToolRow[]): Record<ToolVerdict, number> {
  const counts: Record<ToolVerdict, number> = { passed: 0, findings: 0, baselined: 0, 'never succeeded': 0, 'not called': 0, interrupted: 0 };
  for (const r of rows) counts[r.verdict] += 1;
  return counts;
}
