/**
 * Sorted-key JSON and hashes: a serialisation with object keys sorted at every depth, so that two
 * JSON values that differ only in key order share one compile-cache entry and compare equal. (The
 * meaning-level canonical form of schemas, for comparisons and lock hashes, is ./canonicalise.ts.) Iterative (an explicit work stack), so a
 * document of any nesting depth serialises without overflowing the call stack.
 */
import { createHash } from 'node:crypto';

/** A piece of literal output on the work stack (distinguishes text from values still to serialise). */
class Text {
  constructor(readonly text: string) {}
}

const OPEN_ARRAY = new Text('[');
const CLOSE_ARRAY = new Text(']');
const OPEN_OBJECT = new Text('{');
const CLOSE_OBJECT = new Text('}');
const COMMA = new Text(',');

/** Push the parts of an array or object on the stack, last part first (so they pop in order). */
function pushParts(stack: unknown[], value: object): void {
  if (Array.isArray(value)) {
    stack.push(CLOSE_ARRAY);
    for (let i = value.length - 1; i >= 0; i--) {
      stack.push(value[i] === undefined ? null : value[i]);
      if (i > 0) stack.push(COMMA);
    }
    stack.push(OPEN_ARRAY);
    return;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).filter((k) => record[k] !== undefined).sort();
  stack.push(CLOSE_OBJECT);
  for (let i = keys.length - 1; i >= 0; i--) {
    stack.push(record[keys[i]], new Text(`${JSON.stringify(keys[i])}:`));
    if (i > 0) stack.push(COMMA);
  }
  stack.push(OPEN_OBJECT);
}

/**
 * Serialise a JSON value with object keys sorted at every depth, no whitespace. `undefined` members
 * are dropped (in arrays: `null`) like JSON.stringify does; other non-JSON values serialise as
 * JSON.stringify does, or `null`. Cycles are not expected (parsed JSON has none). Never recurses.
 */
export function sortedJson(value: unknown): string {
  const out: string[] = [];
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (item instanceof Text) out.push(item.text);
    else if (item === null || typeof item !== 'object') out.push(JSON.stringify(item) ?? 'null');
    else pushParts(stack, item);
  }
  return out.join('');
}

/** sha256 (lowercase hex, 64 characters) of the canonical JSON of `value`. */
export function sortedJsonHash(value: unknown): string {
  return createHash('sha256').update(sortedJson(value)).digest('hex');
}

/** Deep equality of two JSON values (key order ignored, array order kept). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return sortedJson(a) === sortedJson(b);
}
