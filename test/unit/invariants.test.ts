import { describe, expect, it } from 'vitest';
import {
  checkAdvertisedMetadata,
  checkAdvertisedShape,
  checkEveryToolCalled,
  checkInputNarrowing,
  checkVersionLock,
  checkWatchedPathsExist,
  diffToolSets,
  hashToolSchemas,
  inputNarrowingProblems,
} from '../../harness/invariants.ts';
import type { ContractTool } from '../../harness/model/contract.ts';
import type { ListedTool } from '../../harness/model/protocol.ts';

const obj = (properties: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({ type: 'object', properties, ...extra });
const narrowing = (contractProp: unknown, advertisedProp: unknown) =>
  checkInputNarrowing({ name: 't', inputSchema: obj({ p: contractProp }) }, { name: 't', inputSchema: obj({ p: advertisedProp }) });

describe('checkInputNarrowing', () => {
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
    expect(narrowing({ type: 'string' }, { type: 'number' })).toEqual(["t advertises a different 'type' at /inputSchema/properties/p/type than its contract"]);
  });
  it('fails an added nested property', () => {
    expect(narrowing(obj({ a: { type: 'string' } }), obj({ a: { type: 'string' }, b: {} }))).toEqual([
      't advertises property b at /inputSchema/properties/p/properties/b, which its contract does not declare',
    ]);
  });
  it('fails a loosened bound', () => {
    expect(narrowing({ type: 'string', maxLength: 10 }, { type: 'string', maxLength: 11 })).toEqual(["t advertises a looser 'maxLength' at /inputSchema/properties/p/maxLength than its contract"]);
  });
  it('fails an enum member the contract does not list', () => {
    expect(narrowing({ enum: ['a'] }, { enum: ['a', 'z'] })).toEqual(['t advertises an enum member at /inputSchema/properties/p/enum/1 that its contract does not list']);
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
    const failures = checkInputNarrowing(contract, listed);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/^render advertises .*\/inputSchema\/properties\/variants\/items\/properties\/extra/);
  });
  it('fails a top-level divergence: login number advertised where the contract has string', () => {
    const failures = checkInputNarrowing({ name: 'auth', inputSchema: obj({ login: { type: 'string' } }) }, { name: 'auth', inputSchema: obj({ login: { type: 'number' } }) });
    expect(failures).toEqual(["auth advertises a different 'type' at /inputSchema/properties/login/type than its contract"]);
  });
  it('keeps the two top-level messages verbatim', () => {
    const failures = checkInputNarrowing({ name: 'x', inputSchema: obj({ a: {} }) }, { name: 'x', inputSchema: obj({ a: {}, b: {} }, { required: ['a'] }) });
    expect(failures).toEqual(['x advertises input property b, which its contract does not declare', 'x requires input property a, which its contract does not require']);
  });
  it('compares outputSchema with output in the message, and a dropped outputSchema', () => {
    const c = { name: 'o', inputSchema: obj({}), outputSchema: obj({ n: { type: 'integer' } }) };
    expect(checkInputNarrowing(c, { ...c, outputSchema: obj({ n: { type: 'integer', minimum: 0 } }) })).toEqual([]);
    expect(checkInputNarrowing(c, { ...c, outputSchema: obj({ n: { type: 'number' } }) })).toEqual(["o advertises output a different 'type' at /outputSchema/properties/n/type than its contract"]);
    expect(checkInputNarrowing(c, { name: 'o', inputSchema: obj({}) })).toEqual(['o advertises no outputSchema, which its contract declares']);
  });
  it('never throws on malformed input', () => {
    expect(() => checkInputNarrowing({ name: 'x', inputSchema: null as never }, { name: 'x', inputSchema: { properties: 5 } as never })).not.toThrow();
    expect(checkInputNarrowing(undefined as never, undefined as never)).toEqual([]);
  });
});

describe('diffToolSets', () => {
  const c = (name: string): ContractTool => ({ name, inputSchema: { type: 'object' } });
  const l = (name: string): ListedTool => ({ name, inputSchema: { type: 'object' } });
  it('passes equal sets in any order', () => expect(diffToolSets([c('a'), c('b')], [l('b'), l('a')])).toEqual([]));
  it('reports missing and unexpected tools', () => {
    expect(diffToolSets([c('a'), c('b')], [l('a'), l('z')])).toEqual(['b is in the contract but not advertised', 'z is advertised but not in the contract']);
  });
});

describe('checkAdvertisedShape', () => {
  const tool = (t: Record<string, unknown>) => ({ name: 't', inputSchema: { type: 'object' }, ...t }) as ListedTool;
  it('passes a minimal and a full tool', () => {
    expect(checkAdvertisedShape(tool({}), '2025-11-25')).toEqual([]);
    expect(checkAdvertisedShape(tool({ title: 'T', description: 'd', annotations: { readOnlyHint: true }, icons: [{ src: 'a.png' }], outputSchema: { type: 'object' } }), '2025-11-25')).toEqual([]);
  });
  it('fails a root anyOf inputSchema in every revision (case 14)', () => {
    for (const v of ['2025-06-18', '2025-11-25', '2026-07-28']) {
      expect(checkAdvertisedShape(tool({ inputSchema: { anyOf: [{ type: 'object' }] } }), v)).toEqual(['t advertises an inputSchema whose root does not declare type "object" (root is an anyOf)']);
    }
  });
  it('gates the outputSchema root on the revision', () => {
    const t = tool({ outputSchema: { type: 'array' } });
    expect(checkAdvertisedShape(t, '2025-11-25')).toHaveLength(1);
    expect(checkAdvertisedShape(t, '2026-07-28')).toEqual([]);
  });
  it('gates icons on 2025-11-25 and checks field types', () => {
    expect(checkAdvertisedShape(tool({ icons: 'x' }), '2025-06-18')).toEqual([]);
    expect(checkAdvertisedShape(tool({ icons: 'x' }), '2025-11-25')).toEqual(['t advertises /icons that is not an array']);
    expect(checkAdvertisedShape(tool({ title: 1, annotations: { readOnlyHint: 'yes' } }), '2025-11-25')).toHaveLength(2);
    expect(checkAdvertisedShape({ name: 5 } as never, '2025-11-25')).toHaveLength(2);
    expect(checkAdvertisedShape(null as never, '2025-11-25')).toEqual(['(unnamed tool) is not a Tool object']);
  });
});

describe('checkAdvertisedMetadata', () => {
  const base = { name: 't', inputSchema: { type: 'object' }, title: 'T', description: 'D', annotations: { readOnlyHint: true } };
  it('passes agreeing metadata (absent hints equal their defaults)', () => {
    expect(checkAdvertisedMetadata(base, { ...base, annotations: { readOnlyHint: true, destructiveHint: true } })).toEqual([]);
  });
  it('reports changed, added and removed fields without quoting them', () => {
    const failures = checkAdvertisedMetadata(base, { name: 't', inputSchema: { type: 'object' }, title: 'SECRET', annotations: { readOnlyHint: false, title: 'x' } });
    expect(failures).toEqual([
      't advertises /title that differs from its contract',
      't advertises no /description, which its contract declares',
      't advertises /annotations/readOnlyHint that differs from its contract',
      't advertises /annotations/title, which its contract does not declare',
    ]);
    expect(failures.join()).not.toMatch(/SECRET/);
  });
});

describe('checkEveryToolCalled', () => {
  it('passes when every tool was called', () => expect(checkEveryToolCalled(['a', 'b'], ['b', 'a', 'a'])).toEqual([]));
  it('reports each uncalled tool once', () => expect(checkEveryToolCalled(['a', 'b', 'b'], ['a'])).toEqual(['b is advertised but was never called']));
});

describe('checkVersionLock', () => {
  const tools = [{ name: 'a', inputSchema: { type: 'object' } }];
  const hash = hashToolSchemas(tools);
  it('hashes canonically (order of tools and keys ignored) and detects schema changes', () => {
    const two = [{ name: 'b', inputSchema: { properties: {}, type: 'object' } }, ...tools];
    expect(hashToolSchemas(two)).toBe(hashToolSchemas([...two].reverse()));
    expect(hashToolSchemas([{ name: 'a', inputSchema: { type: 'object', properties: { x: {} } } }])).not.toBe(hash);
  });
  it('passes when versions agree and the schema is unchanged, or changed with a new version', () => {
    expect(checkVersionLock({ serverVersion: '1.0.0', declaredVersion: '1.0.0', lock: { serverVersion: '1.0.0', schemaHash: hash }, schemaHash: hash })).toEqual([]);
    expect(checkVersionLock({ serverVersion: '1.1.0', lock: { serverVersion: '1.0.0', schemaHash: 'old' }, schemaHash: hash })).toEqual([]);
    expect(checkVersionLock({})).toEqual([]);
  });
  it('reports serverInfo.version differing from the declared version, or missing', () => {
    expect(checkVersionLock({ serverVersion: '1.0.0', declaredVersion: '1.2.0' })).toEqual(['serverInfo.version differs from the version the surface declares']);
    expect(checkVersionLock({ declaredVersion: '1.2.0' })).toHaveLength(1);
  });
  it('reports a contract change (schema hash) under an unchanged server version', () => {
    expect(checkVersionLock({ serverVersion: '1.0.0', lock: { serverVersion: '1.0.0', schemaHash: 'f'.repeat(64) }, schemaHash: hash })).toEqual([
      'the tool schemas changed since the lock (schema hash differs) while serverInfo.version did not',
    ]);
  });
});

describe('checkWatchedPathsExist', () => {
  it('passes when every path matches', () => {
    expect(checkWatchedPathsExist(['src/**/*.ts'], { 'src/**/*.ts': 3 })).toEqual([]);
    expect(checkWatchedPathsExist(['a'], () => true)).toEqual([]);
  });
  it('reports a configured watched path that matches no file', () => {
    expect(checkWatchedPathsExist(['src/**/*.ts', 'gone/*.ts'], { 'src/**/*.ts': 1, 'gone/*.ts': 0 })).toEqual(['watched path gone/*.ts matches no file']);
    expect(checkWatchedPathsExist(['x'], {})).toEqual(['watched path x matches no file']);
    expect(checkWatchedPathsExist(['x'], () => { throw new Error('boom'); })).toEqual(['watched path x matches no file']);
  });
});
