import { describe, expect, it } from 'vitest';
import { isJsonObject, jsonDepth, jsonTreeDepth, isPlainJsonData } from '../../harness/json.ts';
import { sortedJson, jsonEqual } from '../../harness/schema/sorted-json.ts';
import { MAX_SCHEMA_DEPTH, isTooDeep, pointerDepth } from '../../harness/schema/depth.ts';
import { deepSchema } from './deep.ts';


/** An array nested `levels` times. */
function deepArray(levels: number): unknown {
  let value: unknown = 1;
  for (let i = 0; i < levels; i++) value = [value];
  return value;
}

describe('jsonDepth (iterative)', () => {
  it.each([
    [1, 0],
    ['x', 0],
    [null, 0],
    [{}, 1],
    [[], 1],
    [{ a: 1 }, 1],
    [{ a: { b: 1 } }, 2],
    [{ a: [{ b: 1 }], c: 1 }, 3],
    [[1, [2, [3]], 4], 3],
  ])('%j has depth %i', (value, depth) => {
    expect(jsonDepth(value)).toBe(depth);
  });
  it('counts the deepest branch, not the first one', () => {
    expect(jsonDepth({ a: 1, b: { c: { d: {} } }, e: {} })).toBe(4);
  });
  it('measures 100,000 levels without overflowing the stack', () => {
    expect(jsonDepth(deepArray(100_000))).toBe(100_000);
  });
  it('stops at limit + 1', () => {
    expect(jsonDepth(deepArray(100_000), 10)).toBe(11);
    expect(jsonDepth(deepArray(10), 10)).toBe(10);
  });
  it('isJsonObject accepts objects only', () => {
    expect([{}, [], null, 'x', 1].map(isJsonObject)).toEqual([true, false, false, false, false]);
  });
});

describe('jsonTreeDepth (parsed JSON: no visited set)', () => {
  /** A random JSON tree from a seeded generator (deterministic). */
  function randomTree(seed: number): unknown {
    let x = seed;
    const next = (n: number): number => ((x = (x * 1103515245 + 12345) % 2147483648) % n);
    const build = (budget: number): unknown => {
      const pick = next(5);
      if (budget <= 0 || pick === 0) return next(3) === 0 ? null : next(100);
      if (pick === 1) return 'x';
      const n = next(4);
      if (pick === 2) return Array.from({ length: n }, () => build(budget - 1 - next(3)));
      return Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, build(budget - 1 - next(3))]));
    };
    return JSON.parse(JSON.stringify(build(12)));
  }

  it('agrees with jsonDepth on every tree, with and without a limit', () => {
    for (let seed = 1; seed <= 300; seed++) {
      const value = randomTree(seed);
      expect(jsonTreeDepth(value)).toBe(jsonDepth(value));
      for (const limit of [0, 1, 3, 6]) expect(jsonTreeDepth(value, limit)).toBe(jsonDepth(value, limit));
    }
    expect(jsonTreeDepth(JSON.parse('{"__proto__":{"a":[{}]}}'))).toBe(4);
  });
  it('measures 100,000 levels without overflowing the stack and stops at limit + 1', () => {
    expect(jsonTreeDepth(deepArray(100_000))).toBe(100_000);
    expect(jsonTreeDepth(deepArray(100_000), 10)).toBe(11);
  });
  it('ends on a value that is not a tree: a cycle past the limit, or jsonDepth past its node budget', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(jsonTreeDepth(cyclic, 256)).toBe(257);
    expect(jsonTreeDepth(cyclic)).toBe(jsonDepth(cyclic));
    let shared: unknown = {};
    for (let i = 0; i < 40; i++) shared = [shared, shared]; // 2^40 paths, 41 objects
    expect(jsonTreeDepth(shared, 256)).toBe(jsonDepth(shared, 256));
  });
  it('gives jsonDepth\'s answer on a tree wider than its node budget', () => {
    const wide = { items: Array.from({ length: 1_000_100 }, () => ({ a: [1] })) };
    expect(jsonTreeDepth(wide, 256)).toBe(4);
    expect(jsonTreeDepth(wide, 2)).toBe(3);
  });
});

describe('isTooDeep / pointerDepth', () => {
  it('accepts a schema at the limit and refuses one level more', () => {
    expect(isTooDeep(deepSchema(MAX_SCHEMA_DEPTH / 2 - 1))).toBe(false);
    expect(jsonDepth(deepSchema(MAX_SCHEMA_DEPTH / 2 - 1))).toBe(MAX_SCHEMA_DEPTH - 1);
    expect(isTooDeep(deepArray(MAX_SCHEMA_DEPTH))).toBe(false);
    expect(isTooDeep(deepArray(MAX_SCHEMA_DEPTH + 1))).toBe(true);
    expect(isTooDeep(deepSchema(2_000))).toBe(true);
  });
  it('counts pointer tokens', () => {
    expect(['', '/a', '/properties/a~1b/items'].map(pointerDepth)).toEqual([0, 1, 3]);
  });
});

describe('sortedJson (iterative)', () => {
  it('sorts keys at every depth and drops undefined members', () => {
    expect(sortedJson({ b: 1, a: { d: [1, undefined, { f: 1, e: 2 }], c: undefined } })).toBe('{"a":{"d":[1,null,{"e":2,"f":1}]},"b":1}');
    expect(sortedJson(undefined)).toBe('null');
    expect(sortedJson([])).toBe('[]');
    expect(sortedJson({})).toBe('{}');
    expect(sortedJson('x"y')).toBe('"x\\"y"');
  });
  it('matches JSON.stringify on key-sorted input', () => {
    const value = { a: [1, 'two', null, true, { b: [], c: {} }], d: -1.5, e: 'é\n' };
    expect(sortedJson(value)).toBe(JSON.stringify(value));
  });
  it('ignores key order for equality', () => {
    expect(jsonEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(jsonEqual({ a: [1, 2] }, { a: [2, 1] })).toBe(false);
  });
  it('serialises a 20,000-level document without overflowing the stack (was a RangeError)', () => {
    const text = sortedJson(deepSchema(20_000));
    expect(text.startsWith('{"properties":{"child":{"properties"')).toBe(true);
    expect(jsonEqual(deepSchema(20_000), deepSchema(20_000))).toBe(true);
  });
});

describe('isPlainJsonData (the compile cache keys only plain JSON data by its text)', () => {
  it('accepts what JSON.parse makes, shared (not cyclic) members and null-prototype objects', () => {
    for (const value of [null, 0, -1.5, 'x', true, [], {}, JSON.parse('{"a":[1,{"b":null}],"c":"d","toJSON":1}'), Object.assign(Object.create(null), { a: 1 })]) {
      expect(isPlainJsonData(value), JSON.stringify(value)).toBe(true);
    }
    const shared = { type: 'string' };
    expect(isPlainJsonData({ a: shared, b: [shared, shared] })).toBe(true);
  });
  it('refuses what JSON.stringify would convert, drop or refuse', () => {
    const cyclic: Record<string, unknown> = { a: {} };
    (cyclic.a as Record<string, unknown>).b = cyclic;
    const sparse = [1, , 3];
    const extra = Object.assign([1], { x: 2 });
    for (const value of [undefined, () => 1, Symbol('s'), 10n, Number.NaN, Number.POSITIVE_INFINITY, new Date(0), new String('s'), new Number(1), { a: undefined }, { a: () => 1 }, { toJSON: () => ({}) }, cyclic, sparse, extra, new Map(), [new Date(0)]]) {
      expect(isPlainJsonData(value), String(typeof value)).toBe(false);
    }
  });
});
