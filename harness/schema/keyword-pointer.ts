/**
 * Where the document holds the keyword an ajv error names. ajv's `schemaPath` is relative to the function that
 * reported it: the root's for most keywords, but a `$ref` target ajv compiles as a validate function of its own (a
 * recursive `$defs`/`definitions` entry, a `$dynamicRef` or `$recursiveRef` target, a resource with its own `$id`)
 * starts again at `#`, and an inlined `$ref` target is named by the `$ref`'s text (relative to its base URI, and at
 * the first alias of a chain of `$ref`-only aliases). Read as a root pointer, such a path names a node the document
 * does not have, or worse one it does have, whose keyword did not fail.
 *
 * ajv's `verbose` option puts on each error the schema object that holds the failing keyword (`parentSchema`: the very
 * object of the document ajv compiled, ajv keeps identity), so the absolute location is that object's pointer in the
 * compiled document, then the keyword (the last token of `schemaPath`, which ajv builds as `<node path>/<keyword>`).
 * `schemaNodes` maps every object of the document to its pointer once; `keywordPointer` reads an error through it.
 * Used by the schema service (./ajv.ts) on the issues it gives back. Spec: JSON Schema 2020-12 Core §8.2.3 ($ref,
 * $dynamicRef), §9.1 ($id); RFC 6901 (JSON Pointer).
 */
import { escapeToken, parsePointer, resolvePointer } from './pointer.ts';

/**
 * The schemaPointer of a `false` subschema whose place ajv's relative path does not settle (see `keywordPointer`): the
 * document's root, which holds it somewhere. Never the pointer of another node.
 */
export const FALSE_UNPLACED = '';

/**
 * `tokens` read from `node`: the value reached (undefined when a token is missing), or 'ref' when the reading stops
 * at an object holding `$ref` (the token missing there) or ends at one: where ajv may have followed a `$ref`-only alias
 * to a node elsewhere (it names the chain by its first alias; an alias holds no applicator, so a path through one
 * stops at it). Never throws.
 */
function readThrough(node: unknown, tokens: readonly string[]): unknown {
  const holdsRef = (value: unknown): boolean => value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, '$ref');
  let at = node;
  for (const token of tokens) {
    if (Array.isArray(at)) {
      if (!/^(0|[1-9]\d*)$/.test(token) || Number(token) >= at.length) return undefined;
      at = at[Number(token)];
    } else if (at !== null && typeof at === 'object' && Object.hasOwn(at, token)) {
      at = (at as Record<string, unknown>)[token];
    } else {
      return holdsRef(at) ? 'ref' : undefined;
    }
  }
  return holdsRef(at) ? 'ref' : at;
}

/** Keywords whose value is one subschema; maps of names to subschemas; arrays of subschemas (any dialect). */
const ONE_SCHEMA = new Set(['not', 'if', 'then', 'else', 'additionalProperties', 'propertyNames', 'contains', 'unevaluatedItems', 'unevaluatedProperties', 'additionalItems', 'items', 'contentSchema']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'dependentSchemas', 'dependencies']);
const SCHEMA_ARRAYS = new Set(['prefixItems', 'allOf', 'anyOf', 'oneOf', 'items']);

/**
 * False only when `tokens` cannot be a path a validate function evaluates from its own start: it names a keyword
 * ajv does not evaluate in place (`$defs`, `definitions`: reached only through a `$ref`, whose path starts with the
 * `$ref`'s text instead). An unknown keyword answers true (unsure). Pure.
 */
function ownPath(tokens: readonly string[]): boolean {
  let i = 0;
  while (i < tokens.length) {
    const keyword = tokens[i] as string;
    if (keyword === '$defs' || keyword === 'definitions') return false;
    const next = tokens[i + 1];
    if (SCHEMA_MAPS.has(keyword)) i += 2;
    else if (SCHEMA_ARRAYS.has(keyword) && next !== undefined && /^(0|[1-9]\d*)$/.test(next)) i += 2;
    else if (ONE_SCHEMA.has(keyword)) i += 1;
    else return true;
  }
  return true;
}

/** Whether `node` (at `pointer`) is a resource a `#/...` `$ref` resolves against: the root, or an object with an `$id`. */
function isResource(node: unknown, pointer: string): boolean {
  return pointer === '' || (node !== null && typeof node === 'object' && typeof (node as { $id?: unknown }).$id === 'string');
}

/**
 * Whether the resource `root` holds (outside its embedded resources) a `$ref` `#/...` whose pointer is a leading part
 * of `tokens`: an inlined `$ref` ajv names by its text, so `tokens` may be read from this resource. Iterative; never
 * throws.
 */
function refLeadsInto(root: unknown, tokens: readonly string[]): boolean {
  const stack: unknown[] = [root];
  const seen = new Set<object>();
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object' || seen.has(node)) continue;
    seen.add(node);
    if (node !== root && !Array.isArray(node) && typeof (node as { $id?: unknown }).$id === 'string') continue;
    const ref = Array.isArray(node) ? undefined : (node as { $ref?: unknown }).$ref;
    if (typeof ref === 'string' && ref.startsWith('#') && leads(ref, tokens)) return true;
    for (const value of Array.isArray(node) ? node : Object.values(node)) stack.push(value);
  }
  return false;
}

/** Whether the pointer of the fragment `ref` (`#/a/b`, percent-decoded) is a leading part of `tokens`. Never throws. */
function leads(ref: string, tokens: readonly string[]): boolean {
  let pointer: string;
  try {
    pointer = decodeURIComponent(ref.slice(1));
  } catch {
    pointer = ref.slice(1);
  }
  if (pointer !== '' && !pointer.startsWith('/')) return false;
  const head = parsePointer(pointer);
  return head.length <= tokens.length && head.every((token, i) => token === tokens[i]);
}

/**
 * The pointer of every object (not array) in a schema document, by identity, from the root (''). An object met at
 * two places (a schema written in code may reuse one subschema object; a JSON text never does) maps to null: its
 * place is ambiguous. Cycles are visited once. Iterative; never throws.
 */
export type SchemaNodes = Map<object, string | null>;

/** Build the SchemaNodes of `document` (see the type). Pure; O(size of the document). */
export function schemaNodes(document: unknown): SchemaNodes {
  const nodes: SchemaNodes = new Map();
  const seen = new Set<object>();
  const stack: Array<[unknown, string]> = [[document, '']];
  while (stack.length > 0) {
    const [node, pointer] = stack.pop() as [unknown, string];
    if (node === null || typeof node !== 'object') continue;
    if (seen.has(node)) {
      if (!Array.isArray(node)) nodes.set(node, null);
      continue;
    }
    seen.add(node);
    if (!Array.isArray(node)) nodes.set(node, pointer);
    const entries = Array.isArray(node) ? node.map((v, i) => [String(i), v] as const) : Object.entries(node);
    for (const [key, value] of entries) if (value !== null && typeof value === 'object') stack.push([value, `${pointer}/${escapeToken(key)}`]);
  }
  return nodes;
}

/** The fields of an ajv error (compiled with `verbose: true`) that `keywordPointer` reads. */
export interface LocatableError {
  /** ajv's schemaPath, already as a JSON pointer (./ajv.ts `schemaPathPointer`): relative to the reporting function. */
  schemaPointer: string;
  /** The schema (object or boolean) holding the keyword, as ajv's `verbose` gives it. */
  parentSchema?: unknown;
}

/**
 * The absolute pointer, in `document` (the document ajv compiled, `nodes` its SchemaNodes), of the keyword `error`
 * names:
 * - `parentSchema` an object of the document: its pointer, then the keyword (the last token of the relative path);
 * - a `false` subschema (keyword `false schema`; ajv's `parentSchema` is then `false` itself, no object to identify):
 *   the relative path read from each base it may be relative to (`bases`: '' and the pointers of the `$ref` targets
 *   ajv compiled apart and of the embedded resources, objects with an `$id`, against which an inlined `#/...` `$ref`
 *   resolves), used only when it is sure: exactly one base that may have started the path (a path through `$defs` or
 *   `definitions` is no function's own: it starts at a `$ref` of that resource whose text leads it) names a `false`
 *   node there, and no base's reading stops or ends at an object with a `$ref` (ajv names a `$ref`-only alias chain
 *   by its first alias, so the `false` may lie elsewhere). A path that is no JSON pointer (an inlined `$ref` by URI or anchor, `sub/properties/x`) or that
 *   no base settles gives '' (FALSE_UNPLACED): the document's root, which holds the `false` somewhere; never a
 *   pointer of a node that is not that `false`;
 * - anything else (an object met at two places, no `parentSchema`): the relative path as it is, ajv's own answer.
 * Never throws.
 */
export function keywordPointer(error: LocatableError, document: unknown, nodes: SchemaNodes, bases: () => readonly string[]): string {
  const relative = error.schemaPointer;
  const parent = error.parentSchema;
  if (parent !== null && typeof parent === 'object') {
    const at = nodes.get(parent);
    if (at === undefined || at === null) return relative;
    const cut = relative.lastIndexOf('/');
    return cut < 0 ? relative : `${at}${relative.slice(cut)}`;
  }
  if (parent === false && relative.endsWith('/false schema')) {
    const within = relative.slice(0, -'/false schema'.length);
    if (within !== '' && !within.startsWith('/')) return FALSE_UNPLACED;
    const tokens = parsePointer(within);
    let hit: string | undefined;
    for (const base of new Set(bases())) {
      const start = resolvePointer(document, base);
      if (!start.found) continue;
      if (!ownPath(tokens) && !(isResource(start.value, base) && refLeadsInto(start.value, tokens))) continue;
      const read = readThrough(start.value, tokens);
      if (read === 'ref') return FALSE_UNPLACED;
      if (read !== false) continue;
      if (hit !== undefined) return FALSE_UNPLACED;
      hit = base + within;
    }
    return hit === undefined ? FALSE_UNPLACED : `${hit}/false schema`;
  }
  return relative;
}

