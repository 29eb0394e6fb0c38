/**
 * A schema-aware walker: visits every subschema of a JSON Schema document (2020-12, 2019-09 and
 * draft-07 applicators) with its JSON pointer. Data keywords (`enum`, `const`, `default`, `examples`)
 * and unknown keywords are not descended into, so a property named `nullable` is never mistaken for
 * the keyword. Iterative (no recursion) and bounded: subschemas deeper than MAX_SCHEMA_DEPTH JSON
 * levels are not visited (the schema service reports such documents as not compiling).
 */
import { MAX_SCHEMA_DEPTH } from './depth.ts';
import { escapeToken } from './pointer.ts';

/** Keywords whose value is one subschema. */
const SINGLE = ['additionalItems', 'contains', 'not', 'if', 'then', 'else', 'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties', 'propertyNames', 'contentSchema'];
/** Keywords whose value is an array of subschemas. */
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];

/**
 * One visited subschema: the node, its pointer ('' = root) and the keyword path that led to it. `pointer` and
 * `parent` are built when first read (issue 12: a walk that built every subschema's pointer up front was ~70 MB
 * of a 1,000-tool run's allocations, most never read); read them only where used, not by destructuring every visit.
 */
export interface SchemaVisit {
  readonly node: Record<string, unknown> | boolean;
  readonly pointer: string;
  /** Keyword tokens from the root (property names and indexes excluded), e.g. `['properties','items']`. */
  readonly via: string[];
  /** Pointer of the enclosing subschema; undefined for the root. */
  readonly parent?: string;
}

/**
 * A subschema still to visit: `depth` is its pointer's token count (what `pointerDepth(pointer)` gives);
 * `up`/`keyword` link it to the visit it came from (its keyword path is built only when asked); its pointer
 * is `up`'s, then `/keyword`, then `/member` when set (a property name, unescaped, or an index), and
 * `pointer` holds it once built.
 */
type Pending = { node: unknown; depth: number; pointer: string | undefined; keyword?: string; member?: string | number; up?: Pending };

/** The pointer of `p`, built from the nearest ancestor whose pointer is known (each built once). */
function pointerOf(p: Pending): string {
  if (p.pointer !== undefined) return p.pointer;
  const chain: Pending[] = [];
  let at: Pending | undefined = p;
  while (at !== undefined && at.pointer === undefined) {
    chain.push(at);
    at = at.up;
  }
  let pointer = at?.pointer ?? '';
  for (let i = chain.length - 1; i >= 0; i--) {
    const link = chain[i] as Pending;
    pointer = link.member === undefined ? `${pointer}/${link.keyword}` : `${pointer}/${link.keyword}/${typeof link.member === 'number' ? link.member : escapeToken(link.member)}`;
    link.pointer = pointer;
  }
  return pointer;
}

/** The keyword tokens from the root to `p` (the `via` of its visit). */
function keywordPath(p: Pending): string[] {
  const out: string[] = [];
  for (let at: Pending | undefined = p; at?.keyword !== undefined; at = at.up) out.push(at.keyword);
  return out.reverse();
}

/** One visit (a class, so that every visit shares one shape and the lazy getters live on the prototype). */
class Visit implements SchemaVisit {
  readonly node: Record<string, unknown> | boolean;
  readonly #pending: Pending;
  constructor(node: Record<string, unknown> | boolean, pending: Pending) {
    this.node = node;
    this.#pending = pending;
  }
  get pointer(): string {
    return pointerOf(this.#pending);
  }
  get parent(): string | undefined {
    const up = this.#pending.up;
    return up === undefined ? undefined : pointerOf(up);
  }
  get via(): string[] {
    return keywordPath(this.#pending);
  }
}

/** Every keyword `children` descends into. */
const WALKED: ReadonlySet<string> = new Set([...SINGLE, 'items', ...LIST, ...MAP]);

/** Each walked keyword's place in `children`'s order (SINGLE, items, LIST, MAP). */
const RANK: ReadonlyMap<string, number> = new Map([...SINGLE, 'items', ...LIST, ...MAP].map((keyword, i) => [keyword, i]));
const ITEMS_RANK = SINGLE.length;
const LIST_RANK = SINGLE.length + 1;
const MAP_RANK = LIST_RANK + LIST.length;

/**
 * The walked keywords `schema` holds, by rank (ascending), read from its own names; or undefined when its names
 * cannot vouch for what `key in schema` sees (a prototype other than a clean Object.prototype or null), and
 * `children` must look every keyword up. Most subschemas are leaves: an empty list, without ~22 lookups on
 * objects of ever-different shapes; a node with subschemas holds one to three walked keywords (issue 12).
 */
function ownWalkedRanks(schema: Record<string, unknown>, plainPrototypeClean: boolean): number[] | undefined {
  const prototype = Object.getPrototypeOf(schema) as unknown;
  if (prototype !== null && !(prototype === Object.prototype && plainPrototypeClean)) return undefined;
  const ranks: number[] = [];
  for (const name of Object.getOwnPropertyNames(schema)) {
    const rank = RANK.get(name);
    if (rank === undefined) continue;
    let at = ranks.length;
    while (at > 0 && (ranks[at - 1] as number) > rank) at--;
    ranks.splice(at, 0, rank);
  }
  return ranks;
}

/** Append the subschemas under one walked keyword (`rank` in RANK) of `schema` to `out`, as `children` does. */
function childrenAt(schema: Record<string, unknown>, rank: number, from: Pending, out: Pending[]): void {
  if (rank < ITEMS_RANK) {
    const key = SINGLE[rank] as string;
    out.push({ node: schema[key], depth: from.depth + 1, pointer: undefined, keyword: key, member: undefined, up: from });
  } else if (rank === ITEMS_RANK) {
    const items = schema.items;
    if (Array.isArray(items)) for (let i = 0; i < items.length; i++) out.push({ node: items[i], depth: from.depth + 2, pointer: undefined, keyword: 'items', member: i, up: from });
    else out.push({ node: items, depth: from.depth + 1, pointer: undefined, keyword: 'items', member: undefined, up: from });
  } else if (rank < MAP_RANK) {
    const key = LIST[rank - LIST_RANK] as string;
    const list = schema[key];
    if (Array.isArray(list)) for (let i = 0; i < list.length; i++) out.push({ node: list[i], depth: from.depth + 2, pointer: undefined, keyword: key, member: i, up: from });
  } else {
    const key = MAP[rank - MAP_RANK] as string;
    const map = schema[key];
    if (map === null || typeof map !== 'object' || Array.isArray(map)) return;
    const members = map as Record<string, unknown>;
    for (const name of Object.keys(members)) {
      const sub = members[name];
      if (!Array.isArray(sub)) out.push({ node: sub, depth: from.depth + 2, pointer: undefined, keyword: key, member: name, up: from });
    }
  }
}

/**
 * Append the direct subschemas of `schema` to `out`, in document order (SINGLE, items, LIST, MAP). `ranks`: the
 * walked keywords it holds (`ownWalkedRanks`), or undefined to look each keyword up (`in`, through the prototype).
 */
function children(schema: Record<string, unknown>, ranks: number[] | undefined, from: Pending, out: Pending[]): void {
  if (ranks !== undefined) {
    for (const rank of ranks) childrenAt(schema, rank, from, out);
    return;
  }
  for (let rank = 0; rank < ITEMS_RANK; rank++) if ((SINGLE[rank] as string) in schema) childrenAt(schema, rank, from, out);
  if ('items' in schema) childrenAt(schema, ITEMS_RANK, from, out);
  for (let rank = LIST_RANK; rank < RANK.size; rank++) childrenAt(schema, rank, from, out);
}

/**
 * Visit every subschema depth-first, root first, parents before children, siblings in document
 * order. Non-schema values are skipped; subschemas whose pointer is deeper than MAX_SCHEMA_DEPTH
 * tokens are not visited (nor their children). Never throws; never recurses.
 */
export function walkSchema(root: unknown, visit: (v: SchemaVisit) => void): void {
  const stack: Pending[] = [{ node: root, depth: 0, pointer: '', keyword: undefined, member: undefined, up: undefined }];
  const next: Pending[] = [];
  const plainPrototypeClean = ![...WALKED].some((keyword) => keyword in Object.prototype);
  while (stack.length > 0) {
    const pending = stack.pop() as Pending;
    const node = pending.node;
    if (pending.depth > MAX_SCHEMA_DEPTH) continue;
    if (typeof node !== 'boolean' && (node === null || typeof node !== 'object' || Array.isArray(node))) continue;
    visit(new Visit(node as Record<string, unknown> | boolean, pending));
    if (typeof node === 'boolean') continue;
    const ranks = ownWalkedRanks(node as Record<string, unknown>, plainPrototypeClean);
    if (ranks !== undefined && ranks.length === 0) continue;
    children(node as Record<string, unknown>, ranks, pending, next);
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]);
    next.length = 0;
  }
}

/**
 * False only when no subschema `walkSchema(root, ...)` visits can have `keyword in node`: a scan of every
 * own property (enumerable or not) of every object and array in the document, without pointers or visits
 * (several times cheaper than the walk; data keywords and property names are scanned too, so it errs
 * towards true). True, to let the caller walk, also for anything it cannot vouch for: an object whose
 * prototype is not Object.prototype or null (an array: Array.prototype), an Object.prototype carrying
 * `keyword` or a walked keyword, or a document nested deeper than MAX_SCHEMA_DEPTH + 1 levels (the walk's
 * bound; a cycle ends there too). With `alsoAtNonData`, true as well at a function or symbol anywhere in the
 * document, at an object without Object.prototype or with a non-enumerable own property, or at a sparse array
 * or one with extra properties (what a deep copy of JSON data cannot hold, drops or changes). Never throws on plain data; never recurses.
 */
export function mayHoldKeyword(root: unknown, keyword: string, options: { alsoAtNonData?: boolean } = {}): boolean {
  const alsoAtNonData = options.alsoAtNonData === true;
  if (keyword in Object.prototype) return true;
  for (const walked of WALKED) if (walked in Object.prototype) return true;
  const nodes: unknown[] = [root];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const depth = depths.pop() as number;
    if (node === null || typeof node !== 'object') {
      if (alsoAtNonData && (typeof node === 'function' || typeof node === 'symbol')) return true;
      continue;
    }
    if (depth > MAX_SCHEMA_DEPTH + 1) return true;
    if (Array.isArray(node)) {
      if (Object.getPrototypeOf(node) !== Array.prototype) return true;
      if (alsoAtNonData && Object.keys(node).length !== node.length) return true; // sparse, or extra properties
      for (let i = 0; i < node.length; i++) {
        nodes.push(node[i]);
        depths.push(depth + 1);
      }
      continue;
    }
    const prototype = Object.getPrototypeOf(node) as unknown;
    if (prototype !== Object.prototype && (prototype !== null || alsoAtNonData)) return true;
    if (keyword in node) return true;
    const names = Object.getOwnPropertyNames(node);
    if (alsoAtNonData && Object.keys(node).length !== names.length) return true; // a non-enumerable property: not what a copy keeps
    for (const name of names) {
      nodes.push((node as Record<string, unknown>)[name]);
      depths.push(depth + 1);
    }
  }
  return false;
}

/**
 * The direct subschemas of `schema`, each with the keyword that holds it, in `walkSchema`'s order (the positions it
 * descends into: applicators, `items`, the schema maps, `$defs`/`definitions` included). Non-schema values are left
 * out. Never throws on plain data; never recurses.
 */
export function directSubschemas(schema: Record<string, unknown>): Array<{ keyword: string; node: Record<string, unknown> | boolean }> {
  const plainPrototypeClean = ![...WALKED].some((keyword) => keyword in Object.prototype);
  const from: Pending = { node: schema, depth: 0, pointer: '', keyword: undefined, member: undefined, up: undefined };
  const out: Pending[] = [];
  children(schema, ownWalkedRanks(schema, plainPrototypeClean), from, out);
  const subschemas: Array<{ keyword: string; node: Record<string, unknown> | boolean }> = [];
  for (const p of out) {
    const node = p.node;
    if (typeof node === 'boolean' || (node !== null && typeof node === 'object' && !Array.isArray(node))) subschemas.push({ keyword: p.keyword as string, node: node as Record<string, unknown> | boolean });
  }
  return subschemas;
}
