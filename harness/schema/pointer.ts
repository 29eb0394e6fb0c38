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
