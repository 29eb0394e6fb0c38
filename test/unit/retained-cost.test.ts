/**
 * What a kept server frame costs the retention budget (harness/retention-budget.ts retainedCost): its text, plus
 * CONTAINER_COST_BYTES per object or array and SLOT_COST_BYTES per member or element, so structure-dense values
 * (`[{},{},...]`: ~21 heap bytes per byte of text) count what they hold and a text block counts about its length.
 */
import { describe, expect, it } from 'vitest';
import { CONTAINER_COST_BYTES as C, SLOT_COST_BYTES as S, retainedCost } from '../../harness/retention-budget.ts';

describe('retainedCost', () => {
  it('is about the length of a frame whose bulk is text', () => {
    const text = 'y'.repeat(100_000);
    const frame = { jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text }] } };
    const bytes = JSON.stringify(frame).length;
    // the frame, result, content and block: 4 containers; 3 + 1 + 1 + 2 members
    expect(retainedCost(frame, bytes)).toBe(bytes + 4 * C + 7 * S);
  });

  it('counts every object and array of a dense value, and every member and element', () => {
    const items = Array.from({ length: 1000 }, () => ({}));
    expect(retainedCost({ items }, 3000)).toBe(3000 + (2 + 1000) * C + (1 + 1000) * S);
    expect(retainedCost([[1, 2], { a: [null, 'x'], b: 0 }], 30)).toBe(30 + 4 * C + (2 + 2 + 2 + 2) * S);
  });

  it('adds nothing to a scalar', () => {
    for (const scalar of ['text', 0, null, true]) expect(retainedCost(scalar, 7)).toBe(7);
  });

  it('walks a value nested to the parse limit without recursion', () => {
    let deep: unknown = [];
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(retainedCost(deep, 200_002)).toBe(200_002 + 100_001 * C + 100_000 * S);
  });
});
