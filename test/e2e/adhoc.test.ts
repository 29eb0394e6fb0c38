/**
 * Ad-hoc runs (`mcp-harness run -- COMMAND ARGS`, no config): a legacy and a modern fixture server are
 * checked against the specification alone (contract checks skipped, with a reason), and a command that
 * cannot be spawned still yields a report with a transport/exit finding and exit code 1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const FIXTURE = join(SERVERS, 'fixture-server.mjs');
const CONTRACT_CHECKS = ['tools/set-diff', 'tools/advertised-metadata', 'tools/input-narrowing'];

let legacy: CliRun;
let modern: CliRun;
let missing: CliRun;

beforeAll(async () => {
  [legacy, modern, missing] = await Promise.all([
    runCli(['run', '--', process.execPath, FIXTURE]),
    runCli(['run', '--', process.execPath, FIXTURE, '--era=modern']),
    runCli(['run', '--', '/nonexistent/binary', '--flag']),
  ]);
});

afterAll(() => [legacy, modern, missing].forEach(cleanup));

describe.each([
  ['legacy', () => legacy],
  ['modern', () => modern],
] as const)('ad-hoc run of a %s server', (era, get) => {
  it('exits 0 or 1, never 2, and reports the era', () => {
    const run = get();
    expect([0, 1], run.stderr).toContain(run.exitCode);
    const [surface] = reportOf(run).surfaces;
    expect([surface.name, surface.status, surface.era]).toEqual(['ad-hoc', 'ok', era]);
    expect(surface.tools.map((t) => t.name)).toContain('echo');
  });

  it('lists the contract checks as skipped, each with a reason', () => {
    const skipped = reportOf(get()).skipped;
    for (const check of CONTRACT_CHECKS) {
      const entry = skipped.find((s) => s.check === check);
      expect(entry, check).toMatchObject({ surface: 'ad-hoc', reason: expect.stringContaining('contract') });
    }
    expect(reportOf(get()).findings.filter((f) => CONTRACT_CHECKS.includes(f.check))).toEqual([]);
  });

  it('prints the summary on stdout', () => {
    expect(get().stdout).toContain('ad-hoc');
  });
});

describe('ad-hoc run of a command that cannot be spawned', () => {
  it('still writes a report: surface failed, transport/exit spawnFailed, exit code 2 (a usage fault)', () => {
    expect(missing.exitCode, missing.stderr).toBe(2);
    expect(missing.stderr).toContain('mcp-harness: ad-hoc: the server command could not be started');
    const report = reportOf(missing);
    expect(report.surfaces.map((s) => [s.name, s.status])).toEqual([['ad-hoc', 'failed']]);
    expect(findingsOf(report, 'ad-hoc', 'transport/exit').map((f) => [f.messageId, f.severity])).toEqual([['spawnFailed', 'error']]);
  });
});
