/**
 * protocol/client-capability-use through the real CLI, both arms on one fixture (test/fixtures/servers/faults/
 * asks-undeclared-roots.mjs): asking for roots the client never declared is an error on 2025-11-25; the twin that
 * reads the client's capabilities first asks nothing and draws nothing.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const FIXTURE = join(SERVERS, 'faults/asks-undeclared-roots.mjs');
let asks: CliRun;
let checks: CliRun;

beforeAll(async () => {
  [asks, checks] = await Promise.all([
    runCli(['run', '--check', 'protocol/client-capability-use', '--', process.execPath, FIXTURE]),
    runCli(['run', '--check', 'protocol/client-capability-use', '--', process.execPath, FIXTURE, '--checks-capabilities']),
  ]);
});

afterAll(() => [asks, checks].forEach(cleanup));

describe('protocol/client-capability-use', () => {
  it('roots/list to a client that declared {}: one error naming the method and the capability, exit 1', () => {
    expect(asks.exitCode, asks.stderr).toBe(1);
    const findings = findingsOf(reportOf(asks), reportOf(asks).surfaces[0].name, 'protocol/client-capability-use');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ severity: 'error', messageId: 'roots' });
    expect(findings[0].message).toMatch(/^The server sent roots\/list to a client that declared no 'roots' capability/);
  });

  it('the twin that checks the client capabilities first: nothing, exit 0', () => {
    expect(checks.exitCode, checks.stderr).toBe(0);
    expect(reportOf(checks).findings.filter((f) => f.check === 'protocol/client-capability-use')).toEqual([]);
  });
});
