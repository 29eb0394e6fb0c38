import { describe, expect, it } from 'vitest';
import versionLock, { compatibleRange } from '../../../harness/checks/contract/version-lock.ts';
import { hashToolSchemas } from '../../../harness/invariants.ts';
import type { Contract } from '../../../harness/model/contract.ts';
import type { Negotiation } from '../../../harness/model/observation.ts';
import { checkTester, makeObservation, makeTool, runCheckOn } from '../../helpers/check-tester.ts';
import { finalizeFindings } from '../../../harness/report/build.ts';

const tools = [makeTool('a')];
const server = (version: string) => ({ serverInfo: { name: 's', version } }) as Partial<Negotiation> as Negotiation;
const lock = (version: string, schemaHash: string): Contract => ({ source: 'mcp.lock.json', kind: 'lock', tools: [], serverInfo: { name: 's', version }, schemaHash });
// a lock of tool `q` with an optional `id`; `required` makes it required (breaks callers), `extra` adds an optional property (compatible)
const schema = (required: string[] = [], extra = false) => ({ type: 'object', properties: { id: { type: 'string' }, ...(extra ? { more: { type: 'string' } } : {}) }, required });
const locked = [makeTool('q', { inputSchema: schema() })];
const lockOf = (version: string): Contract => ({ source: 'mcp.lock.json', kind: 'lock', tools: locked, serverInfo: { name: 's', version }, schemaHash: hashToolSchemas(locked) });
const breaking = [makeTool('q', { inputSchema: schema(['id']) })];
const compatible = [makeTool('q', { inputSchema: schema([], true) })];

checkTester(versionLock, {
  valid: [
    { name: 'declared version equals serverInfo.version', observation: makeObservation({ tools, negotiation: server('1.2.0'), options: { declaredVersion: '1.2.0' } as never }) },
    { name: 'lock unchanged', observation: makeObservation({ tools, negotiation: server('1.0.0'), contract: lock('1.0.0', hashToolSchemas(tools)) }) },
    { name: 'schema changed with a version bump', observation: makeObservation({ tools, negotiation: server('1.1.0'), contract: lock('1.0.0', 'f'.repeat(64)) }) },
    { name: 'a breaking change with a major version bump', observation: makeObservation({ tools: breaking, negotiation: server('2.0.0'), contract: lockOf('1.4.0') }) },
    { name: 'a compatible change under a minor bump', observation: makeObservation({ tools: compatible, negotiation: server('1.5.0'), contract: lockOf('1.4.0') }) },
    { name: 'a breaking change from 0.2.x to 0.3.0 (the caret range of 0.x is its minor part)', observation: makeObservation({ tools: breaking, negotiation: server('0.3.0'), contract: lockOf('0.2.5') }) },
    { name: 'versions that are not semver are not judged for breaking changes', observation: makeObservation({ tools: breaking, negotiation: server('2026-12'), contract: lockOf('2026-11') }) },
    {
      name: 'every declared source agrees (manifest, a module constant, a literal)',
      observation: makeObservation({ tools, negotiation: server('3.2.1'), options: { declaredVersion: '3.2.1', declaredVersions: [{ source: 'its package manifest', version: '3.2.1' }, { source: 'src/compat.ts#LATEST', version: '3.2.1' }, { source: 'the config', version: '3.2.1' }] } as never }),
    },
  ],
  invalid: [
    {
      name: 'each declared source that differs is named',
      observation: makeObservation({ tools, negotiation: server('3.2.1'), options: { declaredVersion: '3.2.1', declaredVersions: [{ source: 'its package manifest', version: '3.2.1' }, { source: 'src/compat.ts#LATEST', version: '3.2.0' }, { source: 'src/other.ts#V' }] } as never }),
      findings: [
        { messageId: 'sourceMismatch', pointer: '/serverInfo/version', message: 'src/compat.ts#LATEST declares version "3.2.0", which differs from serverInfo.version "3.2.1".' },
        { messageId: 'sourceMissing', pointer: '/serverInfo/version', message: 'src/other.ts#V declares no version to agree with serverInfo.version.' },
      ],
    },
    { name: 'no serverInfo.version while the surface declares one', observation: makeObservation({ tools, negotiation: { serverInfo: { name: 's' } } as never, options: { declaredVersion: '1.2.0' } as never }), findings: [{ messageId: 'noServerVersion' }] },
    { name: 'declared version differs', observation: makeObservation({ tools, negotiation: server('1.1.0'), options: { declaredVersion: '1.2.0' } as never }), findings: [{ messageId: 'declaredMismatch', pointer: '/serverInfo/version', data: { reported: '1.1.0', declared: '1.2.0' }, message: 'serverInfo.version "1.1.0" differs from "1.2.0", the version the surface declares (declaredVersion: a literal, its manifest or a module constant).' }] },
    { name: 'schema changed under the same version', observation: makeObservation({ tools, negotiation: server('1.0.0'), contract: lock('1.0.0', 'f'.repeat(64)) }), findings: [{ messageId: 'unversionedChange', severity: 'error', data: { lock: 'mcp.lock.json' } }] },
    {
      name: 'a breaking change under a minor bump (the major part did not change)',
      observation: makeObservation({ tools: breaking, negotiation: server('1.5.0'), contract: lockOf('1.4.0') }),
      findings: [
        {
          messageId: 'breakingUnderMajor',
          severity: 'error',
          tool: 'q',
          pointer: '/inputSchema/required',
          message: 'A breaking change since the lock mcp.lock.json (q: input required added id at /inputSchema/required (breaks callers)) while the major part of serverInfo.version did not change; callers pinned to this major version break without a signal: bump the major version or make the change compatible (see mcp-harness diff).',
        },
      ],
    },
    { name: 'a tool removed under a patch bump of 0.2.x', observation: makeObservation({ tools: [], negotiation: server('0.2.6'), contract: lockOf('0.2.5') }), findings: [{ messageId: 'breakingUnderMajor', tool: 'q' }] },
  ],
});

describe('sourceMismatch ids', () => {
  // two findings share one identity key (surface, check, pointer, messageId): their ids are numbered in message order,
  // so a version bump must not reorder them (the message leads with the source, not the versions)
  it('keep each source its id whichever versions the sources declare', () => {
    const idsOf = (a: string, b: string) => {
      const declaredVersions = [{ source: 'src/a.ts#V', version: a }, { source: 'src/b.ts#V', version: b }];
      const findings = runCheckOn(versionLock, makeObservation({ tools, negotiation: server('5.0.0'), options: { declaredVersion: '5.0.0', declaredVersions } as never }));
      return Object.fromEntries(finalizeFindings(findings).map((f) => [f.message.includes('src/a.ts') ? 'a' : 'b', f.id]));
    };
    expect(idsOf('1.0.0', '9.0.0')).toEqual(idsOf('9.0.0', '1.0.0'));
  });
});

describe('compatibleRange', () => {
  it.each([
    ['1.2.3', '1'],
    ['v2.0.0-rc.1', '2'],
    ['0.2.3', '0.2'],
    ['0.0.3', '0.0.3'],
    ['1.2', undefined],
    [undefined, undefined],
  ])('%s -> %s', (version, range) => expect(compatibleRange(version)).toBe(range));
});
