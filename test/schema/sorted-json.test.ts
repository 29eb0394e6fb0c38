import { describe, expect, it } from 'vitest';
import { jsonEqual, sortedJson } from '../../harness/schema/sorted-json.ts';
import { deepSchema } from './deep.ts';

/** The first implementation (a work stack of Text markers and raw values), kept as the oracle of the output bytes. */
class Text {
  constructor(readonly text: string) {}
}
function reference(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Text) out.push(item.text);
    else if (item === null || typeof item !== 'object') out.push(JSON.stringify(item) ?? 'null');
    else if (Array.isArray(item)) {
      stack.push(new Text(']'));
      for (let i = item.length - 1; i >= 0; i--) {
        stack.push(item[i] === undefined ? null : item[i]);
        if (i > 0) stack.push(new Text(','));
      }
      stack.push(new Text('['));
    } else {
      const record = item as Record<string, unknown>;
      const keys = Object.keys(record).filter((k) => record[k] !== undefined).sort();
      stack.push(new Text('}'));
      for (let i = keys.length - 1; i >= 0; i--) {
        stack.push(record[keys[i]], new Text(`${JSON.stringify(keys[i])}:`));
        if (i > 0) stack.push(new Text(','));
      }
      stack.push(new Text('{'));
    }
  }
  return out.join('');
}

/** A deterministic pseudo-random JSON-ish value (strings that look like JSON text, odd keys, undefined, -0, functions, Dates). */
function sample(seed: number, depth = 0): unknown {
  let x = seed;
  const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) % 1000;
  const pick = next();
  if (depth > 4 || pick < 300) {
    const scalars: unknown[] = [null, true, false, 0, -0, 1.5, -7, 1e21, 'a', '', '"quoted"', '{"k":1}', ',', ']', 'ünï', undefined, Number.NaN, () => 1, new Date(0)];
    return scalars[next() % scalars.length];
  }
  if (pick < 600) return Array.from({ length: next() % 5 }, (_, i) => sample(seed * 31 + i, depth + 1));
  const keys = ['b', 'a', '', '__proto__', 'z"q', '10', '2', 'ключ', 'toString'];
  const out: Record<string, unknown> = {};
  for (let i = 0; i < next() % 6; i++) Object.defineProperty(out, keys[next() % keys.length], { value: sample(seed * 17 + i, depth + 1), enumerable: true, configurable: true, writable: true });
  return out;
}

describe('sortedJson', () => {
  it('writes the same bytes as the first implementation on 3,000 generated values', () => {
    for (let seed = 1; seed <= 3000; seed++) {
      const value = sample(seed);
      expect(sortedJson(value), String(seed)).toBe(reference(value));
    }
  });
  it('serialises scalars at the top level and strings that look like JSON as strings', () => {
    for (const value of [null, 1, 'x', '[', '{"a":1}', undefined, true]) expect(sortedJson(value)).toBe(reference(value));
    expect(sortedJson(['[', ']', ','])).toBe('["[","]",","]');
  });
  it('never recurses: a 100,000-deep document serialises', () => {
    const deep = deepSchema(100_000);
    expect(sortedJson(deep)).toBe(reference(deep));
  });
  it('key texts from its cache equal fresh ones: repeated keys, odd keys, and past the cache bound', () => {
    const odd = { 'z"q': 1, '\u2028': 2, '\ud800': 3, '': 4, '\\': 5, '10': 6, '2': 7 };
    expect(sortedJson(odd)).toBe(reference(odd)); // first sight (a miss)
    expect(sortedJson(odd)).toBe(reference(odd)); // from the cache (a hit)
    const many = Object.fromEntries(Array.from({ length: 6_000 }, (_, i) => [`k${i}"`, { [`k${i}"`]: i }]));
    expect(sortedJson(many)).toBe(reference(many));
    expect(sortedJson(many)).toBe(reference(many));
  });
  it('jsonEqual ignores key order only', () => {
    expect(jsonEqual({ a: 1, b: [1, { c: 2, d: 3 }] }, { b: [1, { d: 3, c: 2 }], a: 1 })).toBe(true);
    expect(jsonEqual([1, 2], [2, 1])).toBe(false);
  });
});
