/**
 * Each crash's transport/exit finding shows the stderr of the process that crashed, not the session's last lines
 * (test/fixtures/servers/crash-stderr.mjs; sweep 17: task-master-ai 0.43.1's three crashes each showed the stderr of
 * the process after them, which exited normally). Real processes through the CLI, the one check.
 * And a crashing server's whole verdict is the same at every in-flight window (docs/determinism.md, "Crashes"):
 * crash-stderr.mjs and given-secrets.mjs, every check, at windows 1, 8 and 32.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'crash-stderr.mjs');
const runs: CliRun[] = [];
afterAll(() => {
  for (const run of runs) cleanup(run);
});

async function crashes(...flags: string[]) {
  const run = await runCli(['run', '--check', 'transport/exit', '--', process.execPath, SERVER, ...flags]);
  runs.push(run);
  return findingsOf(reportOf(run), 'ad-hoc', 'transport/exit').filter((f) => f.messageId === 'unexpectedExit');
}

describe('a server that crashes twice and then ends normally', () => {
  it("each crash's finding shows the crashed process's own stderr, never the last process's", async () => {
    const found = await crashes();
    expect(found.length).toBeGreaterThanOrEqual(2);
    for (const f of found) {
      expect(f.stderr).toEqual(['started', 'fatal: boom handler failed']);
    }
  }, 60_000);

  it('--quiet-crash: a crash that wrote nothing but its start line shows only that line', async () => {
    const found = await crashes('--quiet-crash');
    expect(found.length).toBeGreaterThanOrEqual(2);
    for (const f of found) expect(f.stderr).toEqual(['started']);
  }, 60_000);
});

describe('a server whose call crashes it: the same verdict at windows 1, 8 and 32', () => {
  // the flip hunt of 2026-12-06: window 1 drew a third unexpectedExit. The early probes (harness/run/early-probes.ts) were
  // submitted behind the calls, so at window 1 the crash came before any was written, and the serial lane then wrote
  // them alone on the process a later call had restarted: the probe of the crashing tool without arguments crashed it
  // once more, though the final plan (the call ended `exit`) never probes that tool (input-enforcement `unprobed`).
  // At 8 and 32 the same probe was in flight beside the call and ended with the first crash.
  const servers = { 'crash-stderr': join(SERVERS, 'crash-stderr.mjs'), 'given-secrets': join(SERVERS, 'given-secrets.mjs') };
  const windows = [1, 8, 32];
  const byServer = new Map<string, CliRun[]>();
  beforeAll(async () => {
    for (const [name, server] of Object.entries(servers)) {
      const those = await Promise.all(windows.map((n) => runCli(['run', '--call-concurrency', String(n), '--', process.execPath, server])));
      runs.push(...those);
      byServer.set(name, those);
    }
  }, 240_000);
  /** Every finding's id, check and message, sorted (messages hold no times: docs/determinism.md). */
  const verdict = (run: CliRun) => reportOf(run).findings.map((f) => `${f.id} ${f.check} ${f.message}`).sort();

  for (const name of Object.keys(servers)) {
    it(`${name}: two crashes (the call pipelined, then alone) and the same findings at every window`, () => {
      const [serial, ...wider] = byServer.get(name)!;
      for (const run of [serial!, ...wider]) {
        expect(findingsOf(reportOf(run), 'ad-hoc', 'transport/exit').filter((f) => f.messageId === 'unexpectedExit')).toHaveLength(2);
      }
      for (const run of wider) expect(verdict(run)).toEqual(verdict(serial!));
    });
  }
});
