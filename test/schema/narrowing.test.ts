import { describe, expect, it } from 'vitest';
import { describeDifference, schemaDifferences } from '../../harness/schema/narrowing.ts';

const kinds = (c: unknown, a: unknown) => schemaDifferences(c, a).map((d) => `${d.kind} ${d.pointer}`);

describe('narrowing comparator', () => {
  it('accepts deep-equal subtrees regardless of key order', () => {
    expect(kinds({ type: 'string', maxLength: 3 }, { maxLength: 3, type: 'string' })).toEqual([]);
  });
  it('accepts identical annotations, and reports changed or added ones (narrowings are enumerated, not inferred)', () => {
    expect(kinds({ type: 'string', description: 'a' }, { type: 'string', description: 'a' })).toEqual([]);
    expect(kinds({ type: 'string', description: 'a' }, { type: 'string', description: 'b' })).toHaveLength(1);
    expect(kinds({ type: 'string' }, { type: 'string', title: 't' })).toHaveLength(1);
  });
  it.each(['minimum', 'minLength', 'minItems'])('allows an added or raised lower bound %s, rejects a lowered or removed one', (k) => {
    expect(kinds({}, { [k]: 1 })).toEqual([]);
    expect(kinds({ [k]: 1 }, { [k]: 2 })).toEqual([]);
    expect(kinds({ [k]: 2 }, { [k]: 1 })).toEqual([`loosened-bound /${k}`]);
    expect(kinds({ [k]: 2 }, {})).toEqual([`removed-keyword /${k}`]);
  });
  it.each(['maximum', 'maxLength', 'maxItems'])('allows an added or lowered upper bound %s, rejects a raised one', (k) => {
    expect(kinds({}, { [k]: 1 })).toEqual([]);
    expect(kinds({ [k]: 5 }, { [k]: 2 })).toEqual([]);
    expect(kinds({ [k]: 2 }, { [k]: 5 })).toEqual([`loosened-bound /${k}`]);
    expect(kinds({ [k]: 2 }, { [k]: 'x' })).toEqual([`changed-keyword /${k}`]);
  });
  it('allows an enum subset and names the pointer of a member the contract lacks', () => {
    expect(kinds({ enum: ['a', 'b'] }, { enum: ['b'] })).toEqual([]);
    expect(kinds({ enum: ['a', 'b'] }, { enum: ['b', 'c'] })).toEqual(['enum-member /enum/1']);
    expect(kinds({ type: 'string' }, { type: 'string', enum: ['a'] })).toEqual(['added-keyword /enum']);
    expect(kinds({ enum: ['a'] }, {})).toEqual(['removed-keyword /enum']);
  });
  it('allows removing an optional nested property but not a required one', () => {
    const contract = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'] };
    expect(kinds(contract, { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })).toEqual([]);
    expect(kinds(contract, { type: 'object', properties: { b: { type: 'string' } }, required: ['a'] })).toEqual(['removed-required-property /properties/a']);
  });
  it('compares nested required as a set; any other change fails', () => {
    expect(kinds({ required: ['a', 'b'] }, { required: ['b', 'a'] })).toEqual([]);
    expect(kinds({ required: ['a'] }, { required: ['a', 'b'] })).toEqual(['changed-keyword /required']);
  });
  it('recurses through items and tuple items', () => {
    expect(kinds({ items: { type: 'string' } }, { items: { type: 'number' } })).toEqual(['changed-keyword /items/type']);
    expect(kinds({ items: [{ type: 'string' }] }, { items: [{ type: 'string', maxLength: 1 }] })).toEqual([]);
    expect(kinds({ items: [{ type: 'string' }] }, { items: { type: 'string' } })).toEqual(['changed-keyword /items']);
    expect(kinds({ type: 'array' }, { type: 'array', items: {} })).toEqual(['added-keyword /items']);
  });
  it('rejects unenumerated keywords and boolean/non-object schemas that differ', () => {
    expect(kinds({ type: 'object' }, { type: 'object', additionalProperties: true })).toEqual(['added-keyword /additionalProperties']);
    expect(kinds({ pattern: '^a' }, { pattern: '^b' })).toEqual(['changed-keyword /pattern']);
    expect(kinds(true, false)).toEqual(['changed-keyword ']);
    expect(kinds(true, true)).toEqual([]);
  });
  it('describes differences without values', () => {
    const [d] = schemaDifferences({ enum: ['SECRET'] }, { enum: ['OTHER'] });
    expect(describeDifference(d, '/inputSchema/enum/0')).toBe('an enum member at /inputSchema/enum/0 that its contract does not list');
  });
});
