/**
 * Schema plumbing for argument generation: local `$ref` resolution (JSON pointers into the root,
 * `$defs` and `definitions` alike), `allOf`-style merging, and type inference from keywords.
 */

import { isJsonObject } from '../../json.ts';

/** A schema object (boolean schemas are handled by the caller). */
export type SchemaObject = Record<string, unknown>;

/** Is `v` a plain JSON object? */
export const isObject: (v: unknown) => v is SchemaObject = isJsonObject;

/** RFC 6901 escaping of one pointer token. */
export const escapeToken = (token: string): string => token.replaceAll('~', '~0').replaceAll('/', '~1');

/**
 * Resolves a local `$ref` (`#`, `#/$defs/X`, `#/definitions/X`, any JSON pointer) against `root`.
 * Returns undefined for remote refs (never fetched) and pointers that do not resolve.
 */
export function resolveLocalRef(root: unknown, ref: string): unknown {
  if (!ref.startsWith('#')) return undefined;
  const pointer = decodeURIComponent(ref.slice(1));
  if (pointer === '') return root;
  if (!pointer.startsWith('/')) return undefined;
  let node: unknown = root;
  for (const raw of pointer.slice(1).split('/')) {
    const token = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    if (!isObject(node) && !Array.isArray(node)) return undefined;
    if (!Object.hasOwn(node, token)) return undefined; // inherited names (`constructor`) are never schemas
    node = (node as Record<string, unknown>)[token];
    if (node === undefined) return undefined;
  }
  return node;
}

const asArray = (v: unknown): unknown[] => (Array.isArray(v) ? v : v === undefined ? [] : [v]);

/** Intersection of two `type` keywords (undefined = unconstrained). */
function mergeTypes(a: unknown, b: unknown): unknown {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const bs = asArray(b);
  const both = asArray(a).filter((t) => bs.includes(t) || (t === 'integer' && bs.includes('number')));
  const extra = asArray(a).includes('number') && bs.includes('integer') ? ['integer'] : [];
  const types = [...new Set([...both, ...extra])];
  return types.length === 1 ? types[0] : types;
}

/** Does the schema object carry an empty `enum` (own property), which no value satisfies (JSON Schema Validation §6.1.2)? */
export function hasEmptyEnum(s: SchemaObject): boolean {
  return Object.hasOwn(s, 'enum') && Array.isArray(s.enum) && s.enum.length === 0;
}

/** Does the subschema admit no value on its face: `false`, or an object with an empty `enum`? (`$ref`s are not followed.) */
export function admitsNoValue(s: unknown): boolean {
  return s === false || (isObject(s) && hasEmptyEnum(s));
}

/**
 * Merges `b` into `a` for `allOf` (and `$ref` with siblings): properties per name (both -> allOf),
 * `required` united, `type` intersected, the tighter of numeric/length bounds, an empty `enum` of either kept (no
 * value satisfies it), otherwise `b` wins.
 */
export function mergeSchemas(a: SchemaObject, b: SchemaObject): SchemaObject {
  const out: SchemaObject = { ...a, ...b };
  if (hasEmptyEnum(a)) out.enum = [];
  if (isObject(a.properties) && isObject(b.properties)) {
    const props: SchemaObject = { ...a.properties };
    for (const [k, v] of Object.entries(b.properties)) {
      // defineProperty: a property named `__proto__` stays a property (assignment would set the prototype).
      Object.defineProperty(props, k, { value: Object.hasOwn(props, k) ? { allOf: [props[k], v] } : v, enumerable: true, writable: true, configurable: true });
    }
    out.properties = props;
  }
  if (Array.isArray(a.required) || Array.isArray(b.required)) out.required = [...new Set([...asArray(a.required), ...asArray(b.required)])];
  if ('type' in a || 'type' in b) out.type = mergeTypes(a.type, b.type);
  for (const k of ['minimum', 'minLength', 'minItems', 'minProperties']) pick(out, a, b, k, Math.max);
  for (const k of ['maximum', 'maxLength', 'maxItems', 'maxProperties']) pick(out, a, b, k, Math.min);
  return out;
}

function pick(out: SchemaObject, a: SchemaObject, b: SchemaObject, key: string, f: (x: number, y: number) => number): void {
  if (typeof a[key] === 'number' && typeof b[key] === 'number') out[key] = f(a[key] as number, b[key] as number);
}

/** The JSON type to generate: the first non-null entry of `type`, else inferred from keywords. */
export function pickType(s: SchemaObject): string {
  const types = asArray(s.type).filter((t): t is string => typeof t === 'string');
  const nonNull = types.find((t) => t !== 'null');
  if (nonNull) return nonNull;
  if (types.includes('null')) return 'null';
  if (['properties', 'required', 'additionalProperties', 'patternProperties', 'minProperties'].some((k) => k in s)) return 'object';
  if (['items', 'prefixItems', 'minItems', 'maxItems', 'contains'].some((k) => k in s)) return 'array';
  if (['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'].some((k) => k in s)) return 'number';
  return 'string';
}

/** Does JSON value `v` have one of the types `type` names (undefined = any)? */
export function hasType(v: unknown, type: unknown): boolean {
  if (type === undefined) return true;
  return asArray(type).some((t) => {
    if (t === 'null') return v === null;
    if (t === 'integer') return Number.isInteger(v);
    if (t === 'array') return Array.isArray(v);
    if (t === 'object') return isObject(v);
    return typeof v === t;
  });
}
