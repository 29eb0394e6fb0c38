/**
 * The hostile-server review's B3 through the real CLI: an ad-hoc run of a well-behaved server that leaves a
 * pid-hopping lineage behind at start (test/fixtures/servers/pid-hopper.mjs: every generation forks a copy
 * of itself in a new session, keeping the marker, and exits). Before the converging sweep, the lineage outlived
 * the run in most runs, with or without a finding, and a finding said only that processes "were still alive".
 * Now: one `transport/shutdown` orphans error that says the harness killed them, and no generation of the
 * lineage (the main server's, or a fresh-process probe's: every process of the fixture starts one) runs once the
 * CLI has exited. The conformant twin (the same server, no lineage) draws no `transport/shutdown` finding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';
import { CAN_HOP, hopperArgs, lineageFiles, lineageRuns, PID_HOPPER, type LineageFiles } from '../helpers/lineage.ts';

const KILLED = 'The harness killed them; none was left when it looked again.';

let hop: LineageFiles;
let twinFiles: LineageFiles;
let fault: CliRun;
let twin: CliRun;

describe.runIf(CAN_HOP)('a pid-hopping lineage through the CLI', () => {
  beforeAll(async () => {
    hop = lineageFiles();
    twinFiles = lineageFiles();
    [fault, twin] = await Promise.all([
      runCli(['run', '--', process.execPath, PID_HOPPER, ...hopperArgs(hop)]),
      runCli(['run', '--', process.execPath, PID_HOPPER, ...hopperArgs(twinFiles, 0)]),
    ]);
  });

  afterAll(async () => {
    [fault, twin].forEach(cleanup);
    await Promise.all([hop, twinFiles].filter(Boolean).map((files) => files.cleanup()));
  });

  it('no generation of the lineage runs once the CLI has exited', async () => {
    expect(await lineageRuns(hop)).toBe(false);
  });

  it('reports it as orphans (error) and says the harness killed them; the run exits 1 with a report', () => {
    expect(fault.exitCode, fault.stderr).toBe(1);
    const findings = findingsOf(reportOf(fault), 'ad-hoc', 'transport/shutdown');
    expect(findings.map((f) => [f.messageId, f.severity])).toEqual([['orphans', 'error']]);
    expect(findings[0].message).toMatch(/^\d+ process\(es\) of the server's process tree were still alive after shutdown\. /);
    expect(findings[0].message.endsWith(KILLED), findings[0].message).toBe(true);
  });

  it('the conformant twin: no transport/shutdown finding, no lineage', async () => {
    expect([0, 1], twin.stderr).toContain(twin.exitCode);
    expect(findingsOf(reportOf(twin), 'ad-hoc', 'transport/shutdown')).toEqual([]);
    expect(await lineageRuns(twinFiles)).toBe(false);
  });
});
