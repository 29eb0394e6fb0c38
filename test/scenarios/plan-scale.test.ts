/** planCalls groups scenarios by tool once: a 5,000-tool surface with 10,000 file scenarios plans in one pass. */
import { describe, expect, it } from 'vitest';
import { planCalls } from '../../harness/scenarios/plan.ts';
import type { ListedTool } from '../../harness/model/protocol.ts';
import type { Scenario } from '../../harness/model/wire.ts';

describe('planCalls at scale', () => {
  it('plans 5,000 tools with 10,000 file scenarios, keeping tool order then file order', () => {
    const tools: ListedTool[] = Array.from({ length: 5_000 }, (_, i) => ({ name: `t${i}`, inputSchema: { type: 'object' } }));
    const scenarios: Scenario[] = [];
    for (const round of ['a', 'b']) for (let i = 4_999; i >= 0; i--) scenarios.push({ name: `${round}${i}`, tool: `t${i}`, arguments: {}, expect: 'success', origin: 'file' });
    scenarios.push({ name: 'x', tool: 'not-listed', arguments: {}, expect: 'success', origin: 'file' });
    const plan = planCalls(tools, scenarios, { generate: false, destructive: false });
    expect(plan.scenarios).toHaveLength(10_000);
    expect(plan.scenarios.slice(0, 4).map((s) => s.name)).toEqual(['a0', 'b0', 'a1', 'b1']);
    expect(plan.unknown.map((s) => s.tool)).toEqual(['not-listed']);
    expect(plan.skipped).toEqual([]);
  });
});
