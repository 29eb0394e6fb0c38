/**
 * Local extensions of the report model (harness/types.ts) that the report layer needs.
 *
 * `baselined` and `configFile` are fields of `Finding` / `ReportSurface` in types.ts; these aliases
 * keep the names every module of report/ and reporters/ reads them through. Plain data, no I/O.
 */
import type { Finding, Report, ReportSurface, Severity } from '../types.ts';

/** A finding as the report layer handles it: `baselined: true` when a baseline entry accepts it (kept, never fails the run). */
export type ReportFinding = Finding & { baselined?: boolean };

/** A surface as the report layer handles it: `configFile` is the config (or surface) file path, relative to the config dir, when known. */
export type ReportSurfaceEntry = ReportSurface & { configFile?: string };

/** Rank of a severity for ordering and thresholds: error 0, warning 1, info 2 (lower is worse). */
export const SEVERITY_RANK: Readonly<Record<Severity, number>> = { error: 0, warning: 1, info: 2 };

/** The current `Report.schemaVersion` this harness writes and reads. */
export const REPORT_SCHEMA_VERSION = 1 as const;

/** Read the extended fields of a finding without a cast at every call site. */
export function asReportFinding(finding: Finding): ReportFinding {
  return finding as ReportFinding;
}

/** Read the extended fields of a surface without a cast at every call site. */
export function asReportSurface(surface: ReportSurface): ReportSurfaceEntry {
  return surface as ReportSurfaceEntry;
}
