import { describe, expect, it } from 'vitest';
import { createSchemaService } from '../../harness/schema/ajv.ts';
import { compilePattern, testPattern } from '../../harness/schema/regex.ts';

/** [pattern, text]: the linear-time engine must agree with V8's ECMA-262 `u` semantics on each. */
const AGREE: Array<[string, string]> = [
  ['^\\u0041$', 'A'], ['^\\uD83D\\uDE00$', '😀'], ['^\\u{1F600}$', '😀'], ['^.$', '😀'], ['^.$', '\n'], ['^.$', '\u2028'],
  ['^\\s$', '\u00a0'], ['^\\s$', '\ufeff'], ['^\\S$', '\u00a0'], ['^[\\s]$', '\u3000'], ['^[^\\s]$', 'x'], ['^[\\S]$', ' '],
  ['^[^]$', '\n'], ['[]', 'x'], ['^[\\b]$', '\b'], ['\\bfoo\\b', 'a foo b'], ['\\bfoo\\b', 'afoob'], ['(?<n>x)', 'x'],
  ['^\\p{Script=Greek}+$', 'αβ'], ['^\\p{Letter}+$', 'ab'], ['^\\p{Lu}$', 'a'], ['^[a-z\\-]+$', 'a-b'], ['\\/', '/'],
  ['^\\cJ$', '\n'], ['^\\0$', '\0'], ['^[😀-😂]$', '😁'], ['^\\d{2,3}$', '1234'], ['^a{1000}$', 'a'.repeat(1000)], ['^[\\[\\]^]+$', '[^]'],
];

describe('linear-time patterns', () => {
  for (const [pattern, text] of AGREE) {
    it(`${JSON.stringify(pattern)} on ${JSON.stringify(text)} agrees with ECMA-262`, () => {
      expect(testPattern(pattern, text)).toBe(new RegExp(pattern, 'u').test(text));
    });
  }

  it.each([
    ['(a)\\1', 'backreference'], ['(?<n>a)\\k<n>', 'backreference'], ['(?=a)', 'lookaround'], ['(?!a)', 'lookaround'],
    ['(?<=a)b', 'lookaround'], ['(?<!a)b', 'lookaround'], ['^a{1001}$', 'repetition'], ['^a{300000000}$', 'repetition'],
    ['^\\p{Script_Extensions=Latin}$', 'unicode-property'], ['(', 'invalid'], ['a'.repeat(20_000), 'too-long'],
  ])('refuses %s (%s) without running it', (pattern, refusal) => {
    const c = compilePattern(pattern);
    expect(c.ok).toBe(false);
    if (!c.ok) expect(c.refusal).toBe(refusal);
  });

  it('a catastrophic pattern on a crafted string finishes (ajv pattern and patternProperties)', () => {
    const service = createSchemaService();
    const r = service.compile({ type: 'object', properties: { a: { type: 'string', pattern: '^(a+)+$' } }, patternProperties: { '^(x|x)+$': { type: 'number' } } });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const issues = r.validate({ a: `${'a'.repeat(50_000)}!`, [`${'x'.repeat(50_000)}`]: 'not a number' });
    expect(issues.map((i) => i.keyword).sort()).toEqual(['pattern', 'type']);
  });

  it('each pattern keeps its own matcher in one schema (ajv keys patterns by toString)', () => {
    const r = createSchemaService().compile({ type: 'object', properties: { a: { type: 'string', pattern: '^a$' }, b: { type: 'string', pattern: '^b$' } } });
    expect(r.ok && r.validate({ a: 'a', b: 'a' }).map((i) => i.instancePointer)).toEqual(['/b']);
  });

  it('a refused pattern is not enforced, the rest of the schema is; an invalid one does not compile', () => {
    const service = createSchemaService();
    const r = service.compile({ type: 'object', properties: { a: { type: 'string', pattern: '(?=x)y' }, n: { type: 'number' } } });
    expect(r.ok && r.validate({ a: 'q', n: 'x' }).map((i) => i.instancePointer)).toEqual(['/n']);
    const bad = service.compile({ type: 'string', pattern: '(' });
    expect(bad.ok).toBe(false);
  });

  // JSON Schema 2020-12 Validation §6.3.3: a pattern "SHOULD be a valid regular expression, according to the ECMA-262
  // regular expression dialect": one valid only without the u flag is no compile error
  it.each<[string, string, boolean]>([
    ['^\\d{3}\\-\\d{4}$', '555-1234', true], ['^\\d{3}\\-\\d{4}$', '5551234', false], ['^[\\w\\-]+\\:\\d+$', 'a-b:12', true],
    ['^[\\_a]+$', 'a_', true], ['^[\\_a]+$', 'b', false], ['^\\#\\d$', '#1', true],
  ])('%s, valid ECMA-262 only without u, runs as V8 reads it without u (on %s: %s)', (pattern, text, expected) => {
    const c = compilePattern(pattern);
    expect(c.ok && c.nonUnicode).toBe(true);
    expect(testPattern(pattern, text)).toBe(expected);
    expect(new RegExp(pattern).test(text)).toBe(expected);
  });

  // a reviewer's cases: rewritten and run with u, each would answer otherwise than V8 without u on some text (a brace
  // span made a quantifier, a property or code point escape, a code unit against a code point beyond the BMP)
  it.each(['^x{2\\,3}$', '^\\p{L}+\\-\\d$', '^\\u{41}\\-$', '^a.\\-$', '^[^x]\\-$', '^\\S\\-$', '^\\uD83D\\uDE00\\-$', '^😀\\-$', '\\B|\\-', '^[\\u0000-\\uFFFF]+\\-$', '^[\\uD7FF-\\uE000]{2}\\-$', '^[ -\\uFFFF]{2}\\:$', `^[ -${String.fromCharCode(0xffff)}]{2}\\:$`])('%s is not rewritten: refused as non-unicode, never enforced as another pattern', (pattern) => {
    expect(() => new RegExp(pattern, 'u')).toThrow();
    expect(() => new RegExp(pattern)).not.toThrow();
    const c = compilePattern(pattern);
    expect(c.ok ? 'ok' : c.refusal).toBe('non-unicode');
  });

  it.each(['a{', ']', '\\-(?=x)'])('%s, valid ECMA-262 only without u and not rewritable, is refused as non-unicode', (pattern) => {
    const c = compilePattern(pattern);
    expect(c.ok ? 'ok' : c.refusal).toBe('non-unicode');
  });

  it('a schema whose only problem is a pattern valid only without u compiles, enforces it and the rest (interpreter and ajv)', () => {
    for (const service of [createSchemaService(), createSchemaService({ interpret: false })]) {
      const r = service.compile({ type: 'object', properties: { p: { type: 'string', pattern: '^\\d{3}\\-\\d{4}$' }, q: { type: 'string', pattern: 'a{' }, n: { type: 'integer' } } });
      expect(r.ok).toBe(true);
      if (!r.ok) return;
      expect(r.validate({ p: '555-1234', q: 'z', n: 1 })).toEqual([]);
      expect(r.validate({ p: '5551234', q: 'z', n: 'x' }).map((i) => i.instancePointer).sort()).toEqual(['/n', '/p']);
    }
  });

  it('required inherited names are checked as own properties', () => {
    const r = createSchemaService().compile({ type: 'object', required: ['constructor'] });
    expect(r.ok && r.validate({}).map((i) => i.keyword)).toEqual(['required']);
  });
});
