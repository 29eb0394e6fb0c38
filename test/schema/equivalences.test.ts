/**
 * The canonical form's equivalences (docs/architecture.md, "Canonical equivalences"): each row is
 * compared both ways (the spellings are equal), and a widening spelled through it is still found,
 * at the pointer the advertised document used (canonicalisation never turns a widening into a pass).
 */
import { describe, expect, it } from 'vitest';
import { canonicalise } from '../../harness/schema/canonicalise.ts';
import { compareSchemas, schemasIdentical } from '../../harness/schema/compare.ts';

/** A discriminated-union branch: an object that requires `k` to be `tag`. */
const disc = (tag: string, properties: Record<string, unknown>) => ({ type: 'object', properties: { k: { type: 'string', const: tag }, ...properties }, required: ['k'] });
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
  // canonical form 3
  { name: 'union of literals = typed enum', a: { type: 'string', enum: ['a', 'b'] }, b: { anyOf: [{ type: 'string', const: 'a' }, { type: 'string', const: 'b' }] }, widened: { anyOf: [{ type: 'string', const: 'a' }, { type: 'string', const: 'b' }, { type: 'string', const: 'c' }] }, finding: 'enum-member /anyOf/2/const' },
  { name: 'disjoint oneOf = anyOf (discriminated union)', a: { anyOf: [disc('x', { n: { type: 'number' } }), disc('y', { s: { type: 'string' } })] }, b: { oneOf: [disc('y', { s: { type: 'string' } }), disc('x', { n: { type: 'number' } })] }, widened: { oneOf: [disc('y', { s: { type: 'string', maxLength: 3 } }), disc('x', { n: { type: 'string' } })] }, finding: 'changed-keyword /oneOf/1/properties/n/type' },
  { name: 'oneOf of disjoint types = anyOf', a: { anyOf: [{ type: 'string' }, { type: 'boolean' }] }, b: { oneOf: [{ type: 'boolean' }, { type: 'string' }] }, widened: { oneOf: [{ type: 'boolean' }, { type: 'string' }, { type: 'null' }] }, finding: 'changed-keyword /oneOf/2/type' },
  { name: 'propertyNames: {type: string} says nothing', a: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'string' } }, b: { type: 'object', additionalProperties: { type: 'string' } }, widened: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: { type: 'number' } }, finding: 'changed-keyword /additionalProperties/type' },
  { name: 'additionalProperties {} = true = absent', a: { type: 'object', additionalProperties: {}, minProperties: 1 }, b: { type: 'object', minProperties: 1 }, widened: { type: 'object', additionalProperties: true }, finding: 'removed-keyword /minProperties' },
  { name: 'items {} = absent', a: { type: 'array', items: {}, maxItems: 3 }, b: { type: 'array', items: true, maxItems: 3 }, widened: { type: 'array', items: true, maxItems: 4 }, finding: 'loosened-bound /maxItems' },
  { name: 'uniqueItems: false = absent', a: { type: 'array', uniqueItems: false, items: { type: 'string' } }, b: { type: 'array', items: { type: 'string' } }, widened: { type: 'array', uniqueItems: false, items: { type: 'number' } }, finding: 'changed-keyword /items/type' },
  { name: 'lower bounds of 0 = absent', a: { minLength: 0, minItems: 0, minProperties: 0, maxLength: 3 }, b: { maxLength: 3 }, widened: { minLength: 0, maxLength: 4 }, finding: 'loosened-bound /maxLength' },
  { name: 'closed tuple = maxItems of its length', a: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], items: false }, b: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], maxItems: 2 }, widened: { type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], maxItems: 3 }, finding: 'loosened-bound /maxItems' },
  { name: 'type [integer, number] = number', a: { type: 'number', maximum: 3 }, b: { type: ['integer', 'number'], maximum: 3 }, widened: { type: ['integer', 'number', 'string'], maximum: 3 }, finding: 'changed-keyword /type' },
  { name: 'a type every enum member has is redundant', a: { type: 'string', enum: ['a', 'b'] }, b: { enum: ['b', 'a'] }, widened: { enum: ['b', 'a', 1] }, finding: 'enum-member /enum/2' },
  { name: 'type: null = enum: [null] (a nullable union of literals)', a: { type: ['null', 'string'], enum: ['x', null] }, b: { anyOf: [{ type: 'string', enum: ['x'] }, { type: 'null' }] }, widened: { anyOf: [{ type: 'string', enum: ['x', 'y'] }, { type: 'null' }] }, finding: 'enum-member /anyOf/0/enum/1' },
  { name: 'oneOf of an enum and a type none of its members has = anyOf', a: { anyOf: [{ enum: ['a', 'b'] }, { type: 'number' }] }, b: { oneOf: [{ type: 'number' }, { enum: ['b', 'a'] }] }, widened: { oneOf: [{ type: 'number' }, { enum: ['b', 'a', 'c'] }] }, finding: 'enum-member /oneOf/1/enum/2' },
  { name: 'anyOf branches in any order', a: { anyOf: [{ type: 'string' }, { type: 'number', minimum: 0 }] }, b: { anyOf: [{ type: 'number', minimum: 0 }, { type: 'string' }] }, widened: { anyOf: [{ type: 'number', minimum: -1 }, { type: 'string' }] }, finding: 'loosened-bound /anyOf/0/minimum' },
  { name: 'allOf branches in any order', a: { allOf: [{ minLength: 1 }, { maxLength: 5 }] }, b: { allOf: [{ maxLength: 5 }, { minLength: 1 }] }, widened: { allOf: [{ maxLength: 6 }, { minLength: 1 }] }, finding: 'loosened-bound /allOf/0/maxLength' },
  // canonical form 4
  { name: 'allOf of one $ref = the $ref (zod draft-07: a $ref beside keywords)', a: { $defs: { S: { type: 'string', maxLength: 3 } }, properties: { a: { $ref: '#/$defs/S', description: 'd' } } }, b: { definitions: { S: { type: 'string', maxLength: 3 } }, properties: { a: { allOf: [{ $ref: '#/definitions/S' }], description: 'd' } } }, widened: { definitions: { S: { type: 'string', maxLength: 4 } }, properties: { a: { allOf: [{ $ref: '#/definitions/S' }], description: 'd' } } }, finding: 'loosened-bound /definitions/S/maxLength' },
  { name: 'allOf of one recursive $ref = the $ref', a: { $defs: { N: { type: 'object', properties: { v: { maximum: 5 }, next: { $ref: '#/$defs/N', description: 'n' } } } }, $ref: '#/$defs/N' }, b: { definitions: { N: { type: 'object', properties: { v: { maximum: 5 }, next: { allOf: [{ $ref: '#/definitions/N' }], description: 'n' } } } }, allOf: [{ $ref: '#/definitions/N' }] }, widened: { definitions: { N: { type: 'object', properties: { v: { maximum: 9 }, next: { allOf: [{ $ref: '#/definitions/N' }], description: 'n' } } } }, allOf: [{ $ref: '#/definitions/N' }] }, finding: 'loosened-bound /definitions/N/properties/v/maximum' },
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

  it('form 3 keeps what is not an equivalence: overlapping oneOf, a real propertyNames, a type some enum member lacks, a short closed tuple', () => {
    expect(kinds({ anyOf: [{ type: 'string' }, { type: 'string', maxLength: 3 }] }, { oneOf: [{ type: 'string' }, { type: 'string', maxLength: 3 }] })).toEqual(['removed-keyword /anyOf', 'added-keyword /oneOf']);
    expect(kinds({ anyOf: [disc('x', {}), disc('x', { n: {} })] }, { oneOf: [disc('x', {}), disc('x', { n: {} })] })).toContain('added-keyword /oneOf');
    expect(kinds({ oneOf: [{ properties: { k: { const: 'x' } }, required: ['k'] }, { properties: { k: { const: 'y' } }, required: ['k'] }] }, { anyOf: [{ properties: { k: { const: 'x' } }, required: ['k'] }, { properties: { k: { const: 'y' } }, required: ['k'] }] })).toContain('added-keyword /anyOf');
    expect(kinds({ type: 'object', propertyNames: { type: 'string', maxLength: 3 } }, { type: 'object', propertyNames: { type: 'string' } })).toEqual(['removed-keyword /propertyNames']);
    expect(kinds({ type: 'integer', enum: [1, 1.5] }, { enum: [1, 1.5] })).toEqual(['removed-keyword /type']);
    expect(kinds({ type: 'array', prefixItems: [{ type: 'string' }], items: false }, { type: 'array', prefixItems: [{ type: 'string' }], maxItems: 2 })).toEqual(['loosened-bound /maxItems']);
    expect(kinds({ type: 'array', prefixItems: [{}, {}], maxItems: 1 }, { type: 'array', prefixItems: [{}, {}], items: false })).toEqual(['loosened-bound /items']);
    expect(kinds({ minLength: 1 }, { minLength: 0 })).toEqual(['removed-keyword /minLength']);
    expect(kinds({ anyOf: [{ enum: [1, 'a'] }, { type: 'number' }] }, { oneOf: [{ enum: [1, 'a'] }, { type: 'number' }] })).toContain('added-keyword /oneOf');
    expect(kinds({ type: 'object', additionalProperties: false }, { type: 'object', additionalProperties: {} })).toEqual(['opened-object /additionalProperties']);
    expect(kinds({ type: 'object', additionalProperties: {}, unevaluatedProperties: false }, { type: 'object', unevaluatedProperties: false })).not.toEqual([]);
  });
  it('form 4 folds only an allOf of one bare $ref, beside no $ref of its own; form 3 keeps it', () => {
    expect(canonicalise({ allOf: [{ maxLength: 3 }] }).schema).toEqual({ allOf: [{ maxLength: 3 }] });
    expect(canonicalise({ $defs: { S: { maxLength: 3 } }, allOf: [{ $ref: '#/$defs/S', description: 'x' }] }).schema).toHaveProperty('allOf');
    // the node's own $ref inlined first, the allOf's then: the conjunction of both
    expect(canonicalise({ $defs: { S: { maxLength: 3 }, T: { minLength: 1 } }, $ref: '#/$defs/T', allOf: [{ $ref: '#/$defs/S' }] }).schema).toEqual({ maxLength: 3, minLength: 1 });
    // a node that keeps its own $ref (a cycle) keeps the allOf beside it
    expect(canonicalise({ $defs: { N: { properties: { n: { $ref: '#/$defs/N', allOf: [{ $ref: '#/$defs/S' }] } } }, S: { maxLength: 3 } }, $ref: '#/$defs/N' }).schema).toMatchObject({ properties: { n: { $ref: '#/$defs/N', allOf: [{ maxLength: 3 }] } } });
    expect(canonicalise({ $defs: { S: { maxLength: 3 } }, allOf: [{ $ref: '#/$defs/S' }] }).schema).toEqual({ maxLength: 3 });
    expect(canonicalise({ $defs: { S: { maxLength: 3 } }, allOf: [{ $ref: '#/$defs/S' }] }, 3).schema).toEqual({ allOf: [{ maxLength: 3 }] });
    expect(canonicalise({ $defs: { S: { maxLength: 3 } }, properties: { a: { allOf: [{ $ref: '#/$defs/S' }] } } }).rawPointer('/properties/a/maxLength')).toBe('/$defs/S/maxLength');
  });
  it('canonical form 2 is unchanged: none of the form 3 equivalences apply to it', () => {
    const doc = { anyOf: [{ type: 'string', const: 'b' }, { type: 'string', const: 'a' }], propertyNames: { type: 'string' }, minLength: 0 };
    expect(canonicalise(doc, 2).schema).toEqual({ anyOf: [{ type: 'string', enum: ['b'] }, { type: 'string', enum: ['a'] }], propertyNames: { type: 'string' }, minLength: 0 });
    expect(canonicalise(doc).schema).toEqual({ enum: ['a', 'b'] });
  });
  it('sorted branches keep their way back to the raw document', () => {
    const c = canonicalise({ anyOf: [{ type: 'string', minimum: 2 }, { type: 'number', maximum: 3 }] });
    expect(c.schema).toEqual({ anyOf: [{ maximum: 3, type: 'number' }, { minimum: 2, type: 'string' }] });
    expect(c.rawPointer('/anyOf/0/maximum')).toBe('/anyOf/1/maximum');
    expect(c.rawPointer('/anyOf/1/minimum')).toBe('/anyOf/0/minimum');
  });
  it('keeps anyOf with null when the other branch constrains null too (enum), so no widening hides', () => {
    const c = { anyOf: [{ type: 'string', enum: ['a'] }, { type: 'null' }] };
    expect(kinds({ type: ['string', 'null'], enum: ['a'] }, c)).toEqual(['enum-member /anyOf/1/type']);
    expect(kinds(c, { type: ['string', 'null'], enum: ['a'] })).toEqual([]); // a narrowing: null no longer admitted
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
  it('proves large enum branches of a oneOf disjoint by set, and leaves a oneOf of more than 64 branches a oneOf', () => {
    const half = (p: string) => Array.from({ length: 2_000 }, (_, i) => `${p}${i}`);
    const c = canonicalise({ oneOf: [{ enum: half('a') }, { enum: half('b') }] });
    expect((c.schema as { enum: unknown[] }).enum).toHaveLength(4_000);
    const overlapping = canonicalise({ oneOf: [{ enum: half('a') }, { enum: [...half('b'), 'a1999'] }] });
    expect(Object.keys(overlapping.schema as object)).toEqual(['oneOf']);
    const many = canonicalise({ oneOf: Array.from({ length: 65 }, (_, i) => ({ const: i })) });
    expect(Object.keys(many.schema as object)).toEqual(['oneOf']);
    const few = canonicalise({ oneOf: Array.from({ length: 64 }, (_, i) => ({ const: i })) });
    expect(Object.keys(few.schema as object)).toEqual(['enum']);
  });
  it('keeps composition lists as written when a $ref names a branch by index (hostile review: a swap passed, and kept the hash)', () => {
    const doc = (swap: boolean, key: 'anyOf' | 'oneOf') => {
      const branches = [{ type: 'string', description: 's' }, { type: 'number', description: 'n' }];
      return { type: 'object', properties: { p: { $ref: `#/$defs/X/${key}/0`, description: 'p' } }, $defs: { X: { [key]: swap ? [...branches].reverse() : branches } } };
    };
    for (const key of ['anyOf', 'oneOf'] as const) {
      expect(kinds(doc(false, key), doc(true, key))).not.toEqual([]);
      expect(schemasIdentical(doc(false, key), doc(true, key))).toBe(false);
      expect(kinds(doc(false, key), doc(false, key))).toEqual([]);
    }
    // percent-encoded, the same
    const enc = (swap: boolean) => ({ ...doc(swap, 'anyOf'), properties: { p: { $ref: '#/$defs/X/%61nyOf/0', description: 'p' } } });
    expect(kinds(enc(false), enc(true))).not.toEqual([]);
  });
  it('canonicalises nested unions around a large enum in time linear in their size (each node serialised once)', () => {
    let node: unknown = { enum: Array.from({ length: 20_000 }, (_, i) => `m${i}`) };
    for (let i = 0; i < 40; i++) node = { anyOf: [node, { type: 'integer', minimum: i }] };
    const c = canonicalise(node);
    expect(JSON.stringify(c.schema).length).toBeGreaterThan(100_000);
    // over 64 KB of JSON text a document keeps its composition lists as written (bounded work), below it they sort
    expect(Object.keys((c.schema as { anyOf: object[] }).anyOf[0])).toEqual(['anyOf']);
    const small = canonicalise({ anyOf: [{ type: 'string' }, { type: 'boolean' }] }).schema as { anyOf: { type: string }[] };
    expect(small.anyOf.map((b) => b.type)).toEqual(['boolean', 'string']);
    const wide = { oneOf: Array.from({ length: 64 }, (_, b) => ({ enum: Array.from({ length: 80 }, (_, i) => `b${b}-${i}`) })) };
    expect(Object.keys(canonicalise(wide).schema as object)).toEqual(['enum']);
  });
});
