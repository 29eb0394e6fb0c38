/**
 * A finding's spec links cite the revision the session negotiated (a sweep of published servers: sessions at
 * 2024-11-05 were sent to the 2025-11-25 pages), through the real CLI on a fixture server that answers initialize
 * with 2024-11-05, and its twin that negotiates 2025-11-25. A rule the older revision holds (lifecycle §Version
 * Negotiation) links its page; one it does not (tools §Tool Names, added in 2025-11-25) keeps 2025-11-25 and says so.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SITE = 'https://modelcontextprotocol.io/specification';
const TOOLS = JSON.stringify([{ name: 'bad name!', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }]);
let old: CliRun;
let current: CliRun;

beforeAll(async () => {
  const server = [process.execPath, join(SERVERS, 'fixture-server.mjs'), `--tools=${TOOLS}`];
  old = await runCli(['run', '--reporter', 'json', '--', ...server, '--fault=protocol-version=2024-11-05']);
  current = await runCli(['run', '--reporter', 'json', '--', ...server]);
});
afterAll(() => [old, current].forEach(cleanup));

const specOf = (run: CliRun, check: string) => reportOf(run).findings.find((f) => f.check === check)?.spec;

describe('spec links follow the negotiated revision', () => {
  it('a 2024-11-05 session: its own lifecycle page, and the 2025-11-25 tool-name rule named as newer', () => {
    expect(reportOf(old).surfaces[0].protocolVersion).toBe('2024-11-05');
    expect(specOf(old, 'protocol/era')).toContain(`${SITE}/2024-11-05/basic/lifecycle#version-negotiation`);
    expect(specOf(old, 'tools/name')).toBe(`${SITE}/2025-11-25/server/tools#tool-names (a 2025-11-25 rule: the session negotiated 2024-11-05)`);
    expect(reportOf(old).findings.map((f) => f.spec ?? '').join(' ')).not.toContain('/2025-11-25/basic/lifecycle');
  });

  it('the twin at 2025-11-25 cites 2025-11-25, with no note on its rules', () => {
    expect(reportOf(current).surfaces[0].protocolVersion).toBe('2025-11-25');
    expect(specOf(current, 'protocol/era')).toContain(`${SITE}/2025-11-25/basic/lifecycle#version-negotiation`);
    expect(specOf(current, 'tools/name')).toBe(`${SITE}/2025-11-25/server/tools#tool-names`);
  });
});
