/**
 * The narrowing comparator (docs/architecture.md §The narrowing comparator; contract rule "per-surface overrides may only narrow"):
 * compares an advertised JSON Schema subtree against the contract's and returns every structural
 * difference that is not an enumerated narrowing. Both sides are expected in canonical form
 * (./canonicalise.ts; ./compare.ts does that and maps pointers back). Pure; never throws; values
 * never appear in the output (only keywords, property names and JSON pointers).
 *
 * An advertised subtree narrows the contract's when it is deep-equal, or differs ONLY by these
 * enumerated narrowings (docs/architecture.md lists each with its test), at every depth:
 *  (a) a removed `properties` key (unless the advertised side still requires it: then a required
 *      value would become unconstrained, which widens), and a `required` entry dropped;
 *  (b) an added or tightened bound: `minimum`/`exclusiveMinimum`/`minLength`/`minItems`/`minProperties`
 *      raised, `maximum`/`exclusiveMaximum`/`maxLength`/`maxItems`/`maxProperties` lowered;
 *  (c) an `enum` that is a subset of the contract's (a `const` is a one-member enum);
 *  (d) an object closed: `additionalProperties` absent or `true` in the contract, `false` advertised;
 *  (e) a `pattern` or `format` added where the contract has none; `uniqueItems: true` added;
 *  (g) a `type` narrowed to a subset of the contract's types (`integer` counts as within `number`), or added
 *      where the contract has none; an `enum` (or `const`) added where the contract has none;
 *  (h) `multipleOf` added, or replaced by a multiple of the contract's (integers only); `not` or `allOf`
 *      added where the contract has none; a single-schema `items` or a schema `additionalProperties`
 *      added where the contract's is absent or `true` (each only rejects instances: keywords are conjunctive);
 *  (i) an inclusive bound traded for an exclusive one at least as tight, or the reverse (`minimum: 0` ->
 *      `exclusiveMinimum: 0`; `exclusiveMaximum: 10` -> `maximum: 9`);
 *  (j) for outputs only, a property declared where the contract's object is open (the result promises more);
 *  (f) recursion through `properties`, `items`, `prefixItems` (same length), `additionalProperties`,
 *      `anyOf` (every advertised branch narrows SOME contract branch: a removed branch narrows; a schema without
 *      `anyOf` that narrows one contract branch, merged with the node's other keywords, narrows too) and
 *      `allOf` (every contract branch is narrowed by SOME advertised branch: an added branch narrows)
 *      under these same rules, down to MAX_SCHEMA_DEPTH JSON levels (deeper documents or subtrees
 *      that differ are one `too-deep` difference). `oneOf` must be equal (a removed or narrowed
 *      branch can widen it); canonical form sorts `anyOf`/`allOf` branches, so matching is by set.
 * Anything else is a difference: another `type` (one the contract does not allow), an added property or required entry, a loosened or
 * removed bound, an enum member the contract does not list, an object opened, any other keyword added,
 * removed or changed. The narrowings are enumerated, not inferred: annotation keywords (`description`,
 * `title`, `examples`, `$comment`) are compared like any other (the contract owns model-facing text).
 */
import { isJsonObject as isRecord } from '../json.ts';
import { hasType, refersIntoList } from './canonicalise.ts';
import { jsonEqual, sortedJson } from './sorted-json.ts';
import { MAX_SCHEMA_DEPTH, isTooDeep, pointerDepth } from './depth.ts';
import { joinPointer } from './pointer.ts';
import { MAX_INLINED_NODES, SIBLING_SENSITIVE, mergeable } from './inline-budget.ts';

/**
 * Which way a schema is used: `input` (the caller sends an instance: the policy of the top-level
 * rules holds, a property or `required` entry may be dropped) or `output` (the caller receives one:
 * every guarantee must hold, so a dropped `required` entry or property is a difference, an added
 * `required` entry promises more and is a narrowing).
 */
export type Direction = 'input' | 'output';

/** What kind of difference was found. */
export type DifferenceKind =
  | 'added-property'
  | 'removed-required-property'
  | 'added-keyword'
  | 'removed-keyword'
  | 'changed-keyword'
  | 'loosened-bound'
  | 'enum-member'
  /** A `required` entry the contract does not require (`property` names it; inputs). */
  | 'added-required'
  /** A `required` entry of the contract the schema does not require (outputs: a guarantee lost). */
  | 'dropped-required'
  /** A `properties` key of the contract the schema does not declare (outputs: its guarantee lost). */
  | 'removed-property'
  /** `additionalProperties: false` in the contract, absent, `true` or a schema advertised. */
  | 'opened-object'
  /** The schemas differ and are nested deeper than MAX_SCHEMA_DEPTH levels, where the comparator does not descend. */
  | 'too-deep'
  /** The schemas differ and one of them keeps its local `$ref`s, whose expansion is past the inlining budget (./inline-budget.ts), while the other is inlined: not compared keyword by keyword. */
  | 'too-large';

/** One difference. `pointer` is relative to the compared schema's root and points at the keyword or property. */
export interface SchemaDifference {
  pointer: string;
  kind: DifferenceKind;
  /** The keyword involved (`properties` for property differences). */
  keyword: string;
  /** The property name, for property differences. */
  property?: string;
}

/** Lower bounds: the advertised value may be added or raised. */
const LOWER = new Set(['minimum', 'exclusiveMinimum', 'minLength', 'minItems', 'minProperties']);
/** Upper bounds: the advertised value may be added or lowered. */
const UPPER = new Set(['maximum', 'exclusiveMaximum', 'maxLength', 'maxItems', 'maxProperties']);
/** Keywords the advertised side may add where the contract has none (they only reject instances). */
const ADDABLE = new Set(['pattern', 'format', 'not']);
/** Lists of subschemas compared branch by branch (see compareList). */
const ELEMENTWISE = new Set(['prefixItems', 'anyOf', 'allOf']);

/** Subtree comparisons one `schemaDifferences` may spend before `anyOf`/`allOf` branches are only tried at the same index (nested unions cannot go exponential; the fallback can only report more). */
const MAX_WORK = 200_000;
let work = 0;
/** Branches of one `anyOf`/`allOf` left unmatched beyond which the list is one difference (matching stops there). */
const MAX_UNMATCHED = 8;
/** Sorted-key JSON texts of the objects one `schemaDifferences` call compares (each serialised once, not per pair). */
let texts = new WeakMap<object, string>();
/** Sets of the member texts of the contract enums one call compares. */
let enumSets = new WeakMap<object, Set<string>>();
/**
 * False when either schema holds `unevaluatedProperties`/`unevaluatedItems` anywhere: what an added subschema
 * evaluates, those keywords (on the node or on any ancestor whose composition reaches it) no longer reject, so
 * rules h and j (additions) are off for the whole comparison.
 */
let additionsAllowed = true;
/** False when either schema has a `$ref` into a composition branch by index: `anyOf`/`allOf` are then compared element-wise, in order. */
let listsAsSets = true;

/** The sorted-key JSON text of a value, memoised for objects within one comparison. */
function textOf(value: unknown): string {
  if (value === null || typeof value !== 'object') return sortedJson(value);
  let text = texts.get(value);
  if (text === undefined) {
    text = sortedJson(value);
    texts.set(value, text);
  }
  return text;
}

/** Deep equality through the memoised texts. */
const same = (a: unknown, b: unknown): boolean => a === b || textOf(a) === textOf(b);

type Schema = Record<string, unknown>;
const asStrings = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);

/** The other keyword of a numeric bound pair (`minimum` <-> `exclusiveMinimum`, `maximum` <-> `exclusiveMaximum`). */
const PARTNER: Record<string, string> = { minimum: 'exclusiveMinimum', exclusiveMinimum: 'minimum', maximum: 'exclusiveMaximum', exclusiveMaximum: 'maximum' };

/**
 * Rule (i): the contract's numeric bound `key` (value `bound`) still holds through the advertised schema's
 * partner keyword (`partner`): an exclusive bound at least as tight as an inclusive one (`exclusiveMinimum >=
 * minimum`), or an inclusive bound strictly past an exclusive one (`minimum > exclusiveMinimum`).
 */
function heldByPartner(key: string, bound: unknown, partner: unknown): boolean {
  if (typeof bound !== 'number' || typeof partner !== 'number') return false;
  const lower = key === 'minimum' || key === 'exclusiveMinimum';
  const inclusive = key === 'minimum' || key === 'maximum';
  if (inclusive) return lower ? partner >= bound : partner <= bound;
  return lower ? partner > bound : partner < bound;
}

/** Compare one bound keyword (`partner`: the advertised schema's value of PARTNER[key], for rule i). */
function compareBound(key: string, contract: unknown, advertised: unknown, at: string, out: SchemaDifference[], partner?: unknown): void {
  if (advertised === undefined) {
    if (key in PARTNER && heldByPartner(key, contract, partner)) return;
    return void out.push({ pointer: at, kind: 'removed-keyword', keyword: key });
  }
  if (typeof advertised !== 'number') return void out.push({ pointer: at, kind: 'changed-keyword', keyword: key });
  if (contract === undefined) return;
  if (typeof contract !== 'number') return void out.push({ pointer: at, kind: 'changed-keyword', keyword: key });
  const tighter = LOWER.has(key) ? advertised >= contract : advertised <= contract;
  if (!tighter && !(key in PARTNER && heldByPartner(key, contract, partner))) out.push({ pointer: at, kind: 'loosened-bound', keyword: key });
}

/** Compare `enum`: the advertised members must all be listed by the contract. */
function compareEnum(contract: unknown, advertised: unknown, at: string, out: SchemaDifference[]): void {
  if (contract === undefined && Array.isArray(advertised)) return; // rule g: an enum added only rejects instances
  if (!Array.isArray(contract) || !Array.isArray(advertised)) {
    const kind: DifferenceKind = advertised === undefined ? 'removed-keyword' : contract === undefined ? 'added-keyword' : 'changed-keyword';
    return void out.push({ pointer: at, kind, keyword: 'enum' });
  }
  // one pass over each list: members compared by their sorted JSON through a set (a 40k-member enum against
  // another took minutes member by member, a hostile review)
  let listed = enumSets.get(contract);
  if (listed === undefined) {
    listed = new Set(contract.map((c) => sortedJson(c)));
    enumSets.set(contract, listed);
  }
  advertised.forEach((member, i) => {
    if (!listed.has(sortedJson(member))) out.push({ pointer: joinPointer(at, i), kind: 'enum-member', keyword: 'enum' });
  });
}

/** Compare `properties` maps (rules a + f); `required` is the ADVERTISED subtree's required list. */
function compareProperties(contract: unknown, advertised: unknown, required: string[], at: string, out: SchemaDifference[], dir: Direction, open = false): void {
  const cProps = contract === undefined ? {} : contract;
  const aProps = advertised === undefined ? {} : advertised;
  if (!isRecord(cProps) || !isRecord(aProps)) return void out.push({ pointer: at, kind: contract === undefined ? 'added-keyword' : 'changed-keyword', keyword: 'properties' });
  for (const p of Object.keys(aProps).sort()) {
    const sub = aProps[p];
    const where = joinPointer(at, p);
    if (!(p in cProps)) {
      // rule j: an output object the contract leaves open may promise a declared property more
      if (!(dir === 'output' && open)) out.push({ pointer: where, kind: 'added-property', keyword: 'properties', property: p });
    } else compareSubtree(cProps[p], sub, where, out, dir);
  }
  for (const p of Object.keys(cProps).sort()) {
    if (p in aProps) continue;
    if (required.includes(p)) out.push({ pointer: joinPointer(at, p), kind: 'removed-required-property', keyword: 'properties', property: p });
    else if (dir === 'output' && cProps[p] !== true && !(isRecord(cProps[p]) && Object.keys(cProps[p] as object).length === 0)) out.push({ pointer: joinPointer(at, p), kind: 'removed-property', keyword: 'properties', property: p });
  }
}

/** Compare `required` (rule a): for inputs entries may be dropped, never added; for outputs added, never dropped. */
function compareRequired(contract: unknown, advertised: unknown, at: string, out: SchemaDifference[], dir: Direction): void {
  if ((advertised !== undefined && !Array.isArray(advertised)) || (contract !== undefined && !Array.isArray(contract))) return void out.push({ pointer: at, kind: 'changed-keyword', keyword: 'required' });
  const want = new Set(asStrings(contract));
  const got = new Set(asStrings(advertised));
  if (dir === 'output') {
    for (const p of want) if (!got.has(p)) out.push({ pointer: at, kind: 'dropped-required', keyword: 'required', property: p });
    return;
  }
  for (const p of new Set(Array.isArray(advertised) ? advertised : [])) {
    if (typeof p !== 'string' || !want.has(p)) out.push({ pointer: at, kind: 'added-required', keyword: 'required', property: String(p) });
  }
}

/** True when an `unevaluated*` keyword's value constrains anything (present and not `true` or `{}`). */
const constrains = (v: unknown): boolean => v !== undefined && v !== true && !(isRecord(v) && Object.keys(v).length === 0);

/** Compare `additionalProperties` (rules d + f): absent equals `true`; closing is a narrowing, opening a difference. */
function compareAdditional(contract: unknown, advertised: unknown, at: string, out: SchemaDifference[], dir: Direction, unevaluated = false): void {
  const c = contract === undefined ? true : contract;
  const a = advertised === undefined ? true : advertised;
  if (same(c, a) || a === false) return;
  if (c === false) return void out.push({ pointer: at, kind: 'opened-object', keyword: 'additionalProperties' });
  if (c === true && isRecord(a) && !unevaluated) return; // rule h: a schema where the contract admitted anything
  if (isRecord(c) && isRecord(a)) return compareSubtree(c, a, at, out, dir);
  out.push({ pointer: at, kind: advertised === undefined ? 'removed-keyword' : contract === undefined ? 'added-keyword' : 'changed-keyword', keyword: 'additionalProperties' });
}

/** Compare `items` (rule f): one schema recurses. */
function compareItems(contract: unknown, advertised: unknown, at: string, out: SchemaDifference[], dir: Direction, unevaluated = false): void {
  if (contract !== undefined && advertised !== undefined && !Array.isArray(contract) && !Array.isArray(advertised)) {
    return compareSubtree(contract, advertised, at, out, dir);
  }
  if (same(contract, advertised)) return;
  if ((contract === undefined || contract === true) && (advertised === false || (isRecord(advertised) && !unevaluated))) return; // rule h
  const kind: DifferenceKind = advertised === undefined ? 'removed-keyword' : contract === undefined ? 'added-keyword' : 'changed-keyword';
  out.push({ pointer: at, kind, keyword: 'items' });
}

/** Differences of one subtree pair, into a fresh list. */
function differencesOf(contract: unknown, advertised: unknown, at: string, dir: Direction): SchemaDifference[] {
  const out: SchemaDifference[] = [];
  compareSubtree(contract, advertised, at, out, dir);
  return out;
}

/**
 * Match every branch of `from` to SOME branch of `to` that it narrows (`narrows(f, t)`: the
 * differences, empty when it narrows), the same index tried first; an unmatched branch reports the
 * differences of its closest candidate (the fewest, the same index on a tie).
 */
function matchBranches(from: unknown[], to: unknown[], differences: (i: number, j: number) => SchemaDifference[], at: string, out: SchemaDifference[], key: string): void {
  const found: SchemaDifference[] = [];
  let unmatched = 0;
  for (let i = 0; i < from.length; i++) {
    let best: SchemaDifference[] | undefined = i < to.length ? differences(i, i) : undefined;
    for (let j = 0; j < to.length && best?.length !== 0 && work < MAX_WORK; j++) {
      if (j === i) continue;
      const d = differences(i, j);
      if (best === undefined || d.length < best.length) best = d;
    }
    if (best?.length === 0) continue;
    // many branches that narrow none: the list is one difference (and the rest is not matched at all)
    if (++unmatched > MAX_UNMATCHED || best === undefined) return void out.push({ pointer: at, kind: 'changed-keyword', keyword: key });
    found.push(...best);
  }
  out.push(...found);
}

/**
 * Compare a list of subschemas (rule f): `prefixItems` element-wise when both have the same length;
 * `anyOf` when every advertised branch narrows some contract branch (a removed branch narrows);
 * `allOf` when every contract branch is narrowed by some advertised branch (an added branch narrows).
 */
function compareList(key: string, contract: unknown, advertised: unknown, at: string, out: SchemaDifference[], dir: Direction): void {
  if (Array.isArray(contract) && Array.isArray(advertised)) {
    if (!listsAsSets && (key === 'anyOf' || key === 'allOf') && contract.length === advertised.length) {
      return contract.forEach((c, i) => compareSubtree(c, advertised[i], joinPointer(at, i), out, dir));
    }
    if (listsAsSets && key === 'anyOf' && advertised.length > 0) {
      return matchBranches(advertised, contract, (i, j) => differencesOf(contract[j], advertised[i], joinPointer(at, i), dir), at, out, key);
    }
    if (listsAsSets && key === 'allOf' && advertised.length > 0) {
      return matchBranches(contract, advertised, (i, j) => differencesOf(contract[i], advertised[j], joinPointer(at, j), dir), at, out, key);
    }
    if (key === 'prefixItems' && contract.length === advertised.length) {
      return contract.forEach((c, i) => compareSubtree(c, advertised[i], joinPointer(at, i), out, dir));
    }
  }
  compareOther(key, contract, advertised, at, out);
}

/**
 * Compare `$defs` (kept in canonical form only where a `$ref` could not be inlined, e.g. a cycle):
 * definitions both sides have are compared under these rules; one side's extra definitions are not a
 * difference by themselves (a `$ref` that changed target is one where it is used).
 */
function compareDefinitions(contract: unknown, advertised: unknown, at: string, out: SchemaDifference[], dir: Direction): void {
  if (!isRecord(contract) || !isRecord(advertised)) return;
  for (const [name, sub] of Object.entries(advertised)) if (name in contract) compareSubtree(contract[name], sub, joinPointer(at, name), out, dir);
}

/** A canonical `type` value as a list of type names, or undefined when it is not one. */
function typeList(type: unknown): string[] | undefined {
  if (typeof type === 'string') return [type];
  return Array.isArray(type) && type.every((t) => typeof t === 'string') ? (type as string[]) : undefined;
}

/** Rule g: every advertised type is one the contract allows (`integer` within `number`). */
function typesWithin(contract: unknown, advertised: unknown): boolean {
  const c = typeList(contract);
  const a = typeList(advertised);
  if (!c || !a || a.length === 0) return false;
  return a.every((t) => c.includes(t) || (t === 'integer' && c.includes('number')));
}

/** Rule h: an advertised `multipleOf` that is an integer multiple of the contract's (both integers: exact). */
function multipleWithin(contract: unknown, advertised: unknown): boolean {
  if (typeof advertised !== 'number' || !(advertised > 0)) return false;
  if (contract === undefined) return true;
  return typeof contract === 'number' && Number.isSafeInteger(contract) && Number.isSafeInteger(advertised) && contract > 0 && advertised % contract === 0;
}

/** Compare any other keyword: it must be deep-equal, except the additions of rules e, g and h. */
function compareOther(key: string, contract: unknown, advertised: unknown, at: string, out: SchemaDifference[]): void {
  if (same(contract, advertised)) return;
  if (contract === undefined && ADDABLE.has(key)) return;
  if (key === 'type' && advertised !== undefined && (contract === undefined ? typeList(advertised) !== undefined : typesWithin(contract, advertised))) return;
  if (key === 'multipleOf' && multipleWithin(contract, advertised)) return;
  if (key === 'uniqueItems' && advertised === true && (contract === undefined || contract === false)) return;
  const kind: DifferenceKind = advertised === undefined ? 'removed-keyword' : contract === undefined ? 'added-keyword' : 'changed-keyword';
  out.push({ pointer: at, kind, keyword: key });
}

/** True when every member of `list` (an advertised `enum`) has one of the types `type` names (canonical form drops such a `type`). */
function enumWithin(list: unknown, type: unknown): boolean {
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type : [];
  return Array.isArray(list) && list.length > 0 && list.every((m) => types.some((t) => hasType(m, t)));
}

/**
 * Compare one keyword of two schema objects under the enumerated rules; exported so that the
 * top-level input rule can reuse it for root keywords.
 */
export function compareKeyword(key: string, contract: Schema, advertised: Schema, base: string, out: SchemaDifference[], dir: Direction = 'input'): void {
  const at = joinPointer(base, key);
  if (LOWER.has(key) || UPPER.has(key)) return compareBound(key, contract[key], advertised[key], at, out, key in PARTNER ? advertised[PARTNER[key]] : undefined);
  if (key === 'enum') return compareEnum(contract[key], advertised[key], at, out);
  // what a subschema evaluates changes what `unevaluatedProperties`/`unevaluatedItems` admit, so where either side
  // has one, an added `properties` entry, `additionalProperties`, `items` or `allOf` can admit more: no rule h or j there
  const unevaluatedProps = !additionsAllowed || constrains(contract.unevaluatedProperties) || constrains(advertised.unevaluatedProperties);
  const unevaluatedItems = !additionsAllowed || constrains(contract.unevaluatedItems) || constrains(advertised.unevaluatedItems);
  if (key === 'properties') return compareProperties(contract[key], advertised[key], asStrings(advertised.required), at, out, dir, (contract.additionalProperties === undefined || contract.additionalProperties === true) && !unevaluatedProps);
  if (key === 'required') return compareRequired(contract[key], advertised[key], at, out, dir);
  if (key === 'additionalProperties') return compareAdditional(contract[key], advertised[key], at, out, dir, unevaluatedProps);
  if (key === 'items') return compareItems(contract[key], advertised[key], at, out, dir, unevaluatedItems);
  if (key === 'allOf' && contract[key] === undefined && Array.isArray(advertised[key]) && !unevaluatedProps && !unevaluatedItems) return; // rule h: an allOf added only rejects instances
  if (ELEMENTWISE.has(key)) return compareList(key, contract[key], advertised[key], at, out, dir);
  if (key === '$defs') return compareDefinitions(contract[key], advertised[key], at, out, dir);
  if (key === 'type' && advertised.type === undefined && enumWithin(advertised.enum, contract.type)) return;
  return compareOther(key, contract[key], advertised[key], at, out);
}

/**
 * Rule f, an `anyOf` narrowed to one branch and written without the `anyOf` or a `oneOf` (a discriminated union a
 * surface serves for one kind): the advertised schema narrows the contract when it narrows some branch merged with the contract's other
 * keywords (`{...rest, ...branch}`: `anyOf` = the union of its branches, each under the node's other keywords). A
 * branch is merged only where that is the same schema (./inline-budget.ts `mergeable`: no keyword on both sides, no
 * sibling-sensitive keyword in the rest or, beside a rest, in the branch), and only with lists read as sets and no
 * `unevaluated*` in either document. True when it decided: no difference, or the differences of the closest branch (the
 * fewest) appended to `out`; false when no branch merges (the keyword-by-keyword comparison reports the node).
 */
function oneBranch(contract: Schema, branches: unknown[], advertised: Schema, pointer: string, out: SchemaDifference[], dir: Direction): boolean {
  if (!listsAsSets || !additionsAllowed || branches.length === 0) return false;
  const rest = Object.fromEntries(Object.entries(contract).filter(([k]) => k !== 'anyOf'));
  const restKeys = Object.keys(rest);
  let best: SchemaDifference[] | undefined;
  for (const branch of branches) {
    if (!mergeable(branch, restKeys) || (restKeys.length > 0 && Object.keys(branch).some((k) => SIBLING_SENSITIVE.has(k)))) continue;
    const found = differencesOf({ ...rest, ...branch }, advertised, pointer, dir);
    if (found.length === 0) return true;
    if (best === undefined || found.length < best.length) best = found;
    if (work >= MAX_WORK) break;
  }
  if (best === undefined) return false;
  out.push(...best);
  return true;
}

/**
 * Compare two schema subtrees, appending differences to `out`. `pointer` is the subtree's pointer
 * (relative to the schema root). Boolean or non-object schemas must be deep-equal.
 */
export function compareSubtree(contract: unknown, advertised: unknown, pointer: string, out: SchemaDifference[], dir: Direction = 'input'): void {
  work++;
  if (same(contract, advertised)) return;
  if (pointerDepth(pointer) >= MAX_SCHEMA_DEPTH) return void out.push({ pointer, kind: 'too-deep', keyword: 'schema' });
  if (!isRecord(contract) || !isRecord(advertised)) return void out.push({ pointer, kind: 'changed-keyword', keyword: 'schema' });
  if (Array.isArray(contract.anyOf) && advertised.anyOf === undefined && advertised.oneOf === undefined && oneBranch(contract, contract.anyOf, advertised, pointer, out, dir)) return;
  // keys in sorted order: what the work budget reaches first never depends on how a document ordered its keys
  const keys = [...new Set([...Object.keys(contract), ...Object.keys(advertised)])].sort();
  for (const key of keys) compareKeyword(key, contract, advertised, pointer, out, dir);
}

/**
 * All differences between two schemas (root included). Empty = the advertised schema narrows the
 * contract's. When either is nested deeper than MAX_SCHEMA_DEPTH, unequal schemas are one `too-deep`
 * difference at the root (they are not compared keyword by keyword).
 */
export function schemaDifferences(contract: unknown, advertised: unknown, dir: Direction = 'input'): SchemaDifference[] {
  if (isTooDeep(contract) || isTooDeep(advertised)) return jsonEqual(contract, advertised) ? [] : [{ pointer: '', kind: 'too-deep', keyword: 'schema' }];
  const out: SchemaDifference[] = [];
  work = 0;
  texts = new WeakMap();
  enumSets = new WeakMap();
  additionsAllowed = !/"unevaluated(Properties|Items)"/.test(textOf(contract)) && !/"unevaluated(Properties|Items)"/.test(textOf(advertised));
  listsAsSets = !refersIntoList(contract) && !refersIntoList(advertised);
  try {
    compareSubtree(contract, advertised, '', out, dir);
  } finally {
    texts = new WeakMap();
    enumSets = new WeakMap();
  }
  return out;
}

/** A value-free phrase for a difference, to follow "`<tool>` advertises ". `at` is the full pointer to show. */
export function describeDifference(d: SchemaDifference, at: string): string {
  switch (d.kind) {
    case 'added-property':
      return `property ${d.property} at ${at}, which its contract does not declare`;
    case 'removed-required-property':
      return `no property ${d.property} at ${at}, which its contract requires`;
    case 'added-keyword':
      return `'${d.keyword}' at ${at}, which its contract does not have`;
    case 'removed-keyword':
      return `no '${d.keyword}' at ${at}, which its contract has`;
    case 'loosened-bound':
      return `a looser '${d.keyword}' at ${at} than its contract`;
    case 'enum-member':
      return `an enum member at ${at} that its contract does not list`;
    case 'added-required':
      return `a required property ${d.property} at ${at}, which its contract does not require`;
    case 'dropped-required':
      return `no required property ${d.property} at ${at}, which its contract requires`;
    case 'removed-property':
      return `no property ${d.property} at ${at}, which its contract declares`;
    case 'opened-object':
      return `an object at ${at} that admits properties its contract's closed object does not`;
    case 'too-deep':
      return `a schema at ${at} that differs from its contract and is nested deeper than ${MAX_SCHEMA_DEPTH} levels (not compared)`;
    case 'too-large':
      return `a schema at ${at} that differs from its contract, where one of the two expands its $refs past the comparison budget of ${MAX_INLINED_NODES} nodes and the other does not (not compared keyword by keyword)`;
    default:
      return `a different '${d.keyword}' at ${at} than its contract`;
  }
}
