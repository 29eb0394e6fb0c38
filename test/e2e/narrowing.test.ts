/**
 * Issue 3 through the real CLI: the reference-narrowed surface started with `--widen` loosens one
 * contract bound, and tools/input-narrowing reports it at error with the pointer of the widening (exit
 * code 1); the same surface as shipped (three legal narrowing overrides) draws no tools/input-narrowing
 * finding at all (exit code 0).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

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
