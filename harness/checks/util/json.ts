/**
 * Pure JSON helpers for checks: type guards, order-insensitive deep equality, key diffs, safe parsing.
 * Nothing here throws on any input.
 */
import { MAX_NESTING, parseJsonBounded } from '../../json-bounded.ts';
import { jsonEqual } from '../../schema/sorted-json.ts';

/** True for a JSON object (a non-null, non-array object): one definition, in harness/json.ts. */
export { isJsonObject } from '../../json.ts';

/** Deep equality of JSON values, object key order ignored, array order kept: see harness/schema/sorted-json.ts. */
export { jsonEqual };

/** Keys of an object whose value is not `undefined`. */
function definedKeys(object: Record<string, unknown>): string[] {
  return Object.keys(object).filter((key) => object[key] !== undefined);
}

/** The top-level difference between two objects: keys only, never values. */
export interface KeyDiff {
  /** Keys of `expected` absent from `actual`. */
  missing: string[];
  /** Keys of `actual` absent from `expected`. */
  extra: string[];
  /** Keys present in both whose values are not `jsonEqual`. */
  changed: string[];
}

/** Compare two JSON objects key by key (top level only). */
export function diffKeys(expected: Record<string, unknown>, actual: Record<string, unknown>): KeyDiff {
  const expectedKeys = definedKeys(expected);
  const actualKeys = definedKeys(actual);
  return {
    missing: expectedKeys.filter((key) => !actualKeys.includes(key)),
    extra: actualKeys.filter((key) => !expectedKeys.includes(key)),
    changed: expectedKeys.filter((key) => actualKeys.includes(key) && !jsonEqual(expected[key], actual[key])),
  };
}

/** Outcome of `parseJson`. */
export type ParsedJson = { ok: true; value: unknown } | { ok: false };

/**
 * Levels of a server string parsed as they are (MAX_NESTING, run/depth-guard.ts's MAX_VALUE_DEPTH, plus one):
 * deeper text comes back with its containers at the next level emptied (json-bounded.ts), still deeper than any
 * guarded server value, so it compares unequal to each of them exactly as the whole value would.
 */
const TEXT_DEPTH = MAX_NESTING + 1;

/**
 * `JSON.parse` that reports failure instead of throwing (a non-string input is a failure). A server's string (a
 * text block of 16 MB holding JSON 8 million levels deep) is never built whole: text nested deeper than TEXT_DEPTH
 * levels is checked to be JSON and parsed with its containers at level TEXT_DEPTH + 1 emptied (RFC 8259 §9).
 */
export function parseJson(text: unknown): ParsedJson {
  if (typeof text !== 'string') return { ok: false };
  const parsed = parseJsonBounded(text, TEXT_DEPTH);
  return parsed.ok ? { ok: true, value: parsed.value } : { ok: false };
}
