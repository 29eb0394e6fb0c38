/**
 * Sentinels: unique, recognisable strings a probe plants in its arguments so that a check can tell
 * whether a caller value came back on a failure path (errors/echo). A sentinel is derived from the
 * probe's stable id, so the same plan always carries the same sentinels.
 */

/** Matches any harness sentinel. */
export const SENTINEL_PATTERN = /mcpH4rn3ss-[0-9a-f]{8}-s3nt1nel/g;

/** FNV-1a 32-bit hash of a string, as 8 hex digits. */
export function fnv1aHex(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}

/** The sentinel for a probe id (`mcpH4rn3ss-<fnv1a(id)>-s3nt1nel`, 30 characters). Deterministic. */
export function makeSentinel(probeId: string): string {
  return `mcpH4rn3ss-${fnv1aHex(probeId)}-s3nt1nel`;
}

/** The literal every sentinel starts with (a string without it holds none). */
const SENTINEL_HEAD = 'mcpH4rn3ss-';
/** One whole sentinel (what `makeSentinel` gives and SENTINEL_PATTERN matches). */
const ONE_SENTINEL = /^mcpH4rn3ss-[0-9a-f]{8}-s3nt1nel$/;
/** Nesting beyond which the walks below leave a value to JSON.stringify (which then decides, as before). */
const WALK_LIMIT = 256;
/** Thrown inside the walks at a value they do not vouch for (the caller then serialises, as before). */
const NOT_PLAIN = Symbol('not plain JSON data');

/**
 * Visit, in JSON.stringify's order, every string JSON.stringify would write for `value` (object keys with a
 * written member, and string values), for plain JSON data: strings, finite or not numbers, booleans, null,
 * arrays and objects with Object.prototype or no prototype, no `toJSON` anywhere (own or inherited).
 * Members JSON.stringify drops (undefined, functions, symbols) are skipped with their keys. Throws
 * NOT_PLAIN at anything else (a bigint, a Date, a boxed string, a class instance, nesting past WALK_LIMIT).
 * `visit` returning true stops the walk (the walk then returns true).
 */
function someWrittenString(value: unknown, visit: (text: string) => boolean, depth = 0): boolean {
  if (typeof value === 'string') return visit(value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return false;
  if (typeof value !== 'object' || depth > WALK_LIMIT || 'toJSON' in value) throw NOT_PLAIN;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) throw NOT_PLAIN;
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue; // written as null
      if (someWrittenString(item, visit, depth + 1)) return true;
    }
    return false;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) throw NOT_PLAIN;
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    const member = record[key];
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue; // not written
    if (visit(key) || someWrittenString(member, visit, depth + 1)) return true;
  }
  return false;
}

/**
 * Every distinct sentinel inside a JSON value (found in its serialisation), in order of first appearance.
 * A sentinel is ASCII letters, digits and `-` only and starts with `m`, a character no JSON escape contains,
 * so every match in the serialisation lies inside one written string, unescaped: on plain data the strings
 * are scanned in JSON.stringify's order without building the text; anything else is serialised as before.
 */
export function sentinelsIn(value: unknown): string[] {
  if (value === undefined) return [];
  const found = new Set<string>();
  try {
    someWrittenString(value, (text) => {
      if (text.includes(SENTINEL_HEAD)) for (const match of text.match(SENTINEL_PATTERN) ?? []) found.add(match);
      return false;
    });
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
    const text = JSON.stringify(value) ?? '';
    return [...new Set(text.match(SENTINEL_PATTERN) ?? [])];
  }
  return [...found];
}

/**
 * True when the JSON serialisation of `value` contains any of `sentinels`. When every one is a whole sentinel
 * (see sentinelsIn for why it cannot straddle two strings or an escape), plain data is answered from its
 * written strings without building the text; otherwise (or for anything else) it is serialised as before.
 */
export function containsAny(value: unknown, sentinels: string[]): boolean {
  if (value === undefined || sentinels.length === 0) return false;
  if (typeof value === 'string') return sentinels.some((s) => value.includes(s));
  if (sentinels.every((s) => ONE_SENTINEL.test(s))) {
    try {
      return someWrittenString(value, (text) => text.includes(SENTINEL_HEAD) && sentinels.some((s) => text.includes(s)));
    } catch (error) {
      if (error !== NOT_PLAIN) throw error;
    }
  }
  const text = JSON.stringify(value) ?? '';
  return sentinels.some((s) => text.includes(s));
}
