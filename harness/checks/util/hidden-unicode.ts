/**
 * Hidden Unicode in model-facing tool text (tools/description-injection `hiddenUnicode`): the invisible
 * characters that hide text from the humans who review a tool, told apart from the same code points where a
 * script or an emoji sequence needs them. Every default-ignorable code point (`\p{Default_Ignorable_Code_Point}`:
 * rendered as nothing) is looked at, plus the invisible operators and the ALM. No MCP revision says anything
 * about invisible characters in tool text (spec:2025-11-25/server/tools.mdx §Security Considerations concerns tool
 * inputs, outputs, access and rate limits); the project's ground truth makes them error-level (case 28). A kind
 * names a class of characters and the code points of it found (a few, deduplicated), never the text around them.
 *
 * Per class (Unicode 15.1, UAX #9 bidi, UTS #51 emoji, the Unicode core spec §23.2 Layout Controls):
 * - tag characters U+E0000-U+E007F: always, except the three RGI emoji subdivision flags (U+1F3F4, the tag letters
 *   of gbeng, gbsct or gbwls, U+E007F CANCEL TAG): deprecated as language tags, they smuggle invisible ASCII.
 * - bidi embeddings, overrides and isolates U+202A-U+202E, U+2066-U+2069: always: they reorder what a reviewer
 *   sees against what the model reads (Trojan Source, CVE-2021-42574); mixed-direction text needs only marks.
 * - zero-width space U+200B: except alone beside a letter of a script written without spaces between words (Thai,
 *   Lao, Khmer, Myanmar), where it marks a word boundary (also before a number, a Latin word or punctuation);
 *   elsewhere it splits words invisibly.
 * - word joiner U+2060: always: line-break control, no use in tool text, a common invisible padding.
 * - U+FEFF: except as the first character (a byte-order mark left by a file read); inside text it is a
 *   deprecated zero-width no-break space.
 * - invisible operators U+2061-U+2064: always: mathematical markup, invisible and meaningless in prose.
 * - ZWNJ U+200C / ZWJ U+200D: allowed alone between two letters or marks of a joining script (Arabic, Syriac,
 *   N'Ko, Mongolian, Indic scripts...: Persian "فایل‌ها", Devanagari half forms), and ZWJ alone between two
 *   pictographs of an emoji ZWJ sequence ("👩‍💻"; a variation selector or skin-tone modifier may precede it);
 *   anywhere else (leading, trailing, between Latin letters, in runs) they shape nothing and can encode bits.
 * - LRM U+200E / RLM U+200F / ALM U+061C: allowed alone when the nearest letter on one side is right-to-left
 *   (Hebrew, Arabic...), digits, punctuation and spaces between: there they fix the display order; between
 *   left-to-right letters they do nothing visible and can encode bits.
 * - variation selectors: VS15/VS16 (U+FE0E, U+FE0F) alone after an emoji character (UTS #51 presentation);
 *   VS1-VS14 (U+FE00-U+FE0D) alone after a Han, Myanmar, Mongolian or Phags-pa character or a math symbol
 *   (standardized variation sequences); VS17-VS256 (U+E0100-U+E01EF) alone after a Han ideograph (ideographic
 *   variation sequences); the Mongolian free variation selectors (U+180B-U+180D, U+180F) alone after a Mongolian
 *   letter. Anywhere else, and in runs, they encode arbitrary bytes invisibly ("variation-selector smuggling").
 * - the soft hyphen U+00AD: alone between two letters (a hyphenation point); elsewhere invisible.
 * - every other default-ignorable character (the combining grapheme joiner U+034F, the Hangul fillers, U+180E,
 *   the deprecated format characters U+206A-U+206F, U+FFF0-U+FFF8, the shorthand format controls, the musical
 *   symbol format controls, the unassigned rest of the tag block): always: nothing in tool text needs them.
 */

/**
 * The kinds, in report order: each a class name, which the report follows with the code points of that class the
 * text contains (`hiddenKinds`). The class alone named code points the text lacks: a description with two U+200B
 * was reported as "zero-width characters (U+200B, U+2060, U+FEFF)" (sweep 13).
 */
export const HIDDEN_KINDS = {
  tags: 'tag characters',
  bidi: 'bidirectional controls',
  zeroWidth: 'zero-width characters',
  operators: 'invisible operators',
  joiners: 'zero-width joiners outside a joining script or an emoji sequence',
  marks: 'directional marks where no right-to-left text needs them',
  selectors: 'variation selectors outside a variation sequence',
  invisible: 'other invisible (default-ignorable) characters',
} as const;

/** How many distinct code points of one class `hiddenKinds` names; the rest are counted (`and N more`). */
export const HIDDEN_CODE_POINTS_NAMED = 3;

type Kind = keyof typeof HIDDEN_KINDS;
const ORDER = Object.keys(HIDDEN_KINDS) as Kind[];

/** Any code point a rule below looks at: the quick test that leaves plain text at one regular expression. */
export const HIDDEN_CANDIDATE = /[\p{Default_Ignorable_Code_Point}\u061C\u2061-\u2064]/u;

const LETTER_OR_MARK = /^[\p{L}\p{M}]$/u;
/** Scripts whose letters join or form conjuncts, where ZWNJ/ZWJ select a shape (Unicode core spec §23.2). */
const JOINING_SCRIPT = /^[\p{scx=Arabic}\p{scx=Syriac}\p{scx=Nko}\p{scx=Mongolian}\p{scx=Adlam}\p{scx=Hanifi_Rohingya}\p{scx=Mandaic}\p{scx=Devanagari}\p{scx=Bengali}\p{scx=Gurmukhi}\p{scx=Gujarati}\p{scx=Oriya}\p{scx=Tamil}\p{scx=Telugu}\p{scx=Kannada}\p{scx=Malayalam}\p{scx=Sinhala}\p{scx=Tibetan}\p{scx=Myanmar}\p{scx=Khmer}]$/u;
/** Scripts written without spaces between words, where U+200B marks a word boundary. */
const SPACELESS_SCRIPT = /^[\p{scx=Thai}\p{scx=Lao}\p{scx=Khmer}\p{scx=Myanmar}]$/u;
/** Right-to-left scripts (strong R/AL letters, UAX #9). */
const RTL_SCRIPT = /^[\p{scx=Hebrew}\p{scx=Arabic}\p{scx=Syriac}\p{scx=Thaana}\p{scx=Nko}\p{scx=Samaritan}\p{scx=Mandaic}\p{scx=Adlam}\p{scx=Hanifi_Rohingya}]$/u;
/** Neutral and weak characters next to which a directional mark fixes the display order in RTL text. */
const NEUTRAL = /^[\p{N}\p{P}\p{S}\p{Z}]$/u;
const PICTOGRAPH = /^\p{Extended_Pictographic}$/u;
/** What may sit between a pictograph and the ZWJ that follows it: VS16 or a skin-tone modifier. */
const EMOJI_TAIL = /^[\uFE0F\p{Emoji_Modifier}]$/u;
/** The tag letters and digits of an emoji subdivision flag's tag_spec (UTS #51 §2.8). */
const FLAG_TAG = /^[\u{E0030}-\u{E0039}\u{E0061}-\u{E007A}]$/u;
/**
 * The tag_specs of the subdivision flags Unicode recommends for general interchange (RGI: England, Scotland, Wales;
 * emoji-test.txt, UTS #51 ED-21). Any other sequence of tag letters after U+1F3F4 is flagged: a run of such
 * "flags" can spell any lowercase text the model reads (a reviewer's payload of nine made-up flags).
 */
const RGI_SUBDIVISIONS: ReadonlySet<string> = new Set(['gbeng', 'gbsct', 'gbwls']);
/**
 * Viramas (and the Khmer coeng, the Myanmar asat/virama, the Tibetan halanta, the Sinhala al-lakuna) of the joining
 * scripts: a ZWJ or ZWNJ right after one selects a half form, a chillu or a dead consonant, also at a word's end
 * (Malayalam <NA, VIRAMA, ZWJ>, the Bengali khanda-ta <TA, VIRAMA, ZWJ>; Unicode core spec §12.1, §12.9, §23.2).
 */
const VIRAMA = /^[\u094D\u09CD\u0A4D\u0ACD\u0B4D\u0BCD\u0C4D\u0CCD\u0D3B\u0D3C\u0D4D\u0DCA\u0F84\u1039\u103A\u17D2]$/u;
const LETTER = /^\p{L}$/u;
/** Bases of emoji presentation sequences (VS15/VS16): any emoji character, keycap digits and signs included. */
const EMOJI_BASE = /^\p{Emoji}$/u;
/** Bases of standardized variation sequences with VS1-VS14. */
const SVS_BASE = /^[\p{scx=Han}\p{scx=Myanmar}\p{scx=Mongolian}\p{scx=Phags_Pa}\p{Sm}]$/u;
const HAN = /^\p{scx=Han}$/u;
const MONGOLIAN_LETTER = /^\p{scx=Mongolian}$/u;

const is = (re: RegExp, c: string | undefined): boolean => c !== undefined && re.test(c);
/** A letter or mark of `script`, never a default-ignorable one (the Mongolian free variation selectors are marks). */
const letterOf = (script: RegExp, c: string | undefined): boolean => is(LETTER_OR_MARK, c) && !is(HIDDEN_CANDIDATE, c) && is(script, c);

/**
 * Length of the RGI emoji subdivision flag's tag sequence after a U+1F3F4 at `i` (its tag letters and CANCEL TAG),
 * or 0 when there is none there: any other tag sequence is left to `classify`, which flags it.
 */
function flagTags(cps: string[], i: number): number {
  let n = 0;
  let spec = '';
  while (n < 6 && is(FLAG_TAG, cps[i + 1 + n])) {
    spec += String.fromCodePoint((cps[i + 1 + n].codePointAt(0) as number) - 0xe0000);
    n++;
  }
  return cps[i + 1 + n] === '\u{E007F}' && RGI_SUBDIVISIONS.has(spec) ? n + 1 : 0;
}

/** ZWJ after a pictograph (skipping one VS16 / modifier) and before a pictograph: an emoji ZWJ sequence. */
function inEmojiSequence(cps: string[], i: number): boolean {
  let before = i - 1;
  if (is(EMOJI_TAIL, cps[before])) before--;
  return is(PICTOGRAPH, cps[before]) && is(PICTOGRAPH, cps[i + 1]);
}

function joinerAllowed(cps: string[], i: number): boolean {
  if (letterOf(JOINING_SCRIPT, cps[i - 1]) && letterOf(JOINING_SCRIPT, cps[i + 1])) return true;
  // right after a virama that ends a letter of a joining script (a chillu or khanda-ta at a word's end), alone
  if (is(VIRAMA, cps[i - 1]) && letterOf(JOINING_SCRIPT, cps[i - 2]) && !is(HIDDEN_CANDIDATE, cps[i + 1])) return true;
  return cps[i] === '\u200D' && inEmojiSequence(cps, i);
}

/** The nearest letter from `i` in direction `step` (+1 or -1), over digits, punctuation, symbols and spaces. */
function nearestLetter(cps: string[], i: number, step: 1 | -1): string | undefined {
  for (let j = i + step; j >= 0 && j < cps.length; j += step) {
    if (is(LETTER, cps[j])) return cps[j];
    if (!is(NEUTRAL, cps[j])) return undefined;
  }
  return undefined;
}

function markAllowed(cps: string[], i: number): boolean {
  // a run of marks is no display fix: it is what encodes bits
  if (is(HIDDEN_CANDIDATE, cps[i - 1]) || is(HIDDEN_CANDIDATE, cps[i + 1])) return false;
  return is(RTL_SCRIPT, nearestLetter(cps, i, -1)) || is(RTL_SCRIPT, nearestLetter(cps, i, 1));
}

/** A variation selector alone right after a base its kind of variation sequence takes. */
function selectorAllowed(cps: string[], i: number, cp: number): boolean {
  const base = cps[i - 1];
  if (is(HIDDEN_CANDIDATE, base)) return false; // a run of selectors
  if (cp === 0xfe0e || cp === 0xfe0f) return is(EMOJI_BASE, base);
  if (cp >= 0xfe00 && cp <= 0xfe0d) return is(SVS_BASE, base);
  if (cp >= 0xe0100 && cp <= 0xe01ef) return is(HAN, base);
  return is(MONGOLIAN_LETTER, base) && is(LETTER_OR_MARK, base); // U+180B-U+180D, U+180F
}

/** U+200B alone beside a letter of a script written without spaces, its other neighbour not hidden too. */
function wordBoundary(cps: string[], i: number): boolean {
  const prev = cps[i - 1];
  const next = cps[i + 1];
  if (prev === undefined || next === undefined || is(HIDDEN_CANDIDATE, prev) || is(HIDDEN_CANDIDATE, next)) return false;
  return letterOf(SPACELESS_SCRIPT, prev) || letterOf(SPACELESS_SCRIPT, next);
}

/** The class of the hidden character at `i`, or undefined when it is in legitimate use there. */
function classify(cps: string[], i: number): Kind | undefined {
  const c = cps[i];
  const cp = c.codePointAt(0) as number;
  if (cp >= 0xe0000 && cp <= 0xe007f) return 'tags';
  if ((cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069)) return 'bidi';
  if (cp >= 0x2061 && cp <= 0x2064) return 'operators';
  if ((cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef) || (cp >= 0x180b && cp <= 0x180d) || cp === 0x180f) {
    return selectorAllowed(cps, i, cp) ? undefined : 'selectors';
  }
  switch (c) {
    case '\u200B': return wordBoundary(cps, i) ? undefined : 'zeroWidth';
    case '\u2060': return 'zeroWidth';
    case '\uFEFF': return i === 0 ? undefined : 'zeroWidth';
    case '\u200C': case '\u200D': return joinerAllowed(cps, i) ? undefined : 'joiners';
    case '\u200E': case '\u200F': case '\u061C': return markAllowed(cps, i) ? undefined : 'marks';
    case '\u00AD': return is(LETTER, cps[i - 1]) && is(LETTER, cps[i + 1]) ? undefined : 'invisible';
    default: return 'invisible';
  }
}

/**
 * The kinds of hidden Unicode a text contains, in HIDDEN_KINDS order, each its class name and the distinct code
 * points of that class found, in order of first occurrence, at most HIDDEN_CODE_POINTS_NAMED of them
 * (`zero-width characters: U+200B`, `tag characters: U+E0041, U+E0042, U+E0043 and 4 more`); [] for text without
 * any. Only code points in hidden use are named (a Thai word boundary's U+200B beside a flagged one is not).
 */
export function hiddenKinds(text: string): string[] {
  if (!HIDDEN_CANDIDATE.test(text)) return [];
  const cps = Array.from(text);
  const found = new Map<Kind, Set<string>>();
  for (let i = 0; i < cps.length; i++) {
    if (cps[i] === '\u{1F3F4}') { i += flagTags(cps, i); continue; }
    if (!HIDDEN_CANDIDATE.test(cps[i])) continue;
    const kind = classify(cps, i);
    if (kind === undefined) continue;
    const seen = found.get(kind) ?? new Set<string>();
    seen.add(codePoint(cps[i]));
    found.set(kind, seen);
  }
  return ORDER.filter((k) => found.has(k)).map((k) => `${HIDDEN_KINDS[k]}: ${namedCodePoints([...(found.get(k) as Set<string>)])}`);
}

/** `U+200B`: a code point as the Unicode standard writes it (four hex digits at least, upper case). */
function codePoint(c: string): string {
  return `U+${(c.codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** The first HIDDEN_CODE_POINTS_NAMED of `all`, comma-separated, and how many more there are. */
function namedCodePoints(all: string[]): string {
  const named = all.slice(0, HIDDEN_CODE_POINTS_NAMED).join(', ');
  return all.length > HIDDEN_CODE_POINTS_NAMED ? `${named} and ${all.length - HIDDEN_CODE_POINTS_NAMED} more` : named;
}

/** The patterns hiddenKinds runs (none with a `g` or `y` flag), for a check's `prepare` to compile ahead. */
export const HIDDEN_PATTERNS: readonly RegExp[] = [HIDDEN_CANDIDATE, LETTER_OR_MARK, JOINING_SCRIPT, SPACELESS_SCRIPT, RTL_SCRIPT, NEUTRAL, PICTOGRAPH, EMOJI_TAIL, FLAG_TAG, VIRAMA, LETTER, EMOJI_BASE, SVS_BASE, HAN, MONGOLIAN_LETTER];
