/**
 * The run: every selected surface validated (bounded parallelism), every finding aggregated into ONE
 * versioned report. Interrupts (an aborted signal) still produce a report, marked `interrupted`.
 *
 * Dependencies point down: run -> (session via observe, checks via judge, report).
 *
 * Start-up order (issue 12): this module's static imports are only what preparing a surface and opening
 * its session need. The checks, the schema service, the judge and the report builder (the heavy module graph)
 * are imported while the first stdio surfaces' servers start and negotiate (./early-session.ts), so the
 * server's start-up overlaps the harness's own on another core. The servers see the same bytes either way.
 */
import { setMaxListeners } from 'node:events';
import { availableParallelism } from 'node:os';
import { assertCheckIds, checkIds, freshProcessCount } from '../checks/index.ts';
import { harnessFinding } from '../checks/internal.ts';
import type { ResolvedConfig, ResolvedSurface } from '../config/types.ts';
import type { SurfaceObservation } from '../model/observation.ts';
import type { Era } from '../model/protocol.ts';
import type { Report, ReportScope, ReportSurface } from '../model/report.ts';
import { inShard, type Shard } from '../report/shard.ts';
import { isHttpSpec, releaseAhead } from '../session/index.ts';
import { HARNESS_VERSION } from '../version.ts';
import { boundConcurrency, type ConcurrencyBound } from './concurrency-bound.ts';
export { describeBound, type ConcurrencyBound } from './concurrency-bound.ts';
import { openEarly } from './early-session.ts';
import { planKey } from './plan-key.ts';
import type { EraHints } from './era-hint.ts';
import { displayPath } from './locate.ts';
import { withPreparedSurface } from './prepare.ts';
import { readSurfaceInputs } from './surface-inputs.ts';
import type { ProgressEvent } from './progress.ts';
import type { SurfaceResult, SurfaceRunContext } from './surface.ts';

/** Narrowing of a run (CLI filters). */
export interface RunFilters {
  /** `--tool`: call only these tools. */
  tools?: string[];
  /** `--check`: run only these check IDs. */
  checks?: string[];
  /** `--shard K/N`: surfaces split by name; a single surface has its calls split by tool instead. */
  shard?: Shard;
}

/** Options of one run. */
export interface RunOptions {
  filters?: RunFilters;
  /** Abort the run (SIGINT): running surfaces are closed, the report is marked interrupted. */
  signal?: AbortSignal;
  /** Live progress (surfaces booted, tools called, findings so far). */
  onProgress?: (event: ProgressEvent) => void;
  /**
   * Era hints (./era-hint.ts): a stdio surface whose launch last negotiated the legacy era starts its spare
   * processes beside its server (./early-session.ts). Scheduling only, never a verdict input. Absent: no hints
   * (the CLI passes `eraHintsFromEnv`).
   */
  eraHints?: EraHints;
  /**
   * Called once, before any surface starts, when the run validates fewer surfaces at once than configured because
   * their retention budgets together would not fit in the heap (./concurrency-bound.ts; `bound.lowered`), and the
   * concurrency was set (config `concurrency` or `--concurrency`; a default is lowered silently). The CLI prints it as an info line on stderr (`describeBound`).
   */
  onConcurrencyBound?: (bound: ConcurrencyBound) => void;
  /**
   * Keep each surface's observation for RunResult.observations (default true). A finished surface's observation holds
   * every server frame it kept (up to its retention budget, limits.maxRetainedBytes), so with true a run of many
   * flooding surfaces holds all of them until it returns, however few ran at once; with false each is let go once
   * its surface was judged (RunResult.outlines still says what the CLI reads of it). The CLI passes false.
   */
  keepObservations?: boolean;
}

/**
 * What a run keeps of a surface's observation whatever `keepObservations` says: its name, its boot error, and the
 * names of the tools it listed (absent when it listed none: it did not get that far).
 */
export interface SurfaceOutline {
  surface: string;
  bootError?: SurfaceObservation['bootError'];
  /** `listing.tools[*].name` as listed (a server may list a name that is not a string). */
  listedTools?: unknown[];
}

/** What a run produced. */
export interface RunResult {
  report: Report;
  /** Each surface's observation, in the order of the report's surfaces; empty with `keepObservations: false`. */
  observations: SurfaceObservation[];
  /** Each surface's outline (`SurfaceOutline`), in the same order, kept either way. */
  outlines: SurfaceOutline[];
  /** True when a check crashed or a surface threw (the harness's own fault: exit code 2). */
  harnessFailed: boolean;
}

/**
 * Run the harness over a resolved config.
 * @throws Error for an unknown `--check` ID, ConfigError for invalid check options (both before any server
 *   starts); every surface/server fault becomes data instead.
 */
export async function run(config: ResolvedConfig, options: RunOptions = {}): Promise<RunResult> {
  const startedAt = new Date();
  const t0 = performance.now();
  const filters = options.filters ?? {};
  if (filters.checks) assertCheckIds(filters.checks);
  // the engine is imported on first use: by the first stdio surface right after its server was spawned, so
  // evaluating the engine's modules (synchronous in the bundled dist/bin.js) never delays that spawn
  let loading: Promise<Engine> | undefined;
  const engine = (): Promise<Engine> => (loading ??= loadEngine(config, filters));
  // check options are validated when the check modules are loaded (enableChecks: a ConfigError ends the run
  // before any server starts); without any, nothing but a harness bug can fail there, so servers start at once
  const early = !Object.values(config.checks).some(Array.isArray);
  if (!early) await engine();
  const enabled = enabledCheck(config, filters);
  const spares = (era: Era) => freshProcessCount(era, enabled);
  const { surfaces, callShard } = selectSurfaces(config, filters.shard);
  // no more surfaces at once than their retention budgets fit in the heap: each surface's budget stays its own
  const bound = boundConcurrency(surfaces, config.concurrency || availableParallelism(), enabled);
  // said only when the user set the concurrency: a default one per core is lowered silently, as a derived count is
  if (bound.lowered && !config.concurrencyDefaulted) options.onConcurrencyBound?.(bound);
  const keep = options.keepObservations ?? true;
  const interrupt = sessionInterrupt(options.signal);
  const results = await pool(surfaces, bound.effective, async (surface) => {
    if (options.signal?.aborted) return undefined; // interrupted: surfaces not yet started are left out
    options.onProgress?.({ type: 'surface-start', surface: surface.name });
    const ctx = async (): Promise<SurfaceRunContext> => {
      const { checks, schemas } = await engine();
      // the run's caches, the surface's own record of validators that overflowed the stack (SchemaService.scope)
      return { checks, schemas: schemas.scope(), filter: { tools: filters.tools, callShard }, signal: options.signal };
    };
    const result = await validateSurfaceSafely(surface, engine, ctx, spares, interrupt.signal, options.eraHints);
    options.onProgress?.({ type: 'surface-end', surface: surface.name, result });
    // without keepObservations the observation (every frame the surface kept) is let go here, before the next surface starts
    const { observation, ...rest } = result;
    return { ...rest, outline: outlineOf(observation), ...(keep ? { observation } : {}) };
  });
  interrupt.done();
  await releaseAhead(); // a run that opened no stdio session (an interrupt first) adopted nothing: stop what was started ahead
  const { buildReport, checks } = await engine();
  const done = results.filter((r): r is Exclude<typeof r, undefined> => r !== undefined);
  const report = buildReport({
    harnessVersion: HARNESS_VERSION,
    startedAt,
    durationMs: Math.round(performance.now() - t0),
    surfaces: done.map((r) => (config.configFile ? { ...r.reportSurface, configFile: displayPath(config.configFile, process.cwd()) } : r.reportSurface)),
    findings: done.flatMap((r) => r.findings),
    skipped: done.flatMap((r) => r.skipped),
    interrupted: options.signal?.aborted || undefined,
    shard: filters.shard ? { ...filters.shard, plan: planKey(config, filters) } : undefined,
    scope: runScope(filters, checks.map((c) => c.check.meta.id), callShard !== undefined),
  });
  const observations = done.flatMap((r) => (r.observation ? [r.observation] : []));
  return { report, observations, outlines: done.map((r) => r.outline), harnessFailed: done.some((r) => r.crashed) };
}

/** The outline of a surface's observation (`SurfaceOutline`): nothing of what it kept beyond its tool names. */
function outlineOf(observation: SurfaceObservation): SurfaceOutline {
  const listing = observation.listing;
  return {
    surface: observation.surface,
    ...(observation.bootError !== undefined ? { bootError: observation.bootError } : {}),
    ...(listing !== undefined ? { listedTools: listing.tools.map((t) => t.name as unknown) } : {}),
  };
}

/**
 * The interrupt the run's sessions get (SessionOptions.signal): a signal of the run's own that aborts with `run`,
 * with no listener limit (every live connection of every surface listens to it until it ends: more than Node's
 * 10 would draw a MaxListenersExceededWarning on the caller's signal), and `done`, which stops following `run`.
 */
function sessionInterrupt(run?: AbortSignal): { signal?: AbortSignal; done: () => void } {
  if (!run) return { done: () => {} };
  const controller = new AbortController();
  setMaxListeners(0, controller.signal);
  const abort = () => controller.abort(run.reason);
  if (run.aborted) abort();
  else run.addEventListener('abort', abort, { once: true });
  return { signal: controller.signal, done: () => run.removeEventListener('abort', abort) };
}

/** The heavy part of a run, imported on demand: enabled checks, the schema service, the surface validator, the report builder. */
type Engine = Awaited<ReturnType<typeof loadEngine>>;

/**
 * Import and set up what judging needs.
 * @throws ConfigError for invalid check options (enableChecks).
 */
async function loadEngine(config: ResolvedConfig, filters: RunFilters) {
  const [{ loadChecks }, { enableChecks }, { createSchemaService }, { validatePreparedSurface }, { buildReport }] = await Promise.all([
    import('../checks/index.ts'),
    import('./judge.ts'),
    import('../schema/ajv.ts'),
    import('./surface.ts'),
    import('../report/build.ts'),
  ]);
  const checks = enableChecks(await loadChecks(filters.checks), config.checks, config.configFile);
  return { checks, schemas: createSchemaService(), validatePreparedSurface, buildReport };
}

/**
 * Whether the check `id` runs, known before any check module is loaded: `--check` selects it (or there is none) and
 * the config does not turn it `off`. Sizes the fresh-process processes a stdio surface starts beside its server
 * (FRESH_PROCESS_PROBES, freshProcessCount) and the sessions a surface holds at once (./concurrency-bound.ts).
 */
function enabledCheck(config: ResolvedConfig, filters: RunFilters): (id: string) => boolean {
  return (id) => (filters.checks ?? checkIds).includes(id) && ![config.checks[id], (config.checks[id] as unknown[] | undefined)?.[0]].includes('off');
}

/**
 * What this run leaves out on purpose (Report.scope): the `--tool` names; the IDs of the checks that ran (`enabled`)
 * when `--check` or a check set to `off` left any registered check out; whether `--check` narrowed it (`checkFilter`);
 * whether it is a call shard.
 */
function runScope(filters: RunFilters, enabled: readonly string[], callShard: boolean): ReportScope {
  return {
    ...(filters.tools ? { tools: [...new Set(filters.tools)].sort() } : {}),
    ...(checkIds.some((id) => !enabled.includes(id)) ? { checks: [...enabled].sort() } : {}),
    ...(filters.checks ? { checkFilter: true as const } : {}),
    ...(callShard ? { callShard: true as const } : {}),
  };
}

/** The surfaces of this shard: split by surface name, or (one surface) by calls, grouped by tool. */
function selectSurfaces(config: ResolvedConfig, shard?: Shard) {
  if (!shard || shard.total === 1) return { surfaces: config.surfaces, callShard: undefined };
  if (config.surfaces.length === 1) return { surfaces: config.surfaces, callShard: shard };
  return { surfaces: config.surfaces.filter((s) => inShard(s.name, shard)), callShard: undefined };
}

/**
 * Prepare and validate one surface, with a harness bug in it contained as a crashed-surface result. A stdio
 * surface's session is opened (and its spare processes started, see ./early-session.ts) before the engine is awaited; whatever the
 * validation did not take is stopped before the surface's temp dirs are removed. The validated probe records then
 * go to EarlySession.settle (an unanswered fresh opening marks the launch's era hint `serial`), unless the run was
 * interrupted: its processes were killed (SessionOptions.signal), so what went unanswered says nothing of the server.
 */
async function validateSurfaceSafely(surface: ResolvedSurface, engine: () => Promise<Engine>, ctx: () => Promise<SurfaceRunContext>, spares: (era: Era) => number, signal?: AbortSignal, hints?: EraHints): Promise<SurfaceResult> {
  try {
    return await withPreparedSurface(surface, async (ready) => {
      // the run's interrupt reaches every process of the surface: killed at once, none started after it (SessionOptions.signal)
      const prepared = signal ? { ...ready, session: { ...ready.session, signal } } : ready;
      if (isHttpSpec(prepared.spec)) return (await engine()).validatePreparedSurface(prepared, await ctx());
      // what the surface is judged against is read before its server starts (./surface-inputs.ts): a server that
      // rewrote its lock or scenario file at boot decided what it was compared with
      const inputs = await readSurfaceInputs(prepared.surface);
      const start = { early: openEarly(prepared.spec, prepared.session, spares, signal, hints), inputs };
      // processes the executable started ahead (launch-ahead.ts) are adopted while the session opens; once it opened
      // (or failed to), any nobody adopted is stopped
      const released = start.early.path.then(releaseAhead);
      try {
        const result = await (await engine()).validatePreparedSurface(prepared, await ctx(), start);
        // an unanswered fresh opening: this launch starts serially from now on (not one the interrupt cut short)
        if (!signal?.aborted) start.early.settle(result.observation.probes ?? []);
        return result;
      } finally {
        await Promise.all([start.early.discard(), released]);
      }
    });
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
