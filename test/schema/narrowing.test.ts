import { describe, expect, it } from 'vitest';
import { compareSchemas } from '../../harness/schema/compare.ts';
import { describeDifference, schemaDifferences } from '../../harness/schema/narrowing.ts';

const kinds = (c: unknown, a: unknown) => compareSchemas(c, a).map((d) => `${d.kind} ${d.pointer}`);

describe('narrowing comparator', () => {
  it('accepts deep-equal subtrees regardless of key order', () => {
    expect(kinds({ type: 'string', maxLength: 3 }, { maxLength: 3, type: 'string' })).toEqual([]);
  });
  it('accepts identical annotations, and reports changed or added ones (narrowings are enumerated, not inferred)', () => {
    expect(kinds({ type: 'string', description: 'a' }, { type: 'string', description: 'a' })).toEqual([]);
    expect(kinds({ type: 'string', description: 'a' }, { type: 'string', description: 'b' })).toHaveLength(1);
    expect(kinds({ type: 'string' }, { type: 'string', title: 't' })).toHaveLength(1);
  });
  it.each(['minimum', 'minLength', 'minItems'])('allows an added or raised lower bound %s, rejects a lowered or removed one', (k) => {
    expect(kinds({}, { [k]: 1 })).toEqual([]);
    expect(kinds({ [k]: 1 }, { [k]: 2 })).toEqual([]);
    expect(kinds({ [k]: 2 }, { [k]: 1 })).toEqual([`loosened-bound /${k}`]);
    expect(kinds({ [k]: 2 }, {})).toEqual([`removed-keyword /${k}`]);
  });
  it.each(['maximum', 'maxLength', 'maxItems'])('allows an added or lowered upper bound %s, rejects a raised one', (k) => {
    expect(kinds({}, { [k]: 1 })).toEqual([]);
    expect(kinds({ [k]: 5 }, { [k]: 2 })).toEqual([]);
    expect(kinds({ [k]: 2 }, { [k]: 5 })).toEqual([`loosened-bound /${k}`]);
    expect(kinds({ [k]: 2 }, { [k]: 'x' })).toEqual([`changed-keyword /${k}`]);
  });
  it('allows an enum subset and names the pointer of a member the contract lacks', () => {
    expect(kinds({ enum: ['a', 'b'] }, { enum: ['b'] })).toEqual([]);
    expect(kinds({ enum: ['a', 'b'] }, { enum: ['b', 'c'] })).toEqual(['enum-member /enum/1']);
    expect(kinds({ type: 'string' }, { type: 'string', enum: ['a'] })).toEqual([]); // rule g: an enum added
    expect(kinds({ enum: ['a'] }, {})).toEqual(['removed-keyword /enum']);
  });
  it('allows removing an optional nested property but not a required one', () => {
    const contract = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'string' } }, required: ['a'] };
    expect(kinds(contract, { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })).toEqual([]);
    expect(kinds(contract, { type: 'object', properties: { b: { type: 'string' } }, required: ['a'] })).toEqual(['removed-required-property /properties/a']);
  });
  it('judges nested required as at the top level: order ignored, entries may be dropped, never added', () => {
    expect(kinds({ required: ['a', 'b'] }, { required: ['b', 'a'] })).toEqual([]);
    expect(kinds({ required: ['a', 'b'] }, { required: ['b'] })).toEqual([]);
    expect(kinds({ required: ['a', 'b'] }, {})).toEqual([]);
    expect(kinds({ required: ['a'] }, { required: ['a', 'b'] })).toEqual(['added-required /required']);
    expect(kinds({}, { required: ['a'] })).toEqual(['added-required /required']);
  });
  it('recurses through items and tuple items', () => {
    expect(kinds({ items: { type: 'string' } }, { items: { type: 'number' } })).toEqual(['changed-keyword /items/type']);
    expect(kinds({ items: [{ type: 'string' }] }, { items: [{ type: 'string', maxLength: 1 }] })).toEqual([]);
    expect(kinds({ items: [{ type: 'string' }] }, { items: { type: 'string' } })).toEqual(['removed-keyword /prefixItems']);
    expect(kinds({ type: 'array' }, { type: 'array', items: {} })).toEqual([]);
    expect(kinds({ type: 'array', items: { type: 'string' } }, { type: 'array' })).toEqual(['removed-keyword /items']);
  });
  it('rejects unenumerated keywords and boolean/non-object schemas that differ', () => {
    expect(kinds({ type: 'object', additionalProperties: { type: 'string' } }, { type: 'object' })).toEqual(['removed-keyword /additionalProperties']);
    expect(kinds({ type: 'string' }, { type: 'string', contentMediaType: 'text/plain' })).toEqual(['added-keyword /contentMediaType']);
    expect(kinds({ pattern: '^a' }, { pattern: '^b' })).toEqual(['changed-keyword /pattern']);
    expect(kinds(true, false)).toEqual(['changed-keyword ']);
    expect(kinds(true, true)).toEqual([]);
  });
  it('describes differences without values', () => {
    const [d] = schemaDifferences({ enum: ['SECRET'] }, { enum: ['OTHER'] });
    expect(describeDifference(d, '/inputSchema/enum/0')).toBe('an enum member at /inputSchema/enum/0 that its contract does not list');
  });

  // The enumerated narrowings of issue 10 (docs/architecture.md): each allowed, and its reverse a difference.
  it.each(['exclusiveMinimum', 'minProperties'])('allows an added or raised lower bound %s, rejects a lowered or removed one', (k) => {
    expect(kinds({}, { [k]: 1 })).toEqual([]);
    expect(kinds({ [k]: 1 }, { [k]: 2 })).toEqual([]);
    expect(kinds({ [k]: 2 }, { [k]: 1 })).toEqual([`loosened-bound /${k}`]);
    expect(kinds({ [k]: 2 }, {})).toEqual([`removed-keyword /${k}`]);
  });
  it.each(['exclusiveMaximum', 'maxProperties'])('allows an added or lowered upper bound %s, rejects a raised or removed one', (k) => {
    expect(kinds({}, { [k]: 5 })).toEqual([]);
    expect(kinds({ [k]: 5 }, { [k]: 2 })).toEqual([]);
    expect(kinds({ [k]: 2 }, { [k]: 5 })).toEqual([`loosened-bound /${k}`]);
    expect(kinds({ [k]: 2 }, {})).toEqual([`removed-keyword /${k}`]);
  });
  it('allows an object closed (additionalProperties absent or true -> false), reports one opened', () => {
    const open = { type: 'object', properties: { a: {} } };
    expect(kinds(open, { ...open, additionalProperties: false })).toEqual([]);
    expect(kinds({ ...open, additionalProperties: true }, { ...open, additionalProperties: false })).toEqual([]);
    expect(kinds({ ...open, additionalProperties: true }, open)).toEqual([]);
    expect(kinds({ ...open, additionalProperties: false }, open)).toEqual(['opened-object /additionalProperties']);
    expect(kinds({ ...open, additionalProperties: false }, { ...open, additionalProperties: true })).toEqual(['opened-object /additionalProperties']);
    expect(kinds({ additionalProperties: { type: 'string' } }, { additionalProperties: { type: 'string', maxLength: 2 } })).toEqual([]);
    expect(kinds({ additionalProperties: { type: 'string' } }, { additionalProperties: { type: 'number' } })).toEqual(['changed-keyword /additionalProperties/type']);
  });
  it.each(['pattern', 'format'])('allows %s added where the contract has none; a removed or changed one is a difference', (k) => {
    expect(kinds({ type: 'string' }, { type: 'string', [k]: 'x' })).toEqual([]);
    expect(kinds({ [k]: 'x' }, {})).toEqual([`removed-keyword /${k}`]);
    expect(kinds({ [k]: 'x' }, { [k]: 'y' })).toEqual([`changed-keyword /${k}`]);
  });
  it('allows uniqueItems: true added; dropping it is a difference', () => {
    expect(kinds({ type: 'array' }, { type: 'array', uniqueItems: true })).toEqual([]);
    expect(kinds({ uniqueItems: false }, { uniqueItems: true })).toEqual([]);
    expect(kinds({ uniqueItems: true }, {})).toEqual(['removed-keyword /uniqueItems']);
    expect(kinds({ uniqueItems: true }, { uniqueItems: false })).toEqual(['removed-keyword /uniqueItems']);
  });
  it("allows a const that is a member of the contract's enum; one that is not is reported at /const", () => {
    expect(kinds({ enum: ['a', 'b'] }, { const: 'b' })).toEqual([]);
    expect(kinds({ enum: ['a', 'b'] }, { const: 'c' })).toEqual(['enum-member /const']);
    expect(kinds({ const: 'b' }, { enum: ['a', 'b'] })).toEqual(['enum-member /enum/0']);
  });
  it('applies the property rules at every depth: nested required dropped, property added, element narrowed', () => {
    const item = { type: 'object', properties: { id: { type: 'string' }, n: { type: 'integer' } }, required: ['id', 'n'] };
    const contract = { type: 'object', properties: { list: { type: 'array', items: item } } };
    const narrowed = { type: 'object', properties: { list: { type: 'array', items: { ...item, properties: { id: { type: 'string', minLength: 1 }, n: { type: 'integer' } }, required: ['id'], additionalProperties: false } } } };
    expect(kinds(contract, narrowed)).toEqual([]);
    const widened = { type: 'object', properties: { list: { type: 'array', items: { ...item, properties: { ...item.properties, extra: {} }, required: ['id', 'n', 'extra'] } } } };
    expect(kinds(contract, widened)).toEqual(['added-property /properties/list/items/properties/extra', 'added-required /properties/list/items/required']);
  });
  it('narrows anyOf and allOf branch by branch; oneOf must stay equal', () => {
    expect(kinds({ anyOf: [{ type: 'string' }, { type: 'integer' }] }, { anyOf: [{ type: 'string', maxLength: 2 }, { type: 'integer' }] })).toEqual([]);
    expect(kinds({ allOf: [{ maximum: 9 }] }, { allOf: [{ maximum: 10 }] })).toEqual(['loosened-bound /allOf/0/maximum']);
    expect(kinds({ oneOf: [{ type: 'string' }, { type: 'string', pattern: 'x' }] }, { oneOf: [{ type: 'string', maxLength: 2 }, { type: 'string', pattern: 'x' }] })).toEqual(['changed-keyword /oneOf']);
  });

  it('anyOf narrowed to one branch, written without the anyOf (a discriminated union served for one kind), narrows; a branch widened so is reported', () => {
    const a = { type: 'object', properties: { kind: { const: 'a' }, x: { type: 'string' } }, required: ['kind', 'x'] };
    const b = { type: 'object', properties: { kind: { const: 'b' }, y: { type: 'number' } }, required: ['kind', 'y'] };
    expect(kinds({ anyOf: [a, b] }, a)).toEqual([]);
    expect(kinds({ anyOf: [a, b], description: 'd' }, { ...b, description: 'd' })).toEqual([]);
    expect(kinds({ anyOf: [{ type: 'string' }, { type: 'number', minimum: 0 }] }, { type: 'number', minimum: 2 })).toEqual([]);
    // no branch it narrows: reported as before
    expect(kinds({ anyOf: [a, b] }, { ...a, properties: { ...a.properties, z: { type: 'string' } } })).not.toEqual([]);
    expect(kinds({ anyOf: [{ type: 'string' }, { type: 'number', minimum: 0 }] }, { type: 'number', minimum: -1 })).not.toEqual([]);
    // the contract's sibling keywords still hold: a sibling the advertised side drops is reported
    expect(kinds({ anyOf: [{ type: 'string' }, { type: 'number' }], description: 'd' }, { type: 'string' })).toEqual(['removed-keyword /description']);
  });

  it('anyOf: every advertised branch must narrow some contract branch (a removed branch narrows, an added one is reported)', () => {
    const contract = { anyOf: [{ type: 'string' }, { type: 'number', minimum: 0 }, { type: 'boolean' }] };
    expect(kinds(contract, { anyOf: [{ type: 'number', minimum: 1 }, { type: 'string', maxLength: 4 }] })).toEqual([]);
    expect(kinds(contract, { anyOf: [{ type: 'boolean' }] })).toEqual([]);
    expect(kinds(contract, { anyOf: [{ type: 'boolean' }, { type: 'number', minimum: -1 }] })).toEqual(['loosened-bound /anyOf/1/minimum']);
    expect(kinds(contract, { anyOf: [{ type: 'string' }, { type: 'array' }] })).toEqual(['changed-keyword /anyOf/1/type']);
    expect(kinds({ anyOf: [{ type: 'string' }] }, { anyOf: [] })).toEqual(['changed-keyword /anyOf']);
  });
  it('allOf: every contract branch must be narrowed by some advertised branch (an added branch narrows, a removed one is reported)', () => {
    const contract = { allOf: [{ maxLength: 5 }, { minLength: 1 }] };
    expect(kinds(contract, { allOf: [{ minLength: 2 }, { maxLength: 4 }, { pattern: 'x' }] })).toEqual([]);
    expect(kinds(contract, { allOf: [{ minLength: 1 }] })).toEqual(['removed-keyword /allOf/0/maxLength']);
    expect(kinds(contract, { allOf: [{ minLength: 1 }, { maxLength: 6 }] })).toEqual(['loosened-bound /allOf/1/maxLength']);
    expect(kinds({ allOf: [{ minLength: 1 }] }, { allOf: [] })).toEqual(['changed-keyword /allOf']);
  });
  it('judges outputs the other way round for guarantees: a dropped required entry or property is a difference, an added required entry a narrowing', () => {
    const out = (c: unknown, a: unknown) => compareSchemas(c, a, 'output').map((d) => `${d.kind} ${d.pointer}`);
    const contract = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } }, required: ['a'] };
    expect(out(contract, contract)).toEqual([]);
    expect(out(contract, { ...contract, required: ['a', 'b'] })).toEqual([]);
    expect(out(contract, { ...contract, required: [] })).toEqual(['dropped-required /required']);
    expect(out(contract, { type: 'object', properties: { a: { type: 'string' } }, required: ['a'] })).toEqual(['removed-property /properties/b']);
    expect(kinds(contract, { ...contract, required: [] })).toEqual([]);
  });

  // Rules g-j (docs/architecture.md): each narrowing allowed, and the widening next to it still reported.
  it('allows a type narrowed to a subset (integer within number) or added; another type is reported', () => {
    expect(kinds({ type: 'number' }, { type: 'integer' })).toEqual([]);
    expect(kinds({ type: ['string', 'number'] }, { type: 'number' })).toEqual([]);
    expect(kinds({ type: ['null', 'string'] }, { type: 'string' })).toEqual([]);
    expect(kinds({}, { type: 'string' })).toEqual([]);
    expect(kinds({ type: 'integer' }, { type: 'number' })).toEqual(['changed-keyword /type']);
    expect(kinds({ type: 'string' }, { type: ['null', 'string'] })).toEqual(['changed-keyword /type']);
    expect(kinds({ type: 'string' }, {})).toEqual(['removed-keyword /type']);
  });
  it('allows multipleOf added or replaced by a multiple of the contract\'s; a divisor or a fraction is reported', () => {
    expect(kinds({ type: 'integer' }, { type: 'integer', multipleOf: 3 })).toEqual([]);
    expect(kinds({ multipleOf: 2 }, { multipleOf: 4 })).toEqual([]);
    expect(kinds({ multipleOf: 4 }, { multipleOf: 2 })).toEqual(['changed-keyword /multipleOf']);
    expect(kinds({ multipleOf: 0.5 }, { multipleOf: 1.5 })).toEqual(['changed-keyword /multipleOf']);
    expect(kinds({ multipleOf: 2 }, {})).toEqual(['removed-keyword /multipleOf']);
  });
  it('allows not, allOf, a single items schema and an additionalProperties schema added; removing them is reported', () => {
    expect(kinds({ type: 'string' }, { type: 'string', not: { enum: ['x'] } })).toEqual([]);
    expect(kinds({ type: 'object' }, { type: 'object', allOf: [{ required: ['a'] }] })).toEqual([]);
    expect(kinds({ type: 'array' }, { type: 'array', items: { type: 'string' } })).toEqual([]);
    expect(kinds({ type: 'object' }, { type: 'object', additionalProperties: { type: 'string' } })).toEqual([]);
    expect(kinds({ type: 'object', additionalProperties: true }, { type: 'object', additionalProperties: { type: 'string' } })).toEqual([]);
    expect(kinds({ not: { enum: ['x'] } }, {})).toEqual(['removed-keyword /not']);
    expect(kinds({ allOf: [{ required: ['a'] }] }, {})).toEqual(['removed-keyword /allOf']);
  });
  it('allows an inclusive bound traded for an exclusive one at least as tight, and the reverse; a looser trade is reported', () => {
    expect(kinds({ minimum: 0 }, { exclusiveMinimum: 0 })).toEqual([]);
    expect(kinds({ exclusiveMinimum: 0 }, { minimum: 1 })).toEqual([]);
    expect(kinds({ maximum: 10 }, { exclusiveMaximum: 10 })).toEqual([]);
    expect(kinds({ exclusiveMaximum: 10 }, { maximum: 9 })).toEqual([]);
    expect(kinds({ exclusiveMinimum: 0 }, { minimum: 0 })).toEqual(['removed-keyword /exclusiveMinimum']);
    expect(kinds({ minimum: 1 }, { exclusiveMinimum: 0 })).toEqual(['removed-keyword /minimum']);
    expect(kinds({ exclusiveMaximum: 10 }, { maximum: 10 })).toEqual(['removed-keyword /exclusiveMaximum']);
    expect(kinds({ minimum: 2 }, { minimum: 1, exclusiveMinimum: 2 })).toEqual([]);
  });
  it('allows an output property declared where the contract\'s object is open; a closed one, or an input, reports it', () => {
    const out = (c: unknown, a: unknown) => compareSchemas(c, a, 'output').map((d) => `${d.kind} ${d.pointer}`);
    const open = { type: 'object', properties: { a: { type: 'string' } } };
    const more = { type: 'object', properties: { a: { type: 'string' }, b: { type: 'integer' } } };
    expect(out(open, more)).toEqual([]);
    expect(out({ ...open, additionalProperties: false }, { ...more, additionalProperties: false })).toEqual(['added-property /properties/b']);
    expect(out({ ...open, additionalProperties: { type: 'string' } }, { ...more, additionalProperties: { type: 'string' } })).toEqual(['added-property /properties/b']);
    expect(kinds(open, more)).toEqual(['added-property /properties/b']);
  });

  it('compares large enums member for member by set (a 20k-member enum against another, one member the contract lacks)', () => {
    const members = Array.from({ length: 20_000 }, (_, i) => `m${i}`);
    const advertised = [...members.slice(1), 'extra'];
    expect(kinds({ enum: members }, { enum: advertised })).toEqual(['enum-member /enum/19999']);
    expect(kinds({ enum: [...members, { b: 1, a: [2] }] }, { enum: [{ a: [2], b: 1 }] })).toEqual([]);
  });

  it('turns rules h and j off where unevaluatedProperties/unevaluatedItems make an added subschema admit more', () => {
    const out = (c: unknown, a: unknown) => compareSchemas(c, a, 'output').map((d) => `${d.kind} ${d.pointer}`);
    const closed = { type: 'object', properties: { a: { type: 'string' } }, unevaluatedProperties: false };
    // {b: 1} passes each advertised schema and fails the contract: b is evaluated by what was added
    expect(kinds(closed, { ...closed, additionalProperties: { type: 'number' } })).toEqual(['added-keyword /additionalProperties']);
    expect(kinds(closed, { ...closed, allOf: [{ properties: { b: {} } }] })).toEqual(['added-keyword /allOf']);
    expect(out(closed, { ...closed, properties: { ...closed.properties, b: { type: 'number' } } })).toEqual(['added-property /properties/b']);
    const tuple = { type: 'array', prefixItems: [{ type: 'string' }], unevaluatedItems: false };
    expect(kinds(tuple, { ...tuple, items: { type: 'number' } })).toEqual(['added-keyword /items']);
    expect(kinds(tuple, { ...tuple, items: false })).toEqual([]);
    // conservative: any unevaluated* in either document turns the additions off (an ancestor's reaches into compositions)
    expect(kinds({ ...closed, unevaluatedProperties: true }, { ...closed, unevaluatedProperties: true, additionalProperties: { type: 'number' } })).toEqual(['added-keyword /additionalProperties']);
    expect(kinds({ type: 'object', properties: { a: {} } }, { type: 'object', properties: { a: {} }, additionalProperties: { type: 'number' } })).toEqual([]);
  });
  it('turns them off for subschemas whose parent has unevaluated* (hostile review: allOf/anyOf branches, nested allOf, items, outputs)', () => {
    const out = (c: unknown, a: unknown) => compareSchemas(c, a, 'output').map((d) => `${d.kind} ${d.pointer}`);
    const c = { type: 'object', unevaluatedProperties: false, allOf: [{ properties: { a: {} } }] };
    // {a: 1, z: 2} passes each advertised schema and fails the contract
    expect(kinds(c, { ...c, allOf: [{ properties: { a: {} }, additionalProperties: {} }] })).not.toEqual([]);
    expect(kinds(c, { ...c, allOf: [{ properties: { a: {} }, allOf: [{ properties: { z: {} } }] }] })).not.toEqual([]);
    const any = { type: 'object', unevaluatedProperties: false, anyOf: [{ properties: { a: {} } }] };
    expect(kinds(any, { ...any, anyOf: [{ properties: { a: {} }, additionalProperties: {} }] })).not.toEqual([]);
    const arr = { type: 'array', unevaluatedItems: false, allOf: [{ prefixItems: [{}] }] };
    expect(kinds(arr, { ...arr, allOf: [{ prefixItems: [{}], items: {} }] })).not.toEqual([]);
    expect(out(c, { ...c, allOf: [{ properties: { a: {}, z: {} } }] })).not.toEqual([]);
  });

  it('compares in sorted key order: the findings never depend on how a document ordered its keys (budget included)', () => {
    const many = (type: string) => ({ anyOf: Array.from({ length: 460 }, (_, i) => ({ type, minLength: i })) });
    const b = { anyOf: [{ type: 'number' }, { type: 'string' }] };
    const contractAB = { properties: { a: many('string'), b } };
    const contractBA = { properties: { b, a: many('string') } };
    const advAB = { properties: { a: many('number'), b: { anyOf: [{ type: 'string' }] } } };
    const advBA = { properties: { b: { anyOf: [{ type: 'string' }] }, a: many('number') } };
    const ab = kinds(contractAB, advAB);
    expect(kinds(contractBA, advBA)).toEqual(ab);
    expect(kinds(contractAB, advBA)).toEqual(ab);
    expect(ab.some((d) => d.includes('/properties/b'))).toBe(false);
  });
  it('reports an anyOf with many branches that narrow none as one difference, and stops matching there', () => {
    const contract = { anyOf: [{ type: 'string', enum: Array.from({ length: 1000 }, (_, i) => `m${i}`) }, { type: 'boolean' }] };
    const advertised = { anyOf: Array.from({ length: 20_000 }, (_, i) => ({ type: 'integer', minimum: i })) };
    expect(kinds(contract, advertised)).toEqual(['changed-keyword /anyOf']);
    const few = { anyOf: [{ type: 'integer', minimum: 5 }, { type: 'boolean' }] };
    expect(kinds(contract, few)).toEqual(['removed-keyword /anyOf/0/enum']); // one unmatched branch: its closest candidate's differences
  });
});
