/**
 * Portability analysis of one JSON Schema document (pure, value-free): things that are legal JSON
 * Schema but make clients, model APIs or the author's intent diverge. Used by the schema/portability
 * check. Kinds:
 * - `nullable`: the OpenAPI 3.0 keyword, ignored by JSON Schema (null stays invalid); not when the
 *   `type` already admits null (JSON Schema and OpenAPI readers then agree);
 * - `openapi-annotation`: `example`, `discriminator` (OpenAPI-only) and `readOnly` in an input schema;
 * - `unknown-format`: a `format` outside the JSON Schema 2020-12 Validation §7.3 list;
 * - `empty-enum`: an `enum` with no member (JSON Schema Validation §6.1.2: the array "SHOULD have at least one
 *   element"): valid, but no value can validate there (not also reported as `type-unreachable`); also where only a
 *   local `$ref` reaches it (a target under an unknown keyword);
 * - `enum-duplicate`: an `enum` member equal to an earlier one (§6.1.2: "Elements in the array SHOULD be unique");
 * - `enum-outside-type`: an enum member whose JSON type the `type` keyword does not admit;
 * - `type-unreachable`: a `type` member that no enum member has (e.g. null admitted, not listed);
 * - `default-invalid`: a `default` that its own `type`/`enum`/`const` rejects (a `default: null` beside
 *   `nullable: true` is the `nullable` note's consequence, not reported twice);
 * - `ref-outside-defs`: a local `$ref` whose target is not under `$defs`/`definitions`;
 * - `recursive-ref`: a `$ref` that takes part in a cycle (valid, but unbounded depth);
 * - `required-undeclared`: a `required` name that `properties` lacks (no applicator, `$ref` or
 *   `patternProperties` could supply it); `required-unsatisfiable` when `additionalProperties: false`
 *   also forbids it, so no instance can validate; neither under an odd number of `not`s, where `required` forbids
 *   (nor in a `$defs` entry that only such subschemas `$ref`); a name that a schema applying to the same instance
 *   declares (the parent of an `if`/`then`/`else`/`allOf`/`anyOf`/`oneOf`/`not`/`dependentSchemas` subschema, or
 *   another `allOf` member) is not undeclared (`declaredInPlace`);
 * - `property-name`: a top-level INPUT property name outside `^[a-zA-Z0-9_.-]{1,64}$` (model APIs reject the
 *   tool); `nested-property-name` the same deeper down (some clients may reject it; the APIs check the top level).
 *   Input schemas only: the rule is the model APIs' rule for function parameter names (Anthropic `input_schema`,
 *   OpenAI function `parameters`); an output schema is never sent to a model API, and no documented rule constrains
 *   its property names (review D4: a `wind speed` result property was warned about);
 * - `keyword-type-mismatch`: a type-specific keyword (`properties` on a string, `minLength` on an
 *   integer, ...) on a subschema whose `type` excludes that type, so the keyword never applies.
 */
import { jsonEqual, sortedJson } from './sorted-json.ts';
import { joinPointer, parsePointer } from './pointer.ts';
import type { JsonSchema } from '../model/protocol.ts';
import { emptyEnumSites } from './empty-enum.ts';
import { findRefs, recursiveRefs, type RefSite } from './refs.ts';
import { walkSchema, type SchemaVisit } from './walk.ts';

/** One portability note; `pointer` is relative to the schema root and names the keyword. */
export interface PortabilityIssue {
  pointer: string;
  kind:
    | 'nullable'
    | 'openapi-annotation'
    | 'unknown-format'
    | 'empty-enum'
    | 'enum-duplicate'
    | 'enum-outside-type'
    | 'type-unreachable'
    | 'default-invalid'
    | 'ref-outside-defs'
    | 'recursive-ref'
    | 'required-undeclared'
    | 'required-unsatisfiable'
    | 'property-name'
    | 'nested-property-name'
    | 'keyword-type-mismatch';
  keyword: string;
}

/** Formats defined by JSON Schema 2020-12 Validation §7.3 (2019-09 and draft-07 define subsets). */
export const STANDARD_FORMATS: ReadonlySet<string> = new Set([
  'date-time', 'date', 'time', 'duration', 'email', 'idn-email', 'hostname', 'idn-hostname', 'ipv4', 'ipv6',
  'uri', 'uri-reference', 'iri', 'iri-reference', 'uuid', 'uri-template', 'json-pointer', 'relative-json-pointer', 'regex',
]);

/** The JSON Schema type names of a value (an integer is also a number). */
export function jsonTypesOf(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  if (typeof value === 'object') return ['object'];
  return [typeof value];
}

/** The declared `type` as a list, or undefined when absent or malformed. */
function declaredTypes(node: Record<string, unknown>): string[] | undefined {
  if (typeof node.type === 'string') return [node.type];
  if (Array.isArray(node.type) && node.type.every((t) => typeof t === 'string')) return node.type as string[];
  return undefined;
}

/** Type/enum/default consistency of one subschema. */
function typeIssues(node: Record<string, unknown>, v: SchemaVisit, out: PortabilityIssue[]): void {
  const types = declaredTypes(node);
  const admits = (v: unknown): boolean => !types || jsonTypesOf(v).some((t) => types.includes(t));
  const enumList = Array.isArray(node.enum) ? node.enum : undefined;
  if (enumList?.length === 0) out.push({ pointer: joinPointer(v.pointer, 'enum'), kind: 'empty-enum', keyword: 'enum' });
  else if (enumList && enumList.length > 1) {
    const seen = new Set<string>();
    enumList.forEach((m, i) => {
      const text = sortedJson(m);
      if (seen.has(text)) out.push({ pointer: joinPointer(v.pointer, 'enum', i), kind: 'enum-duplicate', keyword: 'enum' });
      seen.add(text);
    });
  }
  if (enumList && enumList.length > 0 && types) {
    enumList.forEach((m, i) => !admits(m) && out.push({ pointer: joinPointer(v.pointer, 'enum', i), kind: 'enum-outside-type', keyword: 'enum' }));
    types.forEach((t, i) => {
      const reachable = enumList.some((m) => jsonTypesOf(m).includes(t));
      if (!reachable) out.push({ pointer: typeof node.type === 'string' ? joinPointer(v.pointer, 'type') : joinPointer(v.pointer, 'type', i), kind: 'type-unreachable', keyword: 'type' });
    });
  }
  // `default: null` under OpenAPI's `nullable: true` is what the author meant; the `nullable` note says why it fails
  if ('default' in node && !(node.default === null && node.nullable === true)) {
    const d = node.default;
    const ok = admits(d) && (!enumList || enumList.some((m) => jsonEqual(m, d))) && (!('const' in node) || jsonEqual(node.const, d));
    if (!ok) out.push({ pointer: joinPointer(v.pointer, 'default'), kind: 'default-invalid', keyword: 'default' });
  }
}

/** Keyword-level notes of one subschema (OpenAPI-isms, formats). */
function keywordIssues(node: Record<string, unknown>, v: SchemaVisit, side: 'input' | 'output', out: PortabilityIssue[]): void {
  if ('nullable' in node && !(node.nullable === true && declaredTypes(node)?.includes('null'))) out.push({ pointer: joinPointer(v.pointer, 'nullable'), kind: 'nullable', keyword: 'nullable' });
  for (const k of ['example', 'discriminator']) if (k in node) out.push({ pointer: joinPointer(v.pointer, k), kind: 'openapi-annotation', keyword: k });
  if (side === 'input' && node.readOnly === true) out.push({ pointer: joinPointer(v.pointer, 'readOnly'), kind: 'openapi-annotation', keyword: 'readOnly' });
  if (typeof node.format === 'string' && !STANDARD_FORMATS.has(node.format)) out.push({ pointer: joinPointer(v.pointer, 'format'), kind: 'unknown-format', keyword: 'format' });
}

/** Input property names model APIs accept (Anthropic and OpenAI tool input schemas; output schemas are not theirs). */
export const PORTABLE_PROPERTY_NAME = /^[a-zA-Z0-9_.-]{1,64}$/;

/** Keywords that apply to one instance type only, by that type. */
const TYPE_KEYWORDS_BY_TYPE: Record<string, string[]> = {
  object: ['properties', 'required', 'additionalProperties', 'patternProperties', 'minProperties', 'maxProperties', 'propertyNames', 'dependentRequired'],
  array: ['items', 'prefixItems', 'minItems', 'maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains'],
  string: ['minLength', 'maxLength', 'pattern'],
  number: ['minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf'],
};

/**
 * Each type-specific keyword's type and its place in the notes' order (TYPE_KEYWORDS_BY_TYPE's types, then each
 * type's keywords, in declaration order), made once: a node's own names are looked up here instead of every keyword
 * of every type being looked up on the node (issue 12).
 */
const TYPE_KEYWORD_INFO: ReadonlyMap<string, { type: string; rank: number }> = new Map(
  Object.entries(TYPE_KEYWORDS_BY_TYPE).flatMap(([type, keywords], t) => keywords.map((keyword, k) => [keyword, { type, rank: t * 100 + k }] as const)),
);

/** Keywords through which other subschemas can add properties or requirements (judging `required` is then left alone). */

const COMPOSING = ['allOf', 'anyOf', 'oneOf', '$ref', '$dynamicRef', 'if', 'dependentSchemas', 'dependencies', 'patternProperties', 'unevaluatedProperties'];

/**
 * Whether a subschema sits under an odd number of `not`s (its visit's keyword path): there a `required` name is one the
 * instance must NOT carry (JSON Schema 2020-12 Core §10.2.1.4), e.g. `not: {properties: {}, required: ['x']}`, the oneOf
 * idiom that tells result branches apart (sweep 37: agent-device 0.21.5), or `not: {required: ['a', 'b']}` for mutually
 * exclusive arguments; nobody has to supply it, so neither `required-undeclared` nor `required-unsatisfiable` applies.
 */
function negated(v: SchemaVisit, negatedTargets: ReadonlySet<string>): boolean {
  const own = v.via.filter((k) => k === 'not').length % 2 === 1;
  if (negatedTargets.size === 0 || !v.via.some((k) => k === '$defs' || k === 'definitions')) return own;
  const pointer = v.pointer;
  for (const target of negatedTargets) if (pointer === target || pointer.startsWith(`${target}/`)) return !own;
  return own;
}

/**
 * The local `$ref`/`$dynamicRef` targets (document pointers) that only subschemas under an odd number of `not`s
 * reference: the same idiom as `not: {required: [...]}` with the negated schema shared through `$defs`
 * (`not: {$ref: '#/$defs/Verified'}`), where a `required` name is one the instance must not carry. A target also
 * referenced outside a `not`, or from a `$defs` entry (one level of references is followed), is not negated.
 */
function negatedRefTargets(schema: unknown, sites: readonly RefSite[]): Set<string> {
  const negatedHolders = new Map<string, boolean>();
  walkSchema(schema, (visit) => {
    const node = visit.node;
    if (typeof node === 'boolean' || (!Object.hasOwn(node, '$ref') && !Object.hasOwn(node, '$dynamicRef'))) return;
    const inDefs = visit.via.some((k) => k === '$defs' || k === 'definitions');
    negatedHolders.set(visit.pointer, !inDefs && negated(visit, new Set()));
  });
  const byTarget = new Map<string, boolean>();
  for (const site of sites) {
    if (site.kind !== 'local' || site.target === undefined || site.target === '') continue;
    const odd = negatedHolders.get(site.holder) === true;
    byTarget.set(site.target, (byTarget.get(site.target) ?? true) && odd);
  }
  return new Set([...byTarget].filter(([, odd]) => odd).map(([target]) => target));
}

/** Keywords whose subschema applies to the same instance as the schema holding it, one token after the keyword. */
const IN_PLACE_ONE = new Set(['not', 'if', 'then', 'else']);
/** Keywords whose subschemas (an index or a name after the keyword) apply to the same instance as the schema holding them. */
const IN_PLACE_TWO = new Set(['allOf', 'anyOf', 'oneOf', 'dependentSchemas', 'dependencies']);

/** Keywords followed by a name or an index, then the subschema (an array-form `items` too: see `declaredInPlace`). */
const NAMED_SUBSCHEMAS = new Set(['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies', 'allOf', 'anyOf', 'oneOf', 'prefixItems']);

/** Whether `node` is an object whose `properties` object has `name`. */
function declares(node: unknown, name: string): boolean {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return false;
  const props = (node as Record<string, unknown>).properties;
  return props !== null && typeof props === 'object' && !Array.isArray(props) && Object.hasOwn(props, name);
}

/**
 * Whether a schema that applies to the same instance as the subschema at `pointer` declares property `name` in its
 * `properties`: each ancestor reached from it through in-place applicators only (`allOf`/`anyOf`/`oneOf` members,
 * `not`, `if`, `then`, `else`, `dependentSchemas`/`dependencies` entries; JSON Schema 2020-12 Core §10.2), and the other
 * members of an `allOf` on the way (they all apply). A `required` in such a subschema often names a property its
 * parent declares (`if: {properties: {kind: {const: 'x'}}, required: ['kind', 'path']}` beside `properties.path`):
 * clients that build forms or arguments from `properties` can supply it. Walks the root to `pointer` once; only asked
 * for a name the subschema itself does not declare. Pure.
 */
function declaredInPlace(root: unknown, pointer: string, name: string): boolean {
  const tokens = parsePointer(pointer);
  const nodes: unknown[] = [root];
  for (const token of tokens) {
    const at = nodes[nodes.length - 1];
    if (at === null || typeof at !== 'object') return false;
    nodes.push((at as Record<string, unknown>)[token]);
  }
  // which tokens are keywords: a property, $defs or pattern name (or an index) after a keyword that names its
  // subschemas is not one, though it may read `then` or `allOf` (a property named so is a nested object)
  const keyword: boolean[] = tokens.map(() => false);
  for (let i = 0; i < tokens.length; i += NAMED_SUBSCHEMAS.has(tokens[i] as string) || (tokens[i] === 'items' && Array.isArray(nodes[i + 1])) ? 2 : 1) keyword[i] = true;
  let k = tokens.length;
  for (;;) {
    let up: number;
    if (k >= 1 && keyword[k - 1] && IN_PLACE_ONE.has(tokens[k - 1] as string)) up = k - 1;
    else if (k >= 2 && keyword[k - 2] && IN_PLACE_TWO.has(tokens[k - 2] as string)) {
      up = k - 2;
      const members = nodes[k - 1];
      if (tokens[k - 2] === 'allOf' && Array.isArray(members) && members.some((m, i) => String(i) !== tokens[k - 1] && declares(m, name))) return true;
    } else return false;
    if (declares(nodes[up], name)) return true;
    k = up;
  }
}

/** `required`, property names (of an input schema only) and type-specific keywords of one subschema. */
function shapeIssues(node: Record<string, unknown>, v: SchemaVisit, side: 'input' | 'output', out: PortabilityIssue[], negatedTargets: ReadonlySet<string>, root: unknown): void {
  const props = node.properties !== null && typeof node.properties === 'object' && !Array.isArray(node.properties) ? (node.properties as Record<string, unknown>) : undefined;
  if (props && side === 'input') {
    for (const name of Object.keys(props)) {
      if (PORTABLE_PROPERTY_NAME.test(name)) continue;
      out.push({ pointer: joinPointer(v.pointer, 'properties', name), kind: v.parent === undefined ? 'property-name' : 'nested-property-name', keyword: 'properties' });
    }
  }
  const closed = node.additionalProperties === false;
  if (Array.isArray(node.required) && !COMPOSING.some((k) => Object.hasOwn(node, k)) && (props || closed) && !negated(v, negatedTargets)) {
    node.required.forEach((name, i) => {
      if (typeof name !== 'string' || (props && Object.hasOwn(props, name))) return;
      if (!closed && v.parent !== undefined && declaredInPlace(root, v.pointer, name)) return;
      out.push({ pointer: joinPointer(v.pointer, 'required', i), kind: closed ? 'required-unsatisfiable' : 'required-undeclared', keyword: 'required' });
    });
  }
  const types = declaredTypes(node);
  if (types) {
    // the node's own names (what Object.hasOwn sees), notes in TYPE_KEYWORDS_BY_TYPE's order
    let misplaced: { keyword: string; rank: number }[] | undefined;
    for (const name of Object.getOwnPropertyNames(node)) {
      const info = TYPE_KEYWORD_INFO.get(name);
      if (info === undefined || types.includes(info.type) || (info.type === 'number' && types.includes('integer'))) continue;
      (misplaced ??= []).push({ keyword: name, rank: info.rank });
    }
    if (misplaced) {
      misplaced.sort((a, b) => a.rank - b.rank);
      for (const { keyword } of misplaced) out.push({ pointer: joinPointer(v.pointer, keyword), kind: 'keyword-type-mismatch', keyword });
    }
  }
}

/**
 * Empty enums the walk cannot see: in subschemas reached only through a local `$ref` into a place the walker does not
 * descend (an unknown keyword, `#/x-lib/N`), which ajv compiles all the same (./empty-enum.ts finds them). Looked for
 * only when some local `$ref` leads outside `$defs`/`definitions`; an empty enum `out` already notes is not noted again.
 */
function referencedEmptyEnums(schema: unknown, sites: readonly RefSite[], out: PortabilityIssue[]): void {
  const outside = sites.some((s) => s.kind === 'local' && s.target !== undefined && !/^\/(?:\$defs|definitions)(?:\/|$)/.test(s.target));
  if (!outside) return;
  const seen = new Set(out.filter((n) => n.kind === 'empty-enum').map((n) => n.pointer));
  for (const site of emptyEnumSites(schema as JsonSchema)) {
    const pointer = joinPointer(site, 'enum');
    if (!seen.has(pointer)) out.push({ pointer, kind: 'empty-enum', keyword: 'enum' });
  }
}

/** Ref notes: targets outside `$defs`/`definitions` and recursive refs. */
function refNotes(sites: RefSite[]): PortabilityIssue[] {
  const recursive = new Set(recursiveRefs(sites));
  const out: PortabilityIssue[] = [];
  for (const s of sites) {
    if (recursive.has(s)) out.push({ pointer: s.pointer, kind: 'recursive-ref', keyword: s.keyword });
    else if (s.kind === 'local' && s.target !== undefined && s.target !== '') {
      const tokens = parsePointer(s.target);
      if (!tokens.includes('$defs') && !tokens.includes('definitions')) out.push({ pointer: s.pointer, kind: 'ref-outside-defs', keyword: s.keyword });
    }
  }
  return out;
}

/** All portability notes of a schema (never throws; non-schema input yields none). */
export function portabilityIssues(schema: unknown, side: 'input' | 'output'): PortabilityIssue[] {
  const out: PortabilityIssue[] = [];
  try {
    const sites = findRefs(schema);
    // a $defs entry referenced only under a `not` (its `required` forbids): none for a schema without $refs
    const negatedTargets = sites.length === 0 ? new Set<string>() : negatedRefTargets(schema, sites);
    // the visit, not its pointer: a pointer is built only for a note (./walk.ts)
    walkSchema(schema, (visit) => {
      const node = visit.node;
      if (typeof node === 'boolean') return;
      keywordIssues(node, visit, side, out);
      typeIssues(node, visit, out);
      shapeIssues(node, visit, side, out, negatedTargets, schema);
    });
    referencedEmptyEnums(schema, sites, out);
    for (const note of refNotes(sites)) out.push(note); // no spread: as many as the schema's $refs
  } catch {
    // A malformed document cannot be analysed further; schema/compile and schema/dialect report it.
  }
  return out;
}
