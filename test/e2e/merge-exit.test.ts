/**
 * `mcp-harness merge` exits as the run it merges did (README.md §Exit codes): 2 when a report carries a `harness/*`
 * error (the harness could not do its job on a surface: the shard's run exited 2), 1 for a server's error finding alone.
 * A walkthrough found merge exiting 1 on a report whose run had exited 2, twice: for a `harness/*` error, and for a
 * surface whose server command could not be started (ENOENT: a `transport/exit` finding only; the report marks the
 * surface `notStarted`).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const all: CliRun[] = [];
const cli = async (args: string[]) => {
  const run = await runCli(args);
  all.push(run);
  return run;
};
let untested: CliRun;
let banner: CliRun;
let enoent: CliRun;

beforeAll(async () => {
  [untested, banner, enoent] = await Promise.all([
    // a surface that exits at start, its transport findings set to warning: harness/untested (an error)
    cli(['run', '-c', 'test/e2e/configs/untested.json', '-r', 'json']),
    // a server that writes a banner on stdout: one transport/stdout error, no harness fault
    cli(['run', '-r', 'json', '--', process.execPath, join(SERVERS, 'fixture-server.mjs'), '--fault=stdout-banner']),
    // a server command that does not exist (ENOENT): transport/exit spawnFailed, no harness/* finding
    cli(['run', '-r', 'json', '--', 'mcp-harness-no-such-cmd']),
  ]);
});
afterAll(() => all.forEach(cleanup));

describe('merge exits as its runs did', () => {
  it('a report with a harness/* error: the run exits 2, and so does its merge, naming the fault', async () => {
    expect(untested.exitCode, untested.stderr).toBe(2);
    expect(reportOf(untested).findings.some((f) => f.check === 'harness/untested' && f.severity === 'error')).toBe(true);
    const merged = await cli(['merge', untested.reportDir, '-r', 'json']);
    expect(merged.exitCode, merged.stderr).toBe(2);
    expect(reportOf(merged).findings.map((f) => f.check)).toContain('harness/untested');
    expect(merged.stdout).toMatch(/harness\/untested/); // the console summary lists it
  });

  it('the twin: a server\'s error finding alone: the run exits 1, and so does its merge', async () => {
    expect(banner.exitCode, banner.stderr).toBe(1);
    const checks = reportOf(banner).findings.filter((f) => f.severity === 'error').map((f) => f.check);
    expect(checks).toContain('transport/stdout');
    expect(checks.filter((c) => c.startsWith('harness/'))).toEqual([]);
    expect(reportOf(banner).surfaces.map((s) => s.notStarted)).toEqual([undefined]);
    const merged = await cli(['merge', banner.reportDir, '-r', 'json']);
    expect(merged.exitCode, merged.stderr).toBe(1);
  });

  it('a server command that could not be started: the run exits 2, its surface is marked notStarted, and merge exits 2', async () => {
    expect(enoent.exitCode, enoent.stderr).toBe(2);
    const report = reportOf(enoent);
    expect(report.findings.filter((f) => f.check.startsWith('harness/'))).toEqual([]);
    expect(report.findings.map((f) => f.messageId)).toContain('spawnFailed');
    expect(report.surfaces.map((s) => [s.status, s.notStarted])).toEqual([['failed', true]]);
    // merged with a report exiting 1 (the banner's): the unstartable surface still makes it 2
    const merged = await cli(['merge', enoent.reportDir, banner.reportDir, '-r', 'json']);
    expect(merged.exitCode, merged.stderr).toBe(2);
    expect(reportOf(merged).surfaces.filter((s) => s.notStarted).length).toBe(1);
  });

  it('the twin: a server that started and exited at once is the server\'s fault, not marked notStarted', () => {
    expect(reportOf(untested).surfaces.every((s) => s.notStarted === undefined)).toBe(true);
  });
});
