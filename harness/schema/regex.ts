/**
 * Server-supplied regular expressions (`pattern`, `patternProperties`, pattern samples in argument
 * generation) run on a linear-time engine, never on V8's backtracking RegExp: a tool's schema is code
 * written by others, and one catastrophic pattern (`^(a+)+$` against `aaaa…!`) would otherwise block
 * the event loop so that no timeout, no signal handler and no reporter ever runs again.
 *
 * The engine is re2js (a pure-JavaScript port of RE2/Go regexp: DFA/NFA, O(pattern × text), no
 * native build). JSON Schema patterns are ECMA-262 with the `u` flag (2020-12 Core §6.4; ajv compiles
 * them with `u`), so each pattern is first checked with V8's parser (compiling never matches) and then
 * translated to RE2 syntax:
 * - `\uXXXX` (surrogate pairs joined), `\u{…}`, `\cX`, `\0` become `\x{…}`;
 * - `\s`/`\S` become the ECMA-262 WhiteSpace+LineTerminator set (RE2's `\s` is ASCII only), also
 *   inside classes; `.` excludes the four ECMA line terminators (RE2's excludes `\n` only);
 *   `[^]` matches any code point, `[]` none; `\b` inside a class is a backspace;
 * - `\p{Script=X}`/`\p{sc=X}`/`\p{gc=X}`/`\p{General_Category=X}` and the long general-category
 *   names become RE2's short forms.
 * A pattern that is ECMA-262 only WITHOUT the `u` flag (JSON Schema 2020-12 Validation §6.3.3: a pattern "SHOULD be
 * a valid regular expression, according to the ECMA-262 regular expression dialect", a SHOULD; MCP adds nothing
 * stricter) is no compile error: it is `nonUnicode` (reported once, by `schema/regex`, a warning: validators that
 * compile patterns with `u`, ajv's default in the MCP TypeScript SDK, refuse the whole schema). When its only
 * obstacle is identity escapes of punctuation (`\-`, `\:`, `\_` outside a class; Annex B, invalid under `u`), those
 * are read as the characters they escape (what they mean without `u`) and the pattern is enforced; otherwise it is
 * refused (`non-unicode`) and, like any refused pattern, not enforced.
 * Refused (reported by `schema/regex`, never run with a backtracking engine, treated as matching):
 * backreferences (`\1`, `\k<n>`), lookahead and lookbehind, repetition counts above RE2's 1,000,
 * Unicode properties RE2 lacks (`Script_Extensions`, binary properties such as `Emoji`), patterns
 * longer than MAX_PATTERN_LENGTH. Accepted differences: RE2 matches leftmost-first like ECMA-262,
 * so `test` answers agree for every translated pattern; `\w`, `\d`, `\b` are ASCII in both (no `i` flag).
 */
import { RE2JS } from 're2js';

/** Longest pattern (UTF-16 units) the harness compiles; longer ones are refused as `too-long`. */
export const MAX_PATTERN_LENGTH = 16_384;
/** Largest repetition count RE2 accepts in `{n}`, `{n,}`, `{n,m}`. */
export const MAX_REPEAT = 1000;

/** Why a pattern is not run: a feature RE2 has no linear-time form of, or a pattern V8 rejects. */
export type RegexRefusal = 'backreference' | 'lookaround' | 'repetition' | 'unicode-property' | 'too-long' | 'non-unicode' | 'invalid';

/** A compiled linear-time matcher with RegExp's `test` (unanchored search, like ajv's `pattern`). */
export interface LinearRegex {
  test(text: string): boolean;
  /** A key unique per pattern (ajv keys its compiled-pattern scope by it). */
  toString(): string;
}

/**
 * The outcome of compiling one server pattern. `nonUnicode`: the pattern is ECMA-262 only without the `u` flag and
 * runs with its identity escapes read as the characters they escape (see the module comment).
 */
export type CompiledPattern = { ok: true; regex: LinearRegex; nonUnicode?: true } | { ok: false; refusal: RegexRefusal; message: string };

/** Value-free descriptions of each refusal, for findings and generation reasons. */
export const REFUSAL_TEXT: Readonly<Record<RegexRefusal, string>> = Object.freeze({
  backreference: 'uses a backreference',
  lookaround: 'uses a lookahead or lookbehind',
  repetition: `uses a repetition count above ${MAX_REPEAT}`,
  'unicode-property': 'uses a Unicode property the linear-time engine lacks',
  'too-long': `is longer than ${MAX_PATTERN_LENGTH} characters`,
  'non-unicode': 'is a valid ECMA-262 regular expression only without the u flag',
  invalid: 'is not a valid ECMA-262 regular expression (with or without the u flag)',
});

class Refused extends Error {
  constructor(readonly refusal: RegexRefusal) {
    super(REFUSAL_TEXT[refusal]);
  }
}

const WHITESPACE = String.raw`\t\n\x{b}\f\r \x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}\x{feff}`;
const NON_WHITESPACE = String.raw`\x{0}-\x{8}\x{e}-\x{1f}\x{21}-\x{9f}\x{a1}-\x{167f}\x{1681}-\x{1fff}\x{200b}-\x{2027}\x{202a}-\x{202e}\x{2030}-\x{205e}\x{2060}-\x{2fff}\x{3001}-\x{fefe}\x{ff00}-\x{10ffff}`;
const ANY = String.raw`\x{0}-\x{10ffff}`;
const DOT = String.raw`[^\n\r\x{2028}\x{2029}]`;

/** ECMA-262 long General_Category names RE2 knows by their short form. */
const CATEGORY: Readonly<Record<string, string>> = {
  Letter: 'L', Cased_Letter: 'L', Uppercase_Letter: 'Lu', Lowercase_Letter: 'Ll', Titlecase_Letter: 'Lt', Modifier_Letter: 'Lm', Other_Letter: 'Lo',
  Mark: 'M', Nonspacing_Mark: 'Mn', Spacing_Mark: 'Mc', Enclosing_Mark: 'Me', Number: 'N', Decimal_Number: 'Nd', digit: 'Nd', Letter_Number: 'Nl',
  Other_Number: 'No', Punctuation: 'P', punct: 'P', Connector_Punctuation: 'Pc', Dash_Punctuation: 'Pd', Open_Punctuation: 'Ps', Close_Punctuation: 'Pe',
  Initial_Punctuation: 'Pi', Final_Punctuation: 'Pf', Other_Punctuation: 'Po', Symbol: 'S', Math_Symbol: 'Sm', Currency_Symbol: 'Sc',
  Modifier_Symbol: 'Sk', Other_Symbol: 'So', Separator: 'Z', Space_Separator: 'Zs', Line_Separator: 'Zl', Paragraph_Separator: 'Zp',
  Other: 'C', Control: 'Cc', cntrl: 'Cc', Format: 'Cf', Surrogate: 'Cs', Private_Use: 'Co', Unassigned: 'Cn',
};

const hex = (cp: number): string => `\\x{${cp.toString(16)}}`;

/** The RE2 form of a `\p{…}` body (`neg` for `\P`); throws Refused for properties RE2 lacks. */
function property(body: string, neg: boolean): string {
  const eq = body.indexOf('=');
  const name = eq < 0 ? body : body.slice(eq + 1);
  const key = eq < 0 ? '' : body.slice(0, eq);
  if (key !== '' && !['Script', 'sc', 'General_Category', 'gc'].includes(key)) throw new Refused('unicode-property');
  const short = CATEGORY[name] ?? name;
  if (!/^[A-Za-z_]+$/.test(short)) throw new Refused('unicode-property');
  const out = `\\${neg ? 'P' : 'p'}{${short}}`;
  try {
    RE2JS.compile(out);
  } catch {
    throw new Refused('unicode-property');
  }
  return out;
}

/** Reads `\uXXXX` (joining a surrogate pair) or `\u{…}` at `i` (pointing at `u`): [code point, next index]. */
function unicodeEscape(p: string, i: number): [number, number] {
  if (p[i + 1] === '{') {
    const close = p.indexOf('}', i);
    return [parseInt(p.slice(i + 2, close), 16), close + 1];
  }
  const cp = parseInt(p.slice(i + 1, i + 5), 16);
  if (cp >= 0xd800 && cp <= 0xdbff && p.startsWith('\\u', i + 5)) {
    const lo = parseInt(p.slice(i + 7, i + 11), 16);
    if (lo >= 0xdc00 && lo <= 0xdfff) return [0x10000 + ((cp - 0xd800) << 10) + (lo - 0xdc00), i + 11];
  }
  return [cp, i + 5];
}

/**
 * Translates one escape at `i` (pointing at the backslash): [RE2 text, next index]. `inClass` selects
 * the class forms (`\s` as bare ranges, `\b` as backspace).
 */
function escape(p: string, i: number, inClass: boolean): [string, number] {
  const c = p[i + 1];
  switch (c) {
    case 's': return [inClass ? WHITESPACE : `[${WHITESPACE}]`, i + 2];
    case 'S': return [inClass ? NON_WHITESPACE : `[${NON_WHITESPACE}]`, i + 2];
    case 'b': return [inClass ? hex(8) : '\\b', i + 2];
    case 'u': {
      const [cp, next] = unicodeEscape(p, i + 1);
      return [hex(cp), next];
    }
    case 'c': return [hex(p.charCodeAt(i + 2) % 32), i + 3];
    case 'k': throw new Refused('backreference');
    case 'p':
    case 'P': {
      const close = p.indexOf('}', i);
      return [property(p.slice(i + 3, close), c === 'P'), close + 1];
    }
    case '0': return [hex(0), i + 2];
    case 'x': return [`\\x{${p.slice(i + 2, i + 4)}}`, i + 4];
    default:
      if (c >= '1' && c <= '9') throw new Refused('backreference');
      return [`\\${c}`, i + 2];
  }
}

/** Translates a class starting at `i` (`[`): [RE2 text, next index]. */
function characterClass(p: string, i: number): [string, number] {
  let j = i + 1;
  const negated = p[j] === '^';
  if (negated) j++;
  let body = '';
  for (; p[j] !== ']'; ) {
    if (p[j] === '\\') {
      const [text, next] = escape(p, j, true);
      body += text;
      j = next;
    } else {
      const cp = p.codePointAt(j) as number;
      body += cp === 0x5b || cp === 0x5e ? `\\${p[j]}` : String.fromCodePoint(cp);
      j += cp > 0xffff ? 2 : 1;
    }
  }
  if (body === '') return [negated ? `[${ANY}]` : `[^${ANY}]`, j + 1];
  return [`[${negated ? '^' : ''}${body}]`, j + 1];
}

/** Checks a `{n}`, `{n,}`, `{n,m}` quantifier at `i`; returns its length (0 when `{` is not one). */
function repetition(p: string, i: number): number {
  const m = /^\{(\d+)(?:,(\d*))?\}/.exec(p.slice(i, i + 40));
  if (!m) return 0;
  if (Number(m[1]) > MAX_REPEAT || (m[2] !== undefined && m[2] !== '' && Number(m[2]) > MAX_REPEAT)) throw new Refused('repetition');
  return m[0].length;
}

/**
 * The RE2 syntax of an ECMA-262 (u flag) pattern that V8 has already parsed.
 * @throws Refused for features RE2 cannot run in linear time.
 */
function translate(p: string): string {
  let out = '';
  for (let i = 0; i < p.length; ) {
    const c = p[i];
    if (c === '\\') {
      const [text, next] = escape(p, i, false);
      out += text;
      i = next;
    } else if (c === '[') {
      const [text, next] = characterClass(p, i);
      out += text;
      i = next;
    } else if (c === '(' && p[i + 1] === '?' && (p[i + 2] === '=' || p[i + 2] === '!' || (p[i + 2] === '<' && (p[i + 3] === '=' || p[i + 3] === '!')))) {
      throw new Refused('lookaround');
    } else if (c === '.') {
      out += DOT;
      i++;
    } else if (c === '{') {
      const n = repetition(p, i);
      out += n > 0 ? p.slice(i, i + n) : '\\{';
      i += Math.max(n, 1);
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

const cache = new Map<string, CompiledPattern>();
/** Compiled patterns kept (oldest dropped first); compiling costs ~0.5 ms per pattern. */
const CACHE_SIZE = 4096;

/** ECMA-262 SyntaxCharacter and `/`: escapable under the `u` flag (IdentityEscape[U]). */
const U_ESCAPABLE = new Set('^$\\.*+?()[]{}|/');
/** ASCII punctuation: an identity escape of one of these (not U_ESCAPABLE) means the character itself without `u`. */
const PUNCTUATION = /^[!-/:-@[-`{-~]$/;

/** Escapes whose meaning differs with and without `u` (`\p{L}` is a property with `u`, the text `p{L}` without). */
const U_MEANING_ESCAPE = /^(?:[pPk]|u\{|u[dD][89a-fA-F])/;
/** Escapes that match a whole code point with `u` but a UTF-16 code unit without it, on text outside the BMP (`\B`: a
 * position between the two halves of a surrogate pair exists only without `u`). */
const UNIT_ESCAPE = new Set('SWDB');
/** `\uXXXX` at or above U+D800 inside a class: a range reaching the surrogates matches code units only without `u`. */
const HIGH_UNIT_ESCAPE = /^u[d-fD-F][0-9a-fA-F]{2}/;

/**
 * `pattern` with its identity escapes of punctuation that `u` forbids (`\-` outside a class, `\:`, `\_`, `\#`...)
 * replaced by the characters they escape, as ECMA-262 reads them without `u` (Annex B IdentityEscape); `\-` inside a
 * class stays (valid under `u`). Undefined when there is none, or when the rewritten pattern, run with `u`, could
 * answer otherwise than the original without `u` on some text (a reviewer's cases), so that "enforced" is never a
 * claim about another pattern:
 * - an escape whose meaning differs with `u` (`\p`, `\P`, `\k`, `\u{...}`, a surrogate `\uD8xx`): `^\p{L}+\-$` is
 *   the text `p{L}` without `u`;
 * - a rewritten escape inside braces outside a class: `x{2\,3}` is literal text without `u`, a quantifier once
 *   rewritten;
 * - what matches a code unit without `u` but a code point with it, on text beyond the BMP: `.` outside a class, a
 *   negated class, `\S`, `\W`, `\D`, `\B` (a second reviewer's fuzzer), a literal character beyond the BMP, and a
 *   class member at or above U+D800 (`[\u0000-\uFFFF]`, a range over the surrogates: the fuzzer again).
 * Only called on a pattern V8 parsed without `u`.
 */
function withoutIdentityEscapes(p: string): string | undefined {
  let out = '';
  let inClass = false;
  let braceOpen = false;
  let changed = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    const code = c.charCodeAt(0);
    if (code >= 0xd800 && code <= 0xdfff) return undefined; // a literal beyond the BMP (or a lone surrogate)
    if (inClass && code >= 0xd800) return undefined; // a class member at or above the surrogates
    if (c === '\\' && i + 1 < p.length) {
      const next = p[i + 1];
      if (U_MEANING_ESCAPE.test(p.slice(i + 1, i + 4)) || UNIT_ESCAPE.has(next)) return undefined;
      if (inClass && HIGH_UNIT_ESCAPE.test(p.slice(i + 1, i + 5))) return undefined;
      if (PUNCTUATION.test(next) && !U_ESCAPABLE.has(next) && !(inClass && next === '-')) {
        if (braceOpen && !inClass) return undefined;
        out += next;
        changed = true;
      } else out += c + next;
      i++;
      continue;
    }
    if (!inClass && c === '.') return undefined;
    if (c === '[' && !inClass) {
      if (p[i + 1] === '^') return undefined;
      inClass = true;
    } else if (c === ']' && inClass) inClass = false;
    else if (!inClass && c === '{') braceOpen = true;
    else if (!inClass && c === '}') braceOpen = false;
    out += c;
  }
  return changed ? out : undefined;
}

/** A pattern V8 rejects with `u`: `non-unicode` (enforced when only identity escapes stood in the way) or `invalid`. */
function compileWithoutU(pattern: string): CompiledPattern {
  try {
    new RegExp(pattern);
  } catch {
    return { ok: false, refusal: 'invalid', message: REFUSAL_TEXT.invalid };
  }
  const rewritten = withoutIdentityEscapes(pattern);
  if (rewritten !== undefined) {
    try {
      new RegExp(rewritten, 'u');
      const compiled = compileFresh(rewritten);
      if (compiled.ok) return { ok: true, regex: { test: compiled.regex.test, toString: () => `re2js:${pattern}` }, nonUnicode: true };
    } catch {
      /* still not ECMA-262 with u: refused below */
    }
  }
  return { ok: false, refusal: 'non-unicode', message: REFUSAL_TEXT['non-unicode'] };
}

function compileFresh(pattern: string): CompiledPattern {
  if (pattern.length > MAX_PATTERN_LENGTH) return { ok: false, refusal: 'too-long', message: REFUSAL_TEXT['too-long'] };
  try {
    new RegExp(pattern, 'u');
  } catch {
    return compileWithoutU(pattern);
  }
  try {
    const re = RE2JS.compile(translate(pattern));
    return { ok: true, regex: { test: (text: string) => re.test(text), toString: () => `re2js:${pattern}` } };
  } catch (error) {
    const refusal = error instanceof Refused ? error.refusal : /repeat/.test(String(error)) ? 'repetition' : 'unicode-property';
    return { ok: false, refusal, message: REFUSAL_TEXT[refusal] };
  }
}

/**
 * Compiles a server-supplied ECMA-262 pattern (u flag) to a linear-time matcher, or says why it is
 * refused. Never throws, never runs a backtracking engine on the pattern. Results are cached by
 * pattern text (bounded: CACHE_SIZE entries).
 */
export function compilePattern(pattern: string): CompiledPattern {
  const hit = cache.get(pattern);
  if (hit) return hit;
  const compiled = compileFresh(pattern);
  if (cache.size >= CACHE_SIZE) cache.delete(cache.keys().next().value as string);
  cache.set(pattern, compiled);
  return compiled;
}

/** `pattern` tested against `text` on the linear-time engine; `undefined` when the pattern is refused. */
export function testPattern(pattern: string, text: string): boolean | undefined {
  const c = compilePattern(pattern);
  return c.ok ? c.regex.test(text) : undefined;
}

/**
 * ajv's `code.regExp` hook: `pattern` and `patternProperties` compile to the linear-time engine. A
 * refused pattern (backreference, lookaround, one valid only without `u`…) compiles to a matcher that accepts
 * everything, so the rest of the schema is still enforced; `schema/regex` reports the refusal. A pattern V8
 * rejects with and without `u` throws, as ajv's default does, so the schema is a `compile-error`.
 * @throws SyntaxError for a pattern that is not valid ECMA-262 at all.
 */
export function ajvRegExp(pattern: string): LinearRegex {
  const c = compilePattern(pattern);
  if (c.ok) return c.regex;
  if (c.refusal === 'invalid') throw new SyntaxError(`pattern ${REFUSAL_TEXT.invalid}`);
  return { test: () => true, toString: () => `refused:${pattern}` };
}
ajvRegExp.code = 'ajvRegExp';
