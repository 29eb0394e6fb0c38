/**
 * `mcp-harness baseline` writes nothing when the run could not test everything it was asked to (README.md §Exit codes:
 * 2): a server command that cannot be started (ad hoc, or a config's misspelt `command`) and a surface that tested
 * nothing (harness/untested) each exit 2 with a stderr line saying why, and an existing baseline file is left as it
 * was; the twin, a server that starts, gets its baseline written (exit 0), with no harness/* entry.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-baseline-refusal-'));
const BEFORE = '{"kept": "the baseline file before the run"}\n';
const runs: Record<'adHoc' | 'typo' | 'untested' | 'exits' | 'starts' | 'reportFlags', { run: CliRun; file: string }> = {} as never;

/** `baseline --out <dir>/<name>.json args...` over a baseline file that already holds BEFORE. */
async function baseline(name: keyof typeof runs, args: readonly string[]) {
  const file = join(dir, `${name}.json`);
  writeFileSync(file, BEFORE);
  const dash = args.indexOf('--');
  const own = dash === -1 ? args : args.slice(0, dash);
  const rest = dash === -1 ? [] : args.slice(dash);
  runs[name] = { run: await runCli(['baseline', '--out', file, ...own, ...rest]), file };
}

beforeAll(async () => {
  await Promise.all([
    baseline('adHoc', ['--request-timeout', '2000', '--', 'mcp-harness-no-such-command']),
    baseline('typo', ['--config', 'test/e2e/configs/baseline-unstartable.json']),
    baseline('untested', ['--config', 'test/e2e/configs/untested.json']),
    // node starts, the script does not exist: the process exits before the handshake (transport/exit bootExited)
    baseline('exits', ['--request-timeout', '2000', '--', process.execPath, join(dir, 'no-such-server.mjs')]),
    baseline('starts', ['--', process.execPath, join(SERVERS, 'fixture-server.mjs')]),
    // the report flags: baseline writes no report and fails on no finding, so it takes none of them
    baseline('reportFlags', ['-r', 'json', '--report-dir', join(dir, 'reports'), '--fail-on', 'warning', '--', process.execPath, join(SERVERS, 'fixture-server.mjs')]),
  ]);
});
afterAll(() => {
  Object.values(runs).forEach((r) => cleanup(r.run));
  rmSync(dir, { recursive: true, force: true });
});

describe('baseline refuses a run that could not test everything', () => {
  it('an ad-hoc command that cannot be started: exit 2, says so, the old file untouched', () => {
    const { run, file } = runs.adHoc;
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^mcp-harness: ad-hoc: the server command could not be started \(/m);
    expect(run.stderr).toMatch(/^mcp-harness: no baseline was written: /m);
    expect(run.stdout).not.toMatch(/baseline of .* written/);
    expect(readFileSync(file, 'utf8')).toBe(BEFORE);
  });

  it('a config surface whose command is misspelt ("nodee"): exit 2 naming that surface, the old file untouched', () => {
    const { run, file } = runs.typo;
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^mcp-harness: typo: the server command could not be started \(/m);
    expect(run.stderr).not.toMatch(/^mcp-harness: starts:/m);
    expect(run.stderr).toMatch(/^mcp-harness: no baseline was written: /m);
    expect(readFileSync(file, 'utf8')).toBe(BEFORE);
  });

  it('a surface that tested nothing (harness/untested): exit 2 with its message, the old file untouched', () => {
    const { run, file } = runs.untested;
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^mcp-harness: exits-at-start: Nothing on this surface was tested: /m);
    expect(run.stderr).toMatch(/^mcp-harness: no baseline was written: /m);
    expect(readFileSync(file, 'utf8')).toBe(BEFORE);
  });

  it('a server that starts but never boots (its script is missing): exit 2, says so, the old file untouched (third review)', () => {
    const { run, file } = runs.exits;
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).toMatch(/^mcp-harness: ad-hoc: the server did not boot \(.*\): a baseline would accept a surface that tested nothing$/m);
    expect(run.stderr).toMatch(/^mcp-harness: no baseline was written: /m);
    expect(readFileSync(file, 'utf8')).toBe(BEFORE);
  });

  it('the twin: a server that starts gets its baseline written, exit 0, no harness/* entry', () => {
    const { run, file } = runs.starts;
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(/no baseline was written/);
    const written = JSON.parse(readFileSync(file, 'utf8')) as { baselineVersion: number; entries: { check: string }[] };
    expect(written.baselineVersion).toBe(1);
    expect(written.entries.length).toBeGreaterThan(0);
    expect(written.entries.filter((e) => e.check.startsWith('harness/'))).toEqual([]);
    expect(readdirSync(run.reportDir)).toEqual([]); // no report: the baseline file is all it writes
  });
});

describe('baseline refuses the report flags (walkthrough: it took them and used none)', () => {
  it('--reporter, --report-dir and --fail-on: a usage error each, naming the flag and what baseline does instead; exit 2, nothing run or written', () => {
    const { run, file } = runs.reportFlags;
    expect(run.exitCode, run.stderr).toBe(2);
    const noReport = 'Not an option of "baseline": baseline writes no report, only the baseline file (--out FILE, default mcp-harness.baseline.json); reports come from mcp-harness run';
    expect(run.stderr.replace(/^mcp-harness: /, '').trim().split('\n')).toEqual([
      `<command line>: --reporter: ${noReport}`,
      `<command line>: --report-dir: ${noReport}`,
      '<command line>: --fail-on: Not an option of "baseline": baseline accepts every finding whatever its severity, and exits 0 once the file is written; the threshold is mcp-harness run\'s',
    ]);
    expect(run.stdout).toBe('');
    expect(readFileSync(file, 'utf8')).toBe(BEFORE);
    expect(existsSync(join(dir, 'reports'))).toBe(false);
  });
});
