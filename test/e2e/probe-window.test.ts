/**
 * The probes' in-flight window by default (issue 12), through the real CLI on a real server that handles one
 * request at a time (test/fixtures/servers/probes/serial-window.mjs, which reports the most requests it ever held
 * unanswered). The default is the calls' window (8): two wider defaults were tried and broken by reviewers (see the
 * fixture), so these pin that no default run holds more, that a server slow only on the probes' invalid arguments
 * draws no timeout, and that a configured wider window is what times such probes out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'probes/serial-window.mjs');
/**
 * Requests the server may hold beyond the window: protocol/cancellation's `tools/list` marker and its twin, written
 * right behind the cancelled call outside any window slot (harness/session/exchange.ts), and the cancelled call itself
 * once its late window ended (capped at lateGraceMs) while this server still held it: its slot is free again.
 */
const BESIDE_WINDOW = 3;

interface Arm {
  run: CliRun;
  /** The most requests any of the server's processes held unanswered at once. */
  maxQueued: number;
}

describe('the probes\' default window on a server that handles one request at a time (issue 12)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-probe-window-'));
  const arms: Record<string, Arm> = {};
  /** One CLI run of a config with one surface `serial` of the fixture (`surface`: keys beside command and args). */
  const arm = async (name: string, server: string[], timeouts: Record<string, number>, surface: Record<string, unknown> = {}): Promise<void> => {
    const report = join(dir, `${name}.jsonl`);
    const config = join(dir, `${name}.json`);
    writeFileSync(config, JSON.stringify({ timeouts, surfaces: [{ name: 'serial', command: process.execPath, args: [SERVER, ...server, '--report', report], ...surface }] }));
    const run = await runCli(['run', '--config', config]);
    const lines = readFileSync(report, 'utf8').trim().split('\n');
    arms[name] = { run, maxQueued: Math.max(...lines.map((l) => (JSON.parse(l) as { maxQueued: number }).maxQueued)) };
  };
  beforeAll(async () => {
    await Promise.all([
      // every request 1 ms: the calls answer fast, and the probes stay at 8 all the same
      arm('fast', ['--tools', '40', '--work', '1'], {}),
      // valid calls instant, invalid arguments 700 ms (a reviewer's server, default timeouts: 8 x 700 ms < 15 s)
      arm('slowInvalid', ['--tools', '8', '--work', '700', '--invalid-only'], {}),
      // 100 ms per request, 2 s timeouts: at 8 a probe waits <= 0.8 s; at a configured 64, ~40 queue for ~4 s
      arm('slowWide', ['--tools', '3', '--work', '100'], { requestMs: 2_000 }, { probeConcurrency: 64 }),
    ]);
  }, 120_000);
  afterAll(() => {
    for (const a of Object.values(arms)) cleanup(a.run);
    rmSync(dir, { recursive: true, force: true });
  });
  const timeouts = (a: Arm) => findingsOf(reportOf(a.run), 'serial', 'transport/timeout');

  it('a server whose every request is fast still holds at most the calls\' window of probes', () => {
    expect(arms.fast!.maxQueued).toBeGreaterThan(1); // pipelined at all
    expect(arms.fast!.maxQueued).toBeLessThanOrEqual(8 + BESIDE_WINDOW);
    expect(timeouts(arms.fast!)).toEqual([]);
  });

  it('a server whose calls are fast and whose invalid arguments are slow draws no timeout (calls do not bound probes)', () => {
    expect(arms.slowInvalid!.maxQueued).toBeLessThanOrEqual(8 + BESIDE_WINDOW);
    expect(timeouts(arms.slowInvalid!)).toEqual([]);
    expect(reportOf(arms.slowInvalid!.run).findings.length).toBeGreaterThan(0);
  });

  it('a configured wider window times a slow server\'s probes out: why it is not the default', () => {
    expect(arms.slowWide!.maxQueued).toBeGreaterThan(8 + BESIDE_WINDOW);
    expect(timeouts(arms.slowWide!).length).toBeGreaterThan(0);
  });
});
