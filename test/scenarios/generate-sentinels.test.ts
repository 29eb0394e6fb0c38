/**
 * Sentinels in generated string arguments (issue 9 §3, errors/echo: caller values must not come back on
 * any failure path, including failures of calls with valid arguments). A sentinel goes only where it
 * keeps the arguments valid: never into a format, an enum or const, past maxLength, or against a pattern.
 */
import { describe, expect, it } from 'vitest';
import { generateArguments } from '../../harness/scenarios/generate/index.ts';
import { makeSentinel, SENTINEL_PATTERN } from '../../harness/probes/sentinel.ts';

const obj = (properties: Record<string, unknown>) => ({ type: 'object', properties, required: Object.keys(properties) });
const planted = (schema: unknown) => {
  const r = generateArguments(schema as never, undefined, { sentinels: true });
  if (!r.ok) throw new Error(r.reason);
  return r.arguments;
};
const S = (pointer: string) => makeSentinel(`generated:${pointer}`);

describe('generateArguments with sentinels', () => {
  it('plants a sentinel, derived from the schema pointer, in every free string', () => {
    expect(planted(obj({ q: { type: 'string' }, nested: obj({ name: { type: 'string' } }), tags: { type: 'array', minItems: 1, items: { type: 'string' } } }))).toEqual({
      q: S('/properties/q'),
      nested: { name: S('/properties/nested/properties/name') },
      tags: [S('/properties/tags/items')],
    });
    expect(S('/properties/q')).toMatch(new RegExp(SENTINEL_PATTERN.source));
  });

  it('is deterministic: the same schema, the same arguments', () => {
    const schema = obj({ a: { type: 'string' }, b: { type: 'string', minLength: 40 } });
    expect(planted(schema)).toEqual(planted(schema));
  });

  it('pads to minLength, and keeps the plain sample where maxLength leaves no room', () => {
    const args = planted(obj({ long: { type: 'string', minLength: 40 }, short: { type: 'string', maxLength: 10 } }));
    expect(args.long).toBe(S('/properties/long') + 'x'.repeat(40 - S('/properties/long').length));
    expect(args.short).toBe('sample');
  });

  it('never replaces a format sample, an enum, a const, a default or an example', () => {
    expect(planted(obj({ when: { type: 'string', format: 'date' }, mode: { type: 'string', enum: ['fast', 'slow'] }, kind: { const: 'k' }, d: { type: 'string', default: 'dflt' }, e: { type: 'string', examples: ['ex'] } }))).toEqual({
      when: '2025-01-01', mode: 'fast', kind: 'k', d: 'dflt', e: 'ex',
    });
  });

  it('uses the sentinel where the pattern accepts it, the pattern sample where it does not', () => {
    const args = planted(obj({ id: { type: 'string', pattern: '^[a-zA-Z0-9-]+$' }, code: { type: 'string', pattern: '^[A-Z]{3}$' } }));
    expect(args.id).toBe(S('/properties/id'));
    expect(args.code).toMatch(/^[A-Z]{3}$/);
  });

  it('falls back to the arguments without sentinels when they do not validate (a not keyword, say)', () => {
    const schema = obj({ q: { type: 'string', not: { pattern: 's3nt1nel' } } });
    expect(planted(schema)).toEqual({ q: 'sample' });
  });

  it('without the option: no sentinel (the generator as before)', () => {
    expect(generateArguments(obj({ q: { type: 'string' } }) as never)).toEqual({ ok: true, arguments: { q: 'sample' } });
  });
});
