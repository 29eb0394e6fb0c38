/**
 * JSON pointer helpers (RFC 6901) for building finding pointers and reading scenario assertions.
 */
import { isJsonObject } from './json.ts';

/** Escape one reference token (`~` -> `~0`, `/` -> `~1`, RFC 6901 §3). Numbers are array indexes. */
export function escapeToken(token: string | number): string {
  return String(token).replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Append tokens to a pointer: `joinPointer('/result', 'content', 0)` -> `/result/content/0`. */
export function joinPointer(base: string, ...tokens: Array<string | number>): string {
  return base + tokens.map((token) => `/${escapeToken(token)}`).join('');
}

/**
 * Split a pointer into unescaped tokens. `''` is the whole document (no tokens).
 * @returns undefined when the pointer is not a JSON pointer (non-empty and not starting with `/`).
 */
export function parsePointer(pointer: string): string[] | undefined {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) return undefined;
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/**
 * Whether `pointer` resolves inside `document` (RFC 6901 §4: array tokens are decimal indexes without
 * leading zeros; `-` never resolves). An invalid pointer, or an undefined document, resolves nowhere.
 */
export function pointerExists(document: unknown, pointer: string): boolean {
  const tokens = parsePointer(pointer);
  if (tokens === undefined || document === undefined) return false;
  let node: unknown = document;
  for (const token of tokens) {
    if (Array.isArray(node)) {
      if (!/^(0|[1-9][0-9]*)$/.test(token) || Number(token) >= node.length) return false;
      node = node[Number(token)];
    } else if (isJsonObject(node)) {
      if (!Object.prototype.hasOwnProperty.call(node, token) || node[token] === undefined) return false;
      node = node[token];
    } else {
      return false;
    }
  }
  return true;
}
