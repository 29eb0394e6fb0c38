/**
 * Scenarios: scenario files (format, loading, JSON Schema), call planning and argument generation.
 */
export { scenarioEntrySchema, scenarioFileSchema, scenarioJsonSchema } from './schema.ts';
export { loadScenarios } from './load.ts';
export { planCalls, isDestructive, mayChangeState, GENERATED_SCENARIO_NAME, type CallPlan, type PlanOptions } from './plan.ts';
export { generateArguments, type GenerateResult } from './generate/index.ts';
