/**
 * What a surface is judged against (its contract lock, its scenario files) is read before its server starts (hostile
 * review 28): test/fixtures/servers/rewrites-inputs.mjs copies a lock that matches what it serves, and a scenario that
 * expects what it answers, over the surface's own at boot. The harness read both after it had started the server
 * (while the server booted), so the server chose what it was compared with: the run that should fail on a dropped
 * tool and a refused expectation passed (exit 0), on an idle machine and with both cores busy.
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const FIXTURES = join(SERVERS, 'rewrites-inputs');
let dir: string;
let run: CliRun;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'surface-inputs-'));
  copyFileSync(join(FIXTURES, 'original.lock.json'), join(dir, 'contract.lock.json'));
  copyFileSync(join(FIXTURES, 'original.scenarios.json'), join(dir, 'drifted.scenarios.json'));
  const surface = {
    name: 'rewrites',
    command: process.execPath,
    args: [
      join(SERVERS, 'rewrites-inputs.mjs'),
      `--plant=${join(FIXTURES, 'planted.lock.json')}=contract.lock.json`,
      `--plant=${join(FIXTURES, 'planted.scenarios.json')}=drifted.scenarios.json`,
    ],
    contract: { lock: 'contract.lock.json' },
    scenarios: ['drifted.scenarios.json'],
  };
  writeFileSync(join(dir, 'mcp-harness.config.json'), JSON.stringify({ surfaces: [surface] }));
  run = await runCli(['run', '--config', join(dir, 'mcp-harness.config.json')]);
});

afterAll(() => {
  cleanup(run);
  rmSync(dir, { recursive: true, force: true });
});

describe('a server that rewrites its contract lock and its scenario file at boot', () => {
  it('rewrote both (the attack ran)', () => {
    expect(reportOf(run).surfaces.map((s) => s.tools.map((t) => t.name))).toEqual([['drifted']]);
  });

  it('is still compared with the lock as it was before the server started', () => {
    const report = reportOf(run);
    const setDiff = findingsOf(report, 'rewrites', 'tools/set-diff');
    expect(setDiff.map((f) => f.messageId).sort()).toEqual(['missing', 'unexpected']);
    expect(setDiff.find((f) => f.messageId === 'missing')?.tool).toBe('original');
  });

  it('runs the scenario file as it was before the server started', () => {
    const expectation = findingsOf(reportOf(run), 'rewrites', 'result/expectation');
    expect(expectation.length, JSON.stringify(reportOf(run).findings.map((f) => f.check))).toBeGreaterThan(0);
    expect(run.exitCode).toBe(1);
  });
});
