/**
 * The canonical form's equivalences (docs/architecture.md, "Canonical equivalences"): each row is
 * compared both ways (the spellings are equal), and a widening spelled through it is still found,
 * at the pointer the advertised document used (canonicalisation never turns a widening into a pass).
 */
import { describe, expect, it } from 'vitest';
import { canonicalise } from '../../harness/schema/canonicalise.ts';
import { compareSchemas, schemasIdentical } from '../../harness/schema/compare.ts';

const kinds = (c: unknown, a: unknown) => compareSchemas(c, a).map((d) => `${d.kind} ${d.pointer}`);

interface Row {
  name: string;
  a: unknown;
  b: unknown;
  /** A widening of `a`, spelled like `b`, and the finding it draws. */
  widened: unknown;
  finding: string;
}

const rows: Row[] = [
  { name: '$schema is not a keyword', a: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'string' }, b: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'string' }, widened: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'number' }, finding: 'changed-keyword /type' },
  { name: 'type [T, null] = anyOf [T, null]', a: { type: ['string', 'null'], maxLength: 3 }, b: { anyOf: [{ type: 'string', maxLength: 3 }, { type: 'null' }] }, widened: { anyOf: [{ type: 'string', maxLength: 4 }, { type: 'null' }] }, finding: 'loosened-bound /anyOf/0/maxLength' },
  { name: 'anyOf in any order', a: { anyOf: [{ type: 'null' }, { type: 'integer' }] }, b: { anyOf: [{ type: 'integer' }, { type: 'null' }] }, widened: { anyOf: [{ type: 'number' }, { type: 'null' }] }, finding: 'changed-keyword /anyOf/0/type' },
  { name: 'type [T, null] = OpenAPI nullable: true', a: { type: ['null', 'string'] }, b: { type: 'string', nullable: true }, widened: { type: 'string', nullable: true, description: 'x' }, finding: 'added-keyword /description' },
  { name: 'definitions = $defs', a: { definitions: { A: { type: 'string' } }, $ref: '#/definitions/A' }, b: { $defs: { A: { type: 'string' } }, $ref: '#/$defs/A' }, widened: { $defs: { A: { type: 'string', minLength: 0 }, B: {} }, $ref: '#/$defs/B' }, finding: 'removed-keyword /type' },
  { name: 'const: x = enum: [x]', a: { const: 'x' }, b: { enum: ['x'] }, widened: { enum: ['x', 'y'] }, finding: 'enum-member /enum/1' },
  { name: 'draft-07 tuple items = 2020-12 prefixItems', a: { items: [{ type: 'string' }], additionalItems: false }, b: { prefixItems: [{ type: 'string' }], items: false }, widened: { prefixItems: [{ type: 'string' }], items: true }, finding: 'removed-keyword /maxItems' },
  { name: 'a local $ref = its target', a: { type: 'object', properties: { a: { type: 'string', maxLength: 2 } } }, b: { $defs: { S: { type: 'string', maxLength: 2 } }, type: 'object', properties: { a: { $ref: '#/$defs/S' } } }, widened: { $defs: { S: { type: 'string', maxLength: 5 } }, type: 'object', properties: { a: { $ref: '#/$defs/S' } } }, finding: 'loosened-bound /$defs/S/maxLength' },
  { name: 'enum and required are sets', a: { enum: ['a', 'b'], required: ['x', 'y'] }, b: { enum: ['b', 'a'], required: ['y', 'x'] }, widened: { enum: ['b', 'a'], required: ['y', 'x', 'z'] }, finding: 'added-required /required' },
];

describe('canonical equivalences (both arms)', () => {
  it.each(rows)('$name: equal both ways', ({ a, b }) => {
    expect(kinds(a, b)).toEqual([]);
    expect(kinds(b, a)).toEqual([]);
    expect(schemasIdentical(a, b)).toBe(true);
  });
  it.each(rows)('$name: a widening spelled through it is still found, at its raw pointer', ({ a, widened, finding }) => {
    expect(kinds(a, widened)).toContain(finding);
    expect(schemasIdentical(a, widened)).toBe(false);
  });

  it('keeps anyOf with null when the other branch constrains null too (enum), so no widening hides', () => {
    const c = { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }] };
    expect(kinds(c, { type: ['string', 'null'], enum: ['a'] })).not.toEqual([]);
  });
  it('a recursive $ref stays a reference (cycle-safe) and still compares by target', () => {
    const tree = (max: number) => ({ definitions: { N: { type: 'object', properties: { v: { maximum: max }, next: { $ref: '#/definitions/N' } } } }, $ref: '#/definitions/N' });
    expect(kinds(tree(5), tree(5))).toEqual([]);
    expect(kinds(tree(5), tree(9))).toEqual(['loosened-bound /definitions/N/properties/v/maximum']);
    const c = canonicalise(tree(5));
    expect(JSON.stringify(c.schema)).toContain('"$ref":"#/$defs/N"');
  });
  it('canonicalise maps canonical pointers back to what the document said', () => {
    const c = canonicalise({ properties: { a: { anyOf: [{ type: 'null' }, { type: 'string', pattern: 'x' }] }, k: { const: 1 } } });
    expect(c.rawPointer('/properties/a/pattern')).toBe('/properties/a/anyOf/1/pattern');
    expect(c.rawPointer('/properties/k/enum/0')).toBe('/properties/k/const');
    expect(c.rawPointer('/properties/a/minLength')).toBe('/properties/a/minLength');
  });
});
