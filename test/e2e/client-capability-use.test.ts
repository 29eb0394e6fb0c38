/**
 * protocol/client-capability-use through the real CLI, both arms on one fixture (test/fixtures/servers/faults/
 * asks-undeclared-roots.mjs): asking for roots the client never declared is an error on 2025-11-25; the twin that
 * reads the client's capabilities first asks nothing and draws nothing. The finding names the tool whose call the
 * request came in; a request sent only once stdin closed (after the session's last answer, the process exiting)
 * is seen as well (the tap is read after the process exited), its twin again asks nothing.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const FIXTURE = join(SERVERS, 'faults/asks-undeclared-roots.mjs');
let asks: CliRun;
let checks: CliRun;
let asksOnClose: CliRun;
let checksOnClose: CliRun;

const run = (...args: string[]) => runCli(['run', '--check', 'protocol/client-capability-use', '--', process.execPath, FIXTURE, ...args]);

beforeAll(async () => {
  [asks, checks] = await Promise.all([run(), run('--checks-capabilities')]);
  [asksOnClose, checksOnClose] = await Promise.all([run('--on-close'), run('--on-close', '--checks-capabilities')]);
});

afterAll(() => [asks, checks, asksOnClose, checksOnClose].forEach(cleanup));

describe('protocol/client-capability-use', () => {
  it('roots/list to a client that declared {}: one error naming the method and the capability, exit 1', () => {
    expect(asks.exitCode, asks.stderr).toBe(1);
    const findings = findingsOf(reportOf(asks), reportOf(asks).surfaces[0].name, 'protocol/client-capability-use');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ severity: 'error', messageId: 'roots' });
    expect(findings[0].message).toMatch(/^The server sent roots\/list in the tools\/call of 'list_files' to a client that declared no 'roots' capability/);
  });

  it('roots/list sent only when stdin closed, after the last answer: seen all the same, no tool named, exit 1', () => {
    expect(asksOnClose.exitCode, asksOnClose.stderr).toBe(1);
    const findings = findingsOf(reportOf(asksOnClose), reportOf(asksOnClose).surfaces[0].name, 'protocol/client-capability-use');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ severity: 'error', messageId: 'roots' });
    expect(findings[0].tool).toBeUndefined();
    expect(findings[0].message).toMatch(/^The server sent roots\/list while no tools\/call was in flight to a client/);
    // the same finding id as the one sent in the call: when the request came is in the message only
    expect(findings[0].id).toBe(findingsOf(reportOf(asks), reportOf(asks).surfaces[0].name, 'protocol/client-capability-use')[0].id);
  });

  it('its twin, which asks nothing on close either: nothing, exit 0', () => {
    expect(checksOnClose.exitCode, checksOnClose.stderr).toBe(0);
    expect(reportOf(checksOnClose).findings.filter((f) => f.check === 'protocol/client-capability-use')).toEqual([]);
  });

  it('the twin that checks the client capabilities first: nothing, exit 0', () => {
    expect(checks.exitCode, checks.stderr).toBe(0);
    expect(reportOf(checks).findings.filter((f) => f.check === 'protocol/client-capability-use')).toEqual([]);
  });
});
