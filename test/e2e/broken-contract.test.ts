/**
 * A contract that cannot be loaded (docs/config.md "Contract modules"): a module with no usable export and a lock
 * file that is not JSON. Each is its surface's `harness/contract` error (`notLoaded`) naming the file and what is
 * wrong, also on stderr; the run exits 2 and still writes report.json; the surface's server is still listed and
 * judged by the checks that need no contract, and a surface without a contract in the same run draws no such finding.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

let run: CliRun;

beforeAll(async () => {
  run = await runCli(['run', '--config', 'test/e2e/configs/broken-contract.json']);
});

afterAll(() => cleanup(run));

describe('a contract that cannot be loaded', () => {
  it('exits 2 and still writes report.json with every surface', () => {
    expect(run.exitCode, run.stderr).toBe(2);
    expect(reportOf(run).surfaces.map((s) => s.name)).toEqual(['no-usable-export', 'truncated-lock', 'no-contract']);
  });

  it('a module with no usable export: one harness/contract error naming the file, the export and what it exports', () => {
    const findings = findingsOf(reportOf(run), 'no-usable-export', 'harness/contract');
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ severity: 'error', messageId: 'notLoaded' });
    expect(findings[0]?.message).toMatch(/broken-contracts\/no-tools\.mjs: the module has no export 'tools'/);
    expect(findings[0]?.message).toContain('VERSION (string)');
    expect(findings[0]?.message).toContain('helpers (function)');
    // a harness fault reads once: in the console summary (stdout), not again on stderr
    expect(run.stdout).toMatch(/no-usable-export: contract could not be loaded: .*no-tools\.mjs|harness\/contract[\s\S]*no-tools\.mjs/);
    expect(run.stderr).not.toMatch(/contract could not be loaded/);
  });

  it('a lock that is not JSON: one harness/contract error naming the file', () => {
    const findings = findingsOf(reportOf(run), 'truncated-lock', 'harness/contract');
    expect(findings).toHaveLength(1);
    expect(findings[0]?.severity).toBe('error');
    expect(findings[0]?.message).toMatch(/broken-contracts\/truncated\.lock\.json: not valid JSON/);
  });

  it('the surfaces still ran: their servers were listed and judged by the checks that need no contract', () => {
    const report = reportOf(run);
    for (const name of ['no-usable-export', 'truncated-lock']) {
      const surface = report.surfaces.find((s) => s.name === name);
      expect(surface?.tools.length, name).toBe(6);
      expect(findingsOf(report, name, 'protocol/era'), name).toHaveLength(1);
      // no contract, so nothing was compared with one
      expect(findingsOf(report, name).filter((f) => f.check === 'tools/set-diff' || f.check === 'tools/input-narrowing'), name).toEqual([]);
    }
  });

  it('a surface without a contract in the same run: no harness/contract finding', () => {
    expect(findingsOf(reportOf(run), 'no-contract', 'harness/contract')).toEqual([]);
    expect(findingsOf(reportOf(run), 'no-contract', 'protocol/era')).toHaveLength(1);
  });
});
