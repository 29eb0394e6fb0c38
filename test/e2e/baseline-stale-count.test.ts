/**
 * The plain progress lines count what the console summary counts (walkthrough: with a baseline entry that no longer
 * occurs, the surface line said "0 findings" and the summary "1 error"): the `baseline/stale` findings a baseline adds
 * after the run get a line of their own, so the lines' findings add up to the summary's. The twin, a baseline with no
 * stale entry, prints no such line, and the surface lines alone add up.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-stale-count-'));
const FIXTURE = join(SERVERS, 'fixture-server.mjs');
// an entry for the ad-hoc surface that no finding of the fixture server has (a made-up id)
const STALE = { id: '0123456789abcdef', check: 'tools/name', surface: 'ad-hoc', tool: 'echo', reason: 'fixed since' };
let stale: CliRun;
let clean: CliRun;

/** `run --baseline <file with entries> -- node fixture-server.mjs`, plain lines (CI). */
async function runWith(name: string, entries: unknown[]): Promise<CliRun> {
  const file = join(dir, `${name}.baseline.json`);
  writeFileSync(file, JSON.stringify({ baselineVersion: 1, createdAt: '2026-01-01T00:00:00.000Z', entries }));
  return runCli(['run', '--baseline', file, '-r', 'console,json', '--', process.execPath, FIXTURE], { env: { CI: '1' } });
}

/** The findings each plain progress line counts, and the summary's total. */
function counts(run: CliRun): { lines: number[]; summary: number } {
  const lines = [...run.stdout.matchAll(/^· .*?, (\d+) findings?\b/gm)].map((m) => Number(m[1]));
  const m = /^findings: (\d+) errors?, (\d+) warnings?, (\d+) info$/m.exec(run.stdout);
  if (!m) throw new Error(`no summary line in:\n${run.stdout}`);
  return { lines, summary: Number(m[1]) + Number(m[2]) + Number(m[3]) };
}

beforeAll(async () => {
  [stale, clean] = await Promise.all([runWith('stale', [STALE]), runWith('clean', [])]);
});
afterAll(() => {
  cleanup(stale);
  cleanup(clean);
  rmSync(dir, { recursive: true, force: true });
});

describe('the progress lines add up to the summary', () => {
  it('a stale baseline entry: its finding on a baseline line of its own, the lines adding up to the summary', () => {
    expect(stale.exitCode, stale.stderr).toBe(1);
    expect(reportOf(stale).findings.filter((f) => f.check === 'baseline/stale')).toHaveLength(1);
    expect(stale.stdout).toMatch(/^· baseline .*stale\.baseline\.json: 1 stale entry, 1 finding \(baseline\/stale: /m);
    const { lines, summary } = counts(stale);
    expect(lines).toHaveLength(2); // the surface's, the baseline's
    expect(lines.reduce((a, b) => a + b, 0)).toBe(summary);
  });

  it('the twin: no stale entry, no baseline line, the surface line alone adds up', () => {
    expect(clean.exitCode, clean.stderr).toBe(0);
    expect(clean.stdout).not.toMatch(/^· baseline /m);
    const { lines, summary } = counts(clean);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toBe(summary);
  });
});

describe('merge --baseline of runs that had the baseline already: judged once, the lines add up', () => {
  it('the stale run merged against its own baseline: one baseline/stale finding, the summary and the baseline line agree', async () => {
    const merged = await runCli(['merge', stale.reportDir, '--baseline', join(dir, 'stale.baseline.json'), '-r', 'console,json'], { env: { CI: '1' } });
    try {
      expect(merged.exitCode, merged.stderr).toBe(1);
      expect(reportOf(merged).findings.filter((f) => f.check === 'baseline/stale')).toHaveLength(1);
      expect(reportOf(merged).summary).toEqual(reportOf(stale).summary);
      expect(merged.stdout).toMatch(/^· baseline .*stale\.baseline\.json: 1 stale entry, 1 finding \(baseline\/stale: /m);
      expect(merged.stdout).toMatch(/^findings: 1 error, /m);
    } finally {
      cleanup(merged);
    }
  });

  it('the twin: the clean run merged against its baseline stays clean', async () => {
    const merged = await runCli(['merge', clean.reportDir, '--baseline', join(dir, 'clean.baseline.json'), '-r', 'console,json'], { env: { CI: '1' } });
    try {
      expect(merged.exitCode, merged.stderr).toBe(0);
      expect(reportOf(merged).findings.filter((f) => f.check === 'baseline/stale')).toEqual([]);
      expect(reportOf(merged).summary).toEqual(reportOf(clean).summary);
    } finally {
      cleanup(merged);
    }
  });
});
