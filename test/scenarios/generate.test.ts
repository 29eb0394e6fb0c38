import { describe, expect, it } from 'vitest';
import { generateArguments } from '../../harness/scenarios/index.ts';
import type { JsonSchema } from '../../harness/model/protocol.ts';
import { createSchemaService } from '../../harness/schema/ajv.ts';
import type { SchemaService } from '../../harness/schema/service.ts';
import { NOT_EVALUATED_ISSUE } from '../../harness/schema/stack-guard.ts';

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) =>
  ({ type: 'object', properties, required: Object.keys(properties), ...extra });
const argsOf = (schema: JsonSchema) => {
  const r = generateArguments(schema);
  if (!r.ok) throw new Error(r.reason);
  return r.arguments;
};

describe('generateArguments: value sources and types', () => {
  it.each<[string, JsonSchema, Record<string, unknown>]>([
    ['required properties only', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'number' } }, required: ['a'] }, { a: 'sample' }],
    ['const first', obj({ a: { const: 'fixed', default: 'd', examples: ['e'] } }), { a: 'fixed' }],
    ['then default', obj({ a: { type: 'string', default: 'd', enum: ['d', 'e'], examples: ['x'] } }), { a: 'd' }],
    ['then enum[0]', obj({ a: { type: 'string', enum: ['e', 'f'], examples: ['x'] } }), { a: 'e' }],
    ['then examples[0]', obj({ a: { type: 'string', examples: ['ex'] } }), { a: 'ex' }],
    ['booleans are false, null is null', obj({ a: { type: 'boolean' }, b: { type: 'null' } }), { a: false, b: null }],
    ['type arrays take the first non-null type', obj({ a: { type: ['null', 'integer'] } }), { a: 1 }],
    ['nullable (OpenAPI) never yields null', obj({ a: { type: 'string', nullable: true } }), { a: 'sample' }],
    ['nested objects', obj({ a: obj({ b: obj({ c: { type: 'integer' } }) }) }), { a: { b: { c: 1 } } }],
    ['minProperties adds optional properties in order', { type: 'object', properties: { a: { type: 'string' }, b: { type: 'boolean' } }, minProperties: 2 }, { a: 'sample', b: false }],
    ['required property from additionalProperties', { type: 'object', required: ['k'], additionalProperties: { type: 'integer' } }, { k: 1 }],
    ['required property from patternProperties', { type: 'object', required: ['x_1'], patternProperties: { '^x_': { type: 'boolean' } }, additionalProperties: false }, { x_1: false }],
    ['a root without type is an object', { properties: { a: { type: 'string' } }, required: ['a'] }, { a: 'sample' }],
    ['the empty schema allows anything', obj({ a: {} }), { a: 'sample' }],
  ])('%s', (_, schema, expected) => {
    expect(argsOf(schema)).toEqual(expected);
  });

  it('falls back from a default that contradicts its schema', () => {
    expect(argsOf(obj({ n: { type: 'integer', minimum: 1, default: 0 } }))).toEqual({ n: 1 });
    expect(argsOf(obj({ m: { type: ['null', 'string'], enum: ['FOO', 'BAR'], default: null } }))).toEqual({ m: 'FOO' });
  });
});

describe('generateArguments: bounds', () => {
  it.each<[string, Record<string, unknown>, unknown]>([
    ['minimum above 1', { type: 'number', minimum: 5 }, 5],
    ['maximum below 1', { type: 'integer', maximum: -3 }, -3],
    ['exclusiveMinimum (2020-12 number)', { type: 'integer', exclusiveMinimum: 5 }, 6],
    ['exclusiveMaximum (number, fractional)', { type: 'number', exclusiveMaximum: 1, minimum: 0 }, 0.5],
    ['multipleOf with minimum', { type: 'integer', minimum: 7, multipleOf: 5 }, 10],
    ['fractional multipleOf', { type: 'number', minimum: 1.1, multipleOf: 0.25 }, 1.25],
    ['integer inside a fractional range', { type: 'integer', minimum: 2.5, maximum: 3.5 }, 3],
    ['minLength', { type: 'string', minLength: 10 }, 'samplexxxx'],
    ['maxLength', { type: 'string', maxLength: 3 }, 'sam'],
    ['pattern with classes and quantifiers', { type: 'string', pattern: '^[A-Z]{3}-\\d{2,4}$' }, 'AAA-00'],
    ['pattern with a group and alternation', { type: 'string', pattern: '^(?:v|ver)[0-9]+(\\.[0-9]+)*$' }, 'v0'],
    ['unsupported pattern falls back to a literal the schema may reject', { type: 'string', pattern: 'sample' }, 'sample'],
    ['minItems with generated items', { type: 'array', minItems: 2, items: { type: 'integer', minimum: 3 } }, [3, 3]],
    ['prefixItems (2020-12 tuple)', { type: 'array', minItems: 2, prefixItems: [{ type: 'string' }, { type: 'boolean' }] }, ['sample', false]],
    ['contains without minItems', { type: 'array', contains: { const: 'x' } }, ['x']],
  ])('%s', (_, schema, expected) => {
    expect(argsOf(obj({ v: schema }))).toEqual({ v: expected });
  });

  it('draft-07 tuple items', () => {
    expect(argsOf({ $schema: 'http://json-schema.org/draft-07/schema#', ...obj({ t: { type: 'array', minItems: 2, items: [{ type: 'integer' }, { type: 'string' }] } }) })).toEqual({ t: [1, 'sample'] });
  });

  it.each(['date-time', 'date', 'time', 'email', 'hostname', 'ipv4', 'ipv6', 'uri', 'uri-reference', 'uuid', 'duration', 'json-pointer', 'regex'])('format %s validates', (format) => {
    expect(generateArguments(obj({ f: { type: 'string', format } })).ok).toBe(true);
  });

  it('never generates a network URL for uri', () => {
    expect(argsOf(obj({ u: { type: 'string', format: 'uri' } })).u).toMatch(/^data:/);
  });
});

describe('generateArguments: composition and references', () => {
  it('follows local $refs into $defs and definitions', () => {
    expect(argsOf({ ...obj({ a: { $ref: '#/$defs/A' } }), $defs: { A: obj({ id: { type: 'string', format: 'uuid' } }) } })).toEqual({ a: { id: '00000000-0000-4000-8000-000000000000' } });
    expect(argsOf({ $schema: 'http://json-schema.org/draft-07/schema#', ...obj({ a: { $ref: '#/definitions/N' } }), definitions: { N: { type: 'integer', minimum: 4 } } })).toEqual({ a: 4 });
  });

  it('merges allOf', () => {
    expect(argsOf(obj({ a: { allOf: [obj({ x: { type: 'string' } }), obj({ y: { type: 'integer', minimum: 2 } }), { $ref: '#/$defs/Z' }] } }, { $defs: { Z: obj({ z: { const: true } }) } })))
      .toEqual({ a: { x: 'sample', y: 2, z: true } });
  });

  it('takes the first anyOf/oneOf branch that generates', () => {
    expect(argsOf(obj({ a: { anyOf: [{ type: 'integer', minimum: 3, maximum: 2 }, { type: 'string', minLength: 2 }] } }))).toEqual({ a: 'sample' });
    expect(argsOf(obj({ a: { oneOf: [{ type: 'boolean' }, { type: 'string' }] } }))).toEqual({ a: false });
  });

  it('stops a recursive required $ref with a reason naming the pointer', () => {
    const r = generateArguments({ ...obj({ node: { $ref: '#/$defs/Node' } }), $defs: { Node: obj({ next: { $ref: '#/$defs/Node' } }) } });
    expect(r).toEqual({ ok: false, reason: 'cannot generate a value at inputSchema /$defs/Node/properties/next/$ref (through the $ref at /properties/node): recursive $ref exceeds the generation depth' });
  });

  it('a chain of distinct $refs is nesting, not recursion: 8 $defs (9 hops) generate; a chain past the depth says nesting', () => {
    const chain = (n: number) => {
      const $defs: Record<string, unknown> = { [`d${n}`]: { type: 'string' } };
      for (let i = 0; i < n; i++) $defs[`d${i}`] = obj({ a: { $ref: `#/$defs/d${i + 1}` } });
      return { ...obj({ x: { $ref: '#/$defs/d0' } }), $defs };
    };
    let value: unknown = 'sample';
    for (let i = 0; i < 8; i++) value = { a: value };
    expect(argsOf(chain(8))).toEqual({ x: value });
    const deep = generateArguments(chain(40));
    expect(deep.ok).toBe(false);
    expect(deep.ok ? '' : deep.reason).toMatch(/: nesting exceeds the generation depth$/);
  });

  it('mutual recursion is recursion: A requires B, B requires A', () => {
    const r = generateArguments({ ...obj({ a: { $ref: '#/$defs/A' } }), $defs: { A: obj({ b: { $ref: '#/$defs/B' } }), B: obj({ a: { $ref: '#/$defs/A' } }) } });
    expect(r.ok ? '' : r.reason).toMatch(/: recursive \$ref exceeds the generation depth$/);
  });

  it('generates past an optional recursive $ref', () => {
    expect(argsOf({ ...obj({ node: { $ref: '#/$defs/Node' } }), $defs: { Node: { type: 'object', properties: { id: { type: 'string' }, next: { $ref: '#/$defs/Node' } }, required: ['id'] } } })).toEqual({ node: { id: 'sample' } });
  });
});

describe('generateArguments: refusals are value-free and name the pointer', () => {
  it.each<[string, JsonSchema, string]>([
    ['bounds that admit no number', obj({ n: { type: 'integer', minimum: 5, maximum: 4 } }), 'cannot generate a value at inputSchema /properties/n: no number satisfies the bounds'],
    ['a false schema', obj({ never: false }), 'no value satisfies inputSchema /properties/never: its schema is false, so no valid arguments exist'],
    // JSON Schema Validation §6.1.2: no value equals a member of an empty enum; the schema compiles, the tool cannot be called validly
    ['a required property with an empty enum (netlify-coding-rules, draft-07)', { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { creationType: { type: 'string', enum: [] } }, required: ['creationType'], additionalProperties: false }, 'no value satisfies inputSchema /properties/creationType: its enum is empty, so no valid arguments exist'],
    ['a required property with an empty enum, without $schema', obj({ mode: { type: 'string', enum: [] } }), 'no value satisfies inputSchema /properties/mode: its enum is empty, so no valid arguments exist'],
    ['an empty enum beside const and default', obj({ mode: { const: 'x', default: 'x', enum: [] } }), 'no value satisfies inputSchema /properties/mode: its enum is empty, so no valid arguments exist'],
    ['an empty enum reached through $ref', obj({ mode: { $ref: '#/$defs/None' } }, { $defs: { None: { type: 'string', enum: [] } } }), 'no value satisfies inputSchema /$defs/None (through the $ref at /properties/mode): its enum is empty, so no valid arguments exist'],
    ['an empty enum in one allOf member', obj({ mode: { allOf: [{ type: 'string' }, { enum: [] }, { enum: ['x'] }] } }), 'no value satisfies inputSchema /properties/mode: its enum is empty, so no valid arguments exist'],
    ['every anyOf branch an empty enum', obj({ mode: { anyOf: [{ enum: [] }, { type: 'string', enum: [] }] } }), 'no value satisfies inputSchema /properties/mode: no branch of its anyOf admits a value, so no valid arguments exist'],
    ['an empty enum at the root', { enum: [] }, 'no value satisfies inputSchema (root): its enum is empty, so no valid arguments exist'],
    ['a required property additionalProperties forbids', { type: 'object', required: ['x'], additionalProperties: false }, 'cannot generate a value at inputSchema /required: a required property is not allowed by properties/additionalProperties'],
    ['a dangling $ref', obj({ a: { $ref: '#/$defs/Missing' } }), 'inputSchema does not compile (unresolved-ref) at /properties/a/$ref'],
    ['a remote $ref', obj({ a: { $ref: 'https://example.com/s.json' } }), 'inputSchema does not compile (remote-ref) at /properties/a/$ref'],
    ['an unknown dialect', { $schema: 'http://example.com/my-dialect', type: 'object' }, 'inputSchema does not compile (unknown-dialect) at /$schema'],
    ['a root that is not an object', { type: 'string' }, 'inputSchema (root) does not describe an object'],
    ['a pattern the generator cannot satisfy', obj({ p: { type: 'string', pattern: '^[^s]+$' } }), "generated arguments fail the inputSchema at /p (keyword 'pattern')"],
  ])('%s', (_, schema, reason) => {
    expect(generateArguments(schema)).toEqual({ ok: false, reason });
  });

  it('an optional property whose schema admits no value is left out, even to reach minProperties (the sweep\'s fake server: mode optional, enum [])', () => {
    expect(argsOf({ type: 'object', properties: { mode: { type: 'string', enum: [] }, q: { type: 'string' } }, required: ['q'] })).toEqual({ q: 'sample' });
    for (const $schema of ['http://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-06/schema#', 'https://json-schema.org/draft/2020-12/schema']) {
      expect(argsOf({ $schema, type: 'object', properties: { mode: { type: 'string', enum: [] }, q: { type: 'string' } }, required: ['q'] })).toEqual({ q: 'sample' });
    }
    expect(argsOf({ type: 'object', properties: { mode: { type: 'string', enum: [] }, never: false, q: { type: 'string' } }, minProperties: 1 })).toEqual({ q: 'sample' });
  });

  it('an anyOf branch with an empty enum gives way to one that admits a value; a failure of a branch that may admit one is reported as the generator\'s', () => {
    expect(argsOf(obj({ a: { anyOf: [{ enum: [] }, { type: 'integer', minimum: 3 }] } }))).toEqual({ a: 3 });
    expect(generateArguments(obj({ a: { anyOf: [{ enum: [] }, { type: 'integer', minimum: 5, maximum: 4 }] } }))).toEqual({ ok: false, reason: 'cannot generate a value at inputSchema /properties/a/anyOf/1: no number satisfies the bounds' });
  });

  it('true as the root schema means no arguments', () => {
    expect(generateArguments(true)).toEqual({ ok: true, arguments: {} });
    expect(generateArguments(false).ok).toBe(false);
  });
});

describe('generateArguments: a schema its validator cannot evaluate (harness/schema/stack-guard.ts)', () => {
  /** The real schema service, but every validator answers as one that overflowed the stack does (or not, for the twin). */
  const service = (overflowed: boolean): SchemaService => {
    const real = createSchemaService();
    return {
      ...real,
      compile: (schema) => {
        const r = real.compile(schema);
        return r.ok && overflowed ? { ...r, validate: () => [NOT_EVALUATED_ISSUE] } : r;
      },
    };
  };
  const schema = obj({ a: { type: 'string' } });

  it('gives no arguments and says the schema could not be evaluated (not that the arguments fail it)', () => {
    expect(generateArguments(schema, service(true), { sentinels: true })).toEqual({ ok: false, reason: 'inputSchema could not be evaluated (its validator exceeds the call stack)' });
  });

  it('its twin generates', () => {
    expect(generateArguments(schema, service(false))).toMatchObject({ ok: true, arguments: { a: expect.any(String) } });
  });
});
