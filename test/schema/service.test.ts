import { describe, expect, it } from 'vitest';
import { createSchemaService, schemaPathPointer } from '../../harness/schema/ajv.ts';
import { loadCase } from '../helpers/check-tester.ts';

describe('createSchemaService: dialect dispatch', () => {
  const s = createSchemaService();
  it.each([
    [{ type: 'object' }, '2020-12'],
    [{ $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object' }, '2020-12'],
    [{ $schema: 'https://json-schema.org/draft/2019-09/schema', type: 'object' }, '2019-09'],
    [{ $schema: 'http://json-schema.org/draft-07/schema#', type: 'object' }, 'draft-07'],
    [{ $schema: 'http://json-schema.org/draft-06/schema#', type: 'object' }, 'draft-07'],
  ])('%j compiles with the %s engine', (schema, dialect) => {
    const r = s.compile(schema);
    expect(r.ok && r.dialect).toBe(dialect);
    expect(s.metaValidate(schema)).toEqual([]);
  });
  it('names the dialect a schema declares: draft-06 runs on the draft-07 engine and keeps its name (the sweep saw it called draft-07)', () => {
    expect(s.dialectOf({ $schema: 'http://json-schema.org/draft-06/schema#' })).toEqual({ declared: 'http://json-schema.org/draft-06/schema#', dialect: 'draft-07', name: 'draft-06' });
    expect(s.dialectOf({ $schema: 'http://json-schema.org/draft-07/schema#' })).toEqual({ declared: 'http://json-schema.org/draft-07/schema#', dialect: 'draft-07', name: 'draft-07' });
    expect(s.dialectOf({ type: 'object' })).toEqual({ dialect: '2020-12', name: '2020-12' });
    // a name the lookup table inherits is no dialect
    expect(s.dialectOf({ $schema: 'constructor' })).toEqual({ declared: 'constructor' });
  });
  it('reports an unknown $schema as unknown-dialect without throwing', () => {
    const r = s.compile({ $schema: 'http://json-schema.org/draft-04/schema#', type: 'object' });
    expect(r).toMatchObject({ ok: false, reason: 'unknown-dialect' });
    expect(s.dialectOf({ $schema: 42 } as never)).toEqual({ declared: '42' });
    expect(s.metaValidate({ $schema: 'urn:custom' })[0]).toMatchObject({ pointer: '/$schema' });
  });
  it('uses draft-07 semantics when declared (tuple items valid there, invalid under 2020-12)', () => {
    const tuple = { type: 'array', items: [{ type: 'string' }] };
    expect(s.metaValidate({ $schema: 'http://json-schema.org/draft-07/schema#', ...tuple })).toEqual([]);
    expect(s.metaValidate(tuple)).toEqual([expect.objectContaining({ pointer: '/items' })]);
  });
  it('meta-validates boolean exclusiveMinimum under 2020-12 with the pointer of the keyword (case 12)', () => {
    const schema = loadCase('12').tool.inputSchema;
    expect(s.metaValidate(schema)).toEqual([expect.objectContaining({ pointer: '/properties/ttl/exclusiveMinimum' })]);
    expect(s.compile(schema)).toMatchObject({ ok: false, reason: 'invalid-schema' });
  });
  it('never throws on non-schema input', () => {
    expect(s.compile(null as never)).toMatchObject({ ok: false });
    expect(s.compile([] as never)).toMatchObject({ ok: false });
    expect(s.compile(true).ok).toBe(true);
  });
});

describe('createSchemaService: compile cache', () => {
  it('compiles each distinct schema once, keyed by its JSON text (equal documents in other objects hit; a key-order variant compiles again)', () => {
    const s = createSchemaService();
    s.compile({ type: 'object', properties: { a: { type: 'string' } } });
    s.compile({ properties: { a: { type: 'string' } }, type: 'object' });
    s.compile({ type: 'object', properties: { a: { type: 'string' } } });
    s.compile({ type: 'object' });
    expect(s.stats()).toEqual({ compiles: 3, hits: 1, interpreted: 3 });
    const again = { type: 'object', properties: { a: { type: 'string' } } };
    expect(s.compile(again)).toBe(s.compile(again)); // the same object: no second key either
    expect(s.stats()).toEqual({ compiles: 3, hits: 3, interpreted: 3 });
  });
  it('never gives a schema that is not plain JSON data another schema\'s entry (a Date const, a boxed type: a reviewer)', () => {
    const s = createSchemaService();
    s.compile({ const: new Date(0) } as never);
    const plain = s.compile({ const: '1970-01-01T00:00:00.000Z' });
    expect(plain.ok && plain.validate('1970-01-01T00:00:00.000Z')).toEqual([]);
    const t = createSchemaService();
    t.compile({ type: new String('string') } as never);
    const typed = t.compile({ type: 'string' });
    expect(typed.ok && typed.validate('x')).toEqual([]);
    expect(t.stats().hits).toBe(0);
  });
  it('answers for a schema JSON.stringify refuses (a BigInt, a cycle) without throwing, each under a key of its own', () => {
    const s = createSchemaService();
    expect(typeof s.compile({ type: 'integer', maximum: 10n } as never).ok).toBe('boolean');
    const cyclic: Record<string, unknown> = { type: 'object', properties: {} };
    (cyclic.properties as Record<string, unknown>).self = cyclic;
    expect(typeof s.compile(cyclic as never).ok).toBe('boolean');
    expect(s.stats().hits).toBe(0);
  });
  it('keeps schemas sharing an $id apart', () => {
    const s = createSchemaService();
    const a = s.compile({ $id: 'https://example.test/s', type: 'string' });
    const b = s.compile({ $id: 'https://example.test/s', type: 'number' });
    expect(a.ok && a.validate(1).length).toBe(1);
    expect(b.ok && b.validate(1)).toEqual([]);
  });
});

describe('createSchemaService: $ref policy', () => {
  const s = createSchemaService();
  it('never fetches a remote $ref and reports it with its pointer', () => {
    const r = s.compile({ type: 'object', properties: { a: { $ref: 'https://example.invalid/a.json' } } });
    expect(r).toMatchObject({ ok: false, reason: 'remote-ref', issues: [{ pointer: '/properties/a/$ref', keyword: '$ref' }] });
  });
  it('reports an unresolved local $ref with the pointer of the $ref (case 08)', () => {
    const r = s.compile(loadCase('08').tool.outputSchema as never);
    expect(r).toMatchObject({ ok: false, reason: 'unresolved-ref', issues: [{ pointer: '/properties/variantScreenInstance/$ref' }] });
  });
  it('accepts a recursive $ref and validates through it (case 08 variant)', () => {
    const r = s.compile(loadCase('08').exchange?.recursive_variant_outputSchema as never);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.validate({ screens: [{ id: 'a', variantScreenInstance: { id: 'b' } }] })).toEqual([]);
    expect(r.validate({ screens: [{ variantScreenInstance: { id: 1 } }] })).toEqual([expect.objectContaining({ instancePointer: '/screens/0/variantScreenInstance/id', keyword: 'type' })]);
  });
  it('resolves refs to anchors and embedded $id resources locally', () => {
    expect(s.compile({ $defs: { a: { $anchor: 'A', type: 'string' } }, $ref: '#A' }).ok).toBe(true);
    expect(s.compile({ $defs: { a: { $id: 'https://x.test/inner', type: 'string' } }, $ref: 'https://x.test/inner' }).ok).toBe(true);
  });
});

describe('createSchemaService: validation issues are value-free', () => {
  it('never includes instance values in messages', () => {
    const s = createSchemaService();
    const r = s.compile({ type: 'object', properties: { a: { enum: ['x'] }, b: { const: 1 }, c: { type: 'string', maxLength: 2 } }, additionalProperties: false });
    if (!r.ok) throw new Error('expected compile');
    const issues = r.validate({ a: 'SECRET-A', b: 'SECRET-B', c: 'SECRET-C', SECRET_KEY: 1 });
    expect(issues.map((i) => i.keyword).sort()).toEqual(['additionalProperties', 'const', 'enum', 'maxLength']);
    expect(JSON.stringify(issues)).not.toMatch(/SECRET/);
  });
});

describe('createSchemaService: OpenAPI nullable has no JSON Schema meaning (case 03)', () => {
  it('validates null against {type: number, nullable: true} as invalid, like any 2020-12 validator', () => {
    const r = createSchemaService().compile({ type: 'object', properties: { price: { type: 'number', nullable: true } } });
    if (!r.ok) throw new Error('expected the schema to compile');
    expect(r.validate({ price: null }).map((i) => i.instancePointer)).toEqual(['/price']);
    expect(r.validate({ price: 2 })).toEqual([]);
  });

  it('compiles nullable without type (ajv alone throws on it)', () => {
    const r = createSchemaService().compile({ type: 'object', properties: { note: { nullable: true } } });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.validate({ note: 5 })).toEqual([]);
  });
});

/**
 * The sweep's empty enum (@netlify/mcp's netlify-coding-rules; a fake server under each $schema): JSON Schema Validation
 * §6.1.2 (draft-07, 2019-09, 2020-12) and draft-06 §6.23 make `"enum": []` valid ("This array SHOULD have at least one
 * element") and unsatisfiable (an instance is valid only if equal to one of its elements), and repeating members valid
 * ("SHOULD be unique"). ajv throws "enum must have non-empty array" at compile time; its bundled draft-06/07 meta-schemas
 * add minItems: 1 and uniqueItems: true. Neither may make the schema a compile error or meta-invalid.
 */
describe('createSchemaService: an empty enum is valid and admits no value; repeating members are valid', () => {
  const probe = { type: 'object', properties: { mode: { type: 'string', enum: [] }, q: { type: 'string' } }, required: ['q'] };
  const dialects = [
    [undefined, '2020-12'],
    ['https://json-schema.org/draft/2020-12/schema', '2020-12'],
    ['https://json-schema.org/draft/2019-09/schema', '2019-09'],
    ['http://json-schema.org/draft-07/schema#', 'draft-07'],
    ['http://json-schema.org/draft-06/schema#', 'draft-07'],
  ] as const;

  for (const interpret of [true, false]) {
    it.each(dialects)(`$schema %s: meta-valid, compiles on the %s engine, {q} valid and any mode invalid at the enum (interpret: ${interpret})`, (uri, engine) => {
      const s = createSchemaService({ interpret });
      const schema = uri ? { $schema: uri, ...probe } : probe;
      expect(s.metaValidate(schema)).toEqual([]);
      const r = s.compile(schema);
      if (!r.ok) throw new Error(`expected a compile, got ${JSON.stringify(r)}`);
      expect(r.dialect).toBe(engine);
      expect(r.validate({ q: 'x' })).toEqual([]);
      for (const mode of ['a', '', 0, null, [], {}]) {
        expect(r.validate({ q: 'x', mode })).toContainEqual({ instancePointer: '/mode', schemaPointer: '/properties/mode/enum', keyword: 'enum', message: 'must be equal to one of the allowed values' });
      }
    });
  }

  it.each(dialects)('$schema %s: repeating enum members are meta-valid and compile', (uri) => {
    const s = createSchemaService();
    const schema = { ...(uri ? { $schema: uri } : {}), type: 'object', properties: { tier: { enum: ['a', 'b', 'a', { x: 1 }, { x: 1 }] } } };
    expect(s.metaValidate(schema)).toEqual([]);
    const r = s.compile(schema);
    if (!r.ok) throw new Error('expected a compile');
    expect(r.validate({ tier: 'a' })).toEqual([]);
    expect(r.validate({ tier: { x: 1 } })).toEqual([]);
    expect(r.validate({ tier: 'c' }).map((i) => [i.schemaPointer, i.keyword])).toEqual([['/properties/tier/enum', 'enum']]);
  });

  it('a property name ajv percent-encodes in its schemaPath still maps back to the enum, and issues name JSON pointers (review 3)', () => {
    const s = createSchemaService({ interpret: false });
    const name = 'a b^c~d/e%f';
    const schema = { type: 'object', properties: { [name]: { enum: [] }, x: { type: 'string' } } };
    const r = s.compile(schema);
    if (!r.ok) throw new Error('expected a compile');
    expect(r.validate({ [name]: 1, x: 2 })).toEqual([
      { instancePointer: '/a b^c~0d~1e%f', schemaPointer: '/properties/a b^c~0d~1e%f/enum', keyword: 'enum', message: 'must be equal to one of the allowed values' },
      { instancePointer: '/x', schemaPointer: '/properties/x/type', keyword: 'type', message: 'must be string' },
    ]);
  });

  it('an enum that is not an array is still meta-invalid and does not compile (the MUST of §6.1.2)', () => {
    const s = createSchemaService();
    for (const uri of [undefined, 'http://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-06/schema#']) {
      const schema = { ...(uri ? { $schema: uri } : {}), type: 'object', properties: { mode: { enum: 'fast' } } };
      expect(s.metaValidate(schema)).toEqual([{ pointer: '/properties/mode/enum', keyword: 'type', message: 'must be array' }]);
      expect(s.compile(schema)).toMatchObject({ ok: false, reason: 'invalid-schema' });
    }
  });

  it('the interpreter and ajv agree on an empty enum beside other keywords, under $ref and inside if', () => {
    const schemas = [
      { type: 'object', properties: { a: { not: { type: 'number' }, enum: [] } } },
      { type: 'object', properties: { a: { $ref: '#/$defs/None' } }, $defs: { None: { enum: [] } } },
      { if: { enum: [] }, then: false, else: { required: ['z'] } },
    ];
    const fast = createSchemaService();
    const ajvOnly = createSchemaService({ interpret: false });
    for (const schema of schemas) {
      const [f, a] = [fast.compile(schema), ajvOnly.compile(schema)];
      if (!f.ok || !a.ok) throw new Error('expected compiles');
      for (const instance of [{}, { a: 'x' }, { a: 1 }, { z: 1 }]) expect(f.validate(instance)).toEqual(a.validate(instance));
    }
    expect(fast.stats().interpreted).toBe(3);
  });
});

describe('schemaPathPointer: ajv\'s schemaPath as a JSON pointer', () => {
  it.each([
    ['#/properties/a/type', '/properties/a/type'],
    ['#', ''],
    ['#/properties/a%20b%5Ec~0d~1e%25f/not', '/properties/a b^c~0d~1e%f/not'],
    // a $ref's fragment as the schema wrote it: a bare % is no percent-encoding and stays
    ['#/$defs/100%/type', '/$defs/100%/type'],
    ['#/$defs/100%/properties/a%20b/type', '/$defs/100%/properties/a b/type'],
    ['#/$defs/q r/not', '/$defs/q r/not'],
  ])('%s -> %s', (path, pointer) => {
    expect(schemaPathPointer(path)).toBe(pointer);
  });
});
