/**
 * String values for argument generation: formats (never a network URL: `uri` is a `data:` URI),
 * a small generator for common simple patterns, and a safe literal honouring minLength/maxLength.
 * Bounded: no string longer than MAX_STRING_LENGTH is ever built (a `minLength: 1e9` or `a{1000000000}`
 * is a value-free failure, not a 1 GB allocation), and patterns are checked on the linear-time engine
 * (harness/schema/regex.ts), never on a backtracking RegExp.
 */
import { compilePattern } from '../../schema/regex.ts';
import type { SchemaObject } from './schema-utils.ts';

/** Longest string generation builds, in characters (the probes' bound too). */
export const MAX_STRING_LENGTH = 65_536;

/** A generated string, or a value-free reason (`keyword`: the schema keyword to blame). */
export type StringSample = { ok: true; value: string } | { ok: false; keyword: string; reason: string };

/** One valid, inert value per common `format` (RFC 2606/5737/3849 reserved names and addresses). */
export const FORMAT_SAMPLES: Readonly<Record<string, string>> = Object.freeze({
  'date-time': '2025-01-01T00:00:00Z',
  date: '2025-01-01',
  time: '00:00:00Z',
  duration: 'P1D',
  email: 'user@example.com',
  'idn-email': 'user@example.com',
  hostname: 'example.com',
  'idn-hostname': 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  uri: 'data:,sample',
  iri: 'data:,sample',
  url: 'data:,sample',
  'uri-reference': 'data:,sample',
  'iri-reference': 'data:,sample',
  'uri-template': 'data:,sample',
  uuid: '00000000-0000-4000-8000-000000000000',
  'json-pointer': '',
  'relative-json-pointer': '0',
  regex: '^sample$',
  byte: 'AAAA',
});

/** Samples of class escapes and control escapes; `\b` and `\B` are assertions (empty samples). */
const ESCAPE_SAMPLES: Readonly<Record<string, string>> = { d: '0', w: 'a', s: ' ', D: 'a', W: '-', S: 'a', b: '', B: '', t: '\t', n: '\n', r: '\r', f: '\f', v: '\v' };
/** Escapes with a meaning the small generator does not model (numeric, property, backreference). */
const UNMODELLED_ESCAPES = new Set(['u', 'x', 'c', 'p', 'P', 'k', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9']);

/** The sample of the escape `\c`, or null when unmodelled; `inClass` reads `\b` as a backspace. */
function escapeSample(c: string | undefined, inClass: boolean): string | null {
  if (c === undefined || UNMODELLED_ESCAPES.has(c)) return null;
  if (inClass && c === 'b') return '\b';
  return Object.hasOwn(ESCAPE_SAMPLES, c) ? ESCAPE_SAMPLES[c] : c;
}

/** Returns [sample char, index after the class] for a `[...]` class starting at `i`; null if negated. */
function sampleClass(p: string, i: number): [string, number] | null {
  if (p[i + 1] === '^') return null;
  const end = p.indexOf(']', i + 2);
  if (end < 0) return null;
  const first = p[i + 1] === '\\' ? escapeSample(p[i + 2], true) : p[i + 1];
  return first === null || first === '' ? null : [first, end + 1];
}

/** Reads a quantifier at `i`: [minimum repetitions, index after it]. */
function quantifier(p: string, i: number): [number, number] {
  const c = p[i];
  if (c === '?' || c === '*') return [0, i + 1];
  if (c === '+') return [1, i + 1];
  const m = c === '{' ? /^\{(\d+)(,\d*)?\}/.exec(p.slice(i)) : null;
  return m ? [Number(m[1]), i + m[0].length] : [1, i];
}

/** Reads one atom at `i`: [its sample text, index after it]; null when unsupported. */
function atom(p: string, i: number): [string, number] | null {
  const c = p[i];
  if (c === '[') return sampleClass(p, i);
  if (c === '\\') {
    const sample = escapeSample(p[i + 1], false);
    return sample === null ? null : [sample, i + 2];
  }
  if (c === '.') return ['a', i + 1];
  if (c === '(') {
    const close = p.indexOf(')', i);
    if (close < 0) return null;
    const body = p.slice(i + 1, close).replace(/^\?:/, '');
    if (body.includes('(')) return null;
    const inner = sequence(firstAlternative(body));
    return inner === null ? null : [inner, close + 1];
  }
  if ('|)^$'.includes(c)) return null;
  return [c, i + 1];
}

/** Thrown when a pattern's shortest sample would be longer than MAX_STRING_LENGTH. */
class TooLong extends Error {}

/** Generates the shortest sample of a pattern body without anchors or top-level alternation. */
function sequence(p: string): string | null {
  let out = '';
  for (let i = 0; i < p.length; ) {
    const a = atom(p, i);
    if (!a) return null;
    const [times, next] = quantifier(p, a[1]);
    if (out.length + a[0].length * times > MAX_STRING_LENGTH) throw new TooLong();
    out += a[0].repeat(times);
    i = next;
  }
  return out;
}

/** The first top-level alternative of a pattern body (alternation inside groups and classes kept). */
function firstAlternative(p: string): string {
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < p.length; i++) {
    const c = p[i];
    if (c === '\\') i++;
    else if (inClass) inClass = c !== ']';
    else if (c === '[') inClass = true;
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (c === '|' && depth === 0) return p.slice(0, i);
  }
  return p;
}

/**
 * A string matching `pattern` for simple patterns (literals, escapes \d \w \s, assertions \b
 * \B, classes, groups with alternation, quantifiers), verified on the linear-time engine; null when
 * unsupported or unverified.
 * @throws TooLong (internal) when the shortest sample exceeds MAX_STRING_LENGTH.
 */
function patternSample(pattern: string, test: (text: string) => boolean): string | null {
  const body = firstAlternative(pattern).replace(/^\^/, '').replace(/(?<!\\)\$$/, '');
  const out = sequence(body);
  return out !== null && test(out) ? out : null;
}

/**
 * A string matching `pattern` (see patternSample), or null when the small generator cannot build one,
 * the pattern is refused by the linear-time engine, or the sample would exceed MAX_STRING_LENGTH.
 */
export function sampleForPattern(pattern: string): string | null {
  const compiled = compilePattern(pattern);
  if (!compiled.ok) return null;
  try {
    return patternSample(pattern, (text) => compiled.regex.test(text));
  } catch (error) {
    if (error instanceof TooLong) return null;
    throw error;
  }
}

/** The pattern part of sampleString: a sample, null (fall back to the length-fitted literal) or a failure. */
function fromPattern(pattern: string): StringSample | null {
  const compiled = compilePattern(pattern);
  if (!compiled.ok) return { ok: false, keyword: 'pattern', reason: `the pattern ${compiled.message}; the harness does not run it, so it cannot generate a matching value` };
  try {
    const value = patternSample(pattern, (text) => compiled.regex.test(text));
    return value === null ? null : { ok: true, value };
  } catch (error) {
    if (error instanceof TooLong) return { ok: false, keyword: 'pattern', reason: `the shortest value matching the pattern is longer than the generation budget (${MAX_STRING_LENGTH} characters)` };
    throw error;
  }
}

/**
 * `sentinel` fitted to the length bounds (padded with `x` up to `minLength`), or null when it cannot fit
 * (`maxLength` below its length, or a `minLength` past MAX_STRING_LENGTH).
 */
function fittedSentinel(s: SchemaObject, sentinel: string): string | null {
  const min = typeof s.minLength === 'number' ? Math.ceil(s.minLength) : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  if (sentinel.length > max || min > MAX_STRING_LENGTH) return null;
  return min > sentinel.length ? sentinel + 'x'.repeat(min - sentinel.length) : sentinel;
}

/** Whether `pattern` (on the linear-time engine) accepts `text`; false when the engine refuses the pattern. */
function patternAccepts(pattern: string, text: string): boolean {
  const compiled = compilePattern(pattern);
  return compiled.ok && compiled.regex.test(text);
}

/**
 * A string for schema `s`: format sample, else pattern sample, else `sample` fitted to the length
 * bounds; a value-free failure when the pattern is refused (REFUSAL_TEXT) or a length exceeds
 * MAX_STRING_LENGTH. Never builds a longer string.
 * With `sentinel` (errors/echo: a caller value a failure answer must not repeat), the sentinel replaces
 * the sample wherever it keeps the value valid: no `format` (a sentinel is no date, e-mail or URI), its
 * length within `minLength`/`maxLength` (padded with `x` up to `minLength`), and a `pattern`, when there
 * is one, that accepts it. Otherwise the plain sample, as without a sentinel.
 */
export function sampleString(s: SchemaObject, sentinel?: string): StringSample {
  const format = typeof s.format === 'string' && Object.hasOwn(FORMAT_SAMPLES, s.format) ? FORMAT_SAMPLES[s.format] : undefined;
  if (format !== undefined) return { ok: true, value: format };
  const planted = sentinel === undefined || s.format !== undefined ? null : fittedSentinel(s, sentinel);
  if (typeof s.pattern === 'string') {
    if (planted !== null && patternAccepts(s.pattern, planted)) return { ok: true, value: planted };
    const sample = fromPattern(s.pattern);
    if (sample !== null) return sample;
  }
  if (planted !== null && typeof s.pattern !== 'string') return { ok: true, value: planted };
  const min = typeof s.minLength === 'number' ? Math.ceil(s.minLength) : 0;
  if (min > MAX_STRING_LENGTH) return { ok: false, keyword: 'minLength', reason: `minLength exceeds the generation budget (${MAX_STRING_LENGTH} characters)` };
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  const base = 'sample'.slice(0, Math.max(0, max));
  return { ok: true, value: base.length >= min ? base : base + 'x'.repeat(min - base.length) };
}
