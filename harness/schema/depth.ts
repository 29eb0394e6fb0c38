/**
 * The nesting-depth limit of tool schemas. Schema code (the compile cache, ajv, the walkers, the
 * narrowing comparator) refuses documents nested deeper than MAX_SCHEMA_DEPTH instead of recursing
 * into them, so that one adversarial schema yields a `schema/compile` finding, never a stack
 * overflow or a quadratic stall. The depth is measured iteratively (harness/json.ts `jsonDepth`).
 */
import { jsonDepth } from '../json.ts';
import { MAX_NESTING } from '../json-bounded.ts';
import type { SchemaIssue } from './service.ts';

/**
 * Deepest accepted nesting of a schema document, in JSON levels (every object or array counts once:
 * `properties/x` is two levels), i.e. about 128 nested object schemas. Real tool schemas stay far below.
 */
export const MAX_SCHEMA_DEPTH = MAX_NESTING;

/** True when `schema` is nested deeper than MAX_SCHEMA_DEPTH JSON levels. O(size), no recursion. */
export function isTooDeep(schema: unknown): boolean {
  return jsonDepth(schema, MAX_SCHEMA_DEPTH) > MAX_SCHEMA_DEPTH;
}

/** The value-free issue reported for a schema nested deeper than MAX_SCHEMA_DEPTH (pointer: the root). */
export function depthIssue(): SchemaIssue {
  return { pointer: '', keyword: 'depth', message: `nested deeper than ${MAX_SCHEMA_DEPTH} levels; not evaluated` };
}

/** The number of reference tokens of a JSON pointer ('' -> 0, '/a/b' -> 2): a node's JSON depth below the root. */
export function pointerDepth(pointer: string): number {
  let n = 0;
  for (let i = 0; i < pointer.length; i++) if (pointer.charCodeAt(i) === 47) n++;
  return n;
}
