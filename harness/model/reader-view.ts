/**
 * The reader's view of server text: what a person gets to read of a string once every normalisation the harness
 * applies after the env mask (and every renderer) has run. The harness removes characters from server text only in
 * the stderr tail of a finding (`stripTerminalControls`, checks/util/stderr.ts); a terminal (the console, `jq -r` or
 * `cat` of a report) runs escape and control sequences and shows nothing of them, and a backspace makes it write
 * the next character over the one before; a terminal or a browser shows the invisible (default-ignorable)
 * characters as nothing; the console and one-line cells turn tab and line feed into a space (reporters/text.ts
 * `oneLine`, `escapeMarkdown`). So the view drops, per ECMA-48, every escape or control sequence whole: CSI
 * (`ESC [` or U+009B, parameters, a final byte), the control strings OSC (`ESC ]`, U+009D, up to BEL or ST), DCS
 * (`ESC P`, U+0090), SOS, PM and APC (`ESC X`/`^`/`_`, U+0098/U+009E/U+009F), each up to ST (`ESC \`, U+009C) or,
 * unterminated, to the end of the text, and any other `ESC`, intermediate bytes, final byte (`ESC ( B`); then every
 * other control, the bidi controls, the invisible characters and U+2028, U+2029; a backspace deletes the visible code point before
 * it (not past a line feed); the 8-bit forms only in the `c1` view (readerView). A secret split by any of these (`hunt\x1b[0mer2`, `hunt\x1b]0;\x07er2`,
 * `hunt\x1b(Ber2`, `hunt\u009d...\u009cer2`, `huntX\ber2`, `hunt\u200Ber2`, `correct\thorse` for `correct horse`)
 * is whole again in that view, so the env mask (session/env-mask.ts) also looks for its values there. Reporters
 * escape characters (never remove them) and every cut (line heads, text budgets, the stderr tail's start) only
 * shortens; what the harness does join or re-case (a JSON pointer joins keys with `/`, a media type is lower-cased)
 * the run's final pass masks again (run/output-mask.ts). Not modelled: a carriage return, backspaces followed by
 * fewer characters than they went back over (`abc\b\bX` shows `aXc`; the env mask also reads the text with each
 * backspace dropped alone, which covers backspaces with nothing after them), cursor movement, terminals that end
 * other control strings than OSC at BEL. Pure (a table filled on first use remembers which code points are dropped).
 */

/**
 * The body of a character class (for a `u` regular expression) of the characters rendered as nothing: every
 * default-ignorable code point (zero-width space and joiners, U+FEFF, the variation selectors, tag characters, soft
 * hyphen...) plus U+061C and the invisible operators U+2061-U+2064 (the set checks/util/hidden-unicode.ts looks at).
 */
const INVISIBLE_CLASS = '\\p{Default_Ignorable_Code_Point}\\u061C\\u2061-\\u2064';

/**
 * The line and paragraph separators U+2028 and U+2029: many terminals show them as nothing (zero width), so the view
 * drops them (a browser shows a break: over-masking there is harmless). NBSP and combining marks are visible (a
 * space, an accent) and are kept.
 */
const SEPARATOR_CLASS = '\\u2028\\u2029';

/**
 * The body of a character class (for a `u` regular expression) of every character that may read otherwise in the
 * reader's view: the C0 controls (tab and line feed included: they read as a space), DEL, the C1 controls, the
 * invisible characters and U+2028, U+2029.
 */
export const MAY_READ_OTHERWISE_CLASS = `\\u0000-\\u001f\\u007f-\\u009f${INVISIBLE_CLASS}${SEPARATOR_CLASS}`;

/**
 * True when `text` may read otherwise in the reader's view; false means the view is the text itself. One class
 * scan, no allocation (~0.5 ns per character: 60 µs for a 116 KB page of 50 tools).
 */
export const MAY_READ_OTHERWISE = new RegExp(`[${MAY_READ_OTHERWISE_CLASS}]`, 'u');

/** One code point the view drops: a control but tab and line feed (C0, DEL, C1), a bidi control, an invisible character, U+2028 or U+2029. */
const DROPPED = new RegExp(`^[\\u0000-\\u0008\\u000b-\\u001f\\u007f-\\u009f\\u200e\\u200f\\u202a-\\u202e\\u2066-\\u2069${INVISIBLE_CLASS}${SEPARATOR_CLASS}]$`, 'u');

/** A control other than tab and line feed (C0, DEL, C1) or a bidi control: what the stderr tail's cleaning drops too. */
const CONTROL = /^[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]$/;

/**
 * Per code point: 0 not looked at yet, 1 kept, 2 dropped by the view only (an invisible character), 3 dropped by
 * the view and the stderr tail's cleaning (CONTROL). Allocated on first use (1.1 MB), filled as code points are met.
 */
let kinds: Uint8Array | undefined;

/** The table of `kinds`, with `cp` looked at (one test per distinct code point, then a table read). */
function kindOf(cp: number): number {
  kinds ??= new Uint8Array(0x110000);
  if (kinds[cp] === 0) {
    const ch = String.fromCodePoint(cp);
    kinds[cp] = CONTROL.test(ch) ? 3 : DROPPED.test(ch) ? 2 : 1;
  }
  return kinds[cp];
}

/** A final byte of a control sequence (CSI), 0x40-0x7E. */
const isFinal = (c: number): boolean => c >= 0x40 && c <= 0x7e;

/**
 * Length in code units of the control sequence (CSI) whose parameter bytes start at `j`: parameter bytes 0x30-0x3F,
 * intermediate bytes 0x20-0x2F, a final byte 0x40-0x7E, measured from `i` (its ESC `[` or U+009B). Unterminated at
 * the end of the text: to the end (a terminal waits for the final byte); cut by CAN or SUB (included) or by ESC or
 * a C1 control (which starts a sequence of its own): up to there. 0 when another character breaks it.
 */
function controlSequence(text: string, i: number, j: number, c1: boolean): number {
  while (j < text.length && ((text.charCodeAt(j) >= 0x30 && text.charCodeAt(j) <= 0x3f) || innerControl(text.charCodeAt(j)))) j += 1;
  while (j < text.length && ((text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x2f) || innerControl(text.charCodeAt(j)))) j += 1;
  if (j === text.length) return j - i;
  const c = text.charCodeAt(j);
  if (isFinal(c)) return j + 1 - i;
  if (c === 0x18 || c === 0x1a) return j + 1 - i; // CAN, SUB: the sequence is cancelled
  return c === 0x1b || (c1 && c >= 0x80 && c <= 0x9f) ? j - i : 0; // another sequence starts: this one ends unfinished
}

/**
 * A C0 control a terminal runs in the middle of an escape or control sequence and then goes on with the sequence
 * (the DEC/xterm parser): every C0 but ESC, CAN and SUB, which end it. The view keeps it in the sequence it
 * interrupts (dropped with it; a backspace among them still deletes: walk). A review: `sek ESC [ BEL m rit` showed
 * `sekrit` on a terminal while the view read `sek[mrit`.
 */
const innerControl = (c: number): boolean => c < 0x20 && c !== 0x1b && c !== 0x18 && c !== 0x1a;

/**
 * Length in code units of the control string (OSC, DCS, SOS, PM, APC) whose content starts at `j`, measured from
 * `i`, its terminator included: ST (ESC `\` or U+009C), BEL for an OSC (`bel`), CAN or SUB (which abort it). An ESC
 * not followed by `\` ends it before the ESC (the ESC starts a sequence of its own, as in xterm). Unterminated: to
 * the end of the text (a terminal shows nothing of it).
 */
function controlString(text: string, i: number, j: number, bel: boolean, c1: boolean): number {
  for (; j < text.length; j += 1) {
    const c = text.charCodeAt(j);
    if ((c1 && c === 0x9c) || c === 0x18 || c === 0x1a || (bel && c === 0x07)) return j + 1 - i;
    if (c === 0x1b) return text.charCodeAt(j + 1) === 0x5c ? j + 2 - i : j - i;
  }
  return text.length - i;
}

/**
 * Length in code units of the escape or control sequence at `i` per ECMA-48, whose first code unit `c` is ESC or a
 * C1 control, or 0 when none starts there (the character alone is dropped):
 * - CSI: ESC `[` or U+009B, parameter bytes, intermediate bytes, a final byte;
 * - control strings up to their terminator (or the end of the text): OSC (ESC `]`, U+009D; ST or BEL), DCS (ESC `P`,
 *   U+0090), SOS (ESC `X`, U+0098), PM (ESC `^`, U+009E), APC (ESC `_`, U+009F), each ended by ST;
 * - any other escape sequence: ESC, intermediate bytes 0x20-0x2F, a final byte 0x30-0x7E (`ESC ( B`, `ESC 7`,
 *   `ESC \`); intermediate bytes at the end of the text: to the end.
 */
function sequenceAt(text: string, i: number, c: number, c1: boolean): number {
  if (c === 0x1b) {
    const next = text.charCodeAt(i + 1);
    if (next === 0x5b) return controlSequence(text, i, i + 2, c1);
    if (next === 0x5d) return controlString(text, i, i + 2, true, c1);
    if (next === 0x50 || next === 0x58 || next === 0x5e || next === 0x5f) return controlString(text, i, i + 2, false, c1);
    let j = i + 1;
    while (j < text.length && ((text.charCodeAt(j) >= 0x20 && text.charCodeAt(j) <= 0x2f) || innerControl(text.charCodeAt(j)))) j += 1;
    if (j === text.length) return j - i;
    const final = text.charCodeAt(j);
    return final >= 0x30 && final <= 0x7e ? j + 1 - i : 0;
  }
  if (!c1) return 0;
  if (c === 0x9b) return controlSequence(text, i, i + 1, c1);
  if (c === 0x9d) return controlString(text, i, i + 1, true, c1);
  if (c === 0x90 || c === 0x98 || c === 0x9e || c === 0x9f) return controlString(text, i, i + 1, false, c1);
  return 0;
}

/**
 * Code units the view drops at `i`, whose code unit is `c`: a whole escape or control sequence (sequenceAt), one
 * dropped character (a surrogate pair whole), or 0 (kept). Printable ASCII, the common case, is answered before
 * any table is read. `all`: the invisible characters too (the view); otherwise only controls and bidi controls
 * (the stderr tail's cleaning).
 */
function droppedAt(text: string, i: number, c: number, all = true, c1 = true): number {
  if (c >= 0x20 && c < 0x7f) return 0;
  if (c === 0x1b || (c1 && c >= 0x90 && c <= 0x9f)) return sequenceAt(text, i, c, c1) || 1;
  if (c >= 0xd800 && c <= 0xdbff) {
    const low = text.charCodeAt(i + 1);
    if (low >= 0xdc00 && low <= 0xdfff) return kindOf(((c - 0xd800) << 10) + (low - 0xdc00) + 0x10000) >= (all ? 2 : 3) ? 2 : 0;
    return 0;
  }
  return c >= 0xdc00 && c <= 0xdfff ? 0 : kindOf(c) >= (all ? 2 : 3) ? 1 : 0;
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
 * removed whole (an escape or control sequence, a surrogate pair; a backspace with the code point it deletes), so
 * every kept code unit maps to one of the original. `c1`: the 8-bit forms (U+009B, U+009D, U+0090...) start
 * sequences, as in a terminal that runs C1 controls; false: each is dropped alone, as in one that ignores them (the
 * env mask looks in both views). `backspace`: a backspace deletes the visible code point before it (a terminal
 * writes what follows over it); false: it is dropped alone (a terminal shows the line as written when nothing
 * follows it: the env mask looks in both views). A text with a backspace is walked once, unit by unit, its map kept. A text
 * with few such characters (an emoji's variation selector in a page of tools) is copied run by run between native
 * searches; past SPARSE_CANDIDATES of them the rest is walked code unit by code unit into one buffer (a few ns
 * each), so a line of millions of invisible characters costs a copy of itself, never an object per character. Use
 * it behind MAY_READ_OTHERWISE (a text without such characters is its own view).
 */
export function readerView(text: string, c1 = true, backspace = true): ReaderView {
  if (backspace && text.includes('\b')) {
    // a backspace deletes what the view kept before it: one walk, the sources recorded on the way
    const map = new Int32Array(text.length);
    return { text: walk(text, 0, true, map, c1), sources: (indices) => indices.map((k) => map[k]) };
  }
  const pieces: string[] = [];
  let from = 0; // the start of the kept run not copied yet
  let at = 0;
  for (let seen = 0; at < text.length; seen += 1) {
    if (seen === SPARSE_CANDIDATES) {
      pieces.push(text.slice(from, at), walk(text, at, true, undefined, c1));
      return { text: pieces.join(''), sources: (indices) => sourcesOf(text, indices, c1) };
    }
    CANDIDATE.lastIndex = at;
    const found = CANDIDATE.exec(text);
    if (found === null) break;
    at = found.index;
    const c = text.charCodeAt(at);
    const drop = droppedAt(text, at, c, true, c1);
    if (drop > 0 || c === 0x09 || c === 0x0a) {
      pieces.push(text.slice(from, at), drop > 0 ? '' : ' ');
      at += drop > 0 ? drop : 1;
      from = at;
    } else at += found[0].length;
  }
  pieces.push(text.slice(from));
  return { text: pieces.join(''), sources: (indices) => sourcesOf(text, indices, c1) };
}

/**
 * The view of `text` from `start` on (`all`; otherwise the stderr tail's cleaning: controls and bidi controls
 * dropped, tab and line feed kept), one code unit at a time into one buffer. A backspace deletes the visible code
 * point before it in the output (a terminal writes what follows over it; the invisible ones between go with it),
 * never past a line feed. `sources`, when given,
 * gets the index in `text` of each output unit. Linear: every unit is looked at once, a sequence's units by
 * sequenceAt only.
 */
function walk(text: string, start: number, all = true, sources?: Int32Array, c1 = true): string {
  const units = new Uint16Array(text.length - start);
  let length = 0;
  let lineStart = 0; // the output length right after the last line feed: a backspace stops there
  // one backspace: the code point before (a surrogate pair whole); invisible ones (kept only by the stderr cleaning) go with it
  const erase = (): void => {
    while (length > lineStart) {
      const last = units[length - 1];
      const pair = last >= 0xdc00 && last <= 0xdfff && length - 2 >= lineStart && units[length - 2] >= 0xd800 && units[length - 2] <= 0xdbff;
      const cp = pair ? ((units[length - 2] - 0xd800) << 10) + (last - 0xdc00) + 0x10000 : last;
      length -= pair ? 2 : 1;
      if (kindOf(cp) !== 2) break;
    }
  };
  let nextBackspace = text.indexOf('\b', start); // the next backspace at or after the walk (-1: none left), for sequences
  for (let i = start; i < text.length; ) {
    const c = text.charCodeAt(i);
    if (c === 0x08) {
      erase();
      i += 1;
      continue;
    }
    const drop = droppedAt(text, i, c, all, c1);
    if (drop > 0) {
      // a backspace inside an escape sequence is run by the terminal there (innerControl): it still deletes
      if (drop > 1) {
        if (nextBackspace !== -1 && nextBackspace < i) nextBackspace = text.indexOf('\b', i);
        while (nextBackspace !== -1 && nextBackspace < i + drop) {
          erase();
          nextBackspace = text.indexOf('\b', nextBackspace + 1);
        }
      }
      i += drop;
      continue;
    }
    if (sources) sources[length] = i;
    units[length++] = all && (c === 0x09 || c === 0x0a) ? 0x20 : c;
    if (c === 0x0a) lineStart = length;
    i += 1;
  }
  const chunks: string[] = [];
  for (let i = 0; i < length; i += DECODE_CHUNK) chunks.push(String.fromCharCode.apply(null, units.subarray(i, Math.min(length, i + DECODE_CHUNK)) as unknown as number[]));
  return chunks.join('');
}

/** A character the stderr tail's cleaning may drop or change: a control but tab and line feed, DEL, a bidi control. */
const TERMINAL_CANDIDATE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

/**
 * What the lines of a stderr tail lose before display (checks/util/stderr.ts): every escape or control sequence
 * whole (sequenceAt: CSI, OSC, DCS, SOS, PM, APC up to their terminator or the end of the text, `ESC ( B`..., in
 * their 7-bit and 8-bit forms), every other control but tab and line feed (C0, DEL, C1), the bidi controls U+200E,
 * U+200F, U+202A-U+202E, U+2066-U+2069, and a backspace with the code point before it (never a line feed): the
 * reader's view but for the invisible characters and tab and line feed, which it keeps. One linear pass; a text
 * without such characters is returned as it is. Apply it to the whole text before cutting it into lines, so a
 * sequence that spans a line feed is dropped whole, as in the view.
 */
export function stripTerminalControls(text: string): string {
  return TERMINAL_CANDIDATE.test(text) ? walk(text, 0, false) : text;
}

/** `ReaderView.sources`: the same units dropped as the view's, counting kept code units until every index is placed. */
function sourcesOf(text: string, indices: readonly number[], c1: boolean): number[] {
  const out: number[] = [];
  let viewAt = 0;
  for (let i = 0; i < text.length && out.length < indices.length; ) {
    const drop = droppedAt(text, i, text.charCodeAt(i), true, c1);
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
