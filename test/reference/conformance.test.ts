/**
 * The reference surfaces conform: `mcp-harness run` over the three of them (root config) draws no
 * error and no warning finding. The only notes allowed are the ones the surfaces are built to draw:
 * `protocol/era` (legacy-only server) and `schema/dialect` (SDK 1.x advertises draft-07 schemas).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, reportOf, runCli, type CliRun } from '../e2e/helpers/cli.ts';

const SURFACES = ['reference-modern', 'reference-legacy', 'reference-narrowed'];
/** The info notes a reference surface may carry, by surface: `check messageId`. */
const EXPECTED_INFO: Record<string, string[]> = {
  'reference-modern': [],
  'reference-narrowed': [],
  'reference-legacy': ['protocol/era legacyEra', 'schema/dialect nonDefaultDialect'],
};

let run: CliRun;
beforeAll(async () => {
  run = await runCli(['run', ...SURFACES.flatMap((s) => ['--surface', s])], { timeoutMs: 120_000 });
}, 130_000);
afterAll(() => cleanup(run));

describe('mcp-harness run over the reference surfaces', () => {
  it('boots all three and exits 0', () => {
    expect(reportOf(run).surfaces.map((s) => [s.name, s.status]).sort()).toEqual(SURFACES.map((s) => [s, 'ok']).sort());
    expect(run.exitCode, run.stdout).toBe(0);
  });

  it('draws no error or warning finding', () => {
    const serious = reportOf(run).findings.filter((f) => f.severity !== 'info');
    expect(serious.map((f) => `${f.surface} ${f.severity} ${f.check} ${f.tool ?? ''} ${f.pointer ?? ''}`)).toEqual([]);
  });

  it('draws only the expected info notes', () => {
    for (const surface of SURFACES) {
      const notes = new Set(reportOf(run).findings.filter((f) => f.surface === surface).map((f) => `${f.check} ${f.messageId}`));
      expect([...notes].sort(), surface).toEqual(EXPECTED_INFO[surface]);
    }
  });
});
