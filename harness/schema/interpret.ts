/**
 * The interpreting fast path of the schema service (issue 12): a tool schema is compiled once and
 * validated once or twice per run, and ajv's code generation costs far more than those few
 * validations. For a schema in the subset below, `interpretable` returns a validity predicate on
 * @cfworker/json-schema (an interpreter: no code generation); the service answers "valid" from it and
 * asks ajv (compiled then, once) for everything else, so every verdict, issue list, message and
 * pointer stays ajv's. Verdict parity with ajv is proved by test/schema/interpret-parity.test.ts over
 * the JSON-Schema-Test-Suite and the fixtures' schemas.
 *
 * The subset (anything outside it is compiled by ajv as before; `null` is returned):
 * - the schema is valid against its dialect's meta-schema (the caller checks; ajv then compiles it);
 * - no `$id`, `id`, `$anchor`, `$dynamicRef`, `$dynamicAnchor`, `$recursiveRef`, `$recursiveAnchor`,
 *   and `$schema` at the root only: references are plain local JSON pointers (`#/$defs/A`) with simple
 *   tokens whose target is a subschema position; in draft-07, a `$ref` has annotation siblings only
 *   (the interpreter ignores its siblings there, ajv 8 applies them);
 * - `enum` is an array (an empty one, which admits no value, included: ajv compiles it from ./empty-enum.ts's copy);
 * - no `format` (ajv-formats decides formats), no `multipleOf` (ajv divides in floating point, the
 *   interpreter in decimals), no `patternProperties`, no `unevaluatedProperties`/`unevaluatedItems`,
 *   no `$async`/`discriminator` (ajv-specific), no member named like the interpreter's own bookkeeping
 *   (`__absolute_ref__`, `__absolute_recursive_ref__`, `__absolute_uri__`);
 * - no keyword the dialect's ajv engine does not know but the interpreter applies in every draft
 *   (`NOT_IN_DIALECT`: `prefixItems` before 2020-12; `minContains`, `maxContains`, `dependentRequired`,
 *   `dependentSchemas` in draft-07);
 * - every `pattern` is valid ECMA-262 (with the u flag, or without it: a `nonUnicode` pattern runs or is refused
 *   exactly as under ajv, ./regex.ts). Patterns never run on V8's backtracking engine: each
 *   `pattern` of the interpreter's copy is replaced by a private format whose check is the same
 *   linear-time matcher ajv uses (./regex.ts `compilePattern`; a pattern the engine refuses accepts
 *   everything, as under ajv).
 * The interpreter works on its own deep copy where `pattern`s are rewritten (a document with no object
 * holding `pattern` is read in place: the interpreter, given the reference table, never writes to a schema);
 * the caller's schema is never mutated.
 */
import { randomBytes } from 'node:crypto';
import { format as interpreterFormats, ignoredKeyword, schemaArrayKeyword, schemaMapKeyword, validate, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import type { JsonSchema } from '../model/protocol.ts';
import { compilePattern } from './regex.ts';
import { surelyValid } from './sure-valid.ts';
import { mayHoldKeyword } from './walk.ts';
import type { Dialect } from './service.ts';

/** The interpreter's draft name per dialect (draft-06 schemas run on the draft-07 engine, as under ajv). */
const DRAFT: Readonly<Record<Dialect, SchemaDraft>> = { '2020-12': '2020-12', '2019-09': '2019-09', 'draft-07': '7' };

/**
 * Keywords that keep a schema on ajv (see the module comment for why each), and the interpreter's own bookkeeping
 * members (`__absolute_ref__` replaces a node's `$ref` as the key it looks up, a reviewer's way to hide invalid output
 * behind a valid target; `dereference`, which we never call, writes them).
 */
const AJV_ONLY = new Set([
  '$id', 'id', '$anchor', '$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor',
  'format', 'multipleOf', 'patternProperties', 'unevaluatedProperties', 'unevaluatedItems', '$async', 'discriminator',
  '__absolute_ref__', '__absolute_recursive_ref__', '__absolute_uri__',
]);

/**
 * Per dialect, the keywords the interpreter applies in every draft but the dialect's ajv engine does not know (it
 * ignores them, as the dialect says of an unknown keyword): a schema holding one stays on ajv. draft-07 predates
 * `prefixItems`, `minContains`, `maxContains`, `dependentRequired` and `dependentSchemas`; 2019-09 predates
 * `prefixItems` (its tuples are `items` arrays). A reviewer's repros: draft-07 `{prefixItems: [{}], items: {type:
 * 'string'}}` on `[1]` (ajv: invalid; the interpreter skipped the prefix) and `{contains: {const: 1}, minContains: 0}`
 * on `[]` (ajv: invalid). test/schema/interpret-parity.test.ts runs every keyword the interpreter reads in every dialect.
 */
const NOT_IN_DIALECT: Readonly<Record<Dialect, ReadonlySet<string>>> = {
  'draft-07': new Set(['prefixItems', 'minContains', 'maxContains', 'dependentRequired', 'dependentSchemas']),
  '2019-09': new Set(['prefixItems']),
  '2020-12': new Set(),
};

/** Keywords that assert nothing: the only siblings of a draft-07 `$ref` the interpreter takes (it ignores siblings there; ajv 8 applies them). */
const ANNOTATIONS = new Set(['$ref', '$comment', 'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly']);

/** A local reference the interpreter and ajv resolve alike: `#` or `#/tok/tok` with plain tokens. */
const SIMPLE_REF = /^#(?:\/[A-Za-z0-9_$.-]+)*$/;

/** Private format names for patterns: a per-process nonce no server schema can spell. */
const PATTERN_FORMAT = `mcp-harness-pattern-${randomBytes(8).toString('hex')}:`;
/** Pattern text -> its private format name (registered once in the interpreter's format table). */
const patternFormats = new Map<string, string>();

/** The private format for `pattern` (registered on first use), or undefined when ajv refuses to compile it. */
function patternFormat(pattern: string): string | null | undefined {
  const known = patternFormats.get(pattern);
  if (known !== undefined) return known;
  const compiled = compilePattern(pattern);
  if (!compiled.ok && compiled.refusal === 'invalid') return undefined;
  if (!compiled.ok) return null; // refused by the linear-time engine: accepts everything (./regex.ts ajvRegExp)
  const name = `${PATTERN_FORMAT}${patternFormats.size}`;
  const regex = compiled.regex;
  (interpreterFormats as Record<string, (value: string) => boolean>)[name] = (value) => regex.test(value);
  patternFormats.set(pattern, name);
  return name;
}

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

/** RFC 6901 token escape, as the interpreter builds its lookup pointers. */
const token = (key: string): string => (key.indexOf('~') < 0 && key.indexOf('/') < 0 ? key : key.replace(/~/g, '~0').replace(/\//g, '~1'));

/**
 * Walk every node the interpreter dereferences (its own traversal: known applicators, and the values
 * of unknown keywords), rewrite patterns, and say whether the copy stays in the subset. Recursion is
 * bounded by the caller's depth limit (MAX_SCHEMA_DEPTH).
 */
function prepare(node: unknown, pointer: string, seen: Set<string>, refs: string[], dialect: Dialect): boolean {
  if (!isObject(node)) return true;
  seen.add(pointer);
  const keys = Object.keys(node);
  if (dialect === 'draft-07' && '$ref' in node && keys.some((k) => !ANNOTATIONS.has(k))) return false;
  const unknownToAjv = NOT_IN_DIALECT[dialect];
  for (const key of keys) {
    if (AJV_ONLY.has(key) || unknownToAjv.has(key) || (key === '$schema' && pointer !== '')) return false;
    const value = node[key];
    if (key === 'enum' && !Array.isArray(value)) return false; // ajv refuses a non-array enum; `[]` admits no value, here as under ajv
    if (key === '$ref') {
      if (typeof value !== 'string' || !SIMPLE_REF.test(value)) return false;
      refs.push(value.slice(1));
      continue;
    }
    if (key === 'pattern') {
      if (typeof value !== 'string') return false;
      const name = patternFormat(value);
      if (name === undefined) return false;
      delete node.pattern;
      if (name !== null) node.format = name;
      continue;
    }
    if ((ignoredKeyword as Record<string, boolean>)[key]) continue;
    const at = `${pointer}/${token(key)}`;
    if (Array.isArray(value)) {
      if (!(schemaArrayKeyword as Record<string, boolean>)[key]) continue;
      for (let i = 0; i < value.length; i++) if (!prepare(value[i], `${at}/${i}`, seen, refs, dialect)) return false;
    } else if ((schemaMapKeyword as Record<string, boolean>)[key]) {
      if (!isObject(value)) return false;
      for (const name of Object.keys(value)) if (!prepare(value[name], `${at}/${token(name)}`, seen, refs, dialect)) return false;
    } else if (!prepare(value, at, seen, refs, dialect)) return false;
  }
  return true;
}

/** Thrown inside `plainCopy` at a value it does not copy itself (structuredClone then copies the whole schema). */
const NOT_PLAIN = Symbol('not plain JSON data');

/**
 * A deep copy of plain JSON-like data (null, booleans, numbers, strings, bigints, undefined, dense arrays
 * without extra properties, objects whose prototype is Object.prototype or null), as structuredClone makes it
 * (own enumerable string keys, values read once, a null prototype becomes Object.prototype); anything else
 * (a Date, a Map, a class instance, a function, a symbol, a sparse array) throws NOT_PLAIN. Recursion is
 * bounded by the caller's depth limit. Several times faster than structuredClone on tool schemas.
 */
function plainCopy(value: unknown): unknown {
  if (value === null || (typeof value !== 'object' && typeof value !== 'function' && typeof value !== 'symbol')) return value;
  if (typeof value !== 'object') throw NOT_PLAIN;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype || Object.keys(value).length !== value.length) throw NOT_PLAIN;
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = plainCopy(value[i]);
    return out;
  }
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) throw NOT_PLAIN;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const copied = plainCopy((value as Record<string, unknown>)[key]);
    // a key named __proto__ stays an own property, as structuredClone keeps it
    if (key === '__proto__') Object.defineProperty(out, key, { value: copied, writable: true, enumerable: true, configurable: true });
    else out[key] = copied;
  }
  return out;
}

/** The interpreter's private copy of a schema: `plainCopy`, or structuredClone for anything else. */
function copyOf(schema: Record<string, unknown>): Record<string, unknown> {
  try {
    return plainCopy(schema) as Record<string, unknown>;
  } catch (error) {
    if (error !== NOT_PLAIN) throw error;
    return structuredClone(schema);
  }
}

/**
 * The interpreter's reference table for a prepared copy: each `$ref` string (`#`, `#/a/b`, plain tokens,
 * every target a position `prepare` visited) -> its target in the copy. The interpreter resolves a `$ref`
 * as `lookup[$ref]` when the node carries no absolute URI of its own; inside the subset (no `$id`, no
 * anchors, no recursive refs) that is the node @cfworker/json-schema's `dereference` would register for it,
 * without its URL parsing and per-node annotations.
 */
function refTable(copy: Record<string, unknown>, refs: readonly string[]): Record<string, Schema> {
  const lookup = Object.create(null) as Record<string, Schema>;
  for (const ref of refs) {
    let node: unknown = copy;
    for (const name of ref === '' ? [] : ref.slice(1).split('/')) node = (node as Record<string, unknown>)[name];
    lookup[`#${ref}`] = node as Schema;
  }
  return lookup;
}

/** The interpreter's inputs for a schema of the subset: its prepared copy, the reference table and the draft name. */
export interface InterpreterInput {
  /** The copy `validate` reads (the caller's schema itself when no `pattern` had to be rewritten; never written to). */
  copy: Schema;
  /** `$ref` string -> its target in `copy`. */
  lookup: Record<string, Schema>;
  /** The interpreter's draft name for the dialect. */
  draft: SchemaDraft;
}

/**
 * The interpreter's inputs for `schema` (already stripped of `nullable`, meta-valid for `dialect`, not too deep, every
 * `$ref` local and resolving), or `null` when the schema is outside the subset and must go to ajv (see the module
 * comment). Never throws.
 */
export function interpreterInput(schema: Record<string, unknown>, dialect: Dialect): InterpreterInput | null {
  // `prepare` changes a copy only where it rewrites a `pattern`, and the interpreter only reads (the
  // reference table is given): a document where no object holds `pattern` (nor a prototype it cannot
  // vouch for, nor a function or symbol, which copyOf refuses by throwing) is validated as it is,
  // without a deep copy kept per validator
  let copy: Record<string, unknown>;
  try {
    copy = mayHoldKeyword(schema, 'pattern', { alsoAtNonData: true }) ? copyOf(schema) : schema;
  } catch {
    return null; // a member no copy can hold (a function, a symbol: not JSON, so not a listing's): ajv judges it
  }
  const seen = new Set<string>();
  const refs: string[] = [];
  if (!prepare(copy, '', seen, refs, dialect)) return null;
  for (const ref of refs) if (!seen.has(ref)) return null;
  return { copy: copy as Schema, lookup: refTable(copy, refs), draft: DRAFT[dialect] };
}

/**
 * A validity predicate for `schema` (already stripped of `nullable`, meta-valid for `dialect`, not
 * too deep, every `$ref` local and resolving) on the interpreter, or `null` when the schema is outside
 * the subset and must go to ajv. The predicate returns `undefined` when the interpreter throws (the
 * caller then asks ajv). It asks ./sure-valid.ts first, which says "valid" only where the interpreter
 * would. Never throws; never runs a server pattern on a backtracking engine.
 */
export function interpretable(schema: JsonSchema, dialect: Dialect): ((instance: unknown) => boolean | undefined) | null {
  if (typeof schema === 'boolean') return () => schema;
  if (!isObject(schema)) return null;
  const input = interpreterInput(schema, dialect);
  if (!input) return null;
  const { copy, lookup, draft } = input;
  return (instance) => {
    try {
      // the one-sided fast path: `true` only where the interpreter says valid too (./sure-valid.ts)
      if (surelyValid(instance, copy, draft, lookup)) return true;
      return validate(instance, copy, draft, lookup, true).valid;
    } catch {
      return undefined;
    }
  };
}
