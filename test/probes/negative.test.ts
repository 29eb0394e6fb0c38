import { describe, expect, it } from 'vitest';
import { deriveArgumentProbes, firstArgumentProbe, MAX_PROBES_PER_TOOL, type ArgumentProbe } from '../../harness/probes/negative.ts';
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
  it('makes the at-minLength and at-maxLength probes only for a property the base carries (sweep 19: a string of a\'s is refused for its content where the base left the property out)', () => {
    const keys = (b: Record<string, unknown>) => deriveArgumentProbes(schema, b, 'c:t').filter((p) => p.key.endsWith(':query')).map((p) => `${p.expect}:${p.key}`);
    expect(keys({ limit: 5 })).toEqual(['reject:wrong-type:query', 'reject:too-short:query', 'reject:too-long:query']);
    expect(keys(base)).toEqual(['reject:missing-required:query', 'reject:wrong-type:query', 'reject:too-short:query', 'accept:at-min-length:query', 'reject:too-long:query', 'accept:at-max-length:query']);
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

describe('firstArgumentProbe and the derivation memo', () => {
  const wanted: Array<[string, (p: ArgumentProbe) => boolean]> = [
    ['first reject', (p) => p.expect === 'reject'],
    ['first reject with a sentinel', (p) => p.sentinel !== undefined && p.expect === 'reject'],
    ['first accept', (p) => p.expect === 'accept'],
    ['none', () => false],
  ];
  const many = { type: 'object', properties: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`p${i}`, i < 17 ? { type: 'integer', minimum: 0 } : { type: 'string', enum: ['a'] }])) };
  for (const [name, predicate] of wanted) {
    it(`gives what .find gives on the derivation (${name}), fresh and memoised, within the cap`, () => {
      for (const [s, b] of [[schema, base], [many, {}], [true, {}]] as const) {
        const fresh = firstArgumentProbe(structuredClone(s), { ...b }, 'c:t', predicate);
        expect(fresh).toEqual(deriveArgumentProbes(structuredClone(s), { ...b }, 'c:t').find(predicate));
        const sameObjects = structuredClone(s);
        const sameBase = { ...b };
        deriveArgumentProbes(sameObjects, sameBase, 'c:t'); // now memoised for these objects
        expect(firstArgumentProbe(sameObjects, sameBase, 'c:t', predicate)).toEqual(fresh);
      }
    });
  }
  it('never looks past the cap: an enum probe beyond the 16th is not found', () => {
    expect(firstArgumentProbe(many, {}, 'c:t', (p) => p.key.startsWith('enum-outsider'))).toBeUndefined();
  });
  it('keys the memo by object identity and prefix: equal inputs derive equal probes, each caller gets its own array', () => {
    const a = deriveArgumentProbes(schema, base, 'c:t');
    const b = deriveArgumentProbes(schema, base, 'c:t');
    expect(b).toEqual(a);
    expect(b).not.toBe(a);
    b.pop();
    expect(deriveArgumentProbes(schema, base, 'c:t')).toEqual(a);
    const other = deriveArgumentProbes(schema, base, 'c:u');
    expect(other.map((p) => p.key)).toEqual(a.map((p) => p.key));
    expect(other.find((p) => p.sentinel)?.sentinel).not.toBe(a.find((p) => p.sentinel)?.sentinel);
    const changedBase = { ...base, limit: 7 };
    expect(deriveArgumentProbes(schema, changedBase, 'c:t').find((p) => p.key === 'wrong-type:query')?.arguments.limit).toBe(7);
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

describe('argument probes shared by the checks that pick one', () => {
  it('classification and echo pick their probe from input-enforcement\'s derivation: the same arguments object (one request)', async () => {
    const { default: enforcement } = await import('../../harness/checks/errors/input-enforcement.ts');
    const { default: classification } = await import('../../harness/checks/errors/classification.ts');
    const { default: echo } = await import('../../harness/checks/errors/echo.ts');
    const { makeCall, makeObservation, makeTool, planOn } = await import('../helpers/check-tester.ts');
    const inputSchema = { type: 'object', properties: { q: { type: 'string', maxLength: 40 }, n: { type: 'integer', minimum: 1 } }, required: ['q'] };
    const tool = makeTool('search', { inputSchema, annotations: { readOnlyHint: true } });
    const call = makeCall('search', { result: { content: [] } }, { scenario: { arguments: { q: 'x', n: 2 } } });
    const obs = makeObservation({ tools: [tool], calls: [call] });
    const byArgs = new Map(planOn(enforcement, obs).map((p) => [(p.params as { arguments?: object }).arguments, p.id]));
    const picked = [...planOn(classification, obs), ...planOn(echo, obs)].filter((p) => p.tool === 'search');
    expect(picked.map((p) => byArgs.get((p.params as { arguments: object }).arguments))).toEqual([
      'errors/input-enforcement:search:missing-required:q',
      'errors/input-enforcement:search:too-long:q',
    ]);
  });
});
