/**
 * The canonical form of a JSON Schema for comparisons (the narrowing comparator, `diff`) and for the
 * lock's schema hash: one spelling per meaning, with a map back from every canonical JSON pointer to
 * the pointer of what the document really said, so that findings name what the server sent.
 *
 * Object key order never matters (comparisons and hashes serialise through ./sorted-json.ts). Also here: the OpenAPI `nullable` keyword's validation
 * semantics (`withoutNullableKeyword`), used by the schema service.
 */
import type { JsonSchema } from '../model/protocol.ts';
import { isTooDeep } from './depth.ts';
import { LIST, MAP, MAX_INLINED_NODES, SINGLE, inliningFits, localTarget, mergeable } from './inline-budget.ts';
import { joinPointer, parsePointer, resolvePointer } from './pointer.ts';
import { sortedJson } from './sorted-json.ts';
import { mayHoldKeyword, walkSchema } from './walk.ts';

/** Version of the canonical form this module produces; lock files record it (see contract/lock-format.ts). */
export const CANONICAL_FORM = 4;

/** A canonicalised schema and the way back to the raw document's pointers. */
export interface CanonicalSchema {
  /** The schema in canonical form (a fresh value where anything was canonicalised; the input is never mutated). */
  schema: unknown;
  /**
   * The raw-document pointer for a pointer into `schema` ('' = root). A pointer into a part that
   * canonicalisation moved maps to where the raw document spelled it; one that does not exist in the
   * raw document (a removed keyword) maps to its nearest existing ancestor's raw pointer plus the rest.
   */
  rawPointer(canonicalPointer: string): string;
  /**
   * True when the document's local `$ref`s were kept because inlining them all exceeds the budget
   * (./inline-budget.ts): such a form compares with another past the budget, not with an inlined one.
   */
  pastBudget?: boolean;
}

/** Keywords an instance of `null` passes whatever their value (type-specific assertions and annotations). */
const NULL_NEUTRAL = new Set([
  'type', 'title', 'description', '$comment', 'examples', 'default', 'deprecated', 'readOnly', 'writeOnly', 'format', 'contentEncoding', 'contentMediaType',
  'minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'multipleOf',
  'items', 'prefixItems', 'additionalItems', 'minItems', 'maxItems', 'uniqueItems', 'contains', 'minContains', 'maxContains', 'unevaluatedItems',
  'properties', 'required', 'additionalProperties', 'patternProperties', 'propertyNames', 'minProperties', 'maxProperties', 'dependentRequired', 'dependentSchemas', 'dependencies', 'unevaluatedProperties',
]);
/** Thrown (and caught in `canonicalise`) when an inlining pass builds more than MAX_INLINED_NODES nodes: none is inlined then. */
class OverBudget extends Error {}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const isSchema = (v: unknown): boolean => typeof v === 'boolean' || isObject(v);

/** One keyword of a node being built: its value and the raw pointer of where the document spelled it. */
type Entry = [key: string, value: unknown, raw: string];

interface Context {
  root: unknown;
  /** canonical pointer -> raw pointer. */
  map: Map<string, string>;
  /** Local `$ref`s being expanded (cycle guard). */
  expanding: string[];
  /** Drop `$defs`/`definitions` (every local `$ref` was inlined). */
  dropDefs: boolean;
  /** Set when a local `$ref` stayed a reference (a cycle, an unmergeable sibling; every one when `inline` is off). */
  keptRef: boolean;
  /** Inline local `$ref`s (off when inlining all of them exceeds the budget: then none is, whatever the key order). */
  inline: boolean;
  /** Nodes built so far (an inlining pass past MAX_INLINED_NODES throws OverBudget). */
  nodes: number;
  /** The canonical form being built (the equivalences of form 3 apply from 3 on). */
  form: number;
  /** Form 3 keeps composition lists as written (a `$ref` names one of their branches by index: refersIntoList). */
  keepLists: boolean;
  /** The document may use `unevaluatedProperties`/`unevaluatedItems`, for which an always-true sibling is not the same as none. */
  unevaluated: boolean;
}

/** `#/definitions/X` -> `#/$defs/X` (the 2020-12 spelling). */
const refSpelling = (ref: string): string => ref.replace(/^#\/definitions(?=\/|$)/, '#/$defs');

/** `type` as a sorted, duplicate-free list (`'string'` stays a string). */
function typeValue(type: unknown, addNull: boolean): unknown {
  if (typeof type !== 'string' && !Array.isArray(type)) return type;
  const list = Array.isArray(type) ? [...type] : [type];
  if (!list.every((t) => typeof t === 'string')) return type;
  if (addNull) list.push('null');
  const set = [...new Set(list as string[])].sort();
  return set.length === 1 ? set[0] : set;
}

/** The `{ X, {type:'null'} }` pair of an anyOf/oneOf that means "X or null", as [X's index, X]. */
function nullablePair(list: unknown): [number, Json] | undefined {
  if (!Array.isArray(list) || list.length !== 2) return undefined;
  const isNull = (v: unknown) => isObject(v) && Object.keys(v).length === 1 && v.type === 'null';
  const k = isNull(list[1]) ? 0 : isNull(list[0]) ? 1 : -1;
  if (k < 0 || !isObject(list[k])) return undefined;
  const x = list[k] as Json;
  const typeOk = typeof x.type === 'string' ? x.type !== 'null' : Array.isArray(x.type) && !x.type.includes('null') && x.type.every((t) => typeof t === 'string');
  if (!typeOk || !Object.keys(x).every((key) => NULL_NEUTRAL.has(key))) return undefined;
  return [k, x];
}

/**
 * Form 4: the entries of a node whose `allOf` is one bare `$ref` (`{allOf: [{$ref: X}], ...rest}`), with that `$ref` in
 * the `allOf`'s place (`{$ref: X, ...rest}`, which 2020-12 reads alike: a `$ref` applies beside its siblings), its raw
 * pointer `allOf/0/$ref`. zod writes a reference beside other keywords (a recursive schema behind `.optional()` or
 * `.describe()`) so for draft-07, where a `$ref` ignores its siblings, and as the plain `$ref` for 2020-12: the SDK 1.x
 * and 2.x projections of one schema. The `$ref` is then inlined or kept as any other. Undefined when the node has
 * no such `allOf`, or a `$ref` of its own. Any other `allOf` of one schema is kept (the comparator's allOf rules read it).
 */
function foldedAllOf(entries: Entry[]): Entry[] | undefined {
  const at = entries.findIndex(([k]) => k === 'allOf');
  if (at < 0) return undefined;
  const [, list, listRaw] = entries[at];
  if (!Array.isArray(list) || list.length !== 1 || !isObject(list[0])) return undefined;
  const branch = list[0];
  if (Object.keys(branch).length !== 1 || typeof branch.$ref !== 'string' || entries.some(([k]) => k === '$ref')) return undefined;
  return [['$ref', branch.$ref, joinPointer(listRaw, 0, '$ref')], ...entries.filter((_, i) => i !== at)];
}

/** Entries of a raw node after the keyword-level equivalences (`$ref`, nullable forms, `const`, tuple `items`). */
function entriesOf(node: Json, raw: string, ctx: Context): Entry[] {
  let entries: Entry[] = Object.keys(node).map((k) => [k, node[k], joinPointer(raw, k)]);
  for (;;) {
    for (let ref = entries.find(([k]) => k === '$ref'); ref !== undefined; ref = entries.find(([k]) => k === '$ref')) {
      const target = localTarget(ref[1]);
      if (target === undefined) break;
      if (!ctx.inline) {
        ctx.keptRef = true;
        break;
      }
      const found = resolvePointer(ctx.root, target);
      const siblings = entries.filter(([k]) => k !== '$ref');
      if (found.found && mergeable(found.value, siblings.map(([k]) => k)) && !ctx.expanding.includes(target)) {
        const t = found.value;
        entries = [...Object.keys(t).map((k): Entry => [k, t[k], joinPointer(target, k)]), ...siblings];
        ctx.expanding.push(target);
        continue;
      }
      if (found.found && typeof found.value === 'boolean' && siblings.length === 0) return [['\u0000boolean', found.value, target]];
      ctx.keptRef = true;
      break;
    }
    const folded = ctx.form >= 4 ? foldedAllOf(entries) : undefined;
    if (folded === undefined) break;
    entries = folded; // its `$ref`, inlined or kept as any other
  }
  for (const key of ['anyOf', 'oneOf']) {
    const at = entries.findIndex(([k]) => k === key);
    if (at < 0) continue;
    const [, list, listRaw] = entries[at];
    const pair = nullablePair(list);
    if (!pair) continue;
    const [k, x] = pair;
    const others = entries.filter((_, i) => i !== at);
    if (others.some(([o]) => o in x)) continue;
    entries = [...others, ...Object.keys(x).map((o): Entry => [o, o === 'type' ? typeValue(x.type, true) : x[o], joinPointer(listRaw, k, o)])];
    break;
  }
  const nullable = entries.find(([k]) => k === 'nullable');
  if (nullable) {
    entries = entries.filter(([k]) => k !== 'nullable');
    const type = entries.findIndex(([k]) => k === 'type');
    if (nullable[1] === true && type >= 0) entries[type] = ['type', typeValue(entries[type][1], true), entries[type][2]];
    else if (nullable[1] !== false) entries.push(nullable);
  }
  const constant = entries.find(([k]) => k === 'const');
  if (constant && !entries.some(([k]) => k === 'enum')) entries = [...entries.filter(([k]) => k !== 'const'), ['enum', [constant[1]], constant[2]]];
  const items = entries.find(([k]) => k === 'items');
  if (items && Array.isArray(items[1])) {
    const additional = entries.find(([k]) => k === 'additionalItems');
    entries = entries.filter(([k]) => k !== 'items' && k !== 'additionalItems');
    entries.push(['prefixItems', items[1], items[2]]);
    if (additional) entries.push(['items', additional[1], additional[2]]);
  }
  return entries;
}

/** Canonicalise the values of a `properties`-like map. */
function mapValue(value: unknown, raw: string, at: string, ctx: Context): unknown {
  if (!isObject(value)) return structuredClone(value);
  const out: Json = {};
  for (const [name, sub] of Object.entries(value)) out[name] = isSchema(sub) ? node(sub, joinPointer(raw, name), joinPointer(at, name), ctx) : structuredClone(sub);
  return out;
}

/** Canonicalise one keyword's value. */
function keywordValue(key: string, value: unknown, raw: string, at: string, ctx: Context): unknown {
  if (SINGLE.has(key)) return isSchema(value) ? node(value, raw, at, ctx) : structuredClone(value);
  if (LIST.has(key)) return Array.isArray(value) ? value.map((v, i) => (isSchema(v) ? node(v, joinPointer(raw, i), joinPointer(at, i), ctx) : structuredClone(v))) : structuredClone(value);
  if (MAP.has(key)) return mapValue(value, raw, at, ctx);
  if (key === 'type') return typeValue(value, false);
  if (key === 'required' && Array.isArray(value) && value.every((v) => typeof v === 'string')) return [...new Set(value)].sort();
  if (key === '$ref' && typeof value === 'string') return refSpelling(value);
  if (key === 'enum' && Array.isArray(value)) {
    const order = value.map((v, i) => [sortedJson(v), i] as const).sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
    order.forEach(([, i], j) => ctx.map.set(joinPointer(at, j), joinPointer(raw, i)));
    return order.map(([, i]) => structuredClone(value[i]));
  }
  return structuredClone(value);
}

/** Composition keywords whose branches form 3 canonicalises as a set (`anyOf`, `allOf`) or may turn into one (`oneOf`). */
const COMBINATORS = new Set(['anyOf', 'oneOf', 'allOf']);
/** Lower bounds whose value 0 says nothing (a length or count is never negative). */
const ZERO_BOUNDS = ['minLength', 'minItems', 'minProperties'];

/** True when `v` is the always-true schema (`true` or `{}`). */
const isTrueSchema = (v: unknown): boolean => v === true || (isObject(v) && Object.keys(v).length === 0);

/** True when JSON value `v` is of JSON Schema type `type` (an integer is a number without a fraction). */
export function hasType(v: unknown, type: unknown): boolean {
  switch (type) {
    case 'null': return v === null;
    case 'boolean': return typeof v === 'boolean';
    case 'string': return typeof v === 'string';
    case 'number': return typeof v === 'number';
    case 'integer': return typeof v === 'number' && Number.isInteger(v);
    case 'array': return Array.isArray(v);
    case 'object': return isObject(v);
    default: return false;
  }
}

/** The set of types a canonical schema's `type` admits (`integer` implied by `number`), or undefined when unrestricted. */
function typeSet(schema: Json): Set<string> | undefined {
  const t = schema.type;
  const list = typeof t === 'string' ? [t] : Array.isArray(t) && t.every((x) => typeof x === 'string') ? (t as string[]) : undefined;
  if (!list) return undefined;
  const set = new Set(list);
  if (set.has('number')) set.add('integer');
  return set;
}

/** The types a canonical schema admits: its `enum` members' types, else its `typeSet`. */
function admittedTypes(schema: Json): Set<string> | undefined {
  if (!Array.isArray(schema.enum)) return typeSet(schema);
  const types = ['null', 'boolean', 'string', 'number', 'integer', 'array', 'object'];
  return new Set(schema.enum.flatMap((m) => types.filter((t) => hasType(m, t))));
}

/** True when two `enum` lists share no member (one pass over each: members compared by their sorted JSON through a set). */
function disjointEnums(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return false;
  let seen = memberSets.get(a);
  if (seen === undefined) {
    seen = new Set(a.map((x) => sortedJson(x)));
    memberSets.set(a, seen);
  }
  return !b.some((y) => seen.has(sortedJson(y)));
}

/**
 * Documents whose JSON text is longer than this (characters) keep their composition lists as written in form 3:
 * re-keying the pointer map of each sorted branch costs its entries at every level of nesting, so a hostile 0.9 MB
 * document of 55 nested unions around a 100k-member enum took 9 s (a review). Real tool schemas are far smaller.
 */
const MAX_REORDERED_TEXT = 64 * 1024;

/** Member texts of the enums a disjointness proof met (each enum's set built once, not once per pair). */
const memberSets = new WeakMap<object, Set<string>>();

/**
 * The sorted-key JSON text of a canonical node, memoised per object: nested compositions sort their branches
 * by it at every level, and each node is serialised once (its children's texts reused), not once per level.
 * The same text as ./sorted-json.ts writes. Recursion is bounded: canonical documents are at most
 * MAX_SCHEMA_DEPTH deep (deeper ones are never canonicalised).
 */
function canonText(value: unknown): string {
  if (value === null || typeof value !== 'object') return sortedJson(value);
  const known = canonTexts.get(value);
  if (known !== undefined) return known;
  let text: string;
  if (Array.isArray(value)) text = `[${value.map((v) => canonText(v === undefined ? null : v)).join(',')}]`;
  else {
    const record = value as Record<string, unknown>;
    const parts: string[] = [];
    for (const key of Object.keys(record).sort()) if (record[key] !== undefined) parts.push(`${JSON.stringify(key)}:${canonText(record[key])}`);
    text = `{${parts.join(',')}}`;
  }
  canonTexts.set(value, text);
  return text;
}
const canonTexts = new WeakMap<object, string>();

/** Branches of a `oneOf` beyond which form 3 does not try to prove them pairwise disjoint (the pairs grow with the square; it stays a `oneOf`). */
const MAX_DISJOINT_BRANCHES = 64;

/**
 * True when no instance can pass both canonical branches: their types are disjoint, their `enum`s are,
 * or both are objects that require a property whose `enum`s (a `const` is one) are disjoint.
 */
function provablyDisjoint(a: unknown, b: unknown): boolean {
  if (!isObject(a) || !isObject(b)) return a === false || b === false;
  const ta = admittedTypes(a);
  const tb = admittedTypes(b);
  if (ta && tb && ![...ta].some((t) => tb.has(t))) return true;
  if (disjointEnums(a.enum, b.enum)) return true;
  if (a.type !== 'object' || b.type !== 'object' || !isObject(a.properties) || !isObject(b.properties)) return false;
  const required = (s: Json) => (Array.isArray(s.required) ? s.required : []);
  const pa = a.properties;
  const pb = b.properties;
  return required(a).some((p) => typeof p === 'string' && required(b).includes(p) && isObject(pa[p]) && isObject(pb[p]) && disjointEnums((pa[p] as Json).enum, (pb[p] as Json).enum));
}

/** One canonicalised branch of a composition and its own canonical -> raw pointer map. */
interface Branch {
  schema: unknown;
  map: Map<string, string>;
  /** The branch's index in the raw list. */
  index: number;
}

/**
 * A composition keyword (form 3): each branch built into its own pointer map; a `oneOf` whose branches
 * are pairwise provably disjoint is an `anyOf` (where the node has none); `anyOf`/`allOf` branches are
 * sorted (both are sets) and the maps re-keyed to the new indexes; an `anyOf` of pure `enum` branches
 * (`{type: "null"}` counts as `enum: [null]`) is their union `enum` (where the node has none).
 */
function combinator(key: string, list: unknown[], raw: string, at: string, ctx: Context, out: Json, mayBeAnyOf: boolean, mayBeEnum: boolean): void {
  const built = joinPointer(at, key);
  const outer = ctx.map;
  const branches: Branch[] = list.map((v, index) => {
    ctx.map = new Map();
    const schema = isSchema(v) ? node(v, joinPointer(raw, index), joinPointer(built, index), ctx) : (ctx.map.set(joinPointer(built, index), joinPointer(raw, index)), structuredClone(v));
    return { schema, map: ctx.map, index };
  });
  ctx.map = outer;
  const disjoint = key === 'oneOf' && mayBeAnyOf && branches.length <= MAX_DISJOINT_BRANCHES && branches.every((b, i) => branches.slice(i + 1).every((c) => provablyDisjoint(b.schema, c.schema)));
  const name = disjoint ? 'anyOf' : key;
  const keyAt = joinPointer(at, name);
  ctx.map.set(keyAt, raw);
  if (name !== 'oneOf') {
    const text = new Map(branches.map((b) => [b, canonText(b.schema)]));
    branches.sort((a, b) => ((text.get(a) as string) < (text.get(b) as string) ? -1 : (text.get(a) as string) > (text.get(b) as string) ? 1 : 0));
  }
  // a branch that is only an `enum` (or only `type: "null"`, which is `enum: [null]`) lists its members
  const membersOf = (s: unknown): [unknown[], string] | undefined =>
    !isObject(s) || Object.keys(s).length !== 1 ? undefined : Array.isArray(s.enum) ? [s.enum, 'enum'] : s.type === 'null' ? [[null], 'type'] : undefined;
  if (name === 'anyOf' && mayBeEnum && branches.length > 0 && branches.every((b) => membersOf(b.schema))) {
    const members = new Map<string, [unknown, string]>();
    for (const b of branches) {
      const [list, keyword] = membersOf(b.schema) as [unknown[], string];
      list.forEach((m, k) => {
        const from = keyword === 'enum' ? joinPointer(built, b.index, 'enum', k) : joinPointer(built, b.index, 'type');
        if (!members.has(sortedJson(m))) members.set(sortedJson(m), [m, b.map.get(from) ?? joinPointer(raw, b.index)]);
      });
    }
    const sorted = [...members.keys()].sort();
    ctx.map.set(joinPointer(at, 'enum'), raw);
    sorted.forEach((k, j) => ctx.map.set(joinPointer(at, 'enum', j), (members.get(k) as [unknown, string])[1]));
    out.enum = sorted.map((k) => (members.get(k) as [unknown, string])[0]);
    return;
  }
  branches.forEach((b, j) => {
    const from = joinPointer(built, b.index);
    const to = joinPointer(keyAt, j);
    for (const [k, v] of b.map) ctx.map.set(to + k.slice(from.length), v);
  });
  out[name] = branches.map((b) => b.schema);
}

/**
 * The keyword-level equivalences of form 3 on a built node: `type` lists keep `number` without
 * `integer`; a `type` every `enum` member already has is dropped; always-true `propertyNames`
 * (`true`, `{}`, `{type: "string"}`), `additionalProperties`, `items` (`true`, `{}`), `uniqueItems: false`
 * and zero `minLength`/`minItems`/`minProperties` are dropped; `items: false` after n `prefixItems` is
 * `maxItems: min(maxItems, n)`.
 */
function simplify(out: Json, at: string, ctx: Context): void {
  if (Array.isArray(out.type) && out.type.includes('number') && out.type.includes('integer')) out.type = typeValue(out.type.filter((t) => t !== 'integer'), false);
  if (out.type !== undefined && Array.isArray(out.enum) && out.enum.length > 0) {
    const types = typeof out.type === 'string' ? [out.type] : Array.isArray(out.type) ? out.type : [];
    if (out.enum.every((m) => types.some((t) => hasType(m, t)))) delete out.type;
  }
  if (out.propertyNames !== undefined && (isTrueSchema(out.propertyNames) || (isObject(out.propertyNames) && Object.keys(out.propertyNames).length === 1 && out.propertyNames.type === 'string'))) delete out.propertyNames;
  if (!ctx.unevaluated && isTrueSchema(out.additionalProperties)) delete out.additionalProperties;
  if (!ctx.unevaluated && isTrueSchema(out.items)) delete out.items;
  if (out.uniqueItems === false) delete out.uniqueItems;
  for (const key of ZERO_BOUNDS) if (out[key] === 0) delete out[key];
  if (out.items === false && Array.isArray(out.prefixItems)) {
    const n = out.prefixItems.length;
    delete out.items;
    if (typeof out.maxItems !== 'number' || out.maxItems > n) {
      out.maxItems = n;
      ctx.map.set(joinPointer(at, 'maxItems'), ctx.map.get(joinPointer(at, 'items')) ?? joinPointer(at, 'items'));
    }
  }
}

/** Canonicalise one (sub)schema found at `raw` in the document, placed at `at` in the canonical form. */
function node(value: unknown, raw: string, at: string, ctx: Context): unknown {
  ctx.map.set(at, raw);
  if (++ctx.nodes > MAX_INLINED_NODES && ctx.inline) throw new OverBudget();
  if (!isObject(value)) return value;
  const depth = ctx.expanding.length;
  const entries = entriesOf(value, raw, ctx);
  if (entries.length === 1 && entries[0][0] === '\u0000boolean') {
    ctx.map.set(at, entries[0][2]);
    return entries[0][1];
  }
  const out: Json = {};
  for (const [key, v, keyRaw] of entries) {
    if (key === '$schema') continue;
    if (key === '$defs' || key === 'definitions') {
      if (ctx.dropDefs) continue;
      const defsAt = joinPointer(at, '$defs');
      ctx.map.set(defsAt, keyRaw);
      out.$defs = { ...(isObject(out.$defs) ? out.$defs : {}), ...(mapValue(v, keyRaw, defsAt, ctx) as Json) };
      continue;
    }
    if (ctx.form >= 3 && !ctx.keepLists && COMBINATORS.has(key) && Array.isArray(v)) {
      combinator(key, v, keyRaw, at, ctx, out, !entries.some(([k]) => k === 'anyOf'), !entries.some(([k]) => k === 'enum'));
      continue;
    }
    const keyAt = joinPointer(at, key);
    ctx.map.set(keyAt, keyRaw);
    out[key] = keywordValue(key, v, keyRaw, keyAt, ctx);
    if (key === 'enum' && keyRaw.endsWith('/const')) ctx.map.set(joinPointer(keyAt, 0), keyRaw);
  }
  ctx.expanding.length = depth;
  if (ctx.form >= 3) simplify(out, at, ctx);
  return out;
}

/**
 * Bring a schema to canonical form `form` (default CANONICAL_FORM; `form: 1` = the document itself, as
 * locks written before form 2 hashed it). Form 2, each a row of docs/architecture.md's equivalence table:
 * `$schema` dropped (dialect is schema/dialect's business); `type: [T, "null"]`, `anyOf`/`oneOf` of
 * `{..T}` and `{type:"null"}` (either order, when every keyword of the T branch passes null anyway)
 * and OpenAPI `nullable: true` all become `type: [T, "null"]`; `type` lists sorted, a one-element list
 * a string; `definitions` spelled `$defs`; `const: x` (without `enum`) is `enum: [x]`; draft-07 tuple
 * `items`/`additionalItems` are 2020-12 `prefixItems`/`items`; a local `$ref` is replaced by its target
 * (not when that would loop or merge into a sibling keyword; none is when inlining them all would build more than
 * 50,000 nodes or nest deeper than MAX_SCHEMA_DEPTH: ./inline-budget.ts decides for the document as a whole, so the
 * outcome never depends on key order), and `$defs` are dropped when every local `$ref` was inlined; `required` and `enum` sorted (both are sets).
 * Form 3 (CANONICAL_FORM) adds: a `oneOf` of pairwise provably disjoint branches is an `anyOf`;
 * `anyOf`/`allOf` branches sorted (sets; the pointer map follows each branch); an `anyOf` of pure
 * `enum` branches (a union of literals; a `{type: "null"}` branch counts as `enum: [null]`) is one `enum`;
 * `type: [integer, number]` is `number`; a `type`
 * every `enum` member has is dropped; always-true `propertyNames` (`{type: "string"}`),
 * `additionalProperties` and `items` (`true`, `{}`; not where `unevaluated*` is used), `uniqueItems:
 * false` and zero `minLength`/`minItems`/`minProperties` are dropped; `items: false` after n
 * `prefixItems` is `maxItems: min(maxItems, n)`. Form 2 is produced exactly as before form 3 existed.
 * Pure and total: never throws. Form 1, non-schema values and documents nested deeper than
 * MAX_SCHEMA_DEPTH come back as they are (the same value, not a copy; callers never mutate it). The result
 * is built once per content and form (the last 16 kept) and shared: callers never mutate it.
 * Cost: at most about 50,000 built nodes per pass, whatever the `$ref` graph (a billion-laughs `$defs` DAG is
 * kept as references, at its own size).
 */
/**
 * True when some `$ref` of the document points through a composition branch (`#/$defs/X/anyOf/0`, percent-encoded
 * or not): form 3 must then keep `anyOf`/`allOf`/`oneOf` lists in their order (a hostile review: swapping two anyOf
 * branches that such a `$ref` named passed unseen, and kept the lock hash).
 */
export function refersIntoList(schema: unknown): boolean {
  if (!mayHoldKeyword(schema as JsonSchema, '$ref')) return false;
  for (const match of JSON.stringify(schema).matchAll(/"\$ref":("(?:[^"\\]|\\.)*")/g)) {
    let ref: unknown;
    try {
      ref = JSON.parse(match[1]);
      ref = typeof ref === 'string' ? decodeURIComponent(ref) : ref;
    } catch {
      return true; // unreadable: keep the order, the safe side
    }
    if (typeof ref === 'string' && /\/(anyOf|allOf|oneOf)(\/|$)/.test(ref)) return true;
  }
  return false;
}

export function canonicalise(schema: unknown, form: number = CANONICAL_FORM): CanonicalSchema {
  if (schema === undefined) return { schema: undefined, rawPointer: (p) => p };
  if (form === 1 || !isSchema(schema) || isTooDeep(schema)) return { schema, rawPointer: (p) => p };
  // one document is compared and hashed several times a run (lock hash, narrowing, diff), and a server or lock often
  // repeats one document (input and output, many tools): built once per content and form
  const key = `${form} ${sortedJson(schema)}`;
  const known = built.get(key);
  if (known !== undefined) {
    built.delete(key);
    built.set(key, known); // most recently used last
    return known;
  }
  const result = build(schema as object, form);
  built.set(key, result);
  if (built.size > MAX_BUILT) built.delete(built.keys().next().value as string);
  return result;
}

/**
 * Canonical forms lately built, by form and sorted-key document text (the canonical form and its pointer map depend
 * on the content only, never on key order), least recently used first. Canonical forms are shared: callers only read them.
 */
const built = new Map<string, CanonicalSchema>();
/** Canonical forms kept in `built` (each at most ~50,000 nodes). */
const MAX_BUILT = 16;

/** The canonical form `form` (2 or more) of the schema object or boolean `schema`, nested at most MAX_SCHEMA_DEPTH levels. */
function build(schema: object, form: number): CanonicalSchema {
  const unevaluated = form >= 3 && (mayHoldKeyword(schema, 'unevaluatedProperties') || mayHoldKeyword(schema, 'unevaluatedItems'));
  // form 3 reorders composition branches (and renames a disjoint oneOf, merges enum branches): a `$ref` into a branch
  // by its index would then name another branch, so a document that has one keeps its compositions as written
  const keepLists = form >= 3 && (refersIntoList(schema) || JSON.stringify(schema).length > MAX_REORDERED_TEXT);
  // every local `$ref` is inlined, or (past the budget) none: what is inlined never depends on key order
  const context = (inline: boolean, dropDefs: boolean): Context => ({ root: schema, map: new Map(), expanding: [''], dropDefs, keptRef: false, inline, nodes: 0, form, unevaluated, keepLists });
  let ctx = context(inliningFits(schema), true);
  let out: unknown;
  try {
    out = node(schema, '', '', ctx);
    if (ctx.keptRef) {
      ctx = context(ctx.inline, false);
      out = node(schema, '', '', ctx);
    }
  } catch (error) {
    if (!(error instanceof OverBudget)) throw error;
    ctx = context(false, false);
    out = node(schema, '', '', ctx);
  }
  const map = ctx.map;
  return {
    schema: out,
    pastBudget: !ctx.inline && ctx.keptRef,
    rawPointer(pointer: string): string {
      if (map.has(pointer)) return map.get(pointer) as string;
      let tokens: string[];
      try {
        tokens = parsePointer(pointer);
      } catch {
        return pointer;
      }
      for (let i = tokens.length - 1; i >= 0; i--) {
        const prefix = joinPointer('', ...tokens.slice(0, i));
        const hit = map.get(prefix);
        if (hit !== undefined) return joinPointer(hit, ...tokens.slice(i));
      }
      return pointer;
    },
  };
}

/** True when some subschema (not a property named so) carries the OpenAPI `nullable` keyword. */
function usesNullable(schema: JsonSchema): boolean {
  if (!mayHoldKeyword(schema, 'nullable')) return false; // the common case, without the walk
  let found = false;
  walkSchema(schema, ({ node }) => {
    if (typeof node === 'object' && 'nullable' in node) found = true;
  });
  return found;
}

/**
 * `schema` with the OpenAPI `nullable` keyword removed from every subschema, so that validation
 * follows JSON Schema semantics: ajv 8 treats `nullable: true` as adding `"null"` to `type` (and
 * throws on `nullable` without `type`), while JSON Schema (2020-12, 2019-09, draft-07) has no such
 * keyword, so it must be ignored when validating (case 03, fastmcp#1280; schema/portability reports
 * the keyword itself). Returns `schema` itself (same object, so compile caches still hit) when it
 * does not use the keyword; otherwise a deep copy. Property names `nullable` are kept. Never throws.
 */
export function withoutNullableKeyword<T extends JsonSchema>(schema: T): T {
  if (!usesNullable(schema)) return schema;
  const copy = structuredClone(schema);
  walkSchema(copy, ({ node }) => {
    if (typeof node === 'object') delete node.nullable;
  });
  return copy;
}
