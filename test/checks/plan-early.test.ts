/**
 * `Check.planEarly` (harness/checks/define.ts): for every check of the registry, the probes it plans early are
 * exactly the `early` ones of its `plan`, in the same order, on observations whose calls were assumed answered
 * (what the runner plans early probes on: harness/run/early-probes.ts) and on answered ones; a check whose plan
 * returns an early probe has a `planEarly`.
 */
import { describe, expect, it } from 'vitest';
import { checkLoaders } from '../../harness/checks/index.ts';
import type { Check } from '../../harness/checks/define.ts';
import { assumeAnswered } from '../../harness/run/early-probes.ts';
import { createSchemaService } from '../../harness/schema/ajv.ts';
import { planCalls } from '../../harness/scenarios/plan.ts';
import type { SurfaceObservation } from '../../harness/model/observation.ts';
import type { ListedTool } from '../../harness/model/protocol.ts';
import { makeCall, makeObservation, makeTool } from '../helpers/check-tester.ts';
import { syntheticTools } from '../../bench/synthetic/tools.mjs';

const schemas = createSchemaService();

/** Observations with early-probe candidates: tools without required arguments, integer properties, a write. */
function observations(): Array<[string, SurfaceObservation]> {
  const tools = [
    ...(syntheticTools(12) as unknown as ListedTool[]),
    makeTool('no_args', { annotations: { readOnlyHint: true } }),
    makeTool('count', { inputSchema: { type: 'object', properties: { n: { type: 'integer', minimum: 1 } }, required: ['n'] }, annotations: { readOnlyHint: true } }),
    makeTool('idem', { inputSchema: { type: 'object', properties: { n: { type: 'integer' } } }, annotations: { idempotentHint: true } }),
    makeTool('write', { inputSchema: { type: 'object', properties: { path: { type: 'string' } }, required: ['path'] } }),
  ];
  const plan = (destructive: boolean) => planCalls(tools, [], { generate: true, destructive, schemas }).scenarios;
  const out: Array<[string, SurfaceObservation]> = [];
  for (const era of ['legacy', 'modern'] as const) {
    for (const allowDestructive of [false, true]) {
      const listed = makeObservation({ era, tools, options: { allowDestructive } });
      const scenarios = plan(allowDestructive);
      out.push([`${era}, destructive ${allowDestructive}, assumed answered`, assumeAnswered(listed, scenarios)]);
      const calls = scenarios.map((s, i) => makeCall(s.tool, i % 3 === 2 ? { error: { code: -32602, message: 'invalid' } } : { result: { content: [] } }, { scenario: s }));
      out.push([`${era}, destructive ${allowDestructive}, answered`, { ...listed, calls }]);
    }
  }
  return out;
}

describe('Check.planEarly', () => {
  it('is the early part of plan, in order, for every registered check', async () => {
    let early = 0;
    for (const [id, load] of Object.entries(checkLoaders)) {
      const check: Check = (await load()).default;
      for (const [name, observation] of observations()) {
        const ctx = { observation, schemas, options: check.meta.defaultOptions ?? {} };
        const fromPlan = (check.plan?.(ctx) ?? []).filter((p) => p.early);
        early += fromPlan.length;
        expect(check.planEarly?.(ctx) ?? [], `${id} on ${name}`).toEqual(fromPlan);
      }
    }
    expect(early).toBeGreaterThan(0); // the observations do plan early probes
  });
});
