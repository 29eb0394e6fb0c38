/**
 * Argument generation on real-world schemas: the shapes of the fault cases (copied from the project's
 * case catalogue, `source` kept) and the tools the reference servers advertise (fixtures/real-servers.json).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateArguments } from '../../harness/scenarios/index.ts';
import type { JsonSchema, ListedTool } from '../../harness/model/protocol.ts';

interface Case {
  source: string;
  inputSchema: JsonSchema;
  expected: { ok: true; arguments: Record<string, unknown> } | { ok: false; reason: string };
}

const cases: Case[] = [
  {
    source: 'Dokploy/mcp#74 (12: boolean exclusiveMinimum under 2020-12)',
    inputSchema: { $schema: 'https://json-schema.org/draft/2020-12/schema', type: 'object', properties: { name: { type: 'string' }, ttl: { type: 'integer', exclusiveMinimum: true, minimum: 0, maximum: 9007199254740991 } }, required: ['name'] },
    expected: { ok: false, reason: 'inputSchema does not compile (invalid-schema) at /properties/ttl/exclusiveMinimum' },
  },
  {
    source: 'dearlordylord/huly-mcp#66 (14: inputSchema root anyOf)',
    inputSchema: { anyOf: [{ type: 'object', properties: { mode: { const: 'by_id' }, id: { type: 'string' } }, required: ['mode', 'id'] }, { type: 'object', properties: { mode: { const: 'by_key' }, key: { type: 'string' } }, required: ['mode', 'key'] }] },
    expected: { ok: true, arguments: { mode: 'by_id', id: 'sample' } },
  },
  {
    source: 'containers/kubernetes-mcp-server#340 (16: no-parameter tool)',
    inputSchema: { type: 'object' },
    expected: { ok: true, arguments: {} },
  },
  {
    source: 'gwbtc/urbit-mcp#23 (07: no-parameter, additionalProperties false)',
    inputSchema: { type: 'object', additionalProperties: false },
    expected: { ok: true, arguments: {} },
  },
  {
    source: 'PrefectHQ/fastmcp#3744 (24: nullable in inputSchema; note:null must not be generated)',
    inputSchema: { type: 'object', properties: { name: { type: 'string' }, note: { type: 'string', nullable: true } }, required: ['name', 'note'] },
    expected: { ok: true, arguments: { name: 'sample', note: 'sample' } },
  },
  {
    source: 'modelcontextprotocol/php-sdk#298 (26: nullable enum whose default null is outside the enum)',
    inputSchema: { type: 'object', properties: { mode: { type: ['null', 'string'], default: null, enum: ['FOO', 'BAR'] } }, required: ['mode'] },
    expected: { ok: true, arguments: { mode: 'FOO' } },
  },
  {
    source: 'punkpeye/fastmcp#386 (31: a property that lost its type)',
    inputSchema: { type: 'object', properties: { name: {} }, required: ['name'] },
    expected: { ok: true, arguments: { name: 'sample' } },
  },
  {
    source: 'marianfoo/sap-mcp-servers#52 (11: draft-07 declared)',
    inputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { q: { type: 'string' } }, required: ['q'], additionalProperties: false },
    expected: { ok: true, arguments: { q: 'sample' } },
  },
  {
    source: 'barryw/ImmichMCP#4 (17: arrays of strings)',
    inputSchema: { type: 'object', properties: { albumId: { type: 'string' }, assetIds: { type: 'array', items: { type: 'string' } } }, required: ['albumId', 'assetIds'] },
    expected: { ok: true, arguments: { albumId: 'sample', assetIds: [] } },
  },
  {
    source: 'google-labs-code/stitch-sdk#367 (08: dangling $ref, as an inputSchema)',
    inputSchema: { type: 'object', properties: { v: { $ref: '#/$defs/ScreenInstance' } }, required: ['v'] },
    expected: { ok: false, reason: 'inputSchema does not compile (unresolved-ref) at /properties/v/$ref' },
  },
  {
    source: 'google-labs-code/stitch-sdk#367 (08: self-recursive $ref behind an optional property)',
    inputSchema: { type: 'object', properties: { screens: { type: 'array', items: { $ref: '#/$defs/ScreenInstance' }, minItems: 1 } }, required: ['screens'], $defs: { ScreenInstance: { type: 'object', properties: { id: { type: 'string' }, variantScreenInstance: { $ref: '#/$defs/ScreenInstance' } } } } },
    expected: { ok: true, arguments: { screens: [{}] } },
  },
];

describe('generateArguments on the fault cases', () => {
  it.each(cases.map((c) => [c.source, c] as const))('%s', (_, c) => {
    expect(generateArguments(c.inputSchema)).toEqual(c.expected);
  });
});

interface Captured {
  source: string;
  tools: ListedTool[];
}
const real = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/real-servers.json'), 'utf8')) as Record<string, Captured>;
const realTools = Object.values(real).flatMap((s) => s.tools);
const byName = (name: string) => realTools.find((t) => t.name === name)!;

describe('generateArguments on the reference servers (fixtures/real-servers.json)', () => {
  it('generates valid arguments for every advertised tool', () => {
    expect(realTools.length).toBeGreaterThan(30);
    const failures = realTools.map((t) => [t.name, generateArguments(t.inputSchema)] as const).filter(([, r]) => !r.ok);
    expect(failures).toEqual([]);
  });

  it.each<[string, Record<string, unknown>]>([
    ['create_entities', { entities: [] }],
    ['read_text_file', { path: 'sample' }],
    ['read_multiple_files', { paths: ['sample'] }],
    ['get-sum', { a: 1, b: 1 }],
    ['get-structured-content', { location: 'New York' }],
    ['sequentialthinking', { thought: 'sample', nextThoughtNeeded: false, thoughtNumber: 1, totalThoughts: 1 }],
  ])('%s', (name, expected) => {
    expect(generateArguments(byName(name).inputSchema)).toEqual({ ok: true, arguments: expected });
  });

  it('fills the nested objects of create_entities when the array must be non-empty', () => {
    const schema = structuredClone(byName('create_entities').inputSchema) as { properties: { entities: Record<string, unknown> } };
    schema.properties.entities.minItems = 1;
    expect(generateArguments(schema)).toEqual({ ok: true, arguments: { entities: [{ name: 'sample', entityType: 'sample', observations: [] }] } });
  });
});

describe('determinism', () => {
  it('same input, same output; the input schema is not modified', () => {
    for (const schema of [...realTools.map((t) => t.inputSchema), ...cases.map((c) => c.inputSchema)]) {
      const frozen = structuredClone(schema);
      const first = generateArguments(schema);
      expect(generateArguments(structuredClone(schema))).toEqual(first);
      expect(schema).toEqual(frozen);
    }
  });
});
