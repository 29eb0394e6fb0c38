import { describe, expect, it } from 'vitest';
import { changesStateByName, runInEffectOrder } from '../../harness/run/effect-order.ts';
import type { ListedTool } from '../../harness/model/protocol.ts';

/** Runs `items` through runInEffectOrder, each item answering after the tick count it names; records start/end events. */
async function trace(items: { name: string; write?: boolean; ticks: number }[], limit?: number) {
  const events: string[] = [];
  let active = 0;
  let peak = 0;
  const results = await runInEffectOrder(items, (i) => i.write === true, async (item) => {
    events.push(`start ${item.name}`);
    peak = Math.max(peak, (active += 1));
    for (let t = 0; t < item.ticks; t++) await new Promise((r) => setImmediate(r));
    events.push(`end ${item.name}`);
    active -= 1;
    return item.name.toUpperCase();
  }, limit);
  return { events, results, peak };
}

describe('runInEffectOrder (trials F10: a write never races a read)', () => {
  it('runs read-only items concurrently, in plan order of start', async () => {
    const { events, results } = await trace([{ name: 'a', ticks: 3 }, { name: 'b', ticks: 1 }, { name: 'c', ticks: 2 }]);
    expect(events.slice(0, 3)).toEqual(['start a', 'start b', 'start c']);
    expect(results).toEqual(['A', 'B', 'C']);
  });

  it('a state-changing item starts after everything before it ended, and nothing after it starts before it ends', async () => {
    const { events, results } = await trace([
      { name: 'r1', ticks: 3 },
      { name: 'r2', ticks: 1 },
      { name: 'w', write: true, ticks: 2 },
      { name: 'r3', ticks: 1 },
      { name: 'r4', ticks: 1 },
      { name: 'w2', write: true, ticks: 1 },
    ]);
    const at = (e: string) => events.indexOf(e);
    expect(at('start w')).toBeGreaterThan(Math.max(at('end r1'), at('end r2')));
    expect(at('end w')).toBe(at('start w') + 1);
    expect(Math.min(at('start r3'), at('start r4'))).toBeGreaterThan(at('end w'));
    expect(at('start r4')).toBe(at('start r3') + 1); // reads between barriers stay concurrent
    expect(at('start w2')).toBeGreaterThan(Math.max(at('end r3'), at('end r4')));
    expect(results).toEqual(['R1', 'R2', 'W', 'R3', 'R4', 'W2']);
  });

  it('gives the same event order on every run, whatever the answer times (same input, same order)', async () => {
    const items = (seed: number) => [
      { name: 'w', write: true, ticks: (seed % 3) + 1 },
      { name: 'r', ticks: ((seed * 7) % 4) + 1 },
      { name: 'w2', write: true, ticks: ((seed * 5) % 3) + 1 },
    ];
    const orders = await Promise.all([1, 2, 3, 4].map(async (seed) => (await trace(items(seed))).events));
    for (const order of orders) expect(order).toEqual(['start w', 'end w', 'start r', 'end r', 'start w2', 'end w2']);
  });

  it('with a limit: at most that many unsettled at once, started in item order, results in item order', async () => {
    const items = [5, 1, 3, 1, 2, 4, 1, 1].map((ticks, i) => ({ name: `r${i}`, ticks }));
    const { events, results, peak } = await trace(items, 3);
    expect(peak).toBe(3);
    expect(events.filter((e) => e.startsWith('start'))).toEqual(items.map((i) => `start ${i.name}`));
    expect(events.slice(0, 3)).toEqual(['start r0', 'start r1', 'start r2']);
    expect(events.indexOf('start r3')).toBeGreaterThan(events.indexOf('end r1')); // the 4th waits for a place
    expect(results).toEqual(items.map((i) => i.name.toUpperCase()));
    const unbounded = await trace(items);
    expect(unbounded.peak).toBe(items.length);
  });

  it('with a limit, barriers still run alone and in order', async () => {
    const items = [
      { name: 'r1', ticks: 2 }, { name: 'r2', ticks: 1 }, { name: 'r3', ticks: 1 },
      { name: 'w', write: true, ticks: 1 },
      { name: 'r4', ticks: 1 }, { name: 'r5', ticks: 3 },
    ];
    const { events, results } = await trace(items, 2);
    const at = (e: string) => events.indexOf(e);
    expect(at('start w')).toBeGreaterThan(Math.max(at('end r1'), at('end r2'), at('end r3')));
    expect(at('end w')).toBe(at('start w') + 1);
    expect(at('start r4')).toBe(at('end w') + 1);
    expect(results).toEqual(['R1', 'R2', 'R3', 'W', 'R4', 'R5']);
  });

  it('with a limit, a rejection stops starting items', async () => {
    const started: number[] = [];
    const run = async (n: number) => {
      started.push(n);
      await new Promise((r) => setImmediate(r));
      if (n === 1) throw new Error('boom');
      return n;
    };
    await expect(runInEffectOrder([1, 2, 3, 4, 5], () => false, run, 2)).rejects.toThrow('boom');
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([1, 2]);
  });

  it('rejects when a run rejects', async () => {
    await expect(runInEffectOrder([1, 2], () => true, async (n) => { if (n === 2) throw new Error('boom'); return n; })).rejects.toThrow('boom');
  });
});

describe('changesStateByName', () => {
  const tools: ListedTool[] = [
    { name: 'peek', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } },
    { name: 'append', inputSchema: { type: 'object' }, annotations: { readOnlyHint: false, destructiveHint: false } },
    { name: 'bare', inputSchema: { type: 'object' } },
  ];
  it.each([
    ['peek', false],
    ['append', true],
    ['bare', true],
    ['mcp_harness_unknown_tool_x', false],
    [undefined, false],
  ])('%s -> %s', (tool, expected) => {
    expect(changesStateByName(tools)(tool)).toBe(expected);
  });
});
