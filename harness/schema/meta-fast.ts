/**
 * A conservative pre-check of the 2020-12 meta-schema (issue 12): `surelyMetaValid2020(schema)` is true only
 * for a schema that ajv's precompiled 2020-12 meta-schema validator (./meta.ts, the default dialect: no
 * `$schema`) accepts, so the service answers "no issues" without running that validator (~80 µs a tool schema,
 * the largest single cost of the schema service at 1,000 tools). False means "ask ajv", never "invalid": every
 * issue list still comes from ajv.
 *
 * It accepts only a common subset, keyword by keyword, each checked exactly as the 2020-12 meta-schema's
 * vocabularies state it (json-schema.org/draft/2020-12/meta/{core,applicator,validation,meta-data,
 * format-annotation,content}; the generated validator checks no `format`, reads own properties only):
 * - subschema positions (`items`, `additionalProperties`, `not`, `if`/`then`/`else`, `contains`,
 *   `propertyNames`, `contentSchema`; every member of `properties`, `$defs`, `definitions`; every item of a
 *   non-empty `allOf`/`anyOf`/`oneOf`/`prefixItems`): a boolean or an object that passes in turn;
 * - `type`: one of the seven simple type names, or a non-empty array of distinct ones;
 * - `required`: an array of distinct strings; `enum`, `examples`: arrays; `const`, `default`: anything;
 * - `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`: finite numbers; `multipleOf`: a finite number
 *   above 0; the `min*`/`max*` counts: integers >= 0; `uniqueItems`, `deprecated`, `readOnly`, `writeOnly`: booleans;
 * - `title`, `description`, `$comment`, `format`, `pattern`, `contentEncoding`, `contentMediaType`, `$ref`: strings.
 * Anything else (another keyword, however valid: `$schema`, `$id`, anchors, `dependencies`, unknown keywords; a
 * member whose value is `undefined`; an object whose prototype is not Object.prototype or null; a document
 * deeper than MAX_SCHEMA_DEPTH) answers false. test/schema/meta-fast.test.ts checks that a true is always
 * ajv's "valid", over the JSON-Schema-Test-Suite, the fixtures, the synthetic surface and mutations of each.
 */
import { MAX_SCHEMA_DEPTH } from './depth.ts';

/** How a keyword's value is checked (see the module comment). */
type Kind = 'schema' | 'schemaArray' | 'schemaMap' | 'string' | 'any' | 'array' | 'number' | 'positive' | 'count' | 'boolean' | 'type' | 'stringArray';

const KINDS: ReadonlyMap<string, Kind> = new Map<string, Kind>([
  ...['additionalProperties', 'items', 'contains', 'propertyNames', 'if', 'then', 'else', 'not', 'contentSchema'].map((k) => [k, 'schema'] as const),
  ...['allOf', 'anyOf', 'oneOf', 'prefixItems'].map((k) => [k, 'schemaArray'] as const),
  ...['properties', '$defs', 'definitions'].map((k) => [k, 'schemaMap'] as const),
  ...['title', 'description', '$comment', 'format', 'pattern', 'contentEncoding', 'contentMediaType', '$ref'].map((k) => [k, 'string'] as const),
  ...['const', 'default'].map((k) => [k, 'any'] as const),
  ...['enum', 'examples'].map((k) => [k, 'array'] as const),
  ...['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum'].map((k) => [k, 'number'] as const),
  ['multipleOf', 'positive'],
  ...['maxLength', 'minLength', 'maxItems', 'minItems', 'maxContains', 'minContains', 'maxProperties', 'minProperties'].map((k) => [k, 'count'] as const),
  ...['uniqueItems', 'deprecated', 'readOnly', 'writeOnly'].map((k) => [k, 'boolean'] as const),
  ['type', 'type'],
  ['required', 'stringArray'],
]);

const SIMPLE_TYPES: ReadonlySet<unknown> = new Set(['array', 'boolean', 'integer', 'null', 'number', 'object', 'string']);

/** A non-array object with Object.prototype or no prototype. */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
}

/** A dense array of distinct strings (no extra own properties). */
function distinctStrings(value: unknown, nonEmpty: boolean, allowed?: ReadonlySet<unknown>): boolean {
  if (!Array.isArray(value) || (nonEmpty && value.length === 0)) return false;
  const seen = new Set<string>();
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    if (typeof item !== 'string' || seen.has(item) || (allowed && !allowed.has(item))) return false;
    seen.add(item);
  }
  return true;
}

function subschema(value: unknown, depth: number): boolean {
  return typeof value === 'boolean' || schemaObject(value, depth);
}

function valueFits(kind: Kind, value: unknown, depth: number): boolean {
  switch (kind) {
    case 'schema': return subschema(value, depth + 1);
    case 'schemaArray': {
      if (!Array.isArray(value) || value.length === 0) return false;
      for (let i = 0; i < value.length; i++) if (!subschema(value[i], depth + 2)) return false;
      return true;
    }
    case 'schemaMap': {
      if (!isPlainObject(value)) return false;
      for (const name of Object.getOwnPropertyNames(value)) if (!subschema(value[name], depth + 2)) return false;
      return true;
    }
    case 'string': return typeof value === 'string';
    case 'any': return true;
    case 'array': return Array.isArray(value);
    case 'number': return typeof value === 'number' && Number.isFinite(value);
    case 'positive': return typeof value === 'number' && Number.isFinite(value) && value > 0;
    case 'count': return typeof value === 'number' && Number.isInteger(value) && value >= 0;
    case 'boolean': return typeof value === 'boolean';
    case 'type': return typeof value === 'string' ? SIMPLE_TYPES.has(value) : distinctStrings(value, true, SIMPLE_TYPES);
    case 'stringArray': return distinctStrings(value, false);
  }
}

/** One object in a subschema position: every own property a known keyword whose value fits. */
function schemaObject(node: unknown, depth: number): boolean {
  if (depth > MAX_SCHEMA_DEPTH || !isPlainObject(node)) return false;
  for (const key of Object.getOwnPropertyNames(node)) {
    const kind = KINDS.get(key);
    const value = node[key];
    if (kind === undefined || value === undefined || !valueFits(kind, value, depth)) return false;
  }
  return true;
}

/**
 * True only when `schema` is an object schema without `$schema` (the 2020-12 default) that the 2020-12
 * meta-schema accepts, judged on the subset in the module comment; false means "not known here" (ask ajv).
 * Never throws on plain data.
 */
export function surelyMetaValid2020(schema: unknown): boolean {
  return schemaObject(schema, 0);
}
