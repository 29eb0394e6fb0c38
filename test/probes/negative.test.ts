import { describe, expect, it } from 'vitest';
import { deriveArgumentProbes, MAX_PROBES_PER_TOOL } from '../../harness/probes/negative.ts';
import { containsAny, makeSentinel, sentinelsIn } from '../../harness/probes/sentinel.ts';

const schema = {
  type: 'object',
  properties: {
    query: { type: 'string', minLength: 2, maxLength: 40 },
    limit: { type: 'integer', minimum: 1, maximum: 50 },
    mode: { type: 'string', enum: ['fast', 'full'] },
  },
  required: ['query'],
  additionalProperties: false,
};
const base = { query: 'abc', limit: 5 };

describe('deriveArgumentProbes', () => {
  it('is deterministic: same schema, base and prefix -> identical probes', () => {
    expect(deriveArgumentProbes(schema, base, 'c:t')).toEqual(deriveArgumentProbes(structuredClone(schema), { ...base }, 'c:t'));
  });
  it('derives one probe per constraint, with stable keys', () => {
    const keys = deriveArgumentProbes(schema, base, 'c:t').map((p) => `${p.expect}:${p.key}`);
    expect(keys).toEqual([
      'reject:missing-required:query',
      'reject:wrong-type:query', 'reject:too-short:query', 'accept:at-min-length:query', 'reject:too-long:query', 'accept:at-max-length:query',
      'reject:wrong-type:limit', 'reject:below-minimum:limit', 'accept:at-minimum:limit', 'reject:above-maximum:limit', 'accept:at-maximum:limit',
      'reject:wrong-type:mode', 'reject:enum-outsider:mode',
      'reject:additional-property',
    ]);
  });
  it('changes exactly one thing relative to the base', () => {
    for (const p of deriveArgumentProbes(schema, base, 'c:t')) {
      const changed = [...new Set([...Object.keys(base), ...Object.keys(p.arguments)])].filter((k) => JSON.stringify((base as any)[k]) !== JSON.stringify(p.arguments[k]));
      expect(changed.length, p.key).toBe(1);
    }
  });
  it('builds the violating values the schema names', () => {
    const byKey = Object.fromEntries(deriveArgumentProbes(schema, base, 'c:t').map((p) => [p.key, p]));
    expect(byKey['too-long:query'].arguments.query).toHaveLength(41);
    expect(byKey['below-minimum:limit'].arguments.limit).toBe(0);
    expect(byKey['at-maximum:limit'].arguments.limit).toBe(50);
    expect(byKey['missing-required:query'].arguments).not.toHaveProperty('query');
    expect(byKey['wrong-type:limit'].sentinel).toBeDefined();
    expect(containsAny(byKey['enum-outsider:mode'].arguments, [byKey['enum-outsider:mode'].sentinel!])).toBe(true);
  });
  it('gives nothing for non-object schemas and caps the count', () => {
    expect(deriveArgumentProbes(true, {}, 'x')).toEqual([]);
    const many = { type: 'object', properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, { type: 'integer', minimum: 0 }])) };
    expect(deriveArgumentProbes(many, {}, 'x')).toHaveLength(MAX_PROBES_PER_TOOL);
  });
});

describe('sentinels', () => {
  it('are stable per probe id, distinct across ids, and recognisable', () => {
    expect(makeSentinel('a')).toBe(makeSentinel('a'));
    expect(makeSentinel('a')).not.toBe(makeSentinel('b'));
    expect(sentinelsIn({ x: [`pre ${makeSentinel('a')} post`] })).toEqual([makeSentinel('a')]);
    expect(sentinelsIn({ x: 'plain' })).toEqual([]);
  });
});
