/**
 * The run's exit code (docs/ci.md §Exit codes): 0 clean, 1 findings at or above the fail threshold, 2 the
 * harness itself failed (bad config, crashed reporter). Severity and threshold stay separate
 * (Spectral `--fail-severity`).
 */
import type { Finding, Report, Severity } from '../model/report.ts';
import type { BaselineResult } from './baseline.ts';
import { SEVERITY_RANK } from '../model/report.ts';

/** Options for `exitCodeFor`. */
export interface ThresholdOptions {
  /** Lowest severity that fails the run. */
  failOn: 'error' | 'warning';
  /** With a baseline, only its `newFindings` and `staleEntries` can fail the run. */
  baseline?: BaselineResult;
  /** True when the harness itself failed (a reporter threw, a config error, a crashed check). */
  harnessFailed: boolean;
}

/** True when `severity` is at or above `failOn` (error > warning > info). */
export function meetsThreshold(severity: Severity, failOn: ThresholdOptions['failOn']): boolean {
  return SEVERITY_RANK[severity] <= SEVERITY_RANK[failOn];
}

function anyFailing(findings: readonly Finding[], failOn: ThresholdOptions['failOn']): boolean {
  return findings.some((f) => !f.baselined && meetsThreshold(f.severity, failOn));
}

/**
 * True when `report` holds a `harness/*` error finding: the harness could not do its job on a surface (a crashed check
 * or surface, a contract not loaded, a surface that tested nothing, one validated only in part). The run that found it
 * exits 2 (harness/run `harnessFailed`); `merge`, which has only the reports, reads it from them, so a merged report
 * exits as its run did (README.md §Exit codes).
 */
export function hasHarnessFault(report: Report): boolean {
  return report.findings.some((f) => f.check.startsWith('harness/') && f.severity === 'error');
}

/**
 * True when `report` holds a surface whose server command could not be started (`ReportSurface.notStarted`: ENOENT,
 * EACCES, a missing working directory). The run exited 2 for it (a usage fault, not the server's); `merge` reads it
 * from the report, so a merged report exits as its shards did (README.md §Exit codes).
 */
export function hasUnstartedSurface(report: Report): boolean {
  return report.surfaces.some((s) => s.notStarted === true);
}

/**
 * 2 when `harnessFailed`; else 1 when a finding at or above `failOn` is not accepted by the baseline
 * (with a baseline: a new finding, or a stale entry, which always fails); else 0.
 */
export function exitCodeFor(report: Report, options: ThresholdOptions): 0 | 1 | 2 {
  if (options.harnessFailed) return 2;
  const { baseline } = options;
  if (baseline) {
    if (baseline.staleEntries.length > 0) return 1;
    return anyFailing(baseline.newFindings, options.failOn) ? 1 : 0;
  }
  return anyFailing(report.findings, options.failOn) ? 1 : 0;
}
