/**
 * Apply a baseline to a report: accepted findings are kept but marked `baselined: true` (they do
 * not fail the run), new findings fail as usual, and an entry that no longer occurs becomes a
 * `baseline/stale` error finding, so the baseline file cannot rot.
 *
 * Scope: only entries the run could have found are judged stale: of a surface in the report (`--surface`, a shard of
 * surfaces), of a check that ran (`--check`, a check set to `off`), of a tool it kept (`--tool`) whose calls are in
 * this call shard, of no tool only when it called every tool (Report.scope, `inReportScope`). The others are never
 * stale; no finding of the run is theirs to match, except, in a call shard, a finding of another shard's tool that
 * every shard reports (it is accepted). Apply a baseline to the merged report of a sharded run, which judges every
 * entry. No `harness/*` finding is ever accepted (`neverBaselined`).
 */
import { formatMessage, type CheckMeta } from '../checks/define.ts';
import type { Finding, Report } from '../model/report.ts';
import { finalizeFindings } from './build.ts';
import type { Baseline, BaselineEntry } from './baseline-file.ts';
import { callShardId, inShard } from './shard.ts';
import { summarize } from './summary.ts';

// The file format (its zod schema, read and write) lives in ./baseline-file.ts and is imported from there: this module
// is on every run's path (the stale entry's catalog entry), the file format only on runs with a baseline.
export type { Baseline, BaselineEntry } from './baseline-file.ts';

/** Catalog entry of the finding a stale baseline entry becomes (for SARIF rules and docs). */
export const BASELINE_STALE_META: CheckMeta = {
  id: 'baseline/stale',
  defaultSeverity: 'error',
  description: 'Every baseline entry still matches a finding of the run.',
  rationale: 'A baseline entry for a fixed finding hides the next regression with the same identity; remove it so the file cannot rot.',
  spec: 'harness: docs/reports.md §Baseline',
  messages: {
    stale: 'Baseline entry {{id}} ({{check}}) matches no finding of this run; remove it from the baseline file.',
  },
  examples: { fail: 'an entry whose finding was fixed', pass: 'every entry matches a finding of the run' },
  needsSession: false,
};

/** What `applyBaseline` returns. */
export interface BaselineResult {
  /** The report with accepted findings marked `baselined: true` and stale entries added as findings; summary recomputed. */
  report: Report;
  /** Findings no entry accepts: only these (and stale entries) fail the run. */
  newFindings: Finding[];
  /** Entries that matched no finding, among those in the report's scope (`inReportScope`). */
  staleEntries: BaselineEntry[];
}

/** `finding` without its `baselined` mark. */
function withoutMark(finding: Finding): Finding {
  const { baselined: _, ...rest } = finding;
  return rest;
}

function staleFinding(entry: BaselineEntry, index: number): Finding {
  return {
    check: BASELINE_STALE_META.id,
    severity: 'error',
    surface: entry.surface,
    ...(entry.tool !== undefined ? { tool: entry.tool } : {}),
    pointer: `/entries/${index}`,
    message: formatMessage(BASELINE_STALE_META, 'stale', { id: entry.id, check: entry.check }),
    messageId: 'stale', // no `spec`: a baseline is this tool's own rule (docs/reports.md §Baseline), not the specification's
  };
}

/**
 * True for a finding no baseline accepts: the harness's own faults (`harness/*`: a crashed check, a surface that tested
 * nothing, a surface validated in part: the harness did not do its job, which no server owner can accept) and
 * `baseline/stale` (docs/reports.md §Baseline).
 */
export function neverBaselined(check: string): boolean {
  return check.startsWith('harness/') || check === 'baseline/stale';
}

/**
 * Whether the run that made `report` could have found `entry`'s finding: its surface is in the report, and the report's
 * scope (Report.scope) ran its check, and kept its tool and holds that tool's calls; an entry of no tool only when the
 * run called every tool (no `--tool`, not a call shard). Entries outside are never stale.
 */
export function inReportScope(report: Report, entry: BaselineEntry): boolean {
  if (!report.surfaces.some((s) => s.name === entry.surface)) return false;
  const whole = report.scope;
  if (!whole) return true;
  // a merged report's own scope for the entry's surface, where it has one (ReportScope.bySurface)
  const scope = { ...whole, ...(whole.bySurface && Object.prototype.hasOwnProperty.call(whole.bySurface, entry.surface) ? { tools: undefined, checks: undefined, ...whole.bySurface[entry.surface] } : {}) };
  // under --check nothing is stale: a finding of one check can follow from another check's probes (ReportScope.checkFilter)
  if (scope.checkFilter) return false;
  if (scope.checks && !scope.checks.includes(entry.check)) return false;
  // a surface's own finding (no tool: how its server shut down, ...) can follow from which tools were called: a run
  // that called only some judges only their entries
  if (entry.tool === undefined) return !scope.tools && !scope.callShard;
  if (scope.tools && !scope.tools.includes(entry.tool)) return false;
  return !(scope.callShard && report.shard && !inShard(callShardId(entry.surface, entry.tool), report.shard));
}

/**
 * Mark accepted findings, collect new ones and stale entries (only among the entries in the report's scope,
 * `inReportScope`). A `harness/*` finding is never marked accepted, whatever the file lists. The report is judged
 * afresh: a judgement it already carries (a `merge --baseline` of reports whose runs had a baseline of their own) is
 * dropped first, its `baseline/stale` findings and its `baselined` marks, so each stale entry is one finding and the
 * summary and the stale entries agree. Pure; the inputs are untouched.
 */
export function applyBaseline(report: Report, baseline: Baseline): BaselineResult {
  const accepted = new Set(baseline.entries.map((e) => e.id));
  const raw = report.findings.filter((f) => f.check !== BASELINE_STALE_META.id).map((f) => (f.baselined === undefined ? f : withoutMark(f)));
  const present = new Set(raw.map((f) => f.id));
  const marked: Finding[] = raw.map((f) => (f.id !== undefined && accepted.has(f.id) && !neverBaselined(f.check) ? { ...f, baselined: true } : f));
  const newFindings = marked.filter((f) => !f.baselined);
  const staleEntries = baseline.entries.filter((e) => !present.has(e.id) && inReportScope(report, e));
  const stale = staleEntries.map((e) => staleFinding(e, baseline.entries.indexOf(e)));
  const findings = finalizeFindings([...marked, ...stale]);
  return {
    report: { ...report, findings, summary: summarize(report.surfaces, findings) },
    newFindings,
    staleEntries,
  };
}
