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
    expect(expandedSize({ type: 'object', properties: { a: { type: 'string' }, b: true } })).toBe(3);
    expect(expandedSize({ $defs: { A: { type: 'string' }, B: { allOf: [{}, {}] } } })).toBe(1);
    expect(expandedSize({ properties: { a: { $ref: '#/$defs/A' }, b: { $ref: '#/$defs/A' } }, $defs: { A: { items: { type: 'string' } } } })).toBe(7);
    expect(expandedSize(true)).toBe(1);
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
