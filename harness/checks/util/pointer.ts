/**
 * JSON pointer helpers (RFC 6901) for building finding pointers and reading scenario assertions.
 * One implementation, in harness/schema/pointer.ts; this module adapts it to the checks' needs
 * (a malformed pointer is `undefined`, not an exception).
 */
import { parsePointer as parseStrict, resolvePointer } from '../../schema/pointer.ts';

export { escapeToken, joinPointer } from '../../schema/pointer.ts';

/**
 * Split a pointer into unescaped tokens. `''` is the whole document (no tokens).
 * @returns undefined when the pointer is not a JSON pointer (non-empty and not starting with `/`).
 */
export function parsePointer(pointer: string): string[] | undefined {
  try {
    return parseStrict(pointer);
  } catch {
    return undefined;
  }
}

/**
 * Whether `pointer` resolves inside `document` to a defined value (RFC 6901 §4: array tokens are
 * decimal indexes without leading zeros; `-` never resolves). An invalid pointer resolves nowhere.
 */
export function pointerExists(document: unknown, pointer: string): boolean {
  const found = resolvePointer(document, pointer);
  return found.found && found.value !== undefined;
}
