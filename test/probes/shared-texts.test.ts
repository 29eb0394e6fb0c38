/**
 * deriveArgumentProbes shares one string per distinct probe key, label and pointer (harness/probes/negative.ts
 * `textsOf`, a table by property name, then kind): the probes are the same whether a text is met for the first
 * time (a miss) or found (a hit), in any order of tools, and past the table's bounds (long names, more names than it keeps).
 */
import { describe, expect, it, vi } from 'vitest';
import { inputSchema } from '../../bench/synthetic/tools.mjs';

type Negative = typeof import('../../harness/probes/negative.ts');

async function freshModule(): Promise<Negative> {
  vi.resetModules();
  return (await import('../../harness/probes/negative.ts')) as Negative;
}

const base = (i: number) => ({ query: 'abc', mode: 'fast', range: { min: 0, max: 1 }, filters: [{ field: 'name', tag: `t${i}a`, values: [0] }], limit: 1 });

describe('shared probe texts', () => {
  it('a hit equals a miss: the same probes in either order of tools, from a cold or a warm table', async () => {
    const cold = await freshModule();
    const forward = Array.from({ length: 60 }, (_, i) => cold.deriveArgumentProbes(inputSchema(i), base(i), `c:t${i}`));
    const warm = await freshModule();
    const backward: ReturnType<Negative['deriveArgumentProbes']>[] = [];
    for (let i = 59; i >= 0; i--) backward[i] = warm.deriveArgumentProbes(inputSchema(i), base(i), `c:t${i}`);
    expect(backward).toEqual(forward);
    expect(forward[0].map((p) => p.label)).toContain('property "mode" outside its enum');
    expect(forward[0].map((p) => p.pointer)).toContain('/inputSchema/properties/limit/maximum');
  });

  it('texts past the bounds are the texts as built', async () => {
    const negative = await freshModule();
    const long = 'p'.repeat(200); // past the longest name kept (192)
    const [probe] = negative.deriveArgumentProbes({ type: 'object', properties: { [long]: { type: 'string', enum: ['a'] } } }, { [long]: 'a' }, 'c:long');
    expect(probe.key).toBe(`wrong-type:${long}`);
    expect(probe.label).toBe(`property "${long}" of a type the schema does not allow`);
    for (let i = 0; i < 2_500; i++) { // the table keeps 2,048 names: the last ~450 are past it
      const name = `n${i}`;
      const probes = negative.deriveArgumentProbes({ type: 'object', properties: { [name]: { type: 'integer', minimum: 1 } } }, { [name]: 1 }, 'c:many');
      expect(probes.map((p) => p.key)).toEqual([`wrong-type:${name}`, `below-minimum:${name}`, `at-minimum:${name}`]);
      expect(probes[1].label).toBe(`property "${name}" below its minimum`);
      expect(probes[1].pointer).toBe(`/inputSchema/properties/${name}/minimum`);
    }
  });
});
