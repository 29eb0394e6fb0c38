/**
 * The synthetic surface's figures: the harness in its own process (wall time, peak RSS; core and all
 * checks) against the bare client replaying the harness's plan, and a sweep of the in-flight window
 * (`--call-concurrency`) on a smaller synthetic surface with a fixed answer latency, to choose its
 * default by measurement.
 */
import { planCalls } from '../harness/scenarios/index.ts';
import type { ListedTool } from '../harness/model/protocol.ts';
import type { Log } from './compare.ts';
import { runIsolated } from './isolated.ts';
import { timeBare, timeHarness, type Replay } from './measure.ts';
import type { SyntheticFigures, WindowPoint } from './results.ts';
import { median } from './stats.ts';
import { SYNTHETIC, coreCheckIds, syntheticConfig } from './surfaces.ts';
import { SYNTHETIC_TOOL_COUNT, syntheticTools } from './synthetic/tools.mjs';

/**
 * The calls the harness plans for the synthetic surface (the same planner, planCalls, over the tools the
 * server lists; no scenario files, generation on): one generated call per tool.
 * @throws Error when a tool gets no call (the generator refused its inputSchema).
 */
export function syntheticReplay(tools = SYNTHETIC_TOOL_COUNT): Replay {
  const plan = planCalls(syntheticTools(tools) as ListedTool[], [], { generate: true, destructive: false });
  if (plan.skipped.length > 0) throw new Error(`the planner skipped ${plan.skipped.length} synthetic tools: ${plan.skipped[0].reason}`);
  return { era: 'legacy', calls: plan.scenarios.map((s) => ({ tool: s.tool, arguments: s.arguments })) };
}

/**
 * `rounds` rounds of bare (in process), harness core and harness all (each in its own process).
 * @throws Error when a run fails (the message names the run).
 */
export async function benchSynthetic(rounds: number, log: Log): Promise<SyntheticFigures> {
  const replay = syntheticReplay();
  const surface = syntheticConfig().surfaces[0];
  const bare: number[] = [];
  const core: { wallMs: number; maxRssMB: number }[] = [];
  const all: { wallMs: number; maxRssMB: number; probes: number }[] = [];
  for (let r = 0; r < rounds; r++) {
    bare.push((await timeBare(surface, replay)).wallMs);
    const c = await runIsolated(SYNTHETIC, { checks: 'core' });
    if (c.era !== replay.era || c.calls !== replay.calls.length) throw new Error(`the harness made ${c.calls} calls on the ${String(c.era)} era, the replay ${replay.calls.length} on ${replay.era}`);
    core.push(c);
    all.push(await runIsolated(SYNTHETIC, { checks: 'all' }));
    log(`  synthetic round ${r + 1}/${rounds}: bare ${Math.round(bare[r])} ms, core ${Math.round(core[r].wallMs)} ms / ${Math.round(core[r].maxRssMB)} MB, all ${Math.round(all[r].wallMs)} ms / ${Math.round(all[r].maxRssMB)} MB`);
  }
  return {
    tools: SYNTHETIC_TOOL_COUNT,
    calls: replay.calls.length,
    rounds,
    bareMs: median(bare),
    coreMs: median(core.map((c) => c.wallMs)),
    coreRssMB: median(core.map((c) => c.maxRssMB)),
    allMs: median(all.map((a) => a.wallMs)),
    allRssMB: median(all.map((a) => a.maxRssMB)),
    probes: median(all.map((a) => a.probes)),
  };
}

/** The sweep's workload: a smaller synthetic surface whose calls take a fixed time, so the window matters. */
export interface SweepSpec {
  windows: readonly number[];
  tools: number;
  latencyMs: number;
  rounds: number;
}

/**
 * Bare client and harness (core checks, in process) per window size, medians of `rounds` (after one
 * unmeasured warm-up run of each side). @throws Error when a run fails.
 */
export async function sweepWindow(spec: SweepSpec, log: Log): Promise<WindowPoint[]> {
  const replay = syntheticReplay(spec.tools);
  const core = await coreCheckIds();
  const configFor = (window: number) => syntheticConfig({ tools: spec.tools, latencyMs: spec.latencyMs, callConcurrency: window });
  await timeBare(configFor(1).surfaces[0], replay);
  await timeHarness(configFor(1), core);
  const points: WindowPoint[] = [];
  for (const window of spec.windows) {
    const config = configFor(window);
    const bare: number[] = [];
    const harness: number[] = [];
    for (let r = 0; r < spec.rounds; r++) {
      bare.push((await timeBare(config.surfaces[0], replay)).wallMs);
      harness.push((await timeHarness(config, core)).wallMs);
    }
    points.push({ window, bareMs: median(bare), coreMs: median(harness) });
    log(`  window ${window}: bare ${Math.round(median(bare))} ms, harness core ${Math.round(median(harness))} ms`);
  }
  return points;
}
