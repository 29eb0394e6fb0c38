/**
 * Build the canonical `Report` (harness/model/report.ts) from what the runner collected.
 *
 * Pure: no I/O, no clock. Findings are sorted deterministically (see order.ts), each gets a stable
 * `id` (see ids.ts), and the summary is computed in one pass.
 */
import type { Finding, Report, ReportScope, ReportSurface } from '../model/report.ts';
import { assignIds } from './ids.ts';
import { REPORT_SCHEMA_VERSION } from '../model/report.ts';
import { sortFindings } from './order.ts';
import { summarize } from './summary.ts';

export { findingId } from './ids.ts';

/** What the runner hands to `buildReport`. `durationMs` is wall time of the whole run in ms. */
export interface BuildReportInput {
  harnessVersion: string;
  startedAt: Date;
  durationMs: number;
  surfaces: ReportSurface[];
  findings: Finding[];
  skipped: Report['skipped'];
  /** True when the run was cut short (SIGINT/SIGTERM/SIGHUP) or partial. */
  interrupted?: boolean;
  /** This run's shard, 1-based `index` of `total`, and the run's plan key (harness/run/plan-key.ts). */
  shard?: { index: number; total: number; plan?: string };
  /** What the run left out on purpose (Report.scope); absent or empty: nothing. */
  scope?: ReportScope;
}

/**
 * Sort findings and fill their IDs. Findings that already carry an `id` keep it (merge relies on
 * this); among findings that share an identity key, the occurrence number follows the sorted order.
 */
export function finalizeFindings<T extends Finding>(findings: readonly T[]): T[] {
  return sortFindings(assignIds(sortFindings(findings)));
}

/**
 * Build a schemaVersion 1 report. `startedAt` is rendered as an ISO 8601 string.
 * @throws RangeError when `startedAt` is an invalid Date.
 */
export function buildReport(input: BuildReportInput): Report {
  const findings = finalizeFindings(input.findings);
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    harnessVersion: input.harnessVersion,
    startedAt: input.startedAt.toISOString(),
    durationMs: input.durationMs,
    ...(input.interrupted ? { interrupted: true } : {}),
    ...(input.shard ? { shard: { index: input.shard.index, total: input.shard.total, ...(input.shard.plan !== undefined ? { plan: input.shard.plan } : {}) } } : {}),
    ...(input.scope && Object.keys(input.scope).length > 0 ? { scope: input.scope } : {}),
    surfaces: input.surfaces,
    findings,
    skipped: input.skipped,
    summary: summarize(input.surfaces, findings),
  };
}

/**
 * The report as it may leave the machine: every finding's `evidence` dropped unless `showValues`
 * (docs/reports.md §The report: reports are value-free by default). Returns a new report; the input is untouched.
 */
export function stripValues(report: Report, showValues = false): Report {
  if (showValues) return report;
  const findings = report.findings.map((f) => {
    if (f.evidence === undefined) return f;
    const { evidence: _dropped, ...rest } = f;
    return rest;
  });
  return { ...report, findings };
}
