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
import { escapeToken, resolvePointer } from './pointer.ts';

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
 * - a `false` subschema (keyword `false schema`, no object to identify): the relative path read from each base a
 *   validate function of the document starts at (`bases`: '' and the pointers of the `$ref` targets ajv compiled
 *   apart), where it names a `false` node; used only when exactly one base does;
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
    let hit: string | undefined;
    for (const base of new Set(bases())) {
      const found = resolvePointer(document, base + within);
      if (!found.found || found.value !== false) continue;
      if (hit !== undefined) return relative;
      hit = base + within;
    }
    return hit === undefined ? relative : `${hit}/false schema`;
  }
  return relative;
}

