/**
 * SIGINT (or SIGTERM, SIGHUP) during a run (README.md §The report): the running surface is closed and reported as interrupted (not
 * judged: the harness cut its calls short), surfaces not yet started are left out, the report is still
 * written and marked interrupted, the exit code is 2, and no server process survives. An interrupted
 * `baseline` writes no baseline (it would accept false findings).
 */
import { execa } from 'execa';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Report } from '../../harness/model/report.ts';
import { CONFIGS, ROOT } from './helpers/cli.ts';
import { killMarked, pidsWithMarker } from './helpers/processes.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** The tools/call names the fixture server logged so far (its call-log fault: one line each, as each arrives). */
function calledTools(log: string): string[] {
  return existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
}

/**
 * Start the CLI, send `signal` once the first surface's server received the long `sleep` call (it logs every
 * tools/call as it arrives: an event, not a delay, so a loaded machine never signals before the call was made),
 * and wait for the CLI to end.
 */
async function interrupted(command: 'run' | 'baseline', marker: string, signal: NodeJS.Signals = 'SIGINT', config = 'interrupt.ts') {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-int-'));
  dirs.push(dir);
  const out = join(dir, 'baseline.json');
  const callLog = join(dir, 'calls.log');
  const args = ['bin/mcp-harness.js', command, '--config', join(CONFIGS, config), ...(command === 'baseline' ? ['--out', out] : ['--report-dir', dir])];
  const env = { E2E_MARKER: marker, FIXTURE_FAULTS: `call-log=${callLog}` };
  const child = execa(process.execPath, args, { cwd: ROOT, reject: false, env, stdin: 'ignore', timeout: 60_000 });
  let ended = false;
  void child.finally(() => (ended = true));
  try {
    // bounded by the CLI's own end (its 60 s kill): a run that never makes the call fails on what it reports
    while (!ended && !calledTools(callLog).includes('sleep')) await new Promise((r) => setTimeout(r, 20));
    child.kill(signal);
    const result = await child;
    const file = join(dir, 'report.json');
    const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : undefined;
    return { result, report, baselineWritten: existsSync(out), survivors: pidsWithMarker(marker) };
  } finally {
    killMarked(marker);
  }
}

describe('SIGINT during a run', () => {
  it('writes a report marked interrupted, judges nothing it cut short, exits 2, leaves no process', async () => {
    const { result, report, survivors } = await interrupted('run', `int-run-${process.pid}`);
    expect(result.exitCode).toBe(2);
    expect(report?.interrupted).toBe(true);
    expect(report?.surfaces.map((s) => [s.name, s.status])).toEqual([['first', 'interrupted']]);
    expect(report?.findings.map((f) => f.check)).toEqual(['harness/interrupted']);
    // the console says what the interrupt left undone, not that a cut-short tool "never succeeded"
    expect(result.stdout).not.toContain('never succeeded');
    expect(result.stdout).toMatch(/interrupted: \d+ tools? not run \(the run was interrupted before/);
    expect(result.stdout).toContain('1 tool called when the run was interrupted');
    expect(survivors).toEqual([]);
  });

  it('counts a call in flight as called and a call never written to the server as not run', async () => {
    // echo, add, fail answered, sleep hangs (in flight), whoami and getenv wait behind it: never written
    const { result, report, survivors } = await interrupted('run', `int-queued-${process.pid}`, 'SIGINT', 'interrupt-queued.ts');
    expect(result.exitCode).toBe(2);
    const calls = Object.fromEntries((report?.surfaces[0]?.tools ?? []).map((t) => [t.name, t.calls.map((c) => c.outcome)]));
    expect(calls).toEqual({ echo: ['success'], add: ['success'], fail: ['tool-error'], sleep: ['timeout'], whoami: [], getenv: [] });
    expect(report?.summary.calls).toBe(4);
    expect(result.stdout).toContain('interrupted: 2 tools not run (the run was interrupted before they were called), 4 tools called when the run was interrupted');
    expect(result.stdout).toContain('6 tools, 4 calls');
    expect(survivors).toEqual([]);
  });

  it('SIGHUP (the terminal closed) stops the run the same way: a report marked interrupted, exit 2, no process left', async () => {
    const { result, report, survivors } = await interrupted('run', `int-hup-${process.pid}`, 'SIGHUP');
    expect(result.exitCode).toBe(2);
    expect(report?.interrupted).toBe(true);
    expect(report?.surfaces.map((s) => [s.name, s.status])).toEqual([['first', 'interrupted']]);
    expect(survivors).toEqual([]);
  });

  it('writes no baseline when interrupted', async () => {
    const { result, baselineWritten, survivors } = await interrupted('baseline', `int-base-${process.pid}`);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toMatch(/interrupted; no baseline was written/);
    expect(baselineWritten).toBe(false);
    expect(survivors).toEqual([]);
  });
});
