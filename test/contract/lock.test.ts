import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildLock, CANONICAL_FORM, ContractError, hashToolSchemas, readLock, writeLock } from '../../harness/contract/index.ts';
import type { Negotiation } from '../../harness/model/observation.ts';
import type { ListedTool } from '../../harness/model/protocol.ts';
import { laughs } from '../fixtures/laughs.ts';

const negotiation: Negotiation = {
  era: 'legacy',
  protocolVersion: '2025-11-25',
  offeredVersion: '2025-11-25',
  serverInfo: { name: 'demo', version: '1.2.3', title: 'Demo', websiteUrl: 'https://example.invalid' },
  probe: { outcome: 'other-error', durationMs: 3, restarted: false },
};

const listed: ListedTool[] = [
  { name: 'zeta', inputSchema: { type: 'object', properties: { b: { type: 'string' }, a: { type: 'integer' } } }, execution: { taskSupport: 'forbidden' } },
  {
    name: 'alpha',
    title: 'Alpha',
    description: 'First',
    inputSchema: { type: 'object' },
    outputSchema: { type: 'object', properties: { ok: { type: 'boolean' } } },
    annotations: { readOnlyHint: true },
  },
];

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'contract-lock-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function readError(file: string): Promise<ContractError> {
  const error = await readLock(file).then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ContractError);
  return error as ContractError;
}

describe('buildLock', () => {
  it('keeps the contract fields, sorts tools by name and hashes their schemas', () => {
    const lock = buildLock(negotiation, listed, new Date('2026-01-02T03:04:05.000Z'));
    expect(lock).toMatchObject({
      lockVersion: 1,
      recordedAt: '2026-01-02T03:04:05.000Z',
      server: { name: 'demo', version: '1.2.3', title: 'Demo' },
      protocolVersion: '2025-11-25',
      era: 'legacy',
    });
    expect(lock.server).not.toHaveProperty('websiteUrl');
    expect(lock.tools.map((t) => t.name)).toEqual(['alpha', 'zeta']);
    expect(lock.tools[1]).not.toHaveProperty('execution');
    expect(lock.schemaHash).toBe(hashToolSchemas(listed));
  });

  it('refuses a negotiation without serverInfo', () => {
    expect(() => buildLock({ ...negotiation, serverInfo: undefined }, listed)).toThrow(ContractError);
  });
});

describe('writeLock and readLock', () => {
  it('round-trips a lock as a Contract, with stable formatting', async () => {
    const file = join(dir, 'round.lock.json');
    const lock = buildLock(negotiation, listed, new Date('2026-01-02T03:04:05.000Z'));
    await writeLock(file, lock);
    const text = await readFile(file, 'utf8');
    expect(text.endsWith('}\n')).toBe(true);
    expect(text.split('\n')[1]).toBe('  "lockVersion": 1,');
    expect(Object.keys(JSON.parse(text))).toEqual(['lockVersion', 'recordedAt', 'server', 'protocolVersion', 'era', 'schemaHash', 'canonicalForm', 'tools']);
    const contract = await readLock(file);
    expect(contract).toEqual({
      source: file,
      kind: 'lock',
      tools: lock.tools,
      serverInfo: { name: 'demo', version: '1.2.3', title: 'Demo' },
      schemaHash: lock.schemaHash,
    });
    await writeLock(join(dir, 'again.lock.json'), buildLock(negotiation, [...listed].reverse(), new Date('2026-01-02T03:04:05.000Z')));
    expect(await readFile(join(dir, 'again.lock.json'), 'utf8')).toBe(text);
  });

  it('names file and key path of a field that fails the lock schema', async () => {
    const file = join(dir, 'bad.lock.json');
    const lock = buildLock(negotiation, listed);
    const broken = { ...lock, tools: [lock.tools[0], { ...lock.tools[1], inputSchema: 'object' }] };
    await writeFile(file, JSON.stringify(broken));
    const error = await readError(file);
    expect(error.keyPath).toBe('tools[1].inputSchema');
    expect(error.message.startsWith(`${file}: tools[1].inputSchema: `)).toBe(true);
  });

  it('rejects an unknown lockVersion, invalid JSON, a missing file and a hash that does not match', async () => {
    const lock = buildLock(negotiation, listed);
    await writeFile(join(dir, 'v2.json'), JSON.stringify({ ...lock, lockVersion: 2 }));
    expect((await readError(join(dir, 'v2.json'))).keyPath).toBe('lockVersion');
    await writeFile(join(dir, 'broken.json'), '{ "lockVersion": ');
    expect((await readError(join(dir, 'broken.json'))).message).toContain('not valid JSON');
    expect((await readError(join(dir, 'absent.json'))).message).toContain('not found');
    await writeFile(join(dir, 'edited.json'), JSON.stringify({ ...lock, tools: lock.tools.slice(1) }));
    expect((await readError(join(dir, 'edited.json'))).keyPath).toBe('schemaHash');
  });

  it('names the inlining budget, not a hand edit, when a lock past the $ref budget no longer matches its hash', async () => {
    // a schema past canonical form's $ref inlining budget (2^17 nodes inlined) was hashed in key order before
    // 4da0cbd, so such a lock from an earlier build no longer matches: any hash but today's stands in for it
    const tools = [{ name: 'deep', inputSchema: laughs(16) }];
    const lock = buildLock(negotiation, listed);
    const stale = 'a'.repeat(64);
    await writeFile(join(dir, 'past-budget.json'), JSON.stringify({ ...lock, tools, schemaHash: stale }));
    const past = await readError(join(dir, 'past-budget.json'));
    expect(past.keyPath).toBe('schemaHash');
    expect(past.message).toContain('past the $ref inlining budget');
    expect(past.message).toContain('re-record the lock');
    // the same lock with today's hash loads; a small schema's mismatch still reads as a hand edit
    await writeFile(join(dir, 'past-budget-ok.json'), JSON.stringify({ ...lock, tools, schemaHash: hashToolSchemas(tools) }));
    expect((await readLock(join(dir, 'past-budget-ok.json'))).schemaHash).toBe(hashToolSchemas(tools));
    const small = [{ name: 'small', inputSchema: laughs(2) }];
    await writeFile(join(dir, 'small.json'), JSON.stringify({ ...lock, tools: small, schemaHash: stale }));
    const edited = await readError(join(dir, 'small.json'));
    expect(edited.message).toContain('edited by hand?');
    expect(edited.message).not.toContain('inlining budget');
  });

  it('still verifies a lock recorded in canonical form 2 (form 2 hashes exactly as before form 3)', async () => {
    const tools = [
      { name: 'pick', inputSchema: { type: 'object', properties: { a: { anyOf: [{ type: 'string', const: 'b' }, { type: 'string', const: 'a' }] }, n: { type: ['integer', 'number'], minimum: 0 }, t: { type: 'array', prefixItems: [{ type: 'string' }], items: false }, r: { type: 'object', propertyNames: { type: 'string' }, additionalProperties: {} } } } },
      { name: 'disc', inputSchema: { type: 'object', properties: { d: { oneOf: [{ type: 'object', properties: { k: { const: 'y' } }, required: ['k'] }, { type: 'object', properties: { k: { const: 'x' } }, required: ['k'] }] } }, required: ['d'] }, outputSchema: { type: 'object', properties: { s: { type: 'string', minLength: 0, enum: ['q'] } } } },
    ];
    // computed by the form-2 harness (before canonical form 3): the same tools hash differently in form 3
    const form2 = '9b0ed9cd27b6c9d5732a4e344b6575e29932294929fb00827a6bb420387e8d00';
    expect(hashToolSchemas(tools, 2)).toBe(form2);
    expect(hashToolSchemas(tools)).not.toBe(form2);
    const lock = buildLock(negotiation, listed);
    await writeFile(join(dir, 'form2.json'), JSON.stringify({ ...lock, tools, canonicalForm: 2, schemaHash: form2 }));
    expect((await readLock(join(dir, 'form2.json'))).schemaHash).toBe(hashToolSchemas(tools));
  });

  it('records the canonical form, reads a lock without one as form 1, and refuses a form newer than its own', async () => {
    const lock = buildLock(negotiation, listed);
    expect(lock.canonicalForm).toBe(CANONICAL_FORM);
    const { canonicalForm: _form, ...legacy } = lock;
    await writeFile(join(dir, 'form1.json'), JSON.stringify({ ...legacy, schemaHash: hashToolSchemas(lock.tools, 1) }));
    expect((await readLock(join(dir, 'form1.json'))).schemaHash).toBe(hashToolSchemas(lock.tools));
    await writeFile(join(dir, 'future.json'), JSON.stringify({ ...lock, canonicalForm: CANONICAL_FORM + 1 }));
    const error = await readError(join(dir, 'future.json'));
    expect(error.keyPath).toBe('canonicalForm');
    expect(error.message).toContain(`knows canonical forms up to ${CANONICAL_FORM}`);
  });
});
