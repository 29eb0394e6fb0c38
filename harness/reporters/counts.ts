/**
 * Finding counts as the human-facing reporters show them (console, Markdown, HTML): with a baseline, the severity
 * counts are of the findings it did not accept, and the accepted ones are counted on their own, as ESLint counts what
 * its suppressions leave. A run that exits 0 with every finding accepted reads "0 errors, 12 baselined", not
 * "12 errors". report.json's `summary.findings` (the machine format) keeps counting every finding.
 */
import type { Finding, Severity } from '../model/report.ts';

/** Per severity, the findings a baseline did not accept, and how many it accepted (`baselined`). */
export interface LiveCounts {
  /** Findings without `baselined`, per severity. */
  live: Record<Severity, number>;
  /** Findings the baseline accepted (`baselined: true`), any severity. */
  baselined: number;
}

/** Count `findings` into live (not baselined) per severity and baselined. Linear; never throws. */
export function liveCounts(findings: readonly Finding[]): LiveCounts {
  const live: Record<Severity, number> = { error: 0, warning: 0, info: 0 };
  let baselined = 0;
  for (const f of findings) {
    if (f.baselined) baselined += 1;
    else live[f.severity] += 1;
  }
  return { live, baselined };
}
