/**
 * harness/schema/empty-enum.ts: the copy of a schema ajv compiles, with each `"enum": []` (valid JSON Schema that
 * admits no value, Validation §6.1.2) replaced by an unsatisfiable equivalent ajv accepts, and ajv's issues mapped
 * back to the `enum` keyword. Where it looks (subschemas, `$ref` targets, never data or names), how it rewrites
 * (`not: {}`, or an `allOf` member beside an existing `not`), and that ajv compiles the copy with the same verdicts.
 */
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { emptyEnumSites, withoutEmptyEnums } from '../../harness/schema/empty-enum.ts';
import { createEngine } from '../../harness/schema/engines.ts';
import type { JsonSchema } from '../../harness/model/protocol.ts';

describe('emptyEnumSites', () => {
  it.each<[string, JsonSchema, string[]]>([
    ['none', { type: 'object', properties: { a: { enum: ['x'] } } }, []],
    ['a property', { type: 'object', properties: { mode: { type: 'string', enum: [] } } }, ['/properties/mode']],
    ['the root', { enum: [] }, ['']],
    ['every applicator position', { items: { enum: [] }, anyOf: [{ enum: [] }], $defs: { N: { enum: [] } }, not: { enum: [] }, if: { enum: [] } }, ['/not', '/if', '/items', '/anyOf/0', '/$defs/N']],
    ['a $ref target under an unknown keyword (ajv compiles what a $ref names)', { properties: { a: { $ref: '#/x-lib/N' } }, 'x-lib': { N: { enum: [] }, M: { enum: [] } } }, ['/x-lib/N']],
    ['a chain of $refs through unknown keywords', { properties: { a: { $ref: '#/x-a' } }, 'x-a': { $ref: '#/x-b' }, 'x-b': { enum: [] } }, ['/x-b']],
    ['not inside data: const, default, examples, enum members', { const: { enum: [] }, default: { enum: [] }, examples: [{ enum: [] }], enum: [{ enum: [] }] }, []],
    ['not a property named enum', { type: 'object', properties: { enum: { type: 'array' } }, required: ['enum'] }, []],
    ['not an unknown keyword no $ref names', { 'x-doc': { enum: [] } }, []],
  ])('%s', (_, schema, sites) => {
    expect(emptyEnumSites(schema)).toEqual(sites);
  });
});

describe('withoutEmptyEnums', () => {
  it('returns the schema itself when it holds no empty enum', () => {
    const schema = { type: 'object', properties: { a: { enum: ['x', 'x'] } } };
    expect(withoutEmptyEnums(schema).schema).toBe(schema);
  });

  it('replaces enum: [] by not: {}, leaving the siblings and the input alone', () => {
    const schema = { type: 'object', properties: { mode: { type: 'string', description: 'd', enum: [] } }, required: ['mode'] };
    const before = structuredClone(schema);
    const copy = withoutEmptyEnums(schema);
    expect(copy.schema).toEqual({ type: 'object', properties: { mode: { type: 'string', description: 'd', not: {} } }, required: ['mode'] });
    expect(schema).toEqual(before);
  });

  it('beside an existing not, appends {not: {}} to allOf (created, or after the existing members, whose indexes stay)', () => {
    expect(withoutEmptyEnums({ not: { type: 'number' }, enum: [] }).schema).toEqual({ not: { type: 'number' }, allOf: [{ not: {} }] });
    expect(withoutEmptyEnums({ not: { type: 'number' }, allOf: [{ type: 'string' }], enum: [] }).schema).toEqual({ not: { type: 'number' }, allOf: [{ type: 'string' }, { not: {} }] });
  });

  it('maps an issue at a rewritten keyword back to the enum, with ajv\'s enum message; other issues unchanged', () => {
    const copy = withoutEmptyEnums({ properties: { a: { enum: [] }, b: { not: {}, enum: [] }, c: { type: 'string' } } });
    const issue = (schemaPointer: string, keyword: string) => ({ instancePointer: '/a', schemaPointer, keyword, message: 'm' });
    const back = { keyword: 'enum', message: 'must be equal to one of the allowed values' };
    expect(copy.restore(issue('/properties/a/not', 'not'))).toEqual({ ...issue('/properties/a/enum', 'enum'), ...back });
    expect(copy.restore(issue('/properties/b/allOf/0/not', 'not'))).toEqual({ ...issue('/properties/b/enum', 'enum'), ...back });
    expect(copy.restore(issue('/properties/b/not', 'not'))).toEqual(issue('/properties/b/not', 'not')); // the document's own `not`
    expect(copy.restore(issue('/properties/c/type', 'type'))).toEqual(issue('/properties/c/type', 'type'));
  });

  it('gives ajv, in every dialect, a copy it compiles where the document does not, with the semantics of the empty enum', () => {
    const require = createRequire(import.meta.url);
    expect(require('ajv/package.json').version).toMatch(/^8\./);
    for (const dialect of ['2020-12', '2019-09', 'draft-07'] as const) {
      const schema = { type: 'object', properties: { mode: { type: 'string', enum: [] }, q: { type: 'string' }, r: { not: { const: 1 }, enum: [] } } };
      expect(() => createEngine(dialect).compile(schema)).toThrow('enum must have non-empty array');
      const validate = createEngine(dialect).compile(withoutEmptyEnums(schema).schema);
      expect(validate({ q: 'x' })).toBe(true);
      for (const value of ['a', 1, null, {}]) {
        expect(validate({ mode: value })).toBe(false);
        expect(validate({ r: value })).toBe(false);
      }
    }
  });
});
