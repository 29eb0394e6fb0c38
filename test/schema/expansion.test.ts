/**
 * The expansion budget (harness/schema/expansion.ts; hostile review D10): a schema whose $refs expand past
 * MAX_EXPANDED_SUBSCHEMAS compiles as a value-free compile error, measured once in time linear in the document (an
 * exponential one at 64 levels is measured at all only because of the memo), and its conformant twin below the budget
 * compiles and validates.
 */
import { describe, expect, it } from 'vitest';
import { createSchemaService } from '../../harness/schema/ajv.ts';
import { MAX_EXPANDED_SUBSCHEMAS, expandedSize, expansionIssue, isTooExpansive } from '../../harness/schema/expansion.ts';

/** hostile/expo.mjs's schema: $defs d(i) = allOf [$ref d(i+1), $ref d(i+1)] for `levels` levels, a string at the end. */
function expo(levels: number): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] };
  defs[`d${levels}`] = { type: 'string' };
  return { type: 'object', properties: { x: { $ref: '#/$defs/d0' } }, required: ['x'], $defs: defs };
}

describe('expandedSize', () => {
  it('counts the evaluated subschemas once per path, $refs followed, $defs only through a reference', () => {
    // of properties (distinct members of the instance) only the largest counts; in-place applicators are summed
    expect(expandedSize({ type: 'object', properties: { a: { type: 'string' }, b: true } })).toBe(2);
    expect(expandedSize({ allOf: [{ type: 'string' }, true] })).toBe(3);
    expect(expandedSize({ $defs: { A: { type: 'string' }, B: { allOf: [{}, {}] } } })).toBe(1);
    expect(expandedSize({ properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/A' } }, $defs: { A: { items: { type: 'string' } } } })).toBe(4);
    expect(expandedSize({ properties: { a: {}, b: { allOf: [{}, {}] } }, patternProperties: { x: {}, y: {} }, prefixItems: [{}, { not: {} }] })).toBe(1 + 3 + 2 + 2);
    expect(expandedSize(true)).toBe(1);
  });

  it('keeps an OpenAPI-shaped DAG of shared $defs (each referring to others in many properties) far under the budget', () => {
    // 40 definitions of 10 plain properties and up to 5 properties referring to later ones; 300 root properties
    // referring to them: counted whole (every property of every path) it expanded past 350,000
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < 40; i++) {
      const properties: Record<string, unknown> = {};
      for (let p = 0; p < 10; p++) properties[`p${p}`] = { type: 'string' };
      for (let r = 1; r <= 5 && i + r < 40; r++) properties[`r${r}`] = { $ref: `#/$defs/D${i + r}` };
      defs[`D${i}`] = { type: 'object', properties };
    }
    const properties = Object.fromEntries(Array.from({ length: 300 }, (_, k) => [`k${k}`, { $ref: `#/$defs/D${k % 40}` }]));
    const schema = { type: 'object', properties, $defs: defs };
    expect(expandedSize(schema)).toBeLessThan(1000);
    const r = createSchemaService().compile(schema);
    expect(r.ok).toBe(true);
  });

  it('still grows as 2^levels through a chain of properties each holding allOf [$ref, $ref] (one member, both evaluated)', () => {
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < 32; i++) defs[`d${i}`] = { properties: { a: { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}` }] } } };
    defs.d32 = { type: 'string' };
    expect(isTooExpansive({ $ref: '#/$defs/d0', $defs: defs })).toBe(true);
  });

  it('counts a recursive $ref once without following it (recursion goes only as deep as the instance)', () => {
    expect(expandedSize({ type: 'object', properties: { child: { $ref: '#' } } })).toBe(3);
    expect(expandedSize({ $ref: '#/$defs/N', $defs: { N: { properties: { next: { $ref: '#/$defs/N' } } } } })).toBe(4);
  });

  it('grows as 2^levels through allOf [$ref, $ref] (2^(levels+2) - 1), and measures 64 levels at all (saturating)', () => {
    for (const levels of [0, 4, 10, 20]) expect(expandedSize(expo(levels))).toBe(2 ** (levels + 2) - 1);
    expect(expandedSize(expo(64))).toBe(Number.MAX_SAFE_INTEGER);
    expect(isTooExpansive(expo(14))).toBe(false); // 65,535
    expect(isTooExpansive(expo(15))).toBe(true); // 131,071
    expect(isTooExpansive(expo(32))).toBe(true);
  });
});

/** Each target referenced once, but every d(i+1)/allOf/0 lies inside d(i+1), which is referenced too: Fibonacci growth. */
function nestedTargets(levels: number): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < levels; i++) defs[`d${i}`] = { allOf: [{ $ref: `#/$defs/d${i + 1}` }, { $ref: `#/$defs/d${i + 1}/allOf/0` }] };
  defs[`d${levels}`] = { allOf: [{ type: 'string' }] };
  return { properties: { x: { $ref: '#/$defs/d0' } }, $defs: defs };
}

/** A chain and a fan of $defs members, each referenced by one site: every subschema is visited at most once. */
function onceEach(members: number): Record<string, unknown> {
  const defs: Record<string, unknown> = {};
  for (let i = 0; i < members; i++) defs[`m${i}`] = { type: 'object', properties: { next: i + 1 < members ? { $ref: `#/$defs/m${i + 1}` } : { type: 'string' } } };
  return { properties: { head: { $ref: '#/$defs/m0' }, loop: { $ref: '#' } }, $defs: defs };
}

describe('isTooExpansive: the once-each reading (no full measure needed)', () => {
  it('passes a schema whose targets are $defs members each referenced once, none inside another (expansion <= its size)', () => {
    const schema = onceEach(5000);
    expect(isTooExpansive(schema)).toBe(false);
    expect(expandedSize(schema)).toBeLessThanOrEqual(4 + 5000 * 3);
  });

  it('still measures targets that lie inside other targets, each referenced once (Fibonacci growth), and refuses them', () => {
    expect(isTooExpansive(nestedTargets(10))).toBe(false);
    expect(isTooExpansive(nestedTargets(40))).toBe(true);
  });

  it('still measures targets in evaluated positions, each referenced once (reached by descent and by reference: 2^depth)', () => {
    const nested = (depth: number) => {
      // x(k) holds x(k+1) as property c and refers to it too
      let node: Record<string, unknown> = { type: 'string' };
      for (let k = depth - 1; k >= 0; k--) node = { properties: { c: node }, allOf: [{ $ref: `#/properties/x${'/properties/c'.repeat(k + 1)}` }] };
      return { properties: { x: node } };
    };
    expect(isTooExpansive(nested(8))).toBe(false);
    expect(isTooExpansive(nested(30))).toBe(true);
  });
});

describe('schema service: the expansion budget', () => {
  it('refuses a schema past the budget as a value-free compile error at the root', () => {
    const r = createSchemaService().compile(expo(32));
    expect(r).toEqual({ ok: false, dialect: '2020-12', reason: 'compile-error', issues: [expansionIssue()] });
    expect(expansionIssue()).toEqual({ pointer: '', keyword: 'expansion', message: `expands to more than ${MAX_EXPANDED_SUBSCHEMAS} subschemas when its $refs are followed; not evaluated` });
  });

  it('compiles and validates its twin below the budget', () => {
    const r = createSchemaService().compile(expo(4));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.validate({ x: 'a' })).toEqual([]);
    expect(r.validate({ x: 1 })).not.toEqual([]);
  });
});
