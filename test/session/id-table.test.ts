/**
 * IdTable (harness/session/id-table.ts): the channel's in-flight table answers as a `Map` would, and nothing it
 * dropped (a deleted slot, the arrays replaced when it grows) still points at a value.
 */
import { describe, expect, it } from 'vitest';
import { IdTable } from '../../harness/session/id-table.ts';

/** The table's two arrays (white-box: what a dead slot or a replaced array could keep alive). */
const arrays = (table: IdTable<unknown>) => table as unknown as { keys: unknown[]; vals: unknown[] };

describe('IdTable', () => {
  it('answers get, set, delete, size and values as a Map does over a long mixed sequence (growth, collisions, wrap-around)', () => {
    const table = new IdTable<number>(4);
    const oracle = new Map<number | string, number>();
    // keys that collide in every capacity (multiples of 64), negatives, non-integers, numeric strings, plain strings
    const pool: (number | string)[] = [];
    for (let i = 0; i < 40; i += 1) pool.push(i, i * 64, -i - 1, i + 0.5, String(i), `id-${i}`);
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    for (let step = 0; step < 20_000; step += 1) {
      const key = pool[Math.floor(next() * pool.length)] as number | string;
      const op = next();
      if (op < 0.45) {
        table.set(key, step);
        oracle.set(key, step);
      } else if (op < 0.9) {
        expect(table.delete(key)).toBe(oracle.delete(key));
      } else {
        expect(table.get(key)).toBe(oracle.get(key));
      }
      expect(table.size).toBe(oracle.size);
    }
    for (const key of pool) expect(table.get(key)).toBe(oracle.get(key));
    expect([...table.values()].sort((a, b) => a - b)).toEqual([...oracle.values()].sort((a, b) => a - b));
  });

  it('keeps 1 and "1" apart and takes -0 for 0, as a Map does', () => {
    const table = new IdTable<string>();
    table.set(1, 'number').set('1', 'string').set(-0, 'zero');
    expect([table.get(1), table.get('1'), table.get(0), table.size]).toEqual(['number', 'string', 'zero', 3]);
    expect(table.delete(0)).toBe(true);
    expect(table.get(-0)).toBeUndefined();
  });

  it('a deleted entry leaves no reference behind: the slot is overwritten, also when later entries shift back into the gap', () => {
    const table = new IdTable<object>(16);
    const values = Array.from({ length: 7 }, (_, i) => ({ i }));
    // 3, 19 and 35 share a home slot (capacity 16): deleting 3 shifts the others back
    for (const [n, key] of [3, 19, 35, 4, 5, 6, 7].entries()) table.set(key, values[n] as object);
    for (const key of [3, 19, 5]) table.delete(key);
    const { keys, vals } = arrays(table);
    const live = new Set([values[2], values[3], values[5], values[6]]);
    expect(vals.filter((v) => v !== undefined)).toHaveLength(4);
    for (const v of vals) if (v !== undefined) expect(live.has(v as { i: number })).toBe(true);
    expect(keys.filter((k) => k !== undefined).sort()).toEqual([35, 4, 6, 7].sort());
    expect(table.get(35)).toBe(values[2]);
  });

  it('the arrays a growth replaces are emptied, and clear() empties the live ones', () => {
    const table = new IdTable<object>(4);
    table.set(1, {}).set(2, {});
    const before = arrays(table);
    const [oldKeys, oldVals] = [before.keys, before.vals];
    table.set(3, {}); // over half full: grows
    expect(arrays(table).vals).not.toBe(oldVals);
    expect(oldKeys.every((k) => k === undefined)).toBe(true);
    expect(oldVals.every((v) => v === undefined)).toBe(true);
    expect(table.size).toBe(3);
    table.clear();
    expect(table.size).toBe(0);
    expect(arrays(table).vals.every((v) => v === undefined)).toBe(true);
    expect(table.values()).toEqual([]);
  });
});
