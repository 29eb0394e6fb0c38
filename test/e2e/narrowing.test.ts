/**
 * Issue 3 through the real CLI: the reference-narrowed surface started with `--widen` loosens one
 * contract bound, and tools/input-narrowing reports it at error with the pointer of the widening (exit
 * code 1); the same surface as shipped (three legal narrowing overrides) draws no tools/input-narrowing
 * finding at all (exit code 0).
 */
import { execa } from 'execa';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../harness/model/report.ts';
import { cleanup, findingsOf, reportOf, ROOT, runCli, type CliRun } from './helpers/cli.ts';

const CONFIG = ['run', '--config', 'test/e2e/configs/widened.ts', '--check', 'tools/input-narrowing'];
const WIDENED_POINTER = '/inputSchema/properties/variants/items/properties/version/maxLength';

let widened: CliRun;
let narrowed: CliRun;

beforeAll(async () => {
  [widened, narrowed] = await Promise.all([
    runCli([...CONFIG, '--surface', 'reference-widened']),
    runCli([...CONFIG, '--surface', 'reference-narrowed']),
  ]);
});

afterAll(() => [widened, narrowed].forEach(cleanup));

describe('tools/input-narrowing through the CLI', () => {
  it('--widen: reported at error on compare_variants with the pointer of the widening, exit code 1', () => {
    expect(widened.exitCode, widened.stderr).toBe(1);
    const findings = findingsOf(reportOf(widened), 'reference-widened', 'tools/input-narrowing');
    expect(findings.map((f) => [f.severity, f.tool, f.pointer])).toEqual([['error', 'compare_variants', WIDENED_POINTER]]);
    expect(findings[0].message).toContain(WIDENED_POINTER);
  });

  it('as shipped: the three narrowing overrides pass, no finding, exit code 0', () => {
    expect(narrowed.exitCode, narrowed.stderr).toBe(0);
    const report = reportOf(narrowed);
    expect(report.surfaces.map((s) => [s.name, s.status, s.era])).toEqual([['reference-narrowed', 'ok', 'modern']]);
    expect(findingsOf(report, 'reference-narrowed', 'tools/input-narrowing')).toEqual([]);
    expect(report.skipped.filter((s) => s.check === 'tools/input-narrowing')).toEqual([]);
  });
});

describe('tools/input-narrowing through `npm run validate:mcp` (the main job, root config)', () => {
  it('a reference override swapped for a wider one (REFERENCE_WIDEN=1) is reported, exit code 1', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-widen-'));
    try {
      const args = ['run', '--silent', 'validate:mcp', '--', '--surface', 'reference-narrowed', '--check', 'tools/input-narrowing', '--report-dir', dir];
      const result = await execa('npm', args, { cwd: ROOT, reject: false, env: { REFERENCE_WIDEN: '1' }, stdin: 'ignore', timeout: 120_000 });
      expect(result.exitCode, String(result.stderr)).toBe(1);
      const file = join(dir, 'report.json');
      expect(existsSync(file)).toBe(true);
      const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
      const findings = findingsOf(report, 'reference-narrowed', 'tools/input-narrowing');
      expect(findings.map((f) => [f.severity, f.tool, f.pointer])).toEqual([['error', 'compare_variants', WIDENED_POINTER]]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
