/**
 * One timed run of each side on one surface: the harness (`run()` on a one-surface config, so the whole
 * validateSurface: setup, boot, negotiate, list, calls, planned probes, shutdown, checks, report) and the
 * bare client (the same setup, handshake, listing and calls, with the same in-flight window).
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { instantiateSurface, resolveSurfaceEnv, type ResolvedConfig, type ResolvedSurface } from '../harness/config/index.ts';
import { run, type RunResult } from '../harness/run/index.ts';
import type { SurfaceObservation } from '../harness/model/observation.ts';
import type { Era } from '../harness/model/protocol.ts';
import { runBare, runFloor, type BareResult, type BareSpec, type PlannedCall } from './bare-client.ts';

/** A timed harness run (wall ms from calling `run()` to its report). */
export interface HarnessTiming {
  wallMs: number;
  result: RunResult;
}

/** What the bare client replays: the era the harness negotiated and the calls it made, in order. */
export interface Replay {
  era: Era;
  calls: PlannedCall[];
}

/** Time one harness run of `config` (one surface); `checks` narrows the checks (`--check`). */
export async function timeHarness(config: ResolvedConfig, checks?: string[]): Promise<HarnessTiming> {
  const started = performance.now();
  const result = await run(config, { filters: checks ? { checks } : {} });
  return { wallMs: performance.now() - started, result };
}

/**
 * The replay for the bare client from a harness observation: the negotiated era and every
 * `tools/call` the harness made for its scenarios (tool, arguments), in submission order.
 * @throws Error when the harness could not boot the surface (there is nothing to replay).
 */
export function replayOf(observation: SurfaceObservation): Replay {
  if (!observation.negotiation) throw new Error(`the harness could not boot ${observation.surface}: ${observation.bootError?.message ?? 'no negotiation'}`);
  return {
    era: observation.negotiation.era,
    calls: observation.calls.map(({ scenario }) => ({ tool: scenario.tool, arguments: scenario.arguments })),
  };
}

/**
 * The bare client's spec for `surface` and `replay` (spawn command, args, cwd, the env resolved from this process's
 * through the surface's allow-list and `set`, era, calls, in-flight window, stdin grace, request timeout), made
 * after the surface's per-run setup (temp dir, copies) and handed to `use`; the setup is removed afterwards. The
 * other tools of the default-run table (bench/other-tools.ts) get the same spec.
 * @throws whatever `use` or the setup throws.
 */
export async function withBareSpec<T>(surface: ResolvedSurface, replay: Replay, use: (spec: BareSpec) => Promise<T>): Promise<T> {
  const tempDir = surface.setup.tempDir ? await mkdtemp(join(tmpdir(), `mcp-bench-${surface.name}-`)) : undefined;
  try {
    const live = instantiateSurface(surface, { tempDir });
    for (const step of live.setup.copy) await cp(step.from, step.to, { recursive: true });
    return await use({
      command: live.command,
      args: live.args,
      cwd: live.cwd,
      env: resolveSurfaceEnv(live, process.env),
      era: replay.era,
      calls: replay.calls,
      window: live.callConcurrency,
      stdinGraceMs: live.timeouts.stdinGraceMs,
      requestMs: live.timeouts.requestMs,
    });
  } finally {
    if (tempDir) await rm(tempDir, { recursive: true, force: true });
  }
}

/**
 * Time one bare-client run on `surface`, including the same per-run setup as the harness (withBareSpec: temp dir,
 * copies; removed afterwards); with `freshStarts` > 0, the floor instead (bare-client.ts runFloor: that
 * many more server start-ups beside it, as the default run's fresh-process probes need). @throws Error from runBare on a server fault.
 */
export async function timeBare(surface: ResolvedSurface, replay: Replay, freshStarts = 0): Promise<BareResult> {
  const started = performance.now();
  const bare = await withBareSpec(surface, replay, (spec) => (freshStarts > 0 ? runFloor(spec, freshStarts) : runBare(spec)));
  return { ...bare, wallMs: performance.now() - started };
}
