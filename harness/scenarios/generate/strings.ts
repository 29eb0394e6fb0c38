/**
 * String values for argument generation: formats (never a network URL: `uri` is a `data:` URI),
 * a small generator for common simple patterns, and a safe literal honouring minLength/maxLength.
 */
import type { SchemaObject } from './schema-utils.ts';

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

const CLASS_SAMPLES: Record<string, string> = { d: '0', w: 'a', s: ' ', D: 'a', W: '-', S: 'a' };

/** Returns [sample char, index after the class] for a `[...]` class starting at `i`; null if negated. */
function sampleClass(p: string, i: number): [string, number] | null {
  if (p[i + 1] === '^') return null;
  const end = p.indexOf(']', i + 2);
  if (end < 0) return null;
  const first = p[i + 1] === '\\' ? (CLASS_SAMPLES[p[i + 2]] ?? p[i + 2]) : p[i + 1];
  return [first, end + 1];
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
  if (c === '\\') return [CLASS_SAMPLES[p[i + 1]] ?? p[i + 1], i + 2];
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

/** Generates the shortest sample of a pattern body without anchors or top-level alternation. */
function sequence(p: string): string | null {
  let out = '';
  for (let i = 0; i < p.length; ) {
    const a = atom(p, i);
    if (!a) return null;
    const [times, next] = quantifier(p, a[1]);
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
 * A string matching `pattern` for simple patterns (literals, escapes \d \w \s, classes, groups with
 * alternation, quantifiers), verified with RegExp; null when unsupported or unverified.
 */
export function sampleForPattern(pattern: string): string | null {
  const body = firstAlternative(pattern).replace(/^\^/, '').replace(/(?<!\\)\$$/, '');
  const out = sequence(body);
  try {
    return out !== null && new RegExp(pattern, 'u').test(out) ? out : null;
  } catch {
    return null;
  }
}

/** A string for schema `s`: format sample, else pattern sample, else `sample` fitted to the length bounds. */
export function sampleString(s: SchemaObject): string {
  const format = typeof s.format === 'string' ? FORMAT_SAMPLES[s.format] : undefined;
  if (format !== undefined) return format;
  const fromPattern = typeof s.pattern === 'string' ? sampleForPattern(s.pattern) : null;
  if (fromPattern !== null) return fromPattern;
  const min = typeof s.minLength === 'number' ? s.minLength : 0;
  const max = typeof s.maxLength === 'number' ? s.maxLength : Infinity;
  const base = 'sample'.slice(0, Math.max(0, max));
  return base.length >= min ? base : base + 'x'.repeat(min - base.length);
}
