/**
 * planCalls: which `tools/call`s a surface gets. Every advertised tool runs its file scenarios; a tool
 * without any gets one generated scenario when generation is on (destructive tools only when allowed);
 * scenarios naming tools the server does not advertise come back in `unknown` for the runner to report.
 */
import type { SchemaService } from '../schema/service.ts';
import type { ListedTool, Scenario, ToolAnnotations } from '../types.ts';
import { generateArguments } from './generate/index.ts';

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
  skipped: { tool: string; reason: string }[];
  unknown: Scenario[];
}

/**
 * May a tool modify its environment destructively? Per ToolAnnotations (spec:2025-11-25 schema.ts):
 * `readOnlyHint` defaults to false; `destructiveHint` defaults to true and is meaningful only when
 * the tool is not read-only. So: not read-only and `destructiveHint` not explicitly false.
 */
export function isDestructive(annotations: ToolAnnotations | undefined): boolean {
  if (annotations?.readOnlyHint === true) return false;
  return annotations?.destructiveHint !== false;
}

/** The generated scenario for `tool`, or the reason there is none. */
function generatedScenario(tool: ListedTool, opts: PlanOptions): Scenario | { reason: string } {
  if (!opts.generate) return { reason: 'no scenario and argument generation is disabled' };
  if (!opts.destructive && isDestructive(tool.annotations)) {
    return { reason: 'no scenario and the tool is destructive (annotations: readOnlyHint not true, destructiveHint not false); set generate.destructive to call it' };
  }
  const g = generateArguments(tool.inputSchema, opts.schemas);
  if (!g.ok) return { reason: `no scenario and no arguments could be generated: ${g.reason}` };
  return { name: GENERATED_SCENARIO_NAME, tool: tool.name, arguments: g.arguments, expect: 'success', origin: 'generated' };
}

/**
 * Plans the calls for `tools` (as advertised) given the surface's file `scenarios`. Pure apart from
 * schema compilation; deterministic (tool order, then file order).
 */
export function planCalls(tools: readonly ListedTool[], scenarios: readonly Scenario[], opts: PlanOptions): CallPlan {
  const advertised = new Set(tools.map((t) => t.name));
  const plan: CallPlan = { scenarios: [], skipped: [], unknown: scenarios.filter((s) => !advertised.has(s.tool)) };
  for (const tool of tools) {
    const own = scenarios.filter((s) => s.tool === tool.name);
    if (own.length > 0) {
      plan.scenarios.push(...own);
      continue;
    }
    const generated = generatedScenario(tool, opts);
    if ('reason' in generated) plan.skipped.push({ tool: tool.name, reason: generated.reason });
    else plan.scenarios.push(generated);
  }
  return plan;
}
