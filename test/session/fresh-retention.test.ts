/**
 * A fresh-process session (a fresh-process probe's process, or a spare started for one) keeps server frames under a
 * retention budget of its own of at most FRESH_RETAINED_BYTES (16 MiB), whatever the surface's budget: nothing it keeps
 * beyond its answer is read, so a server flooding that process can no longer make the harness hold a full surface
 * budget (up to 1 GiB) for each such process. Its answer is kept past that budget, so the probe's record is the same.
 * The main session keeps the surface's budget (the twin), and a fresh session within 16 MiB passes nothing.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { probeFresh, spawnFresh, type SpawnSpec } from '../../harness/session/index.ts';
import { FRESH_RETAINED_BYTES } from '../../harness/retention-budget.ts';
import { options, sessionStarter } from './helpers.ts';

const start = sessionStarter();
const MiB = 1024 * 1024;
const SURFACE_BUDGET = 1024 * MiB;

/** The server: `notify` notifications of 1 MB before every initialize answer. */
const noisy = (notify: number): SpawnSpec => ({
  command: process.execPath, args: [fileURLToPath(new URL('../fixtures/servers/noisy-opening.mjs', import.meta.url)), '--notify', String(notify)], cwd: process.cwd(), env: {},
});
const init = JSON.stringify({ jsonrpc: '2.0', id: 'init-1', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
const wide = options({ maxRetainedBytes: SURFACE_BUDGET }, { requestMs: 10_000, startMs: 10_000 });

describe("a fresh-process session's retention budget", () => {
  it('is at most 16 MiB: 24 MB of notifications before the answer pass it, and the answer is kept', async () => {
    const result = await probeFresh(noisy(24), wide, [init], ['init-1']);
    expect(result.responses.map((r) => r.id)).toEqual(['init-1']);
    expect(result.tap.retention?.budgetBytes).toBe(FRESH_RETAINED_BYTES);
    // past the budget only the answer was kept: at most 16 MiB, one notification (~1 MB) and the answer
    expect(result.tap.retention?.keptBytes).toBeLessThan(FRESH_RETAINED_BYTES + 2 * MiB);
  });

  it('holds on a spare too (its wire tap is made when it is spawned)', async () => {
    const spare = await spawnFresh(noisy(24), wide);
    const result = await probeFresh(noisy(24), wide, [init], ['init-1'], {}, undefined, spare);
    expect(result.responses.map((r) => r.id)).toEqual(['init-1']);
    expect(result.tap.retention?.budgetBytes).toBe(FRESH_RETAINED_BYTES);
  });

  it('passes nothing for 8 MB of notifications (the twin)', async () => {
    const result = await probeFresh(noisy(8), wide, [init], ['init-1']);
    expect(result.responses.map((r) => r.id)).toEqual(['init-1']);
    expect(result.tap.retention).toBeUndefined();
  });

  it("leaves the main session the surface's budget: the same 24 MB pass nothing there", async () => {
    const session = await start(noisy(24), wide);
    expect(session.tap().retention).toBeUndefined();
    await session.close();
  });
});
