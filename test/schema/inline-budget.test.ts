/**
 * The `$ref` inlining budget of canonical form (harness/schema/inline-budget.ts): every local `$ref` is inlined or,
 * past the budget, none, so that two key orders of one schema get one canonical form and one lock hash at any size
 * (a hostile review: a billion-laughs `$defs` DAG of 2^16 nodes hashed differently in a server's key order and in its
 * lock's sorted keys), and a DAG past the budget is kept as references (its own size, not its expansion).
 */
import { describe, expect, it } from 'vitest';
import { canonicalise } from '../../harness/schema/canonicalise.ts';
import { compareSchemas, compareToolSchemas, hashToolSchemas } from '../../harness/schema/compare.ts';
import { inputNarrowingProblems } from '../../harness/invariants.ts';
import { inliningFits } from '../../harness/schema/inline-budget.ts';
import { sortKeysDeep } from '../../harness/contract/hash.ts';
import { laughs } from '../fixtures/laughs.ts';

describe('the inlining budget', () => {
  it('one hash for the two key orders below, at and above the budget', () => {
    for (const depth of [12, 14, 15, 16, 20]) {
      const hashes = [laughs(depth), laughs(depth, { reversed: true }), sortKeysDeep(laughs(depth))].map((s) => hashToolSchemas([{ name: 't', inputSchema: s, outputSchema: s }]));
      expect(new Set(hashes).size, `depth ${depth}`).toBe(1);
    }
  });

  it('inlines every $ref within the budget and none past it', () => {
    expect(inliningFits(laughs(14))).toBe(true);
    expect(inliningFits(laughs(15))).toBe(false);
    expect(JSON.stringify(canonicalise(laughs(14)).schema)).not.toContain('$ref');
    const past = canonicalise(laughs(16, { reversed: true })).schema as Record<string, unknown>;
    expect(JSON.stringify(past).match(/"\$ref"/g)).toHaveLength(2 * 16 + 1);
    expect(Object.keys(past.$defs as object)).toHaveLength(17);
  });

  it('counts the depth of the expansion: a chain of $refs nested past MAX_SCHEMA_DEPTH is not inlined', () => {
    expect(inliningFits(chain(40))).toBe(true);
    expect(inliningFits(chain(200))).toBe(false);
    expect(JSON.stringify(canonicalise(chain(200)).schema)).toContain('$ref');
  });

  it('an unchanged schema past the budget has no difference from its sorted twin; a real change is found at its pointer', () => {
    expect(compareSchemas(sortKeysDeep(laughs(16)), laughs(16, { reversed: true }))).toEqual([]);
    const widened = laughs(16, { widen: true });
    expect(compareSchemas(sortKeysDeep(laughs(16)), widened).map((d) => `${d.kind} ${d.pointer}`)).toEqual(['removed-keyword /$defs/d16/minLength']);
    const inlined = compareSchemas(laughs(12), laughs(12, { widen: true }));
    expect(inlined.length).toBeGreaterThan(0);
    expect(new Set(inlined.map((d) => `${d.kind} ${d.keyword}`))).toEqual(new Set(['removed-keyword minLength']));
  });

  it('a $ref cycle whose expansion the up-front estimate undercounts is caught while building: none inlined, one hash', () => {
    expect(inliningFits(mesh(6))).toBe(true); // the memo counts each target once
    expect(canonicalise(mesh(6)).pastBudget).toBe(true);
    expect(canonicalise(mesh(4)).pastBudget).toBe(false);
    expect(hashToolSchemas([{ name: 't', inputSchema: mesh(6) }])).toBe(hashToolSchemas([{ name: 't', inputSchema: mesh(6, true) }]));
  });

  it('one side inlined and the other past the budget: one difference that says they were not compared, not one per $ref', () => {
    const contract = { name: 't', inputSchema: laughs(14) };
    const deeper = { name: 't', inputSchema: laughs(15, { reversed: true }) };
    expect(compareToolSchemas(contract, deeper)).toEqual([{ side: 'input', kind: 'too-large', pointer: '/inputSchema', keyword: 'schema' }]);
    expect(compareSchemas(laughs(15), laughs(14)).map((d) => `${d.kind} ${d.pointer}`)).toEqual(['too-large ']);
    const [problem] = inputNarrowingProblems(contract, deeper);
    expect((problem.data as { detail?: string }).detail).toMatch(/^a schema at \/inputSchema that differs from its contract, where one of the two expands its \$refs past the comparison budget/);
    // the conformant twins: both past the budget, or both inlined, in either key order
    expect(compareToolSchemas({ name: 't', inputSchema: sortKeysDeep(laughs(15)) }, deeper)).toEqual([]);
    expect(compareToolSchemas(contract, { name: 't', inputSchema: laughs(14, { reversed: true }) })).toEqual([]);
  });
});

/** `{ properties: { next: { $ref: d1 } } }` ... `n` definitions deep, each a level deeper than the last once inlined. */
function chain(n: number): Record<string, unknown> {
  const $defs: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) $defs[`d${i}`] = { type: 'object', properties: { next: { $ref: `#/$defs/d${i + 1}` } } };
  $defs[`d${n}`] = { type: 'string' };
  return { type: 'object', properties: { x: { $ref: '#/$defs/d0' } }, $defs };
}

/** `k` definitions, each an object whose properties `$ref` every other one (the paths of inlining grow like k!); `reversed`: another key order. */
function mesh(k: number, reversed = false): Record<string, unknown> {
  const names = Array.from({ length: k }, (_, i) => `m${i}`);
  const order = reversed ? [...names].reverse() : names;
  const $defs: Record<string, unknown> = {};
  for (const n of order) {
    const properties: Record<string, unknown> = {};
    for (const o of order) if (o !== n) properties[o] = { $ref: `#/$defs/${o}` };
    $defs[n] = reversed ? { properties, type: 'object' } : { type: 'object', properties };
  }
  return reversed ? { $defs, properties: { root: { $ref: '#/$defs/m0' } }, type: 'object' } : { type: 'object', properties: { root: { $ref: '#/$defs/m0' } }, $defs };
}
