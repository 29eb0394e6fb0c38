/**
 * The probes' wider window (harness/run/probe-window.ts, issue 12) through the real CLI on a real server that
 * handles one request at a time (test/fixtures/servers/probes/serial-window.mjs, which reports the most requests
 * it ever held unanswered). A fast server gets the wider window and the same findings as at the narrow one; a slow
 * one keeps the narrow window and no probe times out, where forcing the wider window times probes out (so the
 * rule, not luck, keeps them in time).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'probes/serial-window.mjs');

/**
 * Requests the server may hold beyond the window: protocol/cancellation's `tools/list` marker and its twin are
 * written right behind the cancelled call, outside any window slot (harness/session/exchange.ts).
 */
const BESIDE_WINDOW = 2;

interface Arm {
  run: CliRun;
  /** The most requests any of the server's processes held unanswered at once. */
  maxQueued: number;
}

describe('the probes\' window on a server that handles one request at a time (issue 12)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-probe-window-'));
  const arms: Record<string, Arm> = {};
  /** One CLI run of a config with one surface of the fixture (`surface` keys beside command and args). */
  /** The surface is named `serial` in every arm: finding ids hash the surface's name. */
  const arm = async (name: string, server: string[], requestMs: number, surface: Record<string, unknown> = {}, cli: string[] = []): Promise<void> => {
    const report = join(dir, `${name}.jsonl`);
    const config = join(dir, `${name}.json`);
    writeFileSync(config, JSON.stringify({ timeouts: { requestMs }, surfaces: [{ name: 'serial', command: process.execPath, args: [SERVER, ...server, '--report', report], ...surface }] }));
    const run = await runCli(['run', '--config', config, ...cli]);
    const lines = readFileSync(report, 'utf8').trim().split('\n');
    arms[name] = { run, maxQueued: Math.max(...lines.map((l) => (JSON.parse(l) as { maxQueued: number }).maxQueued)) };
  };
  beforeAll(async () => {
    // fast: 1 ms per request; the bound is 60 s / (4 x 64) = 234 ms, far above a call's wait behind 7 others
    // slow: 100 ms per request; the bound is 2 s / 256 = 7.8 ms; at 64 the ~40 probes queue for ~4 s > 2 s
    await Promise.all([
      arm('fast', ['--tools', '40', '--work', '1'], 60_000),
      arm('fastNarrow', ['--tools', '40', '--work', '1'], 60_000, {}, ['--call-concurrency', '8']),
      arm('slow', ['--tools', '3', '--work', '100'], 2_000),
      arm('slowForced', ['--tools', '3', '--work', '100'], 2_000, { probeConcurrency: 64 }),
    ]);
  }, 120_000);
  afterAll(() => {
    for (const a of Object.values(arms)) cleanup(a.run);
    rmSync(dir, { recursive: true, force: true });
  });
  const ids = (a: Arm) => reportOf(a.run).findings.map((f) => f.id).sort();
  const timeouts = (a: Arm) => findingsOf(reportOf(a.run), 'serial', 'transport/timeout');

  it('a server whose calls answer fast gets the wider window', () => {
    expect(arms.fast!.maxQueued).toBeGreaterThan(8 + BESIDE_WINDOW);
    expect(arms.fast!.maxQueued).toBeLessThanOrEqual(64 + BESIDE_WINDOW);
    expect(timeouts(arms.fast!)).toEqual([]);
  });

  it('--call-concurrency 8 keeps every window at 8, and the verdict is the same as at the wider window', () => {
    expect(arms.fastNarrow!.maxQueued).toBeLessThanOrEqual(8 + BESIDE_WINDOW);
    expect(reportOf(arms.fast!.run).findings.length).toBeGreaterThan(0);
    expect(ids(arms.fast!)).toEqual(ids(arms.fastNarrow!));
  });

  it('a server slower per request than the bound keeps the narrow window, and no probe times out', () => {
    expect(arms.slow!.maxQueued).toBeLessThanOrEqual(8 + BESIDE_WINDOW);
    expect(timeouts(arms.slow!)).toEqual([]);
    expect(reportOf(arms.slow!.run).findings.length).toBeGreaterThan(0);
  });

  it('the same slow server at a forced window of 64 times probes out: the rule is what keeps them in time', () => {
    expect(arms.slowForced!.maxQueued).toBeGreaterThan(8 + BESIDE_WINDOW);
    expect(timeouts(arms.slowForced!).length).toBeGreaterThan(0);
  });
});
