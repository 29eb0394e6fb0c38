import { describe, expect, it } from 'vitest';
import { ContractError, loadContractModule } from '../../harness/contract/index.ts';

const fixture = (name: string) => `test/contract/fixtures/${name}.ts`;

async function loadError(file: string, exportName?: string): Promise<ContractError> {
  const error = await loadContractModule(file, exportName).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContractError);
  return error as ContractError;
}

describe('loadContractModule', () => {
  it('projects zod v4 schemas (io input for inputs, output for outputs) and keeps metadata', async () => {
    const contract = await loadContractModule(fixture('zod4'));
    expect(contract).toMatchObject({ source: fixture('zod4'), kind: 'module' });
    const [tool] = contract.tools;
    expect(tool).toMatchObject({ name: 'echo_shape', title: 'Echo', description: 'A zod v4 tool', annotations: { readOnlyHint: true } });
    expect(tool.inputSchema).toEqual({
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      type: 'object',
      properties: { text: { type: 'string', maxLength: 10 }, count: { type: 'integer', minimum: 1, maximum: Number.MAX_SAFE_INTEGER } },
      required: ['text'],
    });
    expect(tool.outputSchema).toMatchObject({ type: 'object', additionalProperties: false, required: ['length'] });
  });

  it('projects zod v3 schemas and raw v3 shapes with zod-to-json-schema, without $schema', async () => {
    const contract = await loadContractModule(fixture('zod3'));
    const [schema, shape] = contract.tools;
    expect(schema.inputSchema).not.toHaveProperty('$schema');
    expect(schema.inputSchema).toMatchObject({
      type: 'object',
      properties: { text: { type: 'string', maxLength: 10 }, mode: { type: 'string', enum: ['a', 'b'] } },
      required: ['text'],
    });
    expect(schema.outputSchema).toMatchObject({ type: 'object', properties: { ok: { type: 'boolean' } } });
    expect(shape).toMatchObject({ name: 'legacy_shape', inputSchema: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] } });
  });

  it('wraps a raw zod v4 shape in z.object and takes the name from a record key', async () => {
    const contract = await loadContractModule(fixture('shape'));
    expect(contract.tools).toEqual([
      {
        name: 'raw_shape',
        inputSchema: {
          $schema: 'https://json-schema.org/draft/2020-12/schema',
          type: 'object',
          properties: { a: { type: 'string' }, b: { type: 'number' } },
          required: ['a'],
        },
      },
    ]);
  });

  it('copies plain JSON Schema objects from a named export', async () => {
    const contract = await loadContractModule(fixture('json'), 'custom');
    expect(contract.tools[0]).toEqual({
      name: 'plain_json',
      inputSchema: { type: 'object', properties: { q: { type: 'string', maxLength: 5 } }, required: ['q'] },
      outputSchema: { type: 'object', properties: { hits: { type: 'integer' } } },
    });
  });

  it('names file and key path for a value that is not a schema', async () => {
    const error = await loadError(fixture('bad-schema'));
    expect(error.message).toBe(`${fixture('bad-schema')}: tools[1].inputSchema: not a zod schema or JSON Schema object`);
    expect(error.keyPath).toBe('tools[1].inputSchema');
  });

  it('names file and key path for a zod schema with no JSON Schema form', async () => {
    const error = await loadError(fixture('bad-unconvertible'));
    expect(error.message).toMatch(/^test\/contract\/fixtures\/bad-unconvertible\.ts: tools\[0\]\.inputSchema: cannot convert the zod4 schema/);
  });

  it('names the key path of a tool without a name, and of a duplicate name', async () => {
    expect((await loadError(fixture('bad-nameless'))).message).toBe(`${fixture('bad-nameless')}: tools[1].name: a tool needs a name`);
    expect((await loadError(fixture('bad-duplicate'))).keyPath).toBe('tools[1].name');
  });

  it('reports a module without a tools export, a missing export name and a missing file', async () => {
    expect((await loadError(fixture('bad-noexport'))).message).toBe(
      `${fixture('bad-noexport')}: the module has no export 'tools', no default export and no export that holds tool definitions (found: something (number))`,
    );
    expect((await loadError(fixture('zod4'), 'nope')).message).toBe(`${fixture('zod4')}: nope: the module has no export 'nope' (found: tools (array of 1))`);
    expect((await loadError('test/contract/fixtures/absent.ts')).message).toBe('test/contract/fixtures/absent.ts: contract module not found');
  });
});

describe('contract packages as real projects write them (issue 10)', () => {
  const zod4 = 'test/fixtures/contract-package/zod4/index.js';
  it("converts with the package's own zod 4.0 (nullables as anyOf), to the dialect asked for, input/output fields and _meta read", async () => {
    const contract = await loadContractModule(zod4, { tools: ['place_order'], dialect: 'draft-07' });
    expect(contract.tools.map((t) => t.name)).toEqual(['place_order']);
    const [tool] = contract.tools;
    expect(tool.inputSchema.$schema).toBe('http://json-schema.org/draft-07/schema#');
    expect((tool.inputSchema.properties as Record<string, unknown>).note).toEqual({ anyOf: [{ type: 'string', maxLength: 200 }, { type: 'null' }] });
    expect(tool._meta).toEqual({ category: 'orders' });
    expect(tool.outputSchema).toMatchObject({ required: ['orderId', 'total', 'memo'] });
  });
  it('selects by predicate, converts zod 3 packages, and names a selected tool the module lacks', async () => {
    const three = await loadContractModule('test/fixtures/contract-package/zod3/index.js', { tools: (n) => n.startsWith('p') });
    expect(three.tools.map((t) => t.name)).toEqual(['place_order', 'ping']);
    const error = await loadContractModule(zod4, { tools: ['nope'] }).then(() => undefined, (e: unknown) => e);
    expect(error).toBeInstanceOf(ContractError);
    expect((error as Error).message).toBe(`${zod4}: TOOL_CONTRACTS: defines no tool named 'nope' (selected by contract.tools)`);
  });
});

describe('zod resolution from a module outside the package that made the schemas (issue 10, standalone adapter)', () => {
  it('uses the Standard JSON Schema interface a zod >= 4.2 schema carries, whatever zod resolves from the module', async () => {
    const file = 'test/fixtures/contract-package/adapter/standard.js';
    const contract = await loadContractModule(file, { dialect: 'draft-07' });
    const [tool] = contract.tools;
    // zod 4.4's own spelling of a nullable (the harness's zod 4.6 would write type: [T, "null"])
    expect((tool.inputSchema.properties as Record<string, unknown>).note).toEqual({ anyOf: [{ type: 'string' }, { type: 'null' }] });
    expect(tool.inputSchema.required).toEqual(['id']);
    expect(tool.outputSchema?.required).toEqual(['found', 'memo']);
  });

  it('without that interface and without the zod that made it: an error naming the file, the entry, where zod was resolved from and what was tried', async () => {
    const file = 'test/fixtures/contract-package/adapter/reexport.js';
    const error = (await loadContractModule(file).then(() => undefined, (e: unknown) => e)) as Error;
    expect(error.message).toMatch(/^test\/fixtures\/contract-package\/adapter\/reexport\.js: TOOL_CONTRACTS\[0\]\.input: cannot convert the zod4 schema to JSON Schema \(no copy of zod 4\.0\.17 /);
    expect(error.message).toContain('resolves from ');
    expect(error.message).toContain('adapter/reexport.js; tried: zod 4.');
    expect(error.message).toContain("the harness's own zod 4.");
    expect(error.message).toContain('the schema carries no Standard JSON Schema interface');
  });
});

describe('contract.meta: entry fields that are _meta keys (issue 10 W6)', () => {
  const zod3 = 'test/fixtures/contract-package/zod3/index.js';
  const zod4 = 'test/fixtures/contract-package/zod4/index.js';
  const metaOf = async (file: string, meta?: string[] | Record<string, string>) => (await loadContractModule(file, { tools: ['ping', 'unserved'], ...(meta ? { meta } : {}) })).tools.map((t) => t._meta);

  it('a top-level field is not metadata unless mapped', async () => {
    expect(await metaOf(zod3)).toEqual([undefined, undefined]);
  });
  it('a list maps a field to the _meta key of the same name; an entry without the field gets none', async () => {
    expect(await metaOf(zod3, ['category'])).toEqual([{ category: 'utility' }, undefined]);
  });
  it('a record maps a _meta key to another field', async () => {
    expect(await metaOf(zod3, { group: 'category', label: 'title' })).toEqual([{ group: 'utility', label: 'Ping' }, undefined]);
  });
  it("the entry's own _meta key wins over a mapped field", async () => {
    expect(await metaOf(zod4, { category: 'title', label: 'title' })).toEqual([{ category: 'utility', label: 'Ping' }, undefined]);
  });
});
