/**
 * The run: every selected surface validated (bounded parallelism), every finding aggregated into ONE
 * versioned report. Interrupts (an aborted signal) still produce a report, marked `interrupted`.
 *
 * Dependencies point down: run -> (session via observe, checks via judge, report).
 */
import { displayPath } from './locate.ts';
import { availableParallelism } from 'node:os';
import { loadChecks } from '../checks/index.ts';
import { harnessFinding } from '../checks/internal.ts';
import type { ResolvedConfig } from '../config/index.ts';
import { buildReport, inShard, type Shard } from '../report/index.ts';
import { createSchemaService } from '../schema/ajv.ts';
import type { SurfaceObservation } from '../model/observation.ts';
import type { Finding, Report, ReportSurface } from '../model/report.ts';
import { HARNESS_VERSION } from '../version.ts';
import { enableChecks } from './judge.ts';
import { validateSurface, type SurfaceResult } from './surface.ts';
import type { ProgressEvent } from './progress.ts';

/** Narrowing of a run (CLI filters). */
export interface RunFilters {
  /** `--tool`: call only these tools. */
  tools?: string[];
  /** `--check`: run only these check IDs. */
  checks?: string[];
  /** `--shard K/N`: surfaces split by name; a single surface has its calls split instead. */
  shard?: Shard;
}

/** Options of one run. */
export interface RunOptions {
  filters?: RunFilters;
  /** Abort the run (SIGINT): running surfaces are closed, the report is marked interrupted. */
  signal?: AbortSignal;
  /** Live progress (surfaces booted, tools called, findings so far). */
  onProgress?: (event: ProgressEvent) => void;
}

/** What a run produced. */
export interface RunResult {
  report: Report;
  observations: SurfaceObservation[];
  /** True when a check crashed or a surface threw (the harness's own fault: exit code 2). */
  harnessFailed: boolean;
}

/**
 * Run the harness over a resolved config.
 * @throws Error for an unknown `--check` ID; every surface/server fault becomes data instead.
 */
export async function run(config: ResolvedConfig, options: RunOptions = {}): Promise<RunResult> {
  const startedAt = new Date();
  const t0 = performance.now();
  const filters = options.filters ?? {};
  const checks = enableChecks(await loadChecks(filters.checks), config.checks, config.configFile);
  const schemas = createSchemaService();
  const { surfaces, callShard } = selectSurfaces(config, filters.shard);
  const results = await pool(surfaces, Math.max(1, config.concurrency || availableParallelism()), async (surface) => {
    if (options.signal?.aborted) return undefined; // interrupted: surfaces not yet started are left out
    options.onProgress?.({ type: 'surface-start', surface: surface.name });
    const result = await validateSurfaceSafely(surface, {
      checks,
      schemas,
      filter: { tools: filters.tools, callShard },
      signal: options.signal,
    });
    options.onProgress?.({ type: 'surface-end', surface: surface.name, result });
    return result;
  });
  const done = results.filter((r): r is SurfaceResult => r !== undefined);
  const report = buildReport({
    harnessVersion: HARNESS_VERSION,
    startedAt,
    durationMs: Math.round(performance.now() - t0),
    surfaces: done.map((r) => (config.configFile ? { ...r.reportSurface, configFile: displayPath(config.configFile, process.cwd()) } : r.reportSurface)),
    findings: done.flatMap((r) => r.findings),
    skipped: done.flatMap((r) => r.skipped),
    interrupted: options.signal?.aborted || undefined,
    shard: filters.shard,
  });
  return { report, observations: done.map((r) => r.observation), harnessFailed: done.some((r) => r.crashed) };
}

/** The surfaces of this shard: split by surface name, or (one surface) by calls. */
function selectSurfaces(config: ResolvedConfig, shard?: Shard) {
  if (!shard || shard.total === 1) return { surfaces: config.surfaces, callShard: undefined };
  if (config.surfaces.length === 1) return { surfaces: config.surfaces, callShard: shard };
  return { surfaces: config.surfaces.filter((s) => inShard(s.name, shard)), callShard: undefined };
}

/** validateSurface, with a harness bug in one surface contained as a crashed-surface result. */
async function validateSurfaceSafely(surface: ResolvedConfig['surfaces'][number], ctx: Parameters<typeof validateSurface>[1]): Promise<SurfaceResult> {
  try {
    return await validateSurface(surface, ctx);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const reportSurface: ReportSurface = { name: surface.name, durationMs: 0, status: 'failed', tools: [] };
    const finding = harnessFinding('harness/surface-crashed', 'crashed', surface.name, { error: message });
    const observation = { surface: surface.name } as SurfaceObservation;
    return { observation, reportSurface, findings: [finding], skipped: [], crashed: true };
  }
}

/** Map `items` through `fn` with at most `limit` in flight, keeping input order. */
export async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
