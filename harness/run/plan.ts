/**
 * Which calls a surface gets: its scenario files for the advertised tools, generated arguments for
 * tools without one (when allowed), narrowed by the `--tool` filter and, for a sharded run of a
 * single large surface, by the call shard.
 */
import type { ResolvedSurface } from '../config/index.ts';
import { callShardId, inShard } from '../report/shard.ts';
import { planCalls } from '../scenarios/plan.ts';
import type { SchemaService } from '../schema/service.ts';
import { namedTools } from '../schema/tool-schemas.ts';
import type { SurfaceObservation } from '../model/observation.ts';
import type { Scenario } from '../model/wire.ts';

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
  /** Advertised tools this run leaves out on purpose: excluded by `--tool`, or all their calls in another shard. */
  outOfScope: string[];
}

/**
 * A planner that, given the advertised tools, picks the calls: the scenarios of the surface's scenario files
 * (`fileScenarios`, read before its server started: ./surface-inputs.ts) and generated ones. `schemas` is the run's
 * compile cache (generated arguments are validated with it, so no inputSchema is compiled twice). Pure.
 */
export function makeCallPlanner(surface: ResolvedSurface, fileScenarios: readonly Scenario[], filter: CallFilter, schemas?: SchemaService): (obs: SurfaceObservation) => CallPlan {
  const inScope = (tool: string) => !filter.tools || filter.tools.includes(tool);
  return (obs) => {
    // a tools/call names its tool by a string: an entry whose name is not one is never called (tools/advertised-shape reports it)
    const listed = namedTools(obs.listing?.tools);
    const tools = listed.filter((t) => inScope(t.name));
    const own = fileScenarios.filter((s) => inScope(s.tool));
    const plan = planCalls(tools, own, { generate: surface.generate.enabled, destructive: surface.generate.destructive, schemas });
    const shard = filter.callShard;
    const scenarios = shard
      ? plan.scenarios.filter((s) => inShard(callShardId(surface.name, s.tool), shard))
      : plan.scenarios;
    const planned = new Set(plan.scenarios.map((s) => s.tool));
    const kept = new Set(scenarios.map((s) => s.tool));
    const outOfScope = listed.map((t) => t.name).filter((name) => !inScope(name) || (planned.has(name) && !kept.has(name)));
    return { scenarios, skipped: plan.skipped, unknown: plan.unknown, outOfScope };
  };
}
