import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/protocol/discover.ts';
import { checkTester, makeObservation } from '../../helpers/check-tester.ts';
import { drive, envelope } from '../../probes/drive.ts';

const good = { resultType: 'complete', supportedVersions: ['2026-07-28'], capabilities: { tools: {} }, ttlMs: 0, cacheScope: 'private', _meta: { 'io.modelcontextprotocol/serverInfo': { name: 's', version: '1' } } };
const modern = (discover: unknown) => makeObservation({ era: 'modern', negotiation: { discover } as never });

checkTester(check, {
  valid: [
    { name: 'valid DiscoverResult', observation: modern(good), strict: true },
    { name: 'legacy era is silent', observation: makeObservation({ era: 'legacy' }), strict: true },
  ],
  invalid: [
    { name: 'top-level serverInfo, missing ttlMs, bad cacheScope, version not listed', observation: modern({ ...good, ttlMs: undefined, cacheScope: 'shared', supportedVersions: ['2025-11-25'], serverInfo: { name: 's', version: '1' } }), findings: [
      { messageId: 'field', pointer: '/ttlMs' }, { messageId: 'field', pointer: '/cacheScope' }, { messageId: 'negotiatedMissing', pointer: '/supportedVersions' }, { messageId: 'topLevelServerInfo', pointer: '/serverInfo' },
    ] },
    { name: 'not an object', observation: modern([]), findings: [{ messageId: 'notObject' }] },
  ],
});

describe('fixture bad-discover.mjs', () => {
  it('answers server/discover with a top-level serverInfo and no ttlMs', async () => {
    const [frame] = await drive('bad-discover.mjs', [{ jsonrpc: '2.0', id: 1, method: 'server/discover', params: envelope() }], { args: ['--modern'], expectIds: [1] });
    expect(frame.result.serverInfo).toBeDefined();
    expect(frame.result.ttlMs).toBeUndefined();
  });
});
