/**
 * The build-time wire validators (harness/wire/generated/<revision>.cjs) give exactly what ajv
 * compiles at run time from the same engine (harness/wire/engine.ts): the same verdict and the same
 * error objects, in order, for every definition they hold, on every bundled revision. Corpus: MCP
 * messages of every kind the harness validates (results of each method, with every content-block,
 * resource and tool shape; envelopes; errors; requests; notifications), each checked against every
 * definition, and mutants of each (every member replaced by a value of the wrong kind, or removed).
 * Also: validateWire uses them for exactly the definitions harness/wire/frames.ts can name.
 */
import { describe, expect, it } from 'vitest';
import { createWireEngine, definitionRef, type WireValidator } from '../../harness/wire/engine.ts';
import { WIRE_REVISIONS } from '../../harness/wire/revision.ts';
import { definitionsKey, envelopeNames, RESULT_DEFINITIONS, wireSchemaDocument } from '../../harness/wire/schemas.ts';
import { generatedFor, isPrecompiled, validateWire, warmWireFormats } from '../../harness/wire/validate.ts';
import { mutants } from '../helpers/mutants.ts';

type Obj = Record<string, unknown>;

const ICON = { src: 'https://example.test/i.png', mimeType: 'image/png', sizes: ['48x48'] };
const ANNOTATIONS = { audience: ['user', 'assistant'], priority: 0.5, lastModified: '2025-01-01T00:00:00Z' };
const TOOL = {
  name: 'search', title: 'Search', description: 'd', icons: [ICON],
  inputSchema: { type: 'object', properties: { q: { type: 'string' } }, required: ['q'] },
  outputSchema: { type: 'object', properties: { n: { type: 'integer' } } },
  annotations: { title: 't', readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  execution: { taskSupport: 'optional' }, _meta: { 'x/y': 1 },
};
const CONTENT = [
  { type: 'text', text: 'hi', annotations: ANNOTATIONS },
  { type: 'image', data: 'aGk=', mimeType: 'image/png' },
  { type: 'audio', data: 'aGk=', mimeType: 'audio/wav' },
  { type: 'resource_link', uri: 'file:///a', name: 'a', mimeType: 'text/plain', size: 2, icons: [ICON] },
  { type: 'resource', resource: { uri: 'file:///a', mimeType: 'text/plain', text: 'x' } },
  { type: 'resource', resource: { uri: 'file:///b', blob: 'aGk=' } },
];
const CACHE = { ttlMs: 1000, cacheScope: 'private', resultType: 'complete' };
const CAPABILITIES = { tools: { listChanged: true }, prompts: { listChanged: false }, resources: { subscribe: true, listChanged: true }, logging: {}, completions: {}, experimental: { x: {} } };

/** Messages of every kind the harness validates (valid for some revision, invalid for others). */
const SEEDS: unknown[] = [
  { tools: [TOOL, { name: 'bare', inputSchema: { type: 'object' } }], nextCursor: 'c' },
  { tools: [TOOL], ...CACHE },
  { prompts: [{ name: 'p', title: 'P', description: 'd', arguments: [{ name: 'a', required: true, description: 'x' }], icons: [ICON] }], ...CACHE },
  { resources: [{ uri: 'file:///a', name: 'a', title: 'A', mimeType: 'text/plain', size: 3, annotations: ANNOTATIONS }], ...CACHE },
  { resourceTemplates: [{ uriTemplate: 'file:///{path}', name: 't', mimeType: 'text/plain' }], ...CACHE },
  { content: CONTENT, structuredContent: { n: 1 }, isError: false },
  { content: CONTENT.slice(0, 1), resultType: 'complete', _meta: { progressToken: 1 } },
  { resultType: 'input_required', inputRequests: { a: { method: 'elicitation/create', params: { message: 'm', requestedSchema: { type: 'object', properties: { x: { type: 'string' } } } } } } },
  { protocolVersion: '2025-06-18', capabilities: CAPABILITIES, serverInfo: { name: 's', version: '1', title: 'S', icons: [ICON], websiteUrl: 'https://example.test' }, instructions: 'i' },
  { supportedVersions: ['2026-07-28', '2025-11-25'], capabilities: CAPABILITIES, serverInfo: { name: 's', version: '1' }, ...CACHE },
  { jsonrpc: '2.0', id: 1, result: { tools: [] } },
  { jsonrpc: '2.0', id: 'a', result: { content: [], resultType: 'complete' } },
  { jsonrpc: '2.0', id: 2, error: { code: -32602, message: 'bad', data: { x: 1 } } },
  { jsonrpc: '2.0', error: { code: -32700, message: 'parse' } },
  { jsonrpc: '2.0', method: 'notifications/tools/list_changed' },
  { jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x', _meta: {} } },
  { jsonrpc: '2.0', id: 3, method: 'sampling/createMessage', params: { messages: [{ role: 'user', content: { type: 'text', text: 'x' } }], maxTokens: 1 } },
  { jsonrpc: '2.0', id: 4, method: 'roots/list' },
  {},
  null,
  'x',
  [],
];

/** Wrong-kind values for a member: each schema keyword rejects some of them. */
const WRONG: unknown[] = [null, -1, 1.5, 'x', [1, 1], {}, true];

const CORPUS = [...SEEDS, ...SEEDS.flatMap((seed) => mutants(seed, WRONG))];

const answer = (validate: WireValidator, value: unknown): string => {
  const valid = validate(value);
  return JSON.stringify({ valid, errors: valid ? null : validate.errors });
};

describe('precompiled wire validators', () => {
  it('the corpus is large and reaches error paths', () => {
    expect(CORPUS.length).toBeGreaterThan(2000);
  });

  for (const revision of WIRE_REVISIONS) {
    it(`${revision}: every generated definition answers as ajv compiles it at run time`, () => {
      const generated = generatedFor(revision);
      const engine = createWireEngine(revision);
      const defs = wireSchemaDocument(revision).schema[definitionsKey(revision)] as Obj;
      const expected = [...new Set([...Object.values(envelopeNames(revision)), ...RESULT_DEFINITIONS])].filter((n) => n in defs).sort();
      expect(Object.keys(generated).sort()).toEqual(expected);
      const mismatches: string[] = [];
      let invalid = 0;
      for (const [definition, validate] of Object.entries(generated)) {
        const runtime = engine.getSchema(definitionRef(revision, definition));
        if (!runtime) throw new Error(`${definition} does not compile`);
        for (const value of CORPUS) {
          const want = answer(runtime, value);
          const got = answer(validate, value);
          if (want.startsWith('{"valid":false')) invalid++;
          if (want !== got) mismatches.push(`${definition} ${JSON.stringify(value).slice(0, 200)}\n  ajv:         ${want.slice(0, 300)}\n  precompiled: ${got.slice(0, 300)}`);
        }
      }
      expect(mismatches.slice(0, 5)).toEqual([]);
      expect(invalid).toBeGreaterThan(CORPUS.length); // error paths, not only "valid"
    });
  }

  it('validateWire runs them for the definitions frames.ts names, and compiles any other definition at run time', () => {
    expect(isPrecompiled('2025-11-25', 'CallToolResult')).toBe(true);
    expect(isPrecompiled('2024-11-05', 'JSONRPCError')).toBe(true);
    expect(isPrecompiled('2026-07-28', 'Tool')).toBe(false);
    // a definition outside the generated set still validates, with ajv's run-time compile
    expect(validateWire('2026-07-28', 'Tool', { name: 1, inputSchema: {} })).toEqual(
      expect.arrayContaining([expect.objectContaining({ pointer: '/name', keyword: 'type' })]),
    );
    expect(validateWire('2026-07-28', 'Tool', TOOL)).toEqual([]);
    expect(() => validateWire('2026-07-28', 'NoSuchDefinition', {})).toThrow(/has no definition/);
  });
});

describe('warmWireFormats (protocol/wire-schema prepare)', () => {
  it('leaves the uri format as it was: the same verdicts on a valid and an invalid URI after it', () => {
    // Implementation.websiteUrl is `format: uri` in 2025-11-25
    const info = (websiteUrl: string) => ({ protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1', websiteUrl } });
    const verdicts = () => [validateWire('2025-11-25', 'InitializeResult', info('https://example.com/a')).length, validateWire('2025-11-25', 'InitializeResult', info('not a uri')).map((i) => `${i.pointer} ${i.keyword}`)];
    const before = verdicts();
    warmWireFormats();
    warmWireFormats();
    expect(verdicts()).toEqual(before);
    expect(before).toEqual([0, ['/serverInfo/websiteUrl format']]);
  });
});
