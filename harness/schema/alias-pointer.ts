/**
 * A schema keyword's location as the document holds it, for keywords ajv names through a chain of `$ref`-only aliases
 * (`throughLocalRefs`), and when that mapping applies (`hasNestedId`). Used by the schema service (./ajv.ts) on the
 * issues it gives back.
 */
import { joinPointer, parsePointer, resolvePointer } from './pointer.ts';
import { walkSchema } from './walk.ts';

/** Keywords that assert nothing (annotations, identifiers, comments): a node with only these and `$ref` is an alias. */
const ANNOTATIONS = new Set(['$ref', '$comment', 'title', 'description', 'default', 'examples', 'deprecated', 'readOnly', 'writeOnly', '$anchor', '$dynamicAnchor']);

/** True when `key` asserts nothing: an annotation, or an extension keyword (`x-...`). */
const annotationKey = (key: string): boolean => ANNOTATIONS.has(key) || key.startsWith('x-');

/**
 * `pointer` (a schema keyword's location, e.g. ajv's `schemaPath`) as a pointer `document` really holds: where a
 * token is missing at a node that is a `$ref`-only alias (`$ref` to a local `#` or `#/...` fragment, besides it only
 * annotations: `title`, `description`, `default`, `examples`, `deprecated`, `readOnly`, `writeOnly`, `$comment`,
 * `$anchor`, `x-...`), the walk goes on at the ref's target. ajv names a keyword reached through a chain of such aliases
 * (`d0` -> `d1` -> ... -> `{type}`) at the first alias (`/$defs/d0/type`, which the document does not have); this gives
 * `/$defs/d8/type`. A `$ref` with asserting siblings is not followed (ajv's path is relative to another node then, and
 * following it could name a keyword that did not fail). A pointer the document holds is returned as it is; so is one
 * no chain of at most `maxHops` aliases completes (a remote ref, a cycle, a bad fragment). The caller skips documents
 * with a nested `$id` (`hasNestedId`: refs resolve against another base there). Never throws.
 * Spec: JSON Schema 2020-12 Core §8.2.3.1 ($ref), RFC 6901 (JSON Pointer).
 */
export function throughLocalRefs(document: unknown, pointer: string, maxHops = 64): string {
  if (resolvePointer(document, pointer).found) return pointer;
  let tokens: string[];
  try {
    tokens = parsePointer(pointer);
  } catch {
    return pointer;
  }
  let node: unknown = document;
  let path: string[] = [];
  let hops = 0;
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i];
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(token) || Number(token) >= node.length) return pointer;
      node = node[Number(token)];
      path.push(token);
      i++;
      continue;
    }
    if (node === null || typeof node !== 'object') return pointer;
    if (Object.prototype.hasOwnProperty.call(node, token)) {
      node = (node as Record<string, unknown>)[token];
      path.push(token);
      i++;
      continue;
    }
    const ref = Object.prototype.hasOwnProperty.call(node, '$ref') ? (node as Record<string, unknown>).$ref : undefined;
    if (typeof ref !== 'string' || !ref.startsWith('#') || ++hops > maxHops) return pointer;
    if (!Object.keys(node).every(annotationKey)) return pointer;
    let target: string;
    try {
      target = decodeURIComponent(ref.slice(1));
    } catch {
      return pointer;
    }
    const resolved = resolvePointer(document, target);
    if (!resolved.found) return pointer;
    node = resolved.value;
    path = parsePointer(target);
  }
  return joinPointer('', ...path);
}

/**
 * True when a subschema below the root of `document` declares an `$id` (or a draft-06/07 `id` string): `$ref`s under it
 * resolve against that base, not the root's, so `throughLocalRefs` (which resolves from the root) does not apply. Only
 * subschemas are read (./walk.ts): an `id` in an `examples`, `default`, `enum` or `const` value, or a property named
 * `$id`, is data, not an identifier. Never throws.
 */
export function hasNestedId(document: unknown): boolean {
  let found = false;
  walkSchema(document, ({ node, parent }) => {
    if (found || parent === undefined || typeof node !== 'object') return;
    if (Object.prototype.hasOwnProperty.call(node, '$id') || typeof node.id === 'string') found = true;
  });
  return found;
}
