/**
 * Which calls a surface gets: its scenario files for the advertised tools, generated arguments for
 * tools without one (when allowed), narrowed by the `--tool` filter and, for a sharded run of a
 * single large surface, by the call shard.
 */
import type { ResolvedSurface } from '../config/index.ts';
import { callShardId, inShard } from '../report/shard.ts';
import { loadScenarios, planCalls } from '../scenarios/index.ts';
import type { Scenario, SurfaceObservation } from '../types.ts';

/** Run-level narrowing of calls. */
export interface CallFilter {
  /** `--tool NAME...`: call only these tools. */
  tools?: readonly string[];
  /** Split this surface's calls across shards (set when one surface is sharded by calls). */
  callShard?: { index: number; total: number };
}

/** The planner's answer for one observation. */
export interface CallPlan {
  scenarios: Scenario[];
  skipped: SurfaceObservation['skippedTools'];
  /** Scenarios naming tools the surface does not advertise (reported as stale scenarios). */
  unknown: Scenario[];
}

/**
 * Load the surface's scenario files once and return a planner that, given the advertised tools,
 * picks the calls. @throws ConfigError (from loadScenarios) for a broken scenario file.
 */
export async function makeCallPlanner(surface: ResolvedSurface, filter: CallFilter): Promise<(obs: SurfaceObservation) => CallPlan> {
  const fileScenarios = await loadScenarios(surface.scenarios, surface.configDir);
  return (obs) => {
    const tools = (obs.listing?.tools ?? []).filter((t) => !filter.tools || filter.tools.includes(t.name));
    const plan = planCalls(tools, fileScenarios, { generate: surface.generate.enabled, destructive: surface.generate.destructive });
    const shard = filter.callShard;
    const scenarios = shard
      ? plan.scenarios.filter((s) => inShard(callShardId(surface.name, s.tool, s.name), shard))
      : plan.scenarios;
    return { scenarios, skipped: plan.skipped, unknown: plan.unknown };
  };
}
