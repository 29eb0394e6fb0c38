/**
 * sentinelsIn and containsAny (harness/probes/sentinel.ts) scan the written strings of plain data instead of
 * serialising it: the same answers as the serialising implementation (kept here as the oracle) on generated
 * values that carry sentinels in keys, values, next to escapes and lone surrogates, in members JSON.stringify
 * drops, and on what the walk leaves to JSON.stringify (toJSON, Dates, boxed strings, class instances,
 * null prototypes, deep nesting, bigints that throw).
 */
import { describe, expect, it } from 'vitest';
import { containsAny, makeSentinel, SENTINEL_PATTERN, sentinelsIn } from '../../harness/probes/sentinel.ts';

function oracleSentinels(value: unknown): string[] {
  if (value === undefined) return [];
  const text = JSON.stringify(value) ?? '';
  return [...new Set(text.match(SENTINEL_PATTERN) ?? [])];
}
function oracleContains(value: unknown, sentinels: string[]): boolean {
  if (value === undefined || sentinels.length === 0) return false;
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  return sentinels.some((s) => text.includes(s));
}

const S = [makeSentinel('a'), makeSentinel('b'), makeSentinel('c')];

/** A deterministic pseudo-random value built from strings around sentinels, odd keys and non-JSON members. */
function sample(seed: number, depth = 0): unknown {
  let x = seed;
  const next = () => (x = (Math.imul(x, 1103515245) + 12345) >>> 0) % 1000;
  const pick = next();
  if (depth > 4 || pick < 350) {
    const scalars: unknown[] = [
      null, true, 0, -0, 1.5, Number.NaN, Number.POSITIVE_INFINITY, '', 'plain', S[0], `x${S[1]}y`, `${S[2]}\n${S[0]}`, `"${S[1]}"`, `\\${S[2]}`,
      `\ud800${S[0]}`, `${S[1]}\udc00`, S[2].slice(0, 20), `mcpH4rn3ss-${S[0]}`, undefined, () => S[0], Symbol(S[1]),
    ];
    return scalars[next() % scalars.length];
  }
  if (pick < 650) return Array.from({ length: next() % 5 }, (_, i) => sample(seed * 31 + i, depth + 1));
  const keys = ['a', S[0], `k${S[1]}`, '__proto__', 'z"q', '10', 'toString', `\n${S[2]}`];
  const out: Record<string, unknown> = {};
  for (let i = 0; i < next() % 6; i++) Object.defineProperty(out, keys[next() % keys.length], { value: sample(seed * 17 + i, depth + 1), enumerable: true, configurable: true, writable: true });
  return out;
}

describe('sentinel scans without serialising', () => {
  it('give the serialising answers on 5,000 generated values', () => {
    let withSentinels = 0;
    for (let seed = 1; seed <= 5000; seed++) {
      const value = sample(seed);
      const found = sentinelsIn(value);
      expect(found, String(seed)).toEqual(oracleSentinels(value));
      if (found.length > 0) withSentinels++;
      for (const sentinels of [[S[0]], [S[1], S[2]], S, []]) expect(containsAny(value, sentinels), String(seed)).toBe(oracleContains(value, sentinels));
    }
    expect(withSentinels).toBeGreaterThan(1_000); // both arms
  });

  it('leave what is not plain JSON data to JSON.stringify, with the same answers and errors', () => {
    class Box {
      v = S[0];
    }
    const bare = Object.assign(Object.create(null) as object, { [S[1]]: S[2] });
    const deep: unknown[] = [S[0]];
    let at = deep;
    for (let i = 0; i < 1_000; i++) at = (at[0] = [S[1]]) as unknown[];
    const odd: unknown[] = [
      { toJSON: () => S[0] }, { d: new Date(0) }, { s: new String(S[1]) }, new Box(), bare, deep, [1, , S[2]], { f: () => 1, [S[0]]: undefined, [S[1]]: 1 },
      Object.assign([S[0]], { extra: S[1] }), 42, 'x', null,
    ];
    for (const value of odd) {
      expect(sentinelsIn(value)).toEqual(oracleSentinels(value));
      for (const sentinels of [[S[0]], [S[1], S[2]], ['not a sentinel'], [`${S[0]}","`]]) expect(containsAny(value, sentinels)).toBe(oracleContains(value, sentinels));
    }
    expect(() => sentinelsIn({ n: 1n })).toThrow(TypeError);
    expect(() => containsAny({ n: 1n }, [S[0]])).toThrow(TypeError);
  });

  it('the oracle and the scan agree while Object.prototype carries toJSON', () => {
    Object.defineProperty(Object.prototype, 'toJSON', { value: () => S[2], configurable: true, writable: true, enumerable: false });
    try {
      const value = { a: S[0] };
      expect(sentinelsIn(value)).toEqual(oracleSentinels(value));
      expect(containsAny(value, [S[0]])).toBe(oracleContains(value, [S[0]]));
    } finally {
      delete (Object.prototype as Record<string, unknown>).toJSON;
    }
  });
});
