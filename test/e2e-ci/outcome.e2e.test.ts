/**
 * What decides the exit code and what a run covers, through the CLI: `--fail-on warning`, per-check
 * severity overrides in the config (`'error'`, `'off'`), and the `--surface`, `--tool` and `--check`
 * filters (the report contains only what was selected). Bad filter values are exit 2 with a message.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../harness/model/report.ts';
import { CI_CONFIG, checksOf, cleanup, cli, readReport, SEVERITY_CONFIG, tempDir, type CliResult } from './helpers.ts';

let dir: string;
const runs = new Map<string, { result: CliResult; report: Report }>();

/** Run the CLI with `args` (+ env), report under `<dir>/<name>`, remembered as `name`. */
async function runAs(name: string, args: string[], env: Record<string, string> = {}) {
  const out = join(dir, name);
  const result = await cli([...args, '--reporter', 'json', '--report-dir', out], env);
  runs.set(name, { result, report: await readReport(out) });
}
const get = (name: string) => runs.get(name)!;

beforeAll(async () => {
  dir = await tempDir('outcome');
  // "mirror" alone: a result/text-mirror warning and an info finding, no error
  const mirror = ['-c', SEVERITY_CONFIG, '--surface', 'mirror'];
  await Promise.all([
    runAs('default', mirror),
    runAs('failOnWarning', [...mirror, '--fail-on', 'warning']),
    runAs('asError', mirror, { E2E_CHECKS: '{"result/text-mirror":"error"}' }),
    runAs('off', [...mirror, '--fail-on', 'warning'], { E2E_CHECKS: '{"result/text-mirror":"off"}' }),
  ]);
  await Promise.all([
    runAs('surfaces', ['-c', CI_CONFIG, '--surface', 'echo', '--surface', 'dotted']),
    runAs('check', ['-c', CI_CONFIG, '--surface', 'dotted,echo,huge', '--check', 'tools/name,result/size']),
    runAs('tool', ['-c', CI_CONFIG, '--surface', 'echo,fixture', '--tool', 'lookup,add']),
  ]);
}, 120_000);
afterAll(() => cleanup(dir));

describe('fail threshold', () => {
  it('exits 0 on a warnings-only run by default', () => {
    const { result, report } = get('default');
    expect(report.summary.findings).toMatchObject({ error: 0, warning: 1 });
    expect(result.exitCode).toBe(0);
  });

  it('exits 1 on the same run with --fail-on warning', () => {
    expect(get('failOnWarning').report.summary.findings).toMatchObject({ error: 0, warning: 1 });
    expect(get('failOnWarning').result.exitCode).toBe(1);
  });
});

describe('per-check severity overrides in the config', () => {
  it("'error' raises result/text-mirror and fails the run", () => {
    const { result, report } = get('asError');
    expect(report.findings.filter((f) => f.check === 'result/text-mirror').map((f) => f.severity)).toEqual(['error']);
    expect(result.exitCode).toBe(1);
  });

  it("'off' drops result/text-mirror, so even --fail-on warning passes", () => {
    const { result, report } = get('off');
    expect(checksOf(report)).not.toContain('result/text-mirror');
    expect(result.exitCode).toBe(0);
  });
});

describe('filters narrow the run', () => {
  it('--surface: only the named surfaces and their findings', () => {
    const { report } = get('surfaces');
    expect(report.surfaces.map((s) => s.name).sort()).toEqual(['dotted', 'echo']);
    expect(new Set(report.findings.map((f) => f.surface))).toEqual(new Set(['dotted', 'echo']));
  });

  it('--check: only findings of the named checks', () => {
    const { report } = get('check');
    expect(checksOf(report)).toEqual(['result/size', 'tools/name']);
  });

  it('--tool: only calls of the named tools', () => {
    const { report } = get('tool');
    const called = report.surfaces.flatMap((s) => s.tools.filter((t) => t.calls.length > 0).map((t) => t.name)).sort();
    expect(called).toEqual(['add', 'lookup']);
  });

  // regression: the tools --tool leaves out are out of scope (no every-tool-called errors, and their
  // scenario files are not "scenarios for a tool the surface does not advertise")
  it('--tool: findings name no other tool, and the run is not failed by the tools left out', () => {
    const { result, report } = get('tool');
    const tools = new Set(report.findings.flatMap((f) => (f.tool === undefined ? [] : [f.tool])));
    expect([...tools].filter((t) => t !== 'lookup' && t !== 'add')).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
});

describe('bad filter values', () => {
  const bad = new Map<string, CliResult>();
  beforeAll(async () => {
    const cases: [string, string[]][] = [
      ['check', ['--check', 'tools/nope']],
      ['surface', ['--surface', 'mirorr']],
      ['shard', ['--shard', '3/2']],
    ];
    await Promise.all(cases.map(async ([name, args]) => bad.set(name, await cli(['-c', CI_CONFIG, ...args]))));
  }, 60_000);

  it('an unknown --check ID is exit 2 naming it', () => {
    expect(bad.get('check')).toMatchObject({ exitCode: 2, stderr: expect.stringContaining('tools/nope') });
  });

  it('an unknown --surface is exit 2 with a suggestion', () => {
    expect(bad.get('surface')).toMatchObject({ exitCode: 2, stderr: expect.stringContaining('did you mean "mirror"') });
  });

  it('a bad --shard is exit 2 naming the flag', () => {
    expect(bad.get('shard')).toMatchObject({ exitCode: 2, stderr: expect.stringContaining('--shard') });
  });
});
