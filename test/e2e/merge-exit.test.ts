/**
 * `mcp-harness merge` exits as the run it merges did (README.md §Exit codes): 2 when a report carries a `harness/*`
 * error (the harness could not do its job on a surface: the shard's run exited 2), 1 for a server's error finding alone.
 * A walkthrough found merge exiting 1 on a report whose run had exited 2.
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

beforeAll(async () => {
  [untested, banner] = await Promise.all([
    // a surface that exits at start, its transport findings set to warning: harness/untested (an error)
    cli(['run', '-c', 'test/e2e/configs/untested.json', '-r', 'json']),
    // a server that writes a banner on stdout: one transport/stdout error, no harness fault
    cli(['run', '-r', 'json', '--', process.execPath, join(SERVERS, 'fixture-server.mjs'), '--fault=stdout-banner']),
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
    const merged = await cli(['merge', banner.reportDir, '-r', 'json']);
    expect(merged.exitCode, merged.stderr).toBe(1);
  });
});
