import { describe, expect, it } from 'vitest';
import { CANONICAL_FORM, canonicalise } from '../../harness/schema/canonicalise.ts';
import { compareToolSchemas, hashToolSchemas, schemasIdentical } from '../../harness/schema/compare.ts';

const tool = (inputSchema: unknown, outputSchema?: unknown) => ({ name: 't', inputSchema, ...(outputSchema !== undefined ? { outputSchema } : {}) });

describe('compareToolSchemas (the one comparison entry point)', () => {
  it('names top-level rules, nested differences and presence with pointers into the Tool object', () => {
    const contract = tool({ type: 'object', properties: { a: { type: 'string', maxLength: 5 } } }, { type: 'object' });
    const other = tool({ type: 'object', properties: { a: { type: 'string', maxLength: 9 }, b: {} }, required: ['b'] });
    expect(compareToolSchemas(contract, other).map((d) => `${d.side} ${d.kind} ${d.pointer}`)).toEqual([
      'input undeclared-property /inputSchema/properties/b',
      'input undeclared-required /inputSchema/required',
      'input loosened-bound /inputSchema/properties/a/maxLength',
      'output schema-absent /outputSchema',
    ]);
    expect(compareToolSchemas(contract, other, { outputs: false })).toHaveLength(3);
  });
  it('is empty for a narrowing, and for two absent outputSchemas', () => {
    expect(compareToolSchemas(tool({ type: 'object', properties: { a: { maximum: 9 } } }), tool({ type: 'object', properties: { a: { maximum: 5 } } }))).toEqual([]);
  });
});

describe('schemasIdentical and hashToolSchemas', () => {
  it('ignore key order and distinguish a changed schema', () => {
    expect(schemasIdentical({ type: 'object', required: ['a'] }, { required: ['a'], type: 'object' })).toBe(true);
    expect(schemasIdentical(undefined, undefined)).toBe(true);
    expect(schemasIdentical({ type: 'object' }, undefined)).toBe(false);
    expect(hashToolSchemas([tool({ type: 'object' })])).toBe(hashToolSchemas([tool({ type: 'object' })], CANONICAL_FORM));
    expect(hashToolSchemas([tool({ type: 'object' })])).not.toBe(hashToolSchemas([tool({ type: 'array' })]));
  });
  it('canonicalise never mutates its input and maps the root to the root', () => {
    const raw = { type: 'object', properties: { a: {} } };
    const c = canonicalise(raw);
    expect(c.schema).not.toBe(raw);
    expect(c.rawPointer('')).toBe('');
  });
});
