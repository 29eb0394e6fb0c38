/**
 * Hostile inputSchemas (issue 15 items 2 and 3, and the prototype-key item): generation is bounded in
 * size and repetition, runs server patterns on the linear-time engine, and reads own properties only.
 * Each unsatisfiable schema yields a value-free reason naming the keyword, never an exception.
 */
import { describe, expect, it } from 'vitest';
import { generateArguments } from '../../harness/scenarios/index.ts';
import { planCalls } from '../../harness/scenarios/plan.ts';
import type { JsonSchema, ListedTool } from '../../harness/model/protocol.ts';

const one = (x: Record<string, unknown>): JsonSchema => ({ type: 'object', properties: { x }, required: ['x'] });
const reasonOf = (schema: JsonSchema): string => {
  const r = generateArguments(JSON.parse(JSON.stringify(schema)));
  return r.ok ? `ok ${JSON.stringify(r.arguments)}` : r.reason;
};

describe('generation budgets', () => {
  it.each<[string, Record<string, unknown>, string]>([
    ['minLength: 1e9', { type: 'string', minLength: 1e9 }, '/properties/x/minLength: minLength exceeds the generation budget (65536 characters)'],
    ['minLength: 4e8', { type: 'string', minLength: 4e8 }, '/properties/x/minLength: minLength exceeds the generation budget'],
    ['minItems: 1e9', { type: 'array', minItems: 1e9 }, '/properties/x/minItems: minItems exceeds the generation limit (1000 items)'],
    ['minProperties: 1e9', { type: 'object', minProperties: 1e9 }, '/properties/x/minProperties: minProperties exceeds the generation limit'],
    ['a{1000000000}', { type: 'string', pattern: 'a{1000000000}' }, '/properties/x/pattern: the pattern uses a repetition count above 1000'],
    ['^a{300000000}$', { type: 'string', pattern: '^a{300000000}$' }, '/properties/x/pattern: the pattern uses a repetition count above 1000'],
    ['nested repetition over the string budget', { type: 'string', pattern: `^${'(?:b{1000})'.repeat(70)}$` }, '/properties/x/pattern: the shortest value matching the pattern is longer than the generation budget'],
    ['arrays of arrays over the size budget', { type: 'array', minItems: 1000, items: { type: 'array', minItems: 1000, items: { type: 'string', minLength: 100 } } }, 'exceed the generation size budget (1048576 characters)'],
    ['a pattern with lookahead', { type: 'string', pattern: '^(?=.*\\d).{8,}$' }, '/properties/x/pattern: the pattern uses a lookahead or lookbehind'],
  ])('%s is a reason, not a crash or an allocation', (_, x, reason) => {
    expect(reasonOf(one(x))).toContain(reason);
  });

  it('a catastrophic pattern is sampled and verified in linear time', () => {
    expect(reasonOf(one({ type: 'string', pattern: '^(a+)+$' }))).toBe('ok {"x":"a"}');
  });

  it('\\b is an assertion, not the letter b', () => {
    expect(reasonOf(one({ type: 'string', pattern: '^\\bab\\b$' }))).toBe('ok {"x":"ab"}');
  });

  it('a required name is matched against a catastrophic patternProperties key in linear time', () => {
    const name = `${'a'.repeat(40)}!`;
    expect(reasonOf({ type: 'object', patternProperties: { '^(a|a)+$': { type: 'number' } }, required: [name] })).toBe(`ok {"${name}":"sample"}`);
  });

  it('the plan reports the reason instead of calling the tool', () => {
    const tool: ListedTool = { name: 'huge', inputSchema: one({ type: 'string', minLength: 1e9 }) as ListedTool['inputSchema'] };
    const plan = planCalls([tool], [], { generate: true, destructive: true });
    expect(plan.scenarios).toEqual([]);
    expect(plan.skipped[0].reason).toContain('minLength exceeds the generation budget');
  });
});

describe('prototype keys', () => {
  it('a required __proto__ argument is sent as an own property', () => {
    const r = generateArguments(JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"required":["__proto__"]}'));
    expect(r.ok && JSON.stringify(r.arguments)).toBe('{"__proto__":"sample"}');
    expect(r.ok && Object.getPrototypeOf(r.arguments)).toBe(Object.prototype);
  });

  it('inherited names are never read as schemas', () => {
    expect(reasonOf({ type: 'object', properties: {}, required: ['constructor', 'toString'] })).toBe('ok {"constructor":"sample","toString":"sample"}');
    expect(reasonOf({ type: 'object', properties: { constructor: { type: 'integer' } }, required: ['constructor'] })).toBe('ok {"constructor":1}');
    expect(reasonOf({ type: 'object', properties: { a: { $ref: '#/$defs/hasOwnProperty' } }, required: ['a'], $defs: {} })).toContain('(unresolved-ref) at /properties/a/$ref');
  });

  it('allOf merges a __proto__ property without touching the prototype', () => {
    const schema = JSON.parse('{"type":"object","allOf":[{"properties":{"__proto__":{"type":"integer"}}},{"properties":{"__proto__":{"minimum":3}}}],"required":["__proto__"]}');
    const r = generateArguments(schema);
    expect(r.ok && JSON.stringify(r.arguments)).toBe('{"__proto__":3}');
  });
});
