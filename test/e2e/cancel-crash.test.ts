/**
 * A server that exits right behind its answer to the protocol/cancellation probe's twin (the same call written
 * behind the cancellation and the marker): test/fixtures/servers/crash-after-cancel.mjs --exit-after-next, and its
 * conformant twin `--no-crash`. The exit follows the twin's answer on the wire, so it is the cancellation probe's
 * crash: the late window that ends after the twin's answer must see it (the session then sends the probe again
 * alone, docs/determinism.md "Crashes"), and the next request (the follow-up tools/list) must not be blamed for it.
 * While the settle after the twin's answer ran (before 366f5f5) every run said so; with the settle skipped
 * (`lateCountsFromMs`) the window ended one poll phase after the twin's answer, before the exit was recorded: with a
 * restart that serves, one unexpectedExit instead of two; with a restart that fails, the follow-up tools/list was
 * written to the dying process and drew protocol/cancellation `unresponsive` and transport/exit `probeInFlight`
 * errors instead of an `unsentRestarts` info (4 of 4 runs idle; with both cores busy 0 of 3: a slower harness
 * recorded the exit in time, so the verdict followed the load); once the session was serial (`--boom`), the request
 * alone after the probe drew a transport/exit `probeInFlight` error (3 of 3 runs idle).
 * Real processes through the CLI, two checks only.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'crash-after-cancel.mjs');
const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-cancel-crash-'));
const runs: CliRun[] = [];
afterAll(() => {
  for (const run of runs) cleanup(run);
  rmSync(dir, { recursive: true, force: true });
});

/** The messageIds of the two checks' findings, sorted. */
async function verdict(...flags: string[]): Promise<string[]> {
  const run = await runCli(['run', '--check', 'protocol/cancellation', '--check', 'transport/exit', '--', process.execPath, SERVER, ...flags], { env: { MCP_HARNESS_CACHE_DIR: 'off' } });
  runs.push(run);
  const report = reportOf(run);
  return [...findingsOf(report, 'ad-hoc', 'protocol/cancellation'), ...findingsOf(report, 'ad-hoc', 'transport/exit')].map((f) => `${f.check} ${f.messageId}`).sort();
}

describe('a server that exits right behind its answer to the cancellation probe\'s twin', () => {
  it('the crash is the cancellation probe\'s: sent again alone, it crashes the restarted server again', async () => {
    expect(await verdict('--exit-after-next')).toEqual(['transport/exit unexpectedExit', 'transport/exit unexpectedExit']);
  }, 60_000);

  it('a restart that fails leaves the follow-up tools/list unsent, never blamed for the crash', async () => {
    expect(await verdict('--exit-after-next', `--no-restart=${join(dir, 'started')}`)).toEqual(['transport/exit unexpectedExit', 'transport/exit unexpectedExit', 'transport/exit unsentRestarts']);
  }, 60_000);

  it('once the session is serial (boom crashed it), the request alone after the cancellation probe is not blamed for the crash', async () => {
    // at 366f5f5 the follow-up tools/list, alone next, drew protocol/cancellation unresponsive and transport/exit
    // probeInFlight; in a run of every check, protocol/ping's ping came next: "ping (probe 'protocol/ping:ping') was in
    // flight when the server process exited"
    expect(await verdict('--exit-after-next', '--boom')).toEqual(['transport/exit callInFlight', 'transport/exit unexpectedExit', 'transport/exit unexpectedExit', 'transport/exit unexpectedExit']);
  }, 60_000);

  it('the conformant twin (cancellation honoured, no exit): no finding of either check', async () => {
    expect(await verdict('--no-crash')).toEqual([]);
  }, 60_000);
});
