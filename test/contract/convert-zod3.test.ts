/**
 * The zod 3 projection of a contract (harness/contract/convert.ts): zod-to-json-schema's draft-07
 * output the way the MCP SDK writes it (`strictUnions`), respelled in 2020-12 for that dialect, so a
 * zod 3 contract meets a zod 3 server (and a zod 4 one) in the same meaning.
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod-3';
import { zodToJsonSchema } from 'zod-to-json-schema';
import { toJsonSchemaObject } from '../../harness/contract/convert.ts';
import { compareSchemas } from '../../harness/schema/compare.ts';

const shape = {
  positive: z.number().positive(),
  pair: z.tuple([z.string(), z.number()]),
  rest: z.tuple([z.string()]).rest(z.number()),
  pick: z.union([z.literal('a'), z.literal('b')]),
  maybe: z.union([z.string(), z.number()]).optional(),
  tree: z.object({ v: z.number() }).extend({ kids: z.lazy(() => z.array(z.object({ v: z.number() }))) }),
};
const schema = z.object(shape);

async function project(dialect: '2020-12' | 'draft-07'): Promise<Record<string, any>> {
  const result = await toJsonSchemaObject(schema, 'input', { dialect });
  if (!result.ok) throw new Error(result.reason);
  return result.schema;
}

describe('zod 3 contracts', () => {
  it('2020-12: numeric exclusiveMinimum (never the draft-04 boolean), tuples as prefixItems/items', async () => {
    const json = await project('2020-12');
    expect(json.properties.positive).toEqual({ type: 'number', exclusiveMinimum: 0 });
    expect(json.properties.pair).toMatchObject({ type: 'array', prefixItems: [{ type: 'string' }, { type: 'number' }], minItems: 2, maxItems: 2 });
    expect(json.properties.pair.items).toBeUndefined();
    expect(json.properties.rest).toMatchObject({ prefixItems: [{ type: 'string' }], items: { type: 'number' } });
    expect(json.properties.rest.additionalItems).toBeUndefined();
    expect(JSON.stringify(json)).not.toContain('definitions');
  });

  it('draft-07: the converter output as is (tuple items lists)', async () => {
    const json = await project('draft-07');
    expect(json.properties.pair.items).toEqual([{ type: 'string' }, { type: 'number' }]);
    expect(json.properties.rest.additionalItems).toEqual({ type: 'number' });
  });

  it('unions are written as the SDK writes them (strictUnions), so a zod 3 server meets its zod 3 contract', async () => {
    const server = zodToJsonSchema(schema as never, { strictUnions: true, pipeStrategy: 'input' }) as Record<string, unknown>;
    delete server.$schema;
    for (const dialect of ['2020-12', 'draft-07'] as const) {
      const contract = await project(dialect);
      expect(compareSchemas(contract, server)).toEqual([]);
      // the reverse differs only where the SDK closed a default (strip) object the contract's input projection leaves open
      expect(compareSchemas(server, contract).every((d) => d.kind === 'opened-object')).toBe(true);
    }
  });

  it('a default (strip) object is open as input and closed as output; a strict one is closed both ways', async () => {
    const obj = z.object({ a: z.string(), inner: z.object({ b: z.number() }), closed: z.object({ c: z.number() }).strict() });
    const input = await toJsonSchemaObject(obj, 'input', { dialect: '2020-12' });
    const output = await toJsonSchemaObject(obj, 'output', { dialect: '2020-12' });
    if (!input.ok || !output.ok) throw new Error('conversion failed');
    const i = input.schema as Record<string, any>;
    const o = output.schema as Record<string, any>;
    expect(i.additionalProperties).not.toBe(false);
    expect(i.properties.inner.additionalProperties).not.toBe(false);
    expect(i.properties.closed.additionalProperties).toBe(false);
    expect(o.additionalProperties).toBe(false);
    expect(o.properties.inner.additionalProperties).toBe(false);
    expect(o.properties.closed.additionalProperties).toBe(false);
    // the server's own SDK projection of the same zod 3 schema (closed) narrows the open contract; a zod 4 style
    // open object equals it; a server that opened the strict object is still reported
    const sdk = zodToJsonSchema(obj as never, { strictUnions: true, pipeStrategy: 'input' }) as Record<string, any>;
    delete sdk.$schema;
    expect(compareSchemas(i, sdk)).toEqual([]);
    const open = structuredClone(sdk);
    delete open.additionalProperties;
    delete open.properties.inner.additionalProperties;
    expect(compareSchemas(i, open)).toEqual([]);
    delete open.properties.closed.additionalProperties;
    expect(compareSchemas(i, open).map((d) => `${d.kind} ${d.pointer}`)).toEqual(['opened-object /properties/closed/additionalProperties']);
  });

  it('a $ref zod-to-json-schema points into a tuple is respelled with it (prefixItems/N, items), never left dangling', async () => {
    const shared = z.object({ n: z.number() });
    const obj = z.object({ t: z.tuple([shared, z.string()]).rest(shared), u: shared, w: z.object({ items: shared, x: shared }) });
    const result = await toJsonSchemaObject(obj, 'input', { dialect: '2020-12' });
    if (!result.ok) throw new Error('conversion failed');
    const text = JSON.stringify(result.schema);
    const refs = [...text.matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1]);
    expect(refs.length).toBeGreaterThan(0);
    const resolve = (ref: string) => ref.slice(2).split('/').reduce<any>((n, t) => (n === undefined ? undefined : n[t.replace(/~1/g, '/').replace(/~0/g, '~')]), result.schema);
    for (const ref of refs) expect(resolve(ref), ref).toBeTypeOf('object');
    expect(refs.some((r) => r.includes('/prefixItems/0'))).toBe(true);
    // the zod 4 style server schema (every $ref inlined) meets it: nothing reported
    const ajvLike = structuredClone(result.schema) as any;
    expect(compareSchemas(result.schema, ajvLike)).toEqual([]);
  });
});
