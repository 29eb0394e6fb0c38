/**
 * The baseline workflow through the CLI: `baseline --out FILE` accepts the current findings, then
 * `run --baseline FILE` is green; a new finding makes it red, and so does a baselined finding whose
 * cause is gone (a `baseline/stale` finding). The fault is switched with FIXTURE_FAULTS.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../harness/model/report.ts';
import { CI_CONFIG, cleanup, cli, readReport, tempDir, type CliResult } from './helpers.ts';

const BANNER = 'stdout-banner'; // one transport/stdout error
// the same, plus more text lines (the same finding: one per kind of line) and a JSON log line (a new one)
const MORE = 'stdout-banner,stdout-log-during-call,stdout-json-log';

let dir: string;
let file: string;
let created: CliResult;
const runs: Record<'same' | 'added' | 'removed' | 'malformed', { result: CliResult; report?: Report }> = {} as never;

/** `run --baseline` with `faults`, its report under `<dir>/<name>`. */
async function runWith(name: keyof typeof runs, faults: string, baseline = file) {
  const out = join(dir, name);
  const result = await cli(['-c', CI_CONFIG, '--surface', 'fixture', '--baseline', baseline, '--report-dir', out, '--reporter', 'json'], { FIXTURE_FAULTS: faults });
  runs[name] = { result, report: result.exitCode === 2 ? undefined : await readReport(out) };
}

beforeAll(async () => {
  dir = await tempDir('baseline');
  file = join(dir, 'mcp-harness.baseline.json');
  created = await cli(['baseline', '-c', CI_CONFIG, '--surface', 'fixture', '--out', file, '--reason', 'e2e'], { FIXTURE_FAULTS: BANNER });
  const malformed = join(dir, 'malformed.json');
  await writeFile(malformed, JSON.stringify({ baselineVersion: 1, createdAt: 'x', entries: [{ check: 'tools/name' }] }));
  await Promise.all([runWith('same', BANNER), runWith('added', MORE), runWith('removed', ''), runWith('malformed', BANNER, malformed)]);
}, 90_000);
afterAll(() => cleanup(dir));

describe('mcp-harness baseline', () => {
  it('writes every current finding with the given reason and exits 0', async () => {
    expect(created.exitCode).toBe(0);
    expect(created.stdout).toMatch(/^mcp-harness: baseline of [2-9]\d* findings written to /m); // 1 finding: progress.test.ts (plural)
    const baseline = JSON.parse(await readFile(file, 'utf8')) as { entries: { check: string; reason: string }[] };
    expect(baseline.entries.map((e) => e.check)).toContain('transport/stdout');
    expect(baseline.entries.every((e) => e.reason === 'e2e')).toBe(true);
  });

  it('makes the same run green, the accepted findings kept and marked baselined', () => {
    const { result, report } = runs.same;
    expect(result.exitCode).toBe(0);
    const stdout = report!.findings.filter((f) => f.check === 'transport/stdout');
    expect(stdout).toHaveLength(1);
    expect(stdout[0]).toMatchObject({ severity: 'error', baselined: true });
  });

  it('fails a run with a new error finding, which is not baselined', () => {
    const { result, report } = runs.added;
    expect(result.exitCode).toBe(1);
    const stdout = report!.findings.filter((f) => f.check === 'transport/stdout');
    const fresh = stdout.filter((f) => !('baselined' in f && f.baselined));
    expect(fresh.length).toBeGreaterThan(0);
    // more lines of a baselined kind stay the baselined finding (its id names the kind, not the count)
    expect(stdout.filter((f) => 'baselined' in f && f.baselined)).toHaveLength(1);
    expect(report!.findings.some((f) => f.check === 'baseline/stale')).toBe(false);
  });

  it('fails a run whose baselined finding went away, with a baseline/stale finding', () => {
    const { result, report } = runs.removed;
    expect(result.exitCode).toBe(1);
    expect(report!.findings.some((f) => f.check === 'transport/stdout')).toBe(false);
    const stale = report!.findings.filter((f) => f.check === 'baseline/stale');
    expect(stale).toHaveLength(1);
    expect(stale[0]).toMatchObject({ severity: 'error', surface: 'fixture', pointer: expect.stringMatching(/^\/entries\/\d+$/) });
  });

  it('refuses a malformed baseline with exit 2, naming the file and the key path', () => {
    const { result } = runs.malformed;
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('malformed.json');
    expect(result.stderr).toMatch(/entries\.0\.id/);
  });
});
