/**
 * planCalls: which `tools/call`s a surface gets. Every advertised tool runs its file scenarios; a tool
 * without any gets one generated scenario when generation is on (tools not annotated readOnlyHint: true
 * only when destructive generation is allowed);
 * scenarios naming tools the server does not advertise come back in `unknown` for the runner to report.
 */
import { isDestructive, mayChangeState } from '../probes/targets.ts';
import type { SchemaService } from '../schema/service.ts';
import type { SkipKind } from '../model/observation.ts';
import type { ListedTool } from '../model/protocol.ts';
import type { Scenario } from '../model/wire.ts';
import { generateArguments } from './generate/index.ts';

/** The state-change rule (the gate) and the spec's destructiveness live with the probes' tool selection; re-exported for the scenarios API. */
export { isDestructive, mayChangeState };

/** Name of the generated scenario of a tool. */
export const GENERATED_SCENARIO_NAME = 'generated';

/** Planning switches (the surface's `generate` config). */
export interface PlanOptions {
  generate: boolean;
  destructive: boolean;
  /** Schema service for validating generated arguments (a shared default when absent). */
  schemas?: SchemaService;
}

/** The plan: scenarios to run in tool order, tools left uncalled (and why), scenarios for unadvertised tools. */
export interface CallPlan {
  scenarios: Scenario[];
  skipped: { tool: string; reason: string; kind: SkipKind }[];
  unknown: Scenario[];
}

/** The generated scenario for `tool`, or the reason there is none. */
function generatedScenario(tool: ListedTool, opts: PlanOptions): Scenario | { reason: string; kind: SkipKind } {
  if (!opts.generate) return { kind: 'disabled', reason: 'no scenario and argument generation is disabled' };
  if (!opts.destructive && mayChangeState(tool.annotations)) {
    return { kind: 'destructive', reason: 'no scenario and the tool may change state (not annotated readOnlyHint: true); set generate.destructive to call it' };
  }
  const g = generateArguments(tool.inputSchema, opts.schemas, { sentinels: true });
  if (!g.ok) return { kind: 'no-arguments', reason: `no scenario and no arguments could be generated: ${g.reason}` };
  return { name: GENERATED_SCENARIO_NAME, tool: tool.name, arguments: g.arguments, expect: 'success', origin: 'generated' };
}

/** The scenarios grouped by tool name, file order kept within a tool. */
function byTool(scenarios: readonly Scenario[]): Map<string, Scenario[]> {
  const groups = new Map<string, Scenario[]>();
  for (const s of scenarios) {
    const group = groups.get(s.tool);
    if (group) group.push(s);
    else groups.set(s.tool, [s]);
  }
  return groups;
}

/**
 * Plans the calls for `tools` (as advertised) given the surface's file `scenarios`. Pure apart from
 * schema compilation; deterministic (tool order, then file order); linear in tools + scenarios.
 */
export function planCalls(tools: readonly ListedTool[], scenarios: readonly Scenario[], opts: PlanOptions): CallPlan {
  const advertised = new Set(tools.map((t) => t.name));
  const plan: CallPlan = { scenarios: [], skipped: [], unknown: scenarios.filter((s) => !advertised.has(s.tool)) };
  const groups = byTool(scenarios);
  for (const tool of tools) {
    const own = groups.get(tool.name) ?? [];
    if (own.length > 0) {
      plan.scenarios.push(...own);
      continue;
    }
    const generated = generatedScenario(tool, opts);
    if ('reason' in generated) plan.skipped.push({ tool: tool.name, reason: generated.reason, kind: generated.kind });
    else plan.scenarios.push(generated);
  }
  return plan;
}
