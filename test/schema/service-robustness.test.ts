/**
 * The schema service under review findings: recursive roots (`$ref: "#"`), schemas sharing `$id`s,
 * and documents nested past MAX_SCHEMA_DEPTH (a clear compile failure, never a stack overflow).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createSchemaService } from '../../harness/schema/ajv.ts';
import { MAX_SCHEMA_DEPTH } from '../../harness/schema/depth.ts';
import { deepSchema } from './deep.ts';

/** zod's JSON Schema for a recursive root: `child: { $ref: '#' }`. */
function zodRecursiveRoot(): Record<string, unknown> {
  const Node: z.ZodType = z.object({ name: z.string(), get child() { return Node.optional(); } });
  return z.toJSONSchema(Node) as Record<string, unknown>;
}

describe('schema service: $ref "#" (recursive root)', () => {
  it('compiles the plain recursive root and validates through it (was "can\'t resolve reference #")', () => {
    const r = createSchemaService().compile({ type: 'object', properties: { child: { $ref: '#' } } });
    expect(r).toMatchObject({ ok: true });
    if (!r.ok) return;
    expect(r.validate({ child: { child: {} } })).toEqual([]);
    expect(r.validate({ child: { child: 5 } })).toEqual([expect.objectContaining({ instancePointer: '/child/child', keyword: 'type' })]);
  });
  it('compiles what zod.toJSONSchema emits for a recursive object', () => {
    const schema = zodRecursiveRoot();
    expect(schema.properties).toMatchObject({ child: { $ref: '#' } });
    const r = createSchemaService().compile(schema);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.validate({ name: 'a', child: { name: 'b', child: { name: 'c' } } })).toEqual([]);
    expect(r.validate({ name: 'a', child: { name: 'b', child: {} } })).toEqual([expect.objectContaining({ instancePointer: '/child/child', keyword: 'required' })]);
  });
  it('keeps two recursive roots without $id apart (each "#" is its own root)', () => {
    const s = createSchemaService();
    const a = s.compile({ type: 'object', properties: { n: { type: 'string' }, c: { $ref: '#' } } });
    const b = s.compile({ type: 'object', properties: { n: { type: 'number' }, c: { $ref: '#' } } });
    expect(a.ok && a.validate({ c: { n: 'x' } })).toEqual([]);
    expect(b.ok && b.validate({ c: { n: 'x' } })).toEqual([expect.objectContaining({ instancePointer: '/c/n' })]);
  });
});

describe('schema service: $id isolation', () => {
  it('keeps recursive schemas sharing a root $id apart', () => {
    const s = createSchemaService();
    const a = s.compile({ $id: 'https://example.test/t', type: 'object', properties: { v: { type: 'string' }, c: { $ref: '#' } } });
    const b = s.compile({ $id: 'https://example.test/t', type: 'object', properties: { v: { type: 'integer' }, c: { $ref: '#' } } });
    expect(a.ok && b.ok).toBe(true);
    expect(a.ok && a.validate({ c: { v: 'x' } })).toEqual([]);
    expect(b.ok && b.validate({ c: { v: 'x' } })).toEqual([expect.objectContaining({ instancePointer: '/c/v' })]);
  });
  it('keeps embedded $id resources of different tools apart', () => {
    const s = createSchemaService();
    const inner = (type: string) => ({ $defs: { i: { $id: 'https://example.test/inner', type } }, properties: { x: { $ref: 'https://example.test/inner' } } });
    const a = s.compile(inner('string'));
    const b = s.compile(inner('number'));
    expect(a.ok && a.validate({ x: 'x' })).toEqual([]);
    expect(b.ok && b.validate({ x: 'x' })).toEqual([expect.objectContaining({ instancePointer: '/x', keyword: 'type' })]);
  });
});

describe('schema service: depth limit', () => {
  it('reports a 2,000-level schema as a compile error naming the limit, without throwing', () => {
    const s = createSchemaService();
    const schema = deepSchema(2_000);
    const r = s.compile(schema);
    expect(r).toMatchObject({ ok: false, reason: 'compile-error', issues: [{ pointer: '', keyword: 'depth', message: expect.stringContaining(`nested deeper than ${MAX_SCHEMA_DEPTH} levels`) }] });
    expect(s.metaValidate(schema)).toEqual([]);
    expect(s.stats()).toEqual({ compiles: 0, hits: 0, interpreted: 0 });
  });
  it('still compiles a schema just under the limit', () => {
    const r = createSchemaService().compile(deepSchema(MAX_SCHEMA_DEPTH / 2 - 1));
    expect(r.ok).toBe(true);
  });
});

describe('schema service: members no JSON text holds (a contract module written in code)', () => {
  // compile's contract is "never throws"; the interpreter's private copy refused these by throwing a DataCloneError
  const schemas: [string, Record<string, unknown>][] = [
    ['a function default', { type: 'object', properties: { a: { type: 'string', default: () => 'x' } } }],
    ['a function member beside a pattern', { type: 'object', properties: { a: { type: 'string', pattern: '^a', x: () => 1 } } }],
    ['a symbol const', { type: 'object', properties: { a: { const: Symbol('s') } } }],
  ];
  for (const [name, schema] of schemas) {
    it(`${name}: answered as ajv alone answers it, without throwing`, () => {
      const interpreted = createSchemaService().compile(schema);
      const ajvOnly = createSchemaService({ interpret: false }).compile(schema);
      expect(interpreted.ok).toBe(ajvOnly.ok);
      if (!interpreted.ok || !ajvOnly.ok) {
        expect(interpreted).toMatchObject({ ok: false, reason: (ajvOnly as { reason: string }).reason });
        return;
      }
      for (const instance of [{ a: 'abc' }, { a: 'b' }, { a: 1 }, {}]) expect(interpreted.validate(instance)).toEqual(ajvOnly.validate(instance));
    });
  }
});

describe('schema service: a schema whose reading throws (a reviewer: a getter, a revoked Proxy)', () => {
  const getter = (): Record<string, unknown> => {
    const properties = {};
    Object.defineProperty(properties, 'a', { enumerable: true, get: () => { throw new Error('boom'); } });
    return { type: 'object', properties };
  };
  const revoked = (): Record<string, unknown> => {
    const { proxy, revoke } = Proxy.revocable({ type: 'string' }, {});
    revoke();
    return { type: 'object', properties: { a: proxy } };
  };
  for (const [name, make] of [['a throwing getter', getter], ['a revoked Proxy', revoked]] as const) {
    it(`${name}: compile and metaValidate answer with a compile issue instead of throwing`, () => {
      const s = createSchemaService();
      const schema = make();
      const r = s.compile(schema);
      expect(r).toMatchObject({ ok: false, reason: 'compile-error', issues: [{ pointer: '', keyword: 'compile', message: expect.stringContaining('the schema could not be read') }] });
      expect(s.compile(schema)).toBe(r); // cached per object, not read again
      expect(s.metaValidate(make())).toEqual([expect.objectContaining({ keyword: 'compile', message: expect.stringContaining('the schema could not be read') })]);
    });
  }
});
