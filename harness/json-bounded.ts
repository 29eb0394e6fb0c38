/**
 * JSON text parsed with a bound on its nesting depth, for text a server wrote (a stdout line, an HTTP body, an
 * SSE event). `JSON.parse` builds the whole value before anything can measure it, and a line of 16 MB holding
 * `[[[...]]]` 8 million levels deep costs V8 ~3 GB of heap to build (two such lines exhaust it). RFC 8259 §9 lets
 * an implementation limit the nesting depth it accepts; the harness's limit is run/depth-guard.ts's
 * MAX_VALUE_DEPTH, applied after parsing, so here text is only kept from growing a value past it:
 *
 * - `mayNestDeeper` is the check every line pays: free for a line of at most 2 x limit characters (JSON needs
 *   an opening and a closing bracket per level), otherwise one charCode loop that steps over strings with
 *   `indexOf` and stops as soon as the depth passes the limit.
 * - `parseJsonBounded` parses text of any depth: text no deeper than `limit` is `JSON.parse`d as it is; deeper
 *   text is first checked to be JSON (the same grammar `JSON.parse` accepts, without building anything) and then
 *   parsed with every container that opens at depth `limit + 1` emptied (`[...]` -> `[]`, `{...}` -> `{}`): a value
 *   exactly `limit + 1` levels deep, which a depth guard for `limit - 1` levels drops as it drops the whole value.
 * Iterative, linear in the text, no recursion.
 */

/**
 * The harness's nesting limit of JSON values, in levels (every object or array counts once): schemas deeper are
 * refused (schema/depth.ts MAX_SCHEMA_DEPTH) and server values deeper are dropped (run/depth-guard.ts
 * MAX_VALUE_DEPTH), both this number. Here so that the session layer, which may not import schema/, bounds its
 * parsing by the same number.
 */
export const MAX_NESTING = 256;

/**
 * Whether JSON text may nest deeper than `limit` levels (a level: one `[` or `{`, the outermost is level 1).
 * Exact for JSON text and for the prefix of any text up to its first syntax error (so text it answers false for
 * never makes `JSON.parse` build a value deeper than `limit`); brackets inside strings do not count. Two cheap
 * bounds first: text of at most `2 * limit` UTF-16 units, or with at most `limit` of `[` and `{` in all (strings
 * included, counted with `indexOf`), answers false without the walk (a tool result line of a 1,000-tool run has
 * ~22 of them; a tools/list page thousands, and is walked). O(length), stops at the first level past `limit`.
 */
export function mayNestDeeper(text: string, limit: number): boolean {
  const n = text.length;
  if (n <= 2 * limit || !opensMoreThan(text, limit)) return false;
  let depth = 0;
  for (let i = 0; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      i = stringEnd(text, i);
    } else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) {
      depth--;
    }
  }
  return false;
}

/** Whether `text` holds more than `limit` of `[` and `{`, anywhere (an upper bound of its depth); stops past `limit`. */
function opensMoreThan(text: string, limit: number): boolean {
  let count = 0;
  for (let i = text.indexOf('['); i !== -1; i = text.indexOf('[', i + 1)) if (++count > limit) return true;
  for (let i = text.indexOf('{'); i !== -1; i = text.indexOf('{', i + 1)) if (++count > limit) return true;
  return false;
}

/**
 * The index of the quote that closes the string opened at `open` (a quote preceded by an even number of
 * backslashes), or the text's length when it is not closed.
 */
function stringEnd(text: string, open: number): number {
  let q = text.indexOf('"', open + 1);
  while (q !== -1) {
    let k = q - 1;
    while (text.charCodeAt(k) === 0x5c) k--;
    if ((q - 1 - k) % 2 === 0) return q;
    q = text.indexOf('"', q + 1);
  }
  return text.length;
}

/** Outcome of `parseJsonBounded`: the value, and `cut` when containers deeper than the limit were emptied. */
export type BoundedJson = { ok: true; value: unknown; cut?: true } | { ok: false };

/**
 * Parse JSON text, building no container deeper than `limit + 1` levels. Text that is not JSON (as `JSON.parse`
 * judges it: RFC 8259 grammar, JSON whitespace only) is `{ ok: false }`. Text at most `limit` levels deep is the
 * value `JSON.parse` returns. Deeper text is that value with every container that opens at level `limit + 1`
 * emptied (same kind), marked `cut`: its depth is exactly `limit + 1`, and so is the depth of each top-level
 * member plus one, so a value or member deeper than `limit - 1` levels is still deeper after the cut.
 * @param limit levels kept as they are, >= 1
 */
export function parseJsonBounded(text: string, limit: number): BoundedJson {
  if (!mayNestDeeper(text, limit)) {
    try {
      return { ok: true, value: JSON.parse(text) as unknown };
    } catch {
      return { ok: false };
    }
  }
  const cut = cutDeeper(text, limit);
  if (cut === undefined) return { ok: false };
  return { ok: true, value: JSON.parse(cut) as unknown, cut: true };
}

/** The kinds of open container on `cutDeeper`'s stack. */
const ARRAY = 0;
const OBJECT = 1;

/**
 * Validate `text` as JSON (the grammar of `JSON.parse`) and return it with the content of every container that
 * opens at level `limit + 1` removed; undefined when it is not JSON. Iterative: the open containers are a byte
 * stack (one byte per level, at most one per character of the text).
 */
export function cutDeeper(text: string, limit: number): string | undefined {
  const n = text.length;
  let stack = new Uint8Array(64);
  let depth = 0;
  const pieces: string[] = [];
  let copyFrom = 0;
  let i = skipWs(text, 0);
  // expecting a value at i
  for (;;) {
    let c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      const kind = c === 0x5b ? ARRAY : OBJECT;
      if (depth === stack.length) {
        const grown = new Uint8Array(Math.min(stack.length * 2, n + 1));
        grown.set(stack);
        stack = grown;
      }
      stack[depth++] = kind;
      if (depth === limit + 1) pieces.push(text.slice(copyFrom, i + 1));
      i = skipWs(text, i + 1);
      c = text.charCodeAt(i);
      if (c === (kind === ARRAY ? 0x5d : 0x7d)) {
        // empty: closed below
      } else if (kind === ARRAY) {
        continue; // a value
      } else {
        i = member(text, i);
        if (i < 0) return undefined;
        continue; // the member's value
      }
    } else {
      i = scalarEnd(text, i, c);
      if (i < 0) return undefined;
      i = skipWs(text, i);
      c = text.charCodeAt(i);
    }
    // after a value (or at the close of an empty container: c is its closing bracket)
    for (;;) {
      if (depth === 0) return i === n ? (pieces.length === 0 ? text : pieces.join('') + text.slice(copyFrom)) : undefined;
      const kind = stack[depth - 1];
      if (c === 0x2c) {
        i = skipWs(text, i + 1);
        if (kind === OBJECT) {
          i = member(text, i);
          if (i < 0) return undefined;
        }
        break; // a value
      }
      if (c !== (kind === ARRAY ? 0x5d : 0x7d)) return undefined;
      if (depth === limit + 1) copyFrom = i;
      depth--;
      i = skipWs(text, i + 1);
      c = text.charCodeAt(i);
    }
  }
}

/** After a `{` or `,` in an object (at `i`, whitespace skipped): `"key"` `:`; the index of the value, or -1. */
function member(text: string, i: number): number {
  if (text.charCodeAt(i) !== 0x22) return -1;
  const end = stringValidEnd(text, i);
  if (end < 0) return -1;
  const colon = skipWs(text, end);
  if (text.charCodeAt(colon) !== 0x3a) return -1;
  return skipWs(text, colon + 1);
}

/** The index after the string, number or literal starting at `i` (first unit `c`), or -1 when there is none. */
function scalarEnd(text: string, i: number, c: number): number {
  if (c === 0x22) return stringValidEnd(text, i);
  if (c === 0x74) return text.startsWith('true', i) ? i + 4 : -1;
  if (c === 0x66) return text.startsWith('false', i) ? i + 5 : -1;
  if (c === 0x6e) return text.startsWith('null', i) ? i + 4 : -1;
  return numberEnd(text, i);
}

/** JSON whitespace (space, tab, LF, CR) from `i`: the index of the first other unit (or the length). */
function skipWs(text: string, i: number): number {
  for (;;) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) return i;
    i++;
  }
}

const isDigit = (c: number): boolean => c >= 0x30 && c <= 0x39;
const isHex = (c: number): boolean => isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);

/** RFC 8259 §6 number at `i`: the index after it, or -1. */
function numberEnd(text: string, i: number): number {
  if (text.charCodeAt(i) === 0x2d) i++;
  const first = text.charCodeAt(i);
  if (first === 0x30) i++;
  else if (first >= 0x31 && first <= 0x39) while (isDigit(text.charCodeAt(++i)));
  else return -1;
  if (text.charCodeAt(i) === 0x2e) {
    if (!isDigit(text.charCodeAt(++i))) return -1;
    while (isDigit(text.charCodeAt(++i)));
  }
  const e = text.charCodeAt(i);
  if (e === 0x65 || e === 0x45) {
    const sign = text.charCodeAt(++i);
    if (sign === 0x2b || sign === 0x2d) i++;
    if (!isDigit(text.charCodeAt(i))) return -1;
    while (isDigit(text.charCodeAt(++i)));
  }
  return i;
}

/** RFC 8259 §7 string opening at `open`: the index after its closing quote, or -1 (control unit, bad escape, unclosed). */
function stringValidEnd(text: string, open: number): number {
  const n = text.length;
  for (let i = open + 1; i < n; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) return i + 1;
    if (c < 0x20) return -1;
    if (c === 0x5c) {
      const e = text.charCodeAt(++i);
      if (e === 0x75) {
        for (let k = 1; k <= 4; k++) if (!isHex(text.charCodeAt(i + k))) return -1;
        i += 4;
      } else if (e !== 0x22 && e !== 0x5c && e !== 0x2f && e !== 0x62 && e !== 0x66 && e !== 0x6e && e !== 0x72 && e !== 0x74) {
        return -1;
      }
    }
  }
  return -1;
}
