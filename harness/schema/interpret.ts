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
 * - `enum` is a non-empty array (ajv refuses an empty one at compile time; meta-schemas since 2019-09 allow it);
 * - no `format` (ajv-formats decides formats), no `multipleOf` (ajv divides in floating point, the
 *   interpreter in decimals), no `patternProperties`, no `unevaluatedProperties`/`unevaluatedItems`,
 *   no `$async`/`discriminator` (ajv-specific);
 * - every `pattern` is valid ECMA-262 (u flag). Patterns never run on V8's backtracking engine: each
 *   `pattern` of the interpreter's copy is replaced by a private format whose check is the same
 *   linear-time matcher ajv uses (./regex.ts `compilePattern`; a pattern the engine refuses accepts
 *   everything, as under ajv).
 * The interpreter works on its own deep copy (it annotates the schema objects it dereferences); the
 * caller's schema is never mutated.
 */
import { randomBytes } from 'node:crypto';
import { dereference, format as interpreterFormats, ignoredKeyword, schemaArrayKeyword, schemaMapKeyword, validate, type Schema, type SchemaDraft } from '@cfworker/json-schema';
import type { JsonSchema } from '../model/protocol.ts';
import { compilePattern } from './regex.ts';
import type { Dialect } from './service.ts';

/** The interpreter's draft name per dialect (draft-06 schemas run on the draft-07 engine, as under ajv). */
const DRAFT: Readonly<Record<Dialect, SchemaDraft>> = { '2020-12': '2020-12', '2019-09': '2019-09', 'draft-07': '7' };

/** Keywords that keep a schema on ajv (see the module comment for why each). */
const AJV_ONLY = new Set([
  '$id', 'id', '$anchor', '$dynamicRef', '$dynamicAnchor', '$recursiveRef', '$recursiveAnchor',
  'format', 'multipleOf', 'patternProperties', 'unevaluatedProperties', 'unevaluatedItems', '$async', 'discriminator',
]);

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
const token = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Walk every node the interpreter dereferences (its own traversal: known applicators, and the values
 * of unknown keywords), rewrite patterns, and say whether the copy stays in the subset. Recursion is
 * bounded by the caller's depth limit (MAX_SCHEMA_DEPTH).
 */
function prepare(node: unknown, pointer: string, seen: Set<string>, refs: string[], draft07: boolean): boolean {
  if (!isObject(node)) return true;
  seen.add(pointer);
  const keys = Object.keys(node);
  if (draft07 && '$ref' in node && keys.some((k) => !ANNOTATIONS.has(k))) return false;
  for (const key of keys) {
    if (AJV_ONLY.has(key) || (key === '$schema' && pointer !== '')) return false;
    const value = node[key];
    if (key === 'enum' && (!Array.isArray(value) || value.length === 0)) return false; // ajv: "enum must have non-empty array"
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
      for (let i = 0; i < value.length; i++) if (!prepare(value[i], `${at}/${i}`, seen, refs, draft07)) return false;
    } else if ((schemaMapKeyword as Record<string, boolean>)[key]) {
      if (!isObject(value)) return false;
      for (const name of Object.keys(value)) if (!prepare(value[name], `${at}/${token(name)}`, seen, refs, draft07)) return false;
    } else if (!prepare(value, at, seen, refs, draft07)) return false;
  }
  return true;
}

/**
 * A validity predicate for `schema` (already stripped of `nullable`, meta-valid for `dialect`, not
 * too deep, every `$ref` local and resolving) on the interpreter, or `null` when the schema is outside
 * the subset and must go to ajv. The predicate returns `undefined` when the interpreter throws (the
 * caller then asks ajv). Never throws; never runs a server pattern on a backtracking engine.
 */
export function interpretable(schema: JsonSchema, dialect: Dialect): ((instance: unknown) => boolean | undefined) | null {
  if (typeof schema === 'boolean') return () => schema;
  if (!isObject(schema)) return null;
  const copy = structuredClone(schema);
  const seen = new Set<string>();
  const refs: string[] = [];
  if (!prepare(copy, '', seen, refs, dialect === 'draft-07')) return null;
  for (const ref of refs) if (!seen.has(ref)) return null;
  const draft = DRAFT[dialect];
  let lookup: ReturnType<typeof dereference>;
  try {
    lookup = dereference(copy as Schema);
  } catch {
    return null;
  }
  return (instance) => {
    try {
      return validate(instance, copy as Schema, draft, lookup, true).valid;
    } catch {
      return undefined;
    }
  };
}
