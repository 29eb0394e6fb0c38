import { afterAll, describe, expect, it } from 'vitest';
import check from '../../../harness/checks/protocol/discover.ts';
import { checkTester, makeObservation, runCheckOn } from '../../helpers/check-tester.ts';
import { drive, envelope } from '../../probes/drive.ts';
import { cleanup, findingsOf, reportOf, runCli, type CliRun } from '../../e2e/helpers/cli.ts';

const good = { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'private', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } } };
const modern = (discover: unknown) => makeObservation({ era: 'modern', negotiation: { discover } as never });
/** A modern server by its -32022 on initialize, whose server/discover drew `probe` (no DiscoverResult). */
const refused = (probe: Record<string, unknown>) => makeObservation({ era: 'modern', negotiation: { probe: { restarted: false, durationMs: 5, ...probe } } as never });

checkTester(check, {
  valid: [
    { name: 'valid DiscoverResult', observation: modern(good) },
    { name: 'legacy era is silent', observation: makeObservation({ era: 'legacy' }) },
    { name: 'modern server whose discover timed out: transport/timeout, not here', observation: refused({ outcome: 'timeout', timeoutMs: 15000 }) },
  ],
  invalid: [
    { name: 'top-level serverInfo (none under _meta), missing ttlMs, bad cacheScope, version not listed', observation: modern({ ...good, _meta: undefined, ttlMs: undefined, cacheScope: 'shared', supportedVersions: ['2025-11-25'], serverInfo: { name: 's', version: '1' } }), findings: [
      { messageId: 'field', pointer: '/ttlMs', severity: 'error' }, { messageId: 'field', pointer: '/cacheScope', severity: 'error' }, { messageId: 'negotiatedMissing', pointer: '/supportedVersions', severity: 'error' }, { messageId: 'topLevelServerInfo', pointer: '/serverInfo', severity: 'warning' },
    ] },
    // discover.mdx §DiscoverResult: servers SHOULD include _meta serverInfo; Result allows extra members
    { name: 'top-level serverInfo, _meta without serverInfo: a warning (the SHOULD unmet)', observation: modern({ ...good, _meta: { other: 1 }, serverInfo: { name: 's', version: '1' } }), findings: [{ messageId: 'topLevelServerInfo', pointer: '/serverInfo', severity: 'warning' }] },
    { name: 'top-level serverInfo besides the _meta copy: a note (an extra member)', observation: modern({ ...good, serverInfo: { name: 's', version: '1' } }), findings: [{ messageId: 'topLevelServerInfoExtra', pointer: '/serverInfo', severity: 'info' }] },
    { name: 'not an object', observation: modern([]), findings: [{ messageId: 'notObject' }] },
    { name: 'discover answered -32601 by a server that refused initialize with -32022 (modern only)', observation: refused({ outcome: 'other-error', errorCode: -32601 }), findings: [{ messageId: 'missing' }] },
    { name: 'discover killed the process of a modern-only server', observation: refused({ outcome: 'exit', restarted: true }), findings: [{ messageId: 'missing' }] },
  ],
});

describe('fixture bad-discover.mjs', () => {
  it('answers server/discover with a top-level serverInfo and no ttlMs', async () => {
    const [frame] = await drive('bad-discover.mjs', [{ jsonrpc: '2.0', id: 1, method: 'server/discover', params: envelope() }], { args: ['--modern'], expectIds: [1] });
    expect(frame.result.serverInfo).toBeDefined();
    expect(frame.result.ttlMs).toBeUndefined();
  });
});

describe('fixture bad-discover.mjs through the real CLI', () => {
  let fault: CliRun | undefined;
  let twin: CliRun | undefined;
  afterAll(() => [fault, twin].forEach(cleanup));
  const cli = (...args: string[]) => runCli(['run', '--check', 'protocol/discover', '--', process.execPath, 'test/fixtures/servers/faults/bad-discover.mjs', '--modern', ...args]);
  const serverInfo = (run: CliRun) => findingsOf(reportOf(run), 'ad-hoc', 'protocol/discover').filter((f) => (f.messageId ?? '').startsWith('topLevelServerInfo')).map((f) => [f.messageId, f.pointer, f.severity]);

  it('a top-level serverInfo without the _meta copy draws topLevelServerInfo, a warning', async () => {
    fault = await cli();
    expect(serverInfo(fault)).toEqual([['topLevelServerInfo', '/serverInfo', 'warning']]);
  });

  it('its twin (--meta-too: the _meta copy as well) draws only the note', async () => {
    twin = await cli('--meta-too');
    expect(serverInfo(twin)).toEqual([['topLevelServerInfoExtra', '/serverInfo', 'info']]);
    expect(findingsOf(reportOf(twin), 'ad-hoc', 'protocol/discover').filter((f) => f.severity !== 'info')).toEqual([]);
  });
});

describe('a modern server without a working server/discover (issue 9)', () => {
  it('names the answer the probe drew, never "did not complete protocol negotiation"', () => {
    const [finding] = runCheckOn(check, refused({ outcome: 'other-error', errorCode: -32601 }));
    expect(finding.message).toBe('server/discover drew JSON-RPC error -32601, yet the server is modern (initialize was refused with -32022 naming only 2026-07-28): a 2026-07-28 server must answer server/discover with a DiscoverResult.');
  });
});
