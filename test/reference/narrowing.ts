/**
 * A deliberately simple test-side narrowing comparison (the real comparator lives in
 * harness/schema/narrowing.ts): returns the JSON pointers where `advertised` is not a narrowing of
 * `contract` under the harness's enumerated rule, plus the pointers of every permitted narrowing.
 */
const LOWER = new Set(['minimum', 'minLength', 'minItems']);
const UPPER = new Set(['maximum', 'maxLength', 'maxItems']);

/** Result: `widenings` must be empty for a legal override; `narrowings` lists what changed. */
export interface NarrowingDiff {
  widenings: string[];
  narrowings: string[];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Compare two JSON Schema subtrees. */
export function compareNarrowing(contract: unknown, advertised: unknown, pointer = ''): NarrowingDiff {
  const diff: NarrowingDiff = { widenings: [], narrowings: [] };
  walk(contract, advertised, pointer, diff);
  return diff;
}

function walk(contract: unknown, advertised: unknown, pointer: string, diff: NarrowingDiff): void {
  if (!isObject(contract) || !isObject(advertised)) {
    if (JSON.stringify(contract) !== JSON.stringify(advertised)) diff.widenings.push(pointer);
    return;
  }
  for (const key of new Set([...Object.keys(contract), ...Object.keys(advertised)])) {
    compareKeyword(key, contract[key], advertised[key], `${pointer}/${key}`, diff);
  }
}

function compareKeyword(key: string, c: unknown, a: unknown, at: string, diff: NarrowingDiff): void {
  if (JSON.stringify(c) === JSON.stringify(a)) return;
  if (LOWER.has(key) || UPPER.has(key)) {
    const tighter = c === undefined || (typeof a === 'number' && (LOWER.has(key) ? a >= (c as number) : a <= (c as number)));
    (a !== undefined && tighter ? diff.narrowings : diff.widenings).push(at);
  } else if (key === 'enum' && Array.isArray(c) && Array.isArray(a)) {
    (a.every((v) => c.includes(v)) ? diff.narrowings : diff.widenings).push(at);
  } else if (key === 'properties' && isObject(c) && isObject(a)) {
    for (const name of new Set([...Object.keys(c), ...Object.keys(a)])) {
      if (!(name in a)) diff.narrowings.push(`${at}/${name}`);
      else if (!(name in c)) diff.widenings.push(`${at}/${name}`);
      else walk(c[name], a[name], `${at}/${name}`, diff);
    }
  } else if (key === 'items') {
    walk(c, a, at, diff);
  } else {
    diff.widenings.push(at);
  }
}
