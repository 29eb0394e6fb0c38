/**
 * The reader's view of server text: what a person gets to read of a string once every normalisation the harness
 * applies after the env mask (and every renderer) has run. The harness removes characters from server text only in
 * the stderr tail of a finding (`TERMINAL_CONTROLS`, checks/util/stderr.ts); a terminal or a browser shows the
 * invisible (default-ignorable) characters as nothing; the console and one-line cells turn tab and line feed into a
 * space (reporters/text.ts `oneLine`, `escapeMarkdown`). A secret split by such characters (`hunt\x1b[0mer2`,
 * `hunt\u200Ber2`, `correct\thorse` for `correct horse`) is whole again in that view, so the env mask
 * (session/env-mask.ts) also looks for its values there. Reporters escape characters (never remove them) and every
 * cut (line heads, text budgets, the stderr tail's start) only shortens; what the harness does join or re-case
 * (a JSON pointer joins keys with `/`, a media type is lower-cased) the run's final pass masks again
 * (run/output-mask.ts). Pure (a table filled on first use remembers which code points are dropped).
 */

/**
 * What the lines of a stderr tail lose before display (checks/util/stderr.ts): an ANSI CSI sequence (ESC `[`,
 * parameter bytes, intermediate bytes, a final byte), a C0 or C1 control other than tab and line feed, DEL, and the
 * bidi controls U+200E, U+200F, U+202A-U+202E, U+2066-U+2069. One pass, the sequence tried first: the same result
 * as removing the sequences and then the characters (a sequence holds no control after its ESC). Global: use with
 * `replace`/`matchAll` only.
 */
export const TERMINAL_CONTROLS = /\u001b\[[0-?]*[ -/]*[@-~]|[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The body of a character class (for a `u` regular expression) of the characters rendered as nothing: every
 * default-ignorable code point (zero-width space and joiners, U+FEFF, the variation selectors, tag characters, soft
 * hyphen...) plus U+061C and the invisible operators U+2061-U+2064 (the set checks/util/hidden-unicode.ts looks at).
 */
const INVISIBLE_CLASS = '\\p{Default_Ignorable_Code_Point}\\u061C\\u2061-\\u2064';

/**
 * The body of a character class (for a `u` regular expression) of every character that may read otherwise in the
 * reader's view: the C0 controls (tab and line feed included: they read as a space), DEL, the C1 controls and the
 * invisible characters.
 */
export const MAY_READ_OTHERWISE_CLASS = `\\u0000-\\u001f\\u007f-\\u009f${INVISIBLE_CLASS}`;

/**
 * True when `text` may read otherwise in the reader's view; false means the view is the text itself. One class
 * scan, no allocation (~0.5 ns per character: 60 µs for a 116 KB page of 50 tools).
 */
export const MAY_READ_OTHERWISE = new RegExp(`[${MAY_READ_OTHERWISE_CLASS}]`, 'u');

/** One code point the view drops: a control but tab and line feed (C0, DEL, C1), a bidi control or an invisible character. */
const DROPPED = new RegExp(`^[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069${INVISIBLE_CLASS}]$`, 'u');

/** Per code point: 0 not looked at yet, 1 kept, 2 dropped (DROPPED). Allocated on first use (1.1 MB), filled as code points are met. */
let kinds: Uint8Array | undefined;

/** The table of `kinds`, with `cp` looked at (one DROPPED test per distinct code point, then a table read). */
function kindOf(cp: number): number {
  kinds ??= new Uint8Array(0x110000);
  if (kinds[cp] === 0) kinds[cp] = DROPPED.test(String.fromCodePoint(cp)) ? 2 : 1;
  return kinds[cp];
}

/**
 * Length in code units of the ANSI CSI sequence at `i` (ESC `[`, parameter bytes 0x30-0x3F, intermediate bytes
 * 0x20-0x2F, a final byte 0x40-0x7E; TERMINAL_CONTROLS), or 0 when none starts there.
 */
function sequenceAt(text: string, i: number): number {
  if (text.charCodeAt(i + 1) !== 0x5b) return 0;
  let j = i + 2;
  while (j < text.length && text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x3f) j += 1;
  while (j < text.length && text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x2f) j += 1;
  const final = text.charCodeAt(j);
  return final >= 0x40 && final <= 0x7e ? j + 1 - i : 0;
}

/**
 * Code units the view drops at `i`, whose code unit is `c`: a whole CSI sequence, one dropped character (a surrogate
 * pair whole), or 0 (kept). Printable ASCII, the common case, is answered before any table is read.
 */
function droppedAt(text: string, i: number, c: number): number {
  if (c >= 0x20 && c < 0x7f) return 0;
  if (c === 0x1b) return sequenceAt(text, i) || 1;
  if (c >= 0xd800 && c <= 0xdbff) {
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return kindOf(((c - 0xd800) << 10) + (low - 0xdc00) + 0x10000) === 2 ? 2 : 0;
    return 0;
  }
  return c >= 0xdc00 && c <= 0xdfff ? 0 : kindOf(c) === 2 ? 1 : 0;
}

/** A string's reader's view and the way back from it. */
export interface ReaderView {
  /** The view: every unseen unit removed, tab and line feed as a space. */
  text: string;
  /**
   * The index in the original string of each of the view's code units at `indices` (ascending, each
   * 0 <= index < text.length), in one walk over the original: what a match in the view came from.
   */
  sources(indices: readonly number[]): number[];
}

/** Code units turned into a string per call of String.fromCharCode (well under any argument limit). */
const DECODE_CHUNK = 8192;

/** MAY_READ_OTHERWISE, global: the next character the view may drop or change, from `lastIndex`. */
const CANDIDATE = new RegExp(MAY_READ_OTHERWISE.source, 'gu');

/** Candidates looked at one by one (a native search between them) before the rest of a text is walked unit by unit. */
const SPARSE_CANDIDATES = 256;

/**
 * The reader's view of `text` (see the module comment) with its way back to `text`: units the view drops are
 * removed whole (an ANSI sequence, a surrogate pair), so every kept code unit maps to one of the original. A text
 * with few such characters (an emoji's variation selector in a page of tools) is copied run by run between native
 * searches; past SPARSE_CANDIDATES of them the rest is walked code unit by code unit into one buffer (a few ns
 * each), so a line of millions of invisible characters costs a copy of itself, never an object per character. Use
 * it behind MAY_READ_OTHERWISE (a text without such characters is its own view).
 */
export function readerView(text: string): ReaderView {
  const pieces: string[] = [];
  let from = 0; // the start of the kept run not copied yet
  let at = 0;
  for (let seen = 0; at < text.length; seen += 1) {
    if (seen === SPARSE_CANDIDATES) {
      pieces.push(text.slice(from, at), walk(text, at));
      return { text: pieces.join(''), sources: (indices) => sourcesOf(text, indices) };
    }
    CANDIDATE.lastIndex = at;
    const found = CANDIDATE.exec(text);
    if (found === null) break;
    at = found.index;
    const c = text.charCodeAt(at);
    const drop = droppedAt(text, at, c);
    if (drop > 0 || c === 0x09 || c === 0x0a) {
      pieces.push(text.slice(from, at), drop > 0 ? '' : ' ');
      at += drop > 0 ? drop : 1;
      from = at;
    } else at += found[0].length;
  }
  pieces.push(text.slice(from));
  return { text: pieces.join(''), sources: (indices) => sourcesOf(text, indices) };
}

/** The view of `text` from `start` on, one code unit at a time into one buffer. */
function walk(text: string, start: number): string {
  const units = new Uint16Array(text.length - start);
  let length = 0;
  for (let i = start; i < text.length; ) {
    const c = text.charCodeAt(i);
    const drop = droppedAt(text, i, c);
    if (drop > 0) {
      i += drop;
      continue;
    }
    units[length++] = c === 0x09 || c === 0x0a ? 0x20 : c;
    i += 1;
  }
  const chunks: string[] = [];
  for (let i = 0; i < length; i += DECODE_CHUNK) chunks.push(String.fromCharCode.apply(null, units.subarray(i, Math.min(length, i + DECODE_CHUNK)) as unknown as number[]));
  return chunks.join('');
}

/** `ReaderView.sources`: the same units dropped as the view's, counting kept code units until every index is placed. */
function sourcesOf(text: string, indices: readonly number[]): number[] {
  const out: number[] = [];
  let viewAt = 0;
  for (let i = 0; i < text.length && out.length < indices.length; ) {
    const drop = droppedAt(text, i, text.charCodeAt(i));
    if (drop > 0) {
      i += drop;
      continue;
    }
    while (out.length < indices.length && indices[out.length] === viewAt) out.push(i);
    viewAt += 1;
    i += 1;
  }
  return out;
}
