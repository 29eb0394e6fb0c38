/**
 * Merge shard reports into one (Playwright `merge-reports` over versioned blobs).
 *
 * Refuses mixed `schemaVersion`s, different harness major versions, and shard reports that are not the
 * shards of one run, each once (see shard-set.ts: one harness version, one plan key, one N, none missing or
 * doubled). Warns (`onWarning`) of what it merges all the same: unsharded reports of different harness
 * versions, a file given twice, a report of an interrupted run. Surfaces are combined by
 * name (a surface split across shards merges its tools and calls), findings deduplicated by `id`,
 * then sorted and summarised exactly like `buildReport`, so the merged findings of all shards equal
 * a single full run's.
 */
import { REPORT_SCHEMA_VERSION, type Finding, type Report, type ReportSurface, type ReportTool } from '../model/report.ts';
import { finalizeFindings } from './build.ts';
import { ReportError } from './errors.ts';
import { readReportFile } from './report-file.ts';
import { assertCompleteShardSet } from './shard-set.ts';
export { readReportFile, parseReport } from './report-file.ts';
import { summarize } from './summary.ts';

/** Major version of a semver-like string (`1.2.3` -> `1`); the whole string when it has no dot. */
export function majorOf(version: string): string {
  return version.split('.')[0] ?? version;
}

/** Receives one warning of a merge: a sentence naming the file(s), no trailing newline. */
export type MergeWarning = (message: string) => void;

/** What a merge carries out all the same but a reader should know: see `mergeReports`. */
function warnings(reports: readonly Report[], names: readonly string[], warn: MergeWarning): void {
  const versions = [...new Set(reports.map((r) => r.harnessVersion))];
  if (versions.length > 1 && reports.every((r) => r.shard === undefined)) {
    warn(`these reports come from different harness versions (${reports.map((r, i) => `${names[i]}: ${r.harnessVersion}`).join(', ')}): their checks may differ, so a finding missing from one may be one its version did not look for`);
  }
  reports.forEach((r, i) => {
    if (r.interrupted) warn(`${names[i]} is the report of an interrupted run: its findings are partial, and the merged report is marked interrupted`);
  });
}

function checkCompatible(reports: readonly Report[], names: readonly string[]): void {
  const first = reports[0];
  reports.forEach((r, i) => {
    if (r.schemaVersion !== REPORT_SCHEMA_VERSION) {
      throw new ReportError('MCP_HARNESS_REPORT_VERSION', `${names[i]}: schemaVersion ${String(r.schemaVersion)} cannot be merged; this harness reads schemaVersion ${REPORT_SCHEMA_VERSION}`);
    }
    if (majorOf(r.harnessVersion) !== majorOf(first.harnessVersion)) {
      throw new ReportError('MCP_HARNESS_REPORT_VERSION', `${names[i]}: harnessVersion ${r.harnessVersion} has another major version than ${names[0]} (${first.harnessVersion})`);
    }
  });
}

function mergeTools(a: readonly ReportTool[], b: readonly ReportTool[]): ReportTool[] {
  const byName = new Map<string, ReportTool>();
  for (const tool of [...a, ...b]) {
    const prev = byName.get(tool.name);
    if (!prev) {
      byName.set(tool.name, { ...tool, calls: [...tool.calls] });
      continue;
    }
    const seen = new Set(prev.calls.map((c) => c.scenario));
    for (const call of tool.calls) if (!seen.has(call.scenario)) prev.calls.push(call); // no spread: server-sized
  }
  return [...byName.values()].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
}

function mergeSurface(a: ReportSurface, b: ReportSurface): ReportSurface {
  return {
    ...a,
    ...b,
    durationMs: Math.max(a.durationMs, b.durationMs),
    status: a.status === 'failed' || b.status === 'failed' ? 'failed' : a.status === 'interrupted' || b.status === 'interrupted' ? 'interrupted' : 'ok',
    ...(a.notStarted || b.notStarted ? { notStarted: true as const } : {}),
    tools: mergeTools(a.tools, b.tools),
  };
}

function mergeSurfaces(reports: readonly Report[]): ReportSurface[] {
  const byName = new Map<string, ReportSurface>();
  for (const s of reports.flatMap((r) => r.surfaces)) {
    const prev = byName.get(s.name);
    byName.set(s.name, prev ? mergeSurface(prev, s) : { ...s, tools: mergeTools([], s.tools) });
  }
  return [...byName.values()].sort((x, y) => (x.name < y.name ? -1 : x.name > y.name ? 1 : 0));
}

function dedupeFindings(reports: readonly Report[]): Finding[] {
  const byId = new Map<string, Finding>();
  const withoutId: Finding[] = [];
  for (const f of reports.flatMap((r) => r.findings)) {
    if (f.id === undefined) withoutId.push(f);
    else if (!byId.has(f.id)) byId.set(f.id, f);
  }
  return [...byId.values(), ...withoutId];
}

function dedupeSkipped(reports: readonly Report[]): Report['skipped'] {
  const seen = new Map<string, Report['skipped'][number]>();
  for (const s of reports.flatMap((r) => r.skipped)) seen.set(`${s.surface}\u0000${s.check}\u0000${s.reason}`, s);
  return [...seen.values()].sort((x, y) => (x.surface + x.check < y.surface + y.check ? -1 : 1));
}

/**
 * What the merged report left out (Report.scope): a tool or check only when every report left it out (the union of
 * what they kept: the shards of one run kept the same, their plan key says so), and per surface (`bySurface`) where
 * a surface's reports kept something else than the merged whole (runs of different surfaces with different
 * `--tool`/`--check`: a third review's false stale entries); never a call shard (the merge of a run's call shards
 * holds every tool's calls).
 */
function mergeScope(reports: readonly Report[]): Report['scope'] {
  type Kept = { tools?: string[]; checks?: string[] };
  // per surface: what every report holding the surface kept (a report's own scope, or its bySurface entry)
  const of = (r: Report, surface: string): Kept => r.scope?.bySurface?.[surface] ?? { ...(r.scope?.tools ? { tools: r.scope.tools } : {}), ...(r.scope?.checks ? { checks: r.scope.checks } : {}) };
  const kept = (rs: readonly Report[], surface: string | undefined, key: 'tools' | 'checks'): Kept => {
    const lists = rs.map((r) => (surface === undefined ? r.scope?.[key] : of(r, surface)[key]));
    return lists.every((l) => l !== undefined) ? { [key]: [...new Set(lists.flatMap((l) => l ?? []))].sort() } : {};
  };
  const global: Kept = { ...kept(reports, undefined, 'tools'), ...kept(reports, undefined, 'checks') };
  const names = [...new Set(reports.flatMap((r) => r.surfaces.map((s) => s.name)))].sort();
  const bySurface: Record<string, Kept> = {};
  for (const name of names) {
    const holding = reports.filter((r) => r.surfaces.some((s) => s.name === name));
    const own = { ...kept(holding, name, 'tools'), ...kept(holding, name, 'checks') };
    // an entry only where the surface's own scope differs from the merged report's
    if (JSON.stringify(own) !== JSON.stringify(global)) bySurface[name] = own;
  }
  // one report narrowed by --check: its surfaces' stale entries cannot be judged, so none are (conservative)
  const checkFilter = reports.some((r) => r.scope?.checkFilter) ? { checkFilter: true as const } : {};
  const scope = { ...global, ...checkFilter, ...(Object.keys(bySurface).length > 0 ? { bySurface } : {}) };
  return Object.keys(scope).length > 0 ? scope : undefined;
}

/**
 * Merge reports (typically one per shard). `names` (same order) name the files in errors; defaults
 * to `report #i`. `startedAt` is the earliest, `durationMs` the longest (shards run in parallel),
 * `interrupted` set when any was; `shard` is dropped, `scope` keeps what every report left out. Surfaces and tools come out sorted by name. `onWarning`
 * hears what is merged all the same (a file given twice, unsharded reports of different harness versions, a
 * report of an interrupted run), each once, after the refusals passed.
 * @throws ReportError `MCP_HARNESS_REPORT_VERSION` on mixed versions, `MCP_HARNESS_REPORT_INVALID` on an empty list,
 * `MCP_HARNESS_SHARD_INVALID` when shard reports are not the shards of one run (one harness version, one plan key),
 * each shard K of N exactly once.
 */
export function mergeReports(given: readonly Report[], givenNames: readonly string[] = given.map((_, i) => `report #${i + 1}`), onWarning?: MergeWarning): Report {
  if (given.length === 0) throw new ReportError('MCP_HARNESS_REPORT_INVALID', 'merge: no reports given');
  // a file named twice (a glob and a path to one report) is one report: merged once, never a doubled shard
  const first = givenNames.map((name, i) => givenNames.indexOf(name) === i);
  const reports = given.filter((_, i) => first[i]);
  const names = givenNames.filter((_, i) => first[i]);
  const repeated = [...new Set(givenNames.filter((_, i) => !first[i]))];
  checkCompatible(reports, names);
  assertCompleteShardSet(reports, names, repeated);
  for (const name of repeated) onWarning?.(`${name} is given more than once: it is merged once`);
  if (onWarning) warnings(reports, names, onWarning);
  const surfaces = mergeSurfaces(reports);
  const findings = finalizeFindings(dedupeFindings(reports));
  const scope = mergeScope(reports);
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    harnessVersion: reports[0].harnessVersion,
    startedAt: reports.map((r) => r.startedAt).sort()[0],
    durationMs: Math.max(...reports.map((r) => r.durationMs)),
    ...(reports.some((r) => r.interrupted) ? { interrupted: true } : {}),
    ...(scope ? { scope } : {}),
    surfaces,
    findings,
    skipped: dedupeSkipped(reports),
    summary: summarize(surfaces, findings),
  };
}

/**
 * Read report files and merge them; errors and warnings (`onWarning`, see `mergeReports`) name the file.
 * @throws ReportError as `readReportFile` and `mergeReports`.
 */
export async function mergeReportFiles(paths: readonly string[], onWarning?: MergeWarning): Promise<Report> {
  const reports = await Promise.all(paths.map((p) => readReportFile(p)));
  return mergeReports(reports, paths, onWarning);
}
