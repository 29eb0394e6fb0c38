/**
 * A malformed or missing baseline (`--baseline FILE` or the config's `baseline`) fails the run before any server
 * starts: exit 2, stderr names the file and the problem, no report. A valid one lets the run go on. The server
 * command writes a marker file when it starts, so "no server started" is observed, not assumed.
 */
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cleanup, runCli, type CliRun } from './helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-baseline-early-'));
const runs: CliRun[] = [];
afterAll(() => {
  runs.forEach(cleanup);
  rmSync(dir, { recursive: true, force: true });
});

/** An ad-hoc run with `--baseline file` of a server that leaves `marker` behind and exits. */
async function runWith(name: string, baseline: string | undefined) {
  const marker = join(dir, `${name}.started`);
  const file = join(dir, `${name}.json`);
  if (baseline !== undefined) writeFileSync(file, baseline);
  const run = await runCli(['run', '--baseline', file, '--request-timeout', '2000', '--', process.execPath, '-e', `require('node:fs').writeFileSync(${JSON.stringify(marker)}, ''); process.exit(3)`]);
  runs.push(run);
  return { run, file, started: existsSync(marker) };
}

describe('the baseline is validated before any server starts', () => {
  it('not JSON: exit 2 naming the file, no server started, no report', async () => {
    const { run, file, started } = await runWith('truncated', '{"baselineVersion": 1,');
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain(`${file}: baseline file is not valid JSON`);
    expect(started).toBe(false);
    expect(run.report).toBeUndefined();
  });

  it('JSON of the wrong shape: exit 2 naming the file and each key path, no server started', async () => {
    const { run, file, started } = await runWith('shape', '{"entries": 3}');
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain(`${file}: entries: `);
    expect(run.stderr).toContain(`${file}: createdAt: `);
    expect(started).toBe(false);
  });

  it('missing: exit 2 naming the file, no server started', async () => {
    const { run, file, started } = await runWith('missing', undefined);
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toContain(`${file}: cannot read baseline file (ENOENT)`);
    expect(started).toBe(false);
  });

  it('a valid baseline: the server starts and the run is judged (its exit finding fails it: 1)', async () => {
    const { run, started } = await runWith('valid', JSON.stringify({ baselineVersion: 1, createdAt: '2026-01-02T03:04:05.000Z', entries: [] }));
    expect(run.exitCode, run.stderr).toBe(1);
    expect(started).toBe(true);
    expect(run.report?.findings.some((f) => f.check === 'transport/exit')).toBe(true);
  });
});
