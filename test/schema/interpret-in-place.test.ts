/**
 * The interpreter reads a schema in place when no object in it holds `pattern` (harness/schema/interpret.ts;
 * the pre-scan is mayHoldKeyword with `alsoAtNonData`): the verdicts are those of the copying path, on the
 * synthetic schemas and on schemas the pre-scan sends to the copy (patterns, null prototypes, non-enumerable
 * properties, sparse arrays, functions); the caller's schema is never changed.
 */
import { describe, expect, it } from 'vitest';
import { interpretable } from '../../harness/schema/interpret.ts';
import { mayHoldKeyword } from '../../harness/schema/walk.ts';
import { inputSchema, outputSchema, sampleArguments, structuredResult } from '../../bench/synthetic/tools.mjs';
import { schemaCorpus } from '../helpers/schema-corpus.ts';

describe('interpreter in place', () => {
  it('gives the copying path\'s verdicts and leaves the schema unchanged (a document with a pattern is the copy arm)', () => {
    let inPlace = 0;
    let copied = 0;
    for (let i = 0; i < 40; i++) {
      for (const [schema, instances] of [
        [inputSchema(i), [sampleArguments(i), {}, { query: 1 }, { ...sampleArguments(i), extra: 1 }]],
        [outputSchema(i), [structuredResult(i, false), structuredResult(i, true), null, { tool: 'x' }]],
      ] as const) {
        const before = JSON.stringify(schema);
        const direct = interpretable(schema, '2020-12');
        // the copying path: the same document behind a root the pre-scan cannot vouch for (a null prototype)
        const viaCopy = interpretable(Object.assign(Object.create(null) as object, structuredClone(schema)), '2020-12');
        expect(direct).not.toBeNull();
        for (const instance of instances) expect(direct!(instance)).toBe(viaCopy!(instance));
        expect(JSON.stringify(schema)).toBe(before);
        if (mayHoldKeyword(schema, 'pattern', { alsoAtNonData: true })) copied++;
        else inPlace++;
      }
    }
    expect(inPlace).toBeGreaterThan(0); // both arms
    expect(copied).toBeGreaterThan(0);
  });

  it('the pre-scan sends to the copy what a copy changes, and never hides a pattern', () => {
    const hidden = { type: 'object' };
    Object.defineProperty(hidden, 'required', { value: ['a'], enumerable: false });
    const sparse = { enum: [1, , 2] };
    const extra = Object.assign([{ type: 'string' }], { x: 1 });
    for (const schema of [
      { type: 'string', pattern: '^a$' }, { properties: { a: { pattern: 'x' } } }, Object.create(null) as object, { allOf: [hidden] },
      sparse, { allOf: extra }, { default: () => 1 }, { default: Symbol('s') },
    ]) expect(mayHoldKeyword(schema, 'pattern', { alsoAtNonData: true })).toBe(true);
    for (const schema of [{ type: 'string' }, inputSchema(3), { properties: { a: { default: [1, { b: null }] } } }]) {
      expect(mayHoldKeyword(schema, 'pattern', { alsoAtNonData: true })).toBe(false);
    }
    // without the option, the nullable pre-scan's answers are as before
    expect(mayHoldKeyword(Object.create(null) as object, 'nullable')).toBe(false);
    expect(mayHoldKeyword({ allOf: [hidden] }, 'nullable')).toBe(false);
    for (const schema of schemaCorpus()) {
      if (!mayHoldKeyword(schema, 'pattern', { alsoAtNonData: true })) expect(JSON.stringify(schema) ?? '').not.toContain('"pattern"');
    }
  });
});
