/**
 * Sorted-key JSON: a serialisation with object keys sorted at every depth, so that two JSON values that differ
 * only in key order compare equal (`jsonEqual`) and hash alike (contract and lock hashes). (The meaning-level
 * canonical form of schemas, for comparisons and lock hashes, is ./canonicalise.ts; the compile cache keys a
 * schema by its plain JSON text instead: ./ajv.ts.) Iterative (an explicit work stack), so a document of any
 * nesting depth serialises without overflowing the call stack.
 */

/** The text of a value that is not an array or object: JSON.stringify's, or `null` where it gives none. */
function scalarText(value: unknown): string {
  return JSON.stringify(value) ?? 'null';
}

/** What goes on the work stack for a member: a container to expand later, or its final text. */
function part(value: unknown): unknown {
  return value === null || typeof value !== 'object' ? scalarText(value) : value;
}

/** `"key":` texts of the short keys met so far (schemas repeat a few dozen keyword and property names); at most 4,096 keys of at most 64 characters, across runs. */
const keyTexts = new Map<string, string>();
/** The text of an object key and its colon, as JSON.stringify spells the key. */
function keyText(key: string): string {
  let text = keyTexts.get(key);
  if (text === undefined) {
    text = `${JSON.stringify(key)}:`;
    if (key.length <= 64 && keyTexts.size < 4096) keyTexts.set(key, text);
  }
  return text;
}

/**
 * Push the parts of an array or object on the stack, last part first (so they pop in order). Strings on
 * the stack are literal output (a member's text is pushed already serialised), objects are still to expand.
 */
function pushParts(stack: unknown[], value: object): void {
  if (Array.isArray(value)) {
    stack.push(']');
    for (let i = value.length - 1; i >= 0; i--) {
      stack.push(part(value[i] === undefined ? null : value[i]));
      if (i > 0) stack.push(',');
    }
    stack.push('[');
    return;
  }
  const record = value as Record<string, unknown>;
  const keys = Object.keys(record).sort();
  stack.push('}');
  let first = true;
  for (let i = keys.length - 1; i >= 0; i--) {
    const member = record[keys[i]];
    if (member === undefined) continue;
    if (!first) stack.push(',');
    first = false;
    stack.push(part(member), keyText(keys[i]));
  }
  stack.push('{');
}

/**
 * Serialise a JSON value with object keys sorted at every depth, no whitespace. `undefined` members
 * are dropped (in arrays: `null`) like JSON.stringify does; other non-JSON values serialise as
 * JSON.stringify does, or `null`. Cycles are not expected (parsed JSON has none). Never recurses.
 */
export function sortedJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return scalarText(value);
  let out = '';
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const item = stack.pop();
    if (typeof item === 'string') out += item;
    else pushParts(stack, item as object);
  }
  return out;
}

/** Deep equality of two JSON values (key order ignored, array order kept). */
export function jsonEqual(a: unknown, b: unknown): boolean {
  return sortedJson(a) === sortedJson(b);
}
