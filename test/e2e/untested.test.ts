/**
 * A surface that tested nothing never passes (harness/untested): a server that exits at start, with the checks that
 * would report it lowered to warning, makes the run exit 2 with a harness/untested error on that surface alone; with
 * the default severities transport/exit's error already fails the run and harness/untested stays out; a server that
 * declares no tools capability lists none by design and passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

let lowered: CliRun;
let defaults: CliRun;
let noTools: CliRun;
let expected: CliRun;

beforeAll(async () => {
  [lowered, defaults, noTools, expected] = await Promise.all([
    runCli(['run', '--config', 'test/e2e/configs/untested.json']),
    runCli(['run', '--request-timeout', '2000', '--', process.execPath, '-e', 'process.exit(3)']),
    runCli(['run', '--', process.execPath, join(SERVERS, 'prompts-only.mjs')]),
    runCli(['run', '--config', 'test/e2e/configs/untested-expects.json']),
  ]);
});

afterAll(() => [lowered, defaults, noTools, expected].forEach(cleanup));

describe('harness/untested', () => {
  it('a failed surface with no error-level finding: one harness/untested error naming the phase, exit 2', () => {
    expect(lowered.exitCode, lowered.stderr).toBe(2);
    const report = reportOf(lowered);
    const [finding, ...more] = findingsOf(report, 'exits-at-start', 'harness/untested');
    expect(more).toEqual([]);
    expect(finding).toMatchObject({ severity: 'error', messageId: 'untested' });
    expect(finding.message).toMatch(/^Nothing on this surface was tested: it failed (to start its server|in the handshake|to list its tools), /);
    expect(findingsOf(report, 'exits-at-start', 'transport/exit').every((f) => f.severity === 'warning')).toBe(true);
    expect(findingsOf(report, 'lists', 'harness/untested')).toEqual([]);
    // printed once: the console summary lists it, stderr does not repeat it
    expect(lowered.stdout.match(/Nothing on this surface was tested/g)).toHaveLength(1);
    expect(lowered.stderr).not.toMatch(/Nothing on this surface was tested/);
  });

  it('with the default severities the server error fails the run (exit 1) and harness/untested stays out', () => {
    expect(defaults.exitCode, defaults.stderr).toBe(1);
    const report = reportOf(defaults);
    expect(report.findings.some((f) => f.check === 'transport/exit' && f.severity === 'error')).toBe(true);
    expect(report.findings.filter((f) => f.check === 'harness/untested')).toEqual([]);
  });

  it('a server that declares no tools capability lists none by design: tools/listing says so (info), no harness/untested, exit 0 (a reviewer)', () => {
    expect(noTools.exitCode, noTools.stderr).toBe(0);
    const report = reportOf(noTools);
    expect(report.findings.filter((f) => f.check === 'harness/untested')).toEqual([]);
    expect(report.findings.some((f) => f.check === 'tools/listing' && f.messageId === 'listErrorUndeclared' && f.severity === 'info')).toBe(true);
  });

  it('the same server on a surface that expects tools (scenarios configured): its scenarios never ran, so harness/untested, exit 2 (a reviewer)', () => {
    expect(expected.exitCode, expected.stderr).toBe(2);
    expect(findingsOf(reportOf(expected), 'no-tools-but-scenarios', 'harness/untested')).toHaveLength(1);
  });
});
