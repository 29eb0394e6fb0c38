/**
 * JSON Pointer helpers (RFC 6901): escape, unescape, join, parse and resolve.
 * Pure; used for finding pointers (`/inputSchema/properties/x`) and for local `$ref` resolution.
 */

/** Escape one reference token (RFC 6901 §3: `~` -> `~0`, `/` -> `~1`). */
export function escapeToken(token: string | number): string {
  const text = typeof token === 'string' ? token : String(token);
  if (text.indexOf('~') < 0 && text.indexOf('/') < 0) return text; // the common case, without two regex passes
  return text.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Unescape one reference token (RFC 6901 §4: `~1` -> `/`, then `~0` -> `~`). */
export function unescapeToken(token: string): string {
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}

/**
 * Append unescaped tokens to a pointer: `join('/inputSchema', 'properties', 'a/b')` ->
 * `/inputSchema/properties/a~1b`. `base` is a pointer ('' = root).
 */
export function joinPointer(base: string, ...tokens: Array<string | number>): string {
  let out = base;
  for (const t of tokens) out += `/${escapeToken(t)}`;
  return out;
}


/**
 * Parse a pointer into unescaped tokens ('' -> []).
 * @throws Error when the pointer is not empty and does not start with `/` (RFC 6901 §3).
 */
export function parsePointer(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`invalid JSON pointer: must start with '/'`);
  return pointer.slice(1).split('/').map(unescapeToken);
}

/**
 * Resolve a pointer inside a document. Returns `{ found: false }` when a token does not exist or the
 * pointer is malformed; never throws.
 */
export function resolvePointer(document: unknown, pointer: string): { found: true; value: unknown } | { found: false } {
  let tokens: string[];
  try {
    tokens = parsePointer(pointer);
  } catch {
    return { found: false };
  }
  let node: unknown = document;
  for (const token of tokens) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9]\d*)$/.test(token) || Number(token) >= node.length) return { found: false };
      node = node[Number(token)];
    } else if (node !== null && typeof node === 'object' && Object.prototype.hasOwnProperty.call(node, token)) {
      node = (node as Record<string, unknown>)[token];
    } else {
      return { found: false };
    }
  }
  return { found: true, value: node };
}

/** The keys a `$ref`-only alias may carry besides `$ref` (annotations that assert nothing). */
const ALIAS_KEYS = new Set(['$ref', '$comment', 'title', 'description']);

/**
 * `pointer` (a schema keyword's location, e.g. ajv's `schemaPath`) as a pointer `document` really holds: where a
 * token is missing at a node that is a `$ref`-only alias (`$ref` to a local `#` or `#/...` fragment, besides it only
 * `$comment`, `title`, `description`), the walk goes on at the ref's target. ajv names a keyword reached through a
 * chain of such aliases (`d0` -> `d1` -> ... -> `{type}`) at the first alias (`/$defs/d0/type`, which the document
 * does not have); this gives `/$defs/d8/type`. A `$ref` with sibling keywords is not followed (ajv's path is relative
 * to another node then, and following it could name a keyword that did not fail). A pointer the document holds is
 * returned as it is; so is one no chain of at most `maxHops` aliases completes (a remote ref, a cycle, a bad
 * fragment). The caller skips documents with a nested `$id` (refs resolve against another base there). Never throws.
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
    if (!Object.keys(node).every((key) => ALIAS_KEYS.has(key))) return pointer;
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
 * True when a schema object below the root of `document` has an `$id` (or draft-06/07 `id` string): `$ref`s under it
 * resolve against that base, not the root's, so `throughLocalRefs` (which resolves from the root) does not apply.
 * Conservative: a property named `$id` counts too. Iterative, linear in the document. Never throws on JSON data.
 */
export function hasNestedId(document: unknown): boolean {
  const stack: unknown[] = [];
  const push = (value: unknown) => {
    if (value !== null && typeof value === 'object') stack.push(value);
  };
  if (document !== null && typeof document === 'object') for (const key of Object.keys(document)) push((document as Record<string, unknown>)[key]);
  while (stack.length > 0) {
    const node = stack.pop() as Record<string, unknown>;
    if (!Array.isArray(node) && (Object.prototype.hasOwnProperty.call(node, '$id') || typeof node.id === 'string')) return true;
    for (const key of Object.keys(node)) push(node[key]);
  }
  return false;
}
