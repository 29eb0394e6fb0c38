/**
 * Every argument probe says what the schema makes of its arguments: a `reject` probe's arguments break the tool's
 * inputSchema (8288558 marks them `ProbeRequest.invalidArguments`, and result/structured-content no longer judges
 * their answers), an `accept` probe's satisfy it (errors/input-enforcement reads a refusal of one as `rejected`).
 * Checked against ajv (the 2020-12 dialect) for schemas whose other keywords change what a boundary value or an
 * undeclared property means. Written by a rev18 reviewer; each case fails today.
 */
import { describe, expect, it } from 'vitest';
import { deriveArgumentProbes } from '../../harness/probes/negative.ts';
import { createEngine } from '../../harness/schema/engines.ts';

const ajv = createEngine('2020-12');

/** `expect:key` of each probe whose verdict the schema contradicts. */
function contradicted(schema: Record<string, unknown>, base: Record<string, unknown>): string[] {
  const validate = ajv.compile(schema);
  return deriveArgumentProbes(schema, base, 'c:t').filter((p) => (p.expect === 'reject') === validate(p.arguments)).map((p) => `${p.expect}:${p.key}`);
}

describe('argument probes against the schema', () => {
  it('patternProperties that admit the undeclared property: no reject additional-property probe (its arguments are valid)', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, patternProperties: { '^[a-z_]+$': { type: 'string' } }, additionalProperties: false };
    expect(contradicted(schema, { a: 'x' })).toEqual([]);
  });

  it('patternProperties that do not admit it: the additional-property probe stays (its arguments break the schema)', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } }, patternProperties: { '^x_': { type: 'string' } }, additionalProperties: false };
    expect(contradicted(schema, { a: 'x' })).toEqual([]);
    expect(deriveArgumentProbes(schema, { a: 'x' }, 'c:t').map((p) => p.key)).toContain('additional-property');
  });

  it('multipleOf: no accept probe at a minimum or maximum that is not a multiple (its arguments are invalid)', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer', minimum: 3, maximum: 22, multipleOf: 5 } } };
    expect(contradicted(schema, { n: 5 })).toEqual([]);
  });

  it('enum, const or an exclusive bound beside a minimum and maximum: no accept probe they rule out', () => {
    expect(contradicted({ type: 'object', properties: { n: { type: 'integer', enum: [1, 2], minimum: 0, maximum: 9 } } }, { n: 1 })).toEqual([]);
    expect(contradicted({ type: 'object', properties: { n: { type: 'integer', const: 2, minimum: 0 } } }, { n: 2 })).toEqual([]);
    expect(contradicted({ type: 'object', properties: { n: { type: 'number', minimum: 0, exclusiveMinimum: 0 } } }, { n: 1 })).toEqual([]);
  });

  it('a minimum and maximum that are multiples: both accept probes stay', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer', minimum: 10, maximum: 100, multipleOf: 10 } } };
    expect(contradicted(schema, { n: 20 })).toEqual([]);
    expect(deriveArgumentProbes(schema, { n: 20 }, 'c:t').map((p) => `${p.expect}:${p.key}`)).toEqual(expect.arrayContaining(['accept:at-minimum:n', 'accept:at-maximum:n']));
  });

  // rev19 reviewer: zod 4's z.float32() and z.float64() write bounds past 2^53 (±3.4028234663852886e38,
  // ±1.7976931348623157e308), where Math.floor(maximum) + 1 and Math.ceil(minimum) - 1 round back to the bound itself:
  // the above-maximum and below-minimum reject probes carry the bound, a valid value, marked invalidArguments
  it('bounds past 2^53 (zod 4 float32/float64): no reject probe whose value is the bound itself', () => {
    const schema = { type: 'object', properties: { x: { type: 'number', minimum: -3.4028234663852886e38, maximum: 3.4028234663852886e38 }, y: { type: 'number', minimum: -1.7976931348623157e308, maximum: 1.7976931348623157e308 } }, required: ['x', 'y'], additionalProperties: false };
    expect(contradicted(schema, { x: 1, y: 1 })).toEqual([]);
    // the twin: bounds where the next integer is exact keep both reject probes
    const small = { type: 'object', properties: { x: { type: 'number', minimum: -3.5, maximum: 9007199254740990 } } };
    expect(contradicted(small, { x: 1 })).toEqual([]);
    expect(deriveArgumentProbes(small, { x: 1 }, 'c:t').map((p) => `${p.expect}:${p.key}`)).toEqual(expect.arrayContaining(['reject:below-minimum:x', 'reject:above-maximum:x']));
  });
});
