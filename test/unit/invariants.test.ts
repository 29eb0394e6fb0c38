import { describe, expect, it } from 'vitest';
import {
  advertisedMetadataProblems,
  advertisedShapeProblems,
  hashToolSchemas,
  inputNarrowingProblems,
  toolSetProblems,
  uncalledTools,
  unmatchedWatchedPaths,
  versionLockProblems,
  type NarrowingProblem,
} from '../../harness/invariants.ts';
import type { ContractTool } from '../../harness/model/contract.ts';
import type { ListedTool } from '../../harness/model/protocol.ts';

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });
/** A `widened` problem of tool `tool` at `pointer` with the comparator's phrase. */
const widened = (tool: string, pointer: string, detail: string): NarrowingProblem => ({ messageId: 'widened', tool, pointer, data: { tool, detail } });
const narrowing = (contractProp: unknown, advertisedProp: unknown) =>
  inputNarrowingProblems({ name: 't', inputSchema: obj({ p: contractProp }) }, { name: 't', inputSchema: obj({ p: advertisedProp }) });

describe('inputNarrowingProblems', () => {
  it('passes an identical subtree', () => {
    expect(narrowing({ type: 'object', properties: { a: { type: 'string' } } }, { properties: { a: { type: 'string' } }, type: 'object' })).toEqual([]);
  });
  it('passes a removed nested property', () => {
    expect(narrowing(obj({ a: { type: 'string' }, b: { type: 'number' } }), obj({ a: { type: 'string' } }))).toEqual([]);
  });
  it('passes a tightened bound', () => {
    expect(narrowing({ type: 'integer', minimum: 0, maximum: 100 }, { type: 'integer', minimum: 1, maximum: 10 })).toEqual([]);
  });
  it('passes a subset enum', () => {
    expect(narrowing({ enum: ['a', 'b', 'c'] }, { enum: ['c', 'a'] })).toEqual([]);
  });
  it('fails a changed type', () => {
    expect(narrowing({ type: 'string' }, { type: 'number' })).toEqual([widened('t', '/inputSchema/properties/p/type', "a different 'type' at /inputSchema/properties/p/type than its contract")]);
  });
  it('fails an added nested property', () => {
    expect(narrowing(obj({ a: { type: 'string' } }), obj({ a: { type: 'string' }, b: {} }))).toEqual([
      widened('t', '/inputSchema/properties/p/properties/b', 'property b at /inputSchema/properties/p/properties/b, which its contract does not declare'),
    ]);
  });
  it('fails a loosened bound', () => {
    expect(narrowing({ type: 'string', maxLength: 10 }, { type: 'string', maxLength: 11 })).toEqual([
      widened('t', '/inputSchema/properties/p/maxLength', "a looser 'maxLength' at /inputSchema/properties/p/maxLength than its contract"),
    ]);
  });
  it('fails an enum member the contract does not list', () => {
    expect(narrowing({ enum: ['a'] }, { enum: ['a', 'z'] })).toEqual([widened('t', '/inputSchema/properties/p/enum/1', 'an enum member at /inputSchema/properties/p/enum/1 that its contract does not list')]);
  });
  it('fails a difference nested two levels deep under items.properties', () => {
    const c = { type: 'array', items: obj({ a: obj({ b: { type: 'string' } }) }) };
    const a = { type: 'array', items: obj({ a: obj({ b: { type: 'boolean' } }) }) };
    expect(inputNarrowingProblems({ name: 't', inputSchema: obj({ p: c }) }, { name: 't', inputSchema: obj({ p: a }) }).map((p) => p.pointer)).toEqual([
      '/inputSchema/properties/p/items/properties/a/properties/b/type',
    ]);
  });
  it('regression: variants.items declares a property the contract\'s element type does not', () => {
    const contract = { name: 'render', inputSchema: obj({ variants: { type: 'array', items: obj({ id: { type: 'string' } }) } }) };
    const listed = { name: 'render', inputSchema: obj({ variants: { type: 'array', items: obj({ id: { type: 'string' }, extra: { type: 'string' } }) } }) };
    const failures = inputNarrowingProblems(contract, listed);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatchObject({ messageId: 'widened', tool: 'render', pointer: '/inputSchema/properties/variants/items/properties/extra' });
  });
  it('fails a top-level divergence: login number advertised where the contract has string', () => {
    const failures = inputNarrowingProblems({ name: 'auth', inputSchema: obj({ login: { type: 'string' } }) }, { name: 'auth', inputSchema: obj({ login: { type: 'number' } }) });
    expect(failures).toEqual([widened('auth', '/inputSchema/properties/login/type', "a different 'type' at /inputSchema/properties/login/type than its contract")]);
  });
  it('names the two top-level rules first, with side and property', () => {
    const failures = inputNarrowingProblems({ name: 'x', inputSchema: obj({ a: {} }) }, { name: 'x', inputSchema: obj({ a: {}, b: {} }, { required: ['a'] }) });
    expect(failures).toEqual([
      { messageId: 'undeclaredProperty', tool: 'x', pointer: '/inputSchema/properties/b', data: { tool: 'x', side: 'input', property: 'b' } },
      { messageId: 'undeclaredRequired', tool: 'x', pointer: '/inputSchema/required', data: { tool: 'x', side: 'input', property: 'a' } },
    ]);
  });
  it('compares outputSchema with output in the message, and a dropped outputSchema', () => {
    const c = { name: 'o', inputSchema: obj({}), outputSchema: obj({ n: { type: 'integer' } }) };
    expect(inputNarrowingProblems(c, { ...c, outputSchema: obj({ n: { type: 'integer', minimum: 0 } }) })).toEqual([]);
    expect(inputNarrowingProblems(c, { ...c, outputSchema: obj({ n: { type: 'number' } }) })).toEqual([
      widened('o', '/outputSchema/properties/n/type', "output a different 'type' at /outputSchema/properties/n/type than its contract"),
    ]);
    expect(inputNarrowingProblems(c, { name: 'o', inputSchema: obj({}) })).toEqual([
      { messageId: 'schemaPresence', tool: 'o', pointer: '/outputSchema', data: { tool: 'o', detail: 'advertises no outputSchema, which its contract declares' } },
    ]);
  });
  it('never throws on malformed input', () => {
    expect(() => inputNarrowingProblems({ name: 'x', inputSchema: null as never }, { name: 'x', inputSchema: { properties: 5 } as never })).not.toThrow();
    expect(inputNarrowingProblems(undefined as never, undefined as never)).toEqual([]);
  });
});

describe('toolSetProblems', () => {
  const c = (name: string): ContractTool => ({ name, inputSchema: { type: 'object' } });
  const l = (name: string): ListedTool => ({ name, inputSchema: { type: 'object' } });
  it('passes equal sets in any order', () => expect(toolSetProblems([c('a'), c('b')], [l('b'), l('a')])).toEqual([]));
  it('reports missing and unexpected tools, without a pointer', () => {
    expect(toolSetProblems([c('a'), c('b')], [l('a'), l('z')])).toEqual([
      { messageId: 'missing', tool: 'b', data: { tool: 'b' } },
      { messageId: 'unexpected', tool: 'z', data: { tool: 'z' } },
    ]);
  });
  it('never throws on a missing side', () => expect(toolSetProblems(undefined as never, [l('a')]).map((p) => p.messageId)).toEqual(['unexpected']));
});

describe('advertisedShapeProblems', () => {
  const tool = (t: Record<string, unknown>) => ({ name: 't', inputSchema: { type: 'object' }, ...t }) as ListedTool;
  it('passes a minimal and a full tool', () => {
    expect(advertisedShapeProblems(tool({}), '2025-11-25')).toEqual([]);
    expect(advertisedShapeProblems(tool({ title: 'T', description: 'd', annotations: { readOnlyHint: true }, icons: [{ src: 'a.png' }], outputSchema: { type: 'object' } }), '2025-11-25')).toEqual([]);
  });
  it('fails a root anyOf inputSchema in every revision (case 14)', () => {
    for (const v of ['2025-06-18', '2025-11-25', '2026-07-28']) {
      expect(advertisedShapeProblems(tool({ inputSchema: { anyOf: [{ type: 'object' }] } }), v)).toEqual([
        { messageId: 'inputRoot', tool: 't', pointer: '/inputSchema/type', data: { tool: 't', detail: ' (root is an anyOf)' } },
      ]);
    }
  });
  it('gates the outputSchema root on the revision', () => {
    const t = tool({ outputSchema: { type: 'array' } });
    const rule = 'revisions before 2026-07-28 require an object root';
    for (const v of ['2025-06-18', '2025-11-25']) expect(advertisedShapeProblems(t, v)).toEqual([{ messageId: 'outputRoot', tool: 't', pointer: '/outputSchema/type', data: { tool: 't', detail: '', rule } }]);
    expect(advertisedShapeProblems(t, '2026-07-28')).toEqual([]);
  });
  it('before 2025-06-18 (no Tool.outputSchema) an outputSchema problem is a warning naming 2025-06-18', () => {
    for (const v of ['2024-11-05', '2025-03-26']) {
      const [root] = advertisedShapeProblems(tool({ outputSchema: { anyOf: [{ type: 'object' }] } }), v);
      expect(root).toMatchObject({ messageId: 'outputRoot', pointer: '/outputSchema/type', severity: 'warning', data: { tool: 't', detail: ' (root is an anyOf)' } });
      expect(root?.data).toHaveProperty('rule', `revision 2025-06-18 requires an object root (the negotiated ${v} defines no outputSchema), and clients such as the MCP SDKs parse tools/list with that shape whatever the revision`);
      expect(advertisedShapeProblems(tool({ outputSchema: 'x' }), v)).toEqual([
        { messageId: 'fieldType', tool: 't', pointer: '/outputSchema', severity: 'warning', data: { tool: 't', field: '/outputSchema', what: `an object (the shape revision 2025-06-18 gives it; the negotiated ${v} defines no outputSchema)` } },
      ]);
      expect(advertisedShapeProblems(tool({ outputSchema: { type: 'object' } }), v)).toEqual([]);
    }
    expect(advertisedShapeProblems(tool({ outputSchema: 'x' }), '2025-06-18')).toEqual([{ messageId: 'fieldType', tool: 't', pointer: '/outputSchema', data: { tool: 't', field: '/outputSchema', what: 'an object' } }]);
  });
  it('gates icons on 2025-11-25 and checks field types', () => {
    expect(advertisedShapeProblems(tool({ icons: 'x' }), '2025-06-18')).toEqual([]);
    expect(advertisedShapeProblems(tool({ icons: 'x' }), '2025-11-25')).toEqual([{ messageId: 'fieldType', tool: 't', pointer: '/icons', data: { tool: 't', field: '/icons', what: 'an array' } }]);
    expect(advertisedShapeProblems(tool({ title: 1, annotations: { readOnlyHint: 'yes' } }), '2025-11-25').map((p) => p.pointer)).toEqual(['/title', '/annotations/readOnlyHint']);
    expect(advertisedShapeProblems({ name: 5 } as never, '2025-11-25').map((p) => p.pointer)).toEqual(['/name', '/inputSchema']);
    expect(advertisedShapeProblems(null as never, '2025-11-25')).toEqual([{ messageId: 'fieldType', tool: '(unnamed tool)', pointer: '', data: { tool: '(unnamed tool)', field: 'the tool', what: 'a Tool object' } }]);
  });
});

describe('advertisedMetadataProblems', () => {
  const base = { name: 't', inputSchema: { type: 'object' }, title: 'T', description: 'D', annotations: { readOnlyHint: true } };
  it('passes agreeing metadata (absent hints equal their defaults)', () => {
    expect(advertisedMetadataProblems(base, { ...base, annotations: { readOnlyHint: true, destructiveHint: true } })).toEqual([]);
  });
  it('reports changed, added and removed fields without quoting them', () => {
    const failures = advertisedMetadataProblems(base, { name: 't', inputSchema: { type: 'object' }, title: 'SECRET', annotations: { readOnlyHint: false, title: 'x' } });
    expect(failures.map((p) => [p.messageId, p.pointer])).toEqual([
      ['changed', '/title'],
      ['removed', '/description'],
      ['changed', '/annotations/readOnlyHint'],
      ['added', '/annotations/title'],
    ]);
    expect(failures.every((p) => p.data.tool === 't' && p.data.field === p.pointer)).toBe(true);
    expect(JSON.stringify(failures)).not.toMatch(/SECRET/);
  });
  it('compares the _meta keys the contract declares (or those of metaKeys)', () => {
    const contract = { ...base, _meta: { 'x/a': 1, 'x/b': 'SECRET', 'x/c': true } };
    const listed = { ...base, _meta: { 'x/a': 2, 'x/c': true, 'x/extra': 0 } };
    expect(advertisedMetadataProblems(contract, listed).map((p) => [p.messageId, p.pointer])).toEqual([
      ['changed', '/_meta/x~1a'],
      ['removed', '/_meta/x~1b'],
    ]);
    expect(advertisedMetadataProblems(contract, listed, { metaKeys: ['x/c'] })).toEqual([]);
    expect(JSON.stringify(advertisedMetadataProblems(contract, listed))).not.toMatch(/SECRET/);
  });
});

describe('uncalledTools', () => {
  it('passes when every tool was called', () => expect(uncalledTools(['a', 'b'], ['b', 'a', 'a'])).toEqual([]));
  it('reports each uncalled tool once', () => expect(uncalledTools(['a', 'b', 'b'], ['a'])).toEqual(['b']));
});

describe('versionLockProblems', () => {
  const tools = [{ name: 'a', inputSchema: { type: 'object' } }];
  const hash = hashToolSchemas(tools);
  it('hashes canonically (order of tools and keys ignored) and detects schema changes', () => {
    const two = [{ name: 'b', inputSchema: { properties: {}, type: 'object' } }, ...tools];
    expect(hashToolSchemas(two)).toBe(hashToolSchemas([...two].reverse()));
    expect(hashToolSchemas([{ name: 'a', inputSchema: { type: 'object', properties: { x: {} } } }])).not.toBe(hash);
  });
  it('passes when versions agree and the schema is unchanged, or changed with a new version', () => {
    expect(versionLockProblems({ serverVersion: '1.0.0', declaredVersion: '1.0.0', lock: { serverVersion: '1.0.0', schemaHash: hash }, schemaHash: hash })).toEqual([]);
    expect(versionLockProblems({ serverVersion: '1.1.0', lock: { serverVersion: '1.0.0', schemaHash: 'old' }, schemaHash: hash })).toEqual([]);
    expect(versionLockProblems({})).toEqual([]);
  });
  it('reports serverInfo.version differing from the declared version, or missing', () => {
    expect(versionLockProblems({ serverVersion: '1.0.0', declaredVersion: '1.2.0' })).toEqual([{ messageId: 'declaredMismatch', pointer: '/serverInfo/version', data: { reported: '1.0.0', declared: '1.2.0' } }]);
    expect(versionLockProblems({ declaredVersion: '1.2.0' })).toEqual([{ messageId: 'noServerVersion', pointer: '/serverInfo/version', data: {} }]);
  });
  it('reports a contract change (schema hash) under an unchanged server version', () => {
    expect(versionLockProblems({ serverVersion: '1.0.0', lock: { source: 'x.lock.json', serverVersion: '1.0.0', schemaHash: 'f'.repeat(64) }, schemaHash: hash })).toEqual([
      { messageId: 'unversionedChange', pointer: '/serverInfo/version', data: { lock: 'x.lock.json' } },
    ]);
  });
});

describe('unmatchedWatchedPaths', () => {
  it('passes when every path matches', () => {
    expect(unmatchedWatchedPaths(['src/**/*.ts'], { 'src/**/*.ts': 3 })).toEqual([]);
    expect(unmatchedWatchedPaths(['a'], () => true)).toEqual([]);
  });
  it('reports a configured watched path that matches no file', () => {
    expect(unmatchedWatchedPaths(['src/**/*.ts', 'gone/*.ts'], { 'src/**/*.ts': 1, 'gone/*.ts': 0 })).toEqual(['gone/*.ts']);
    expect(unmatchedWatchedPaths(['x'], {})).toEqual(['x']);
    expect(unmatchedWatchedPaths(['x'], () => { throw new Error('boom'); })).toEqual(['x']);
  });
});
