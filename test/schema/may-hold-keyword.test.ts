/**
 * mayHoldKeyword (harness/schema/walk.ts), the pre-scan that lets withoutNullableKeyword skip its walk:
 * whenever some subschema walkSchema visits has the keyword (`keyword in node`), the scan says true (it
 * never hides one), over every JSON-Schema-Test-Suite schema (3 drafts), every fixture schema, the
 * synthetic surface, each of them with `nullable` planted at every visited subschema in turn, and the
 * walker's edge cases (inherited, non-enumerable, null-prototype, class-instance nodes, a cycle, a deep
 * document). withoutNullableKeyword gives the same answer as the walk alone on all of them.
 */
import { describe, expect, it } from 'vitest';
import { withoutNullableKeyword } from '../../harness/schema/canonicalise.ts';
import { mayHoldKeyword, walkSchema } from '../../harness/schema/walk.ts';
import { deepSchema } from './deep.ts';
import { schemaCorpus } from '../helpers/schema-corpus.ts';

/** The walk's answer: some visited subschema has `keyword in node` (usesNullable before the pre-scan). */
function walked(schema: unknown, keyword: string): boolean {
  let found = false;
  walkSchema(schema, ({ node }) => {
    if (typeof node === 'object' && keyword in node) found = true;
  });
  return found;
}

const corpus = schemaCorpus;

/** Copies of `schema` with `nullable: true` planted at each visited object subschema in turn. */
function planted(schema: unknown): unknown[] {
  const pointers: string[] = [];
  walkSchema(schema, ({ node, pointer }) => {
    if (typeof node === 'object') pointers.push(pointer);
  });
  return pointers.map((pointer) => {
    const copy = structuredClone(schema) as Record<string, unknown>;
    let node: Record<string, unknown> = copy;
    for (const token of pointer.split('/').slice(1)) node = node[token.replace(/~1/g, '/').replace(/~0/g, '~')] as Record<string, unknown>;
    node.nullable = true;
    return copy;
  });
}

describe('mayHoldKeyword', () => {
  it('never hides a keyword the walk finds (corpus and every planted position)', () => {
    let withKeyword = 0;
    let skipped = 0;
    for (const schema of corpus()) {
      for (const candidate of [schema, ...planted(schema)]) {
        const truth = walked(candidate, 'nullable');
        const scan = mayHoldKeyword(candidate, 'nullable');
        if (truth) {
          withKeyword++;
          expect(scan).toBe(true);
        }
        if (!scan) skipped++;
        expect(withoutNullableKeyword(candidate as never) === candidate).toBe(!truth);
      }
    }
    expect(withKeyword).toBeGreaterThan(1_000); // both arms
    expect(skipped).toBeGreaterThan(500);
  });

  it('says true where it cannot vouch: prototypes, hidden and inherited keywords, cycles, depth', () => {
    const inherited = Object.create({ nullable: true }) as Record<string, unknown>;
    const hidden = {};
    Object.defineProperty(hidden, 'items', { value: { nullable: true }, enumerable: false });
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { not: { nullable: true } });
    class Node {
      type = 'string';
    }
    const cyclic: Record<string, unknown> = { type: 'object' };
    cyclic.not = cyclic;
    for (const schema of [{ allOf: [inherited] }, { allOf: [hidden] }, { allOf: [bare] }, { allOf: [new Node()] }, cyclic, deepSchema(2_000)]) {
      expect(mayHoldKeyword(schema, 'nullable')).toBe(true);
      expect(withoutNullableKeyword(schema as never) === schema).toBe(!walked(schema, 'nullable'));
    }
    // a property named nullable, or nullable inside data keywords: true (a walk decides), and the walk says no
    const named = { type: 'object', properties: { nullable: { type: 'boolean' } }, default: { nullable: true } };
    expect(mayHoldKeyword(named, 'nullable')).toBe(true);
    expect(withoutNullableKeyword(named)).toBe(named);
    expect(mayHoldKeyword({ type: 'object', properties: { a: { type: 'string' } } }, 'nullable')).toBe(false);
  });

  it('says true while Object.prototype carries the keyword or a walked keyword', () => {
    const schema = { type: 'object', properties: { a: { type: 'string' } } };
    for (const key of ['nullable', 'properties']) {
      Object.defineProperty(Object.prototype, key, { value: { nullable: true }, configurable: true, enumerable: false, writable: true });
      try {
        expect(mayHoldKeyword(schema, 'nullable')).toBe(true);
      } finally {
        delete (Object.prototype as Record<string, unknown>)[key];
      }
    }
    expect(mayHoldKeyword(schema, 'nullable')).toBe(false);
  });
});
