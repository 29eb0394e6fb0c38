/**
 * The run's interrupt at the session layer (SessionOptions.signal, harness/session/link.ts `Connector`): once it
 * aborts, every process of the session is killed at once (its whole tree: a child in its group too) and no new
 * one starts, so a wait on the server ends with the process, whatever its budget: the opening, a call, a spare.
 * Its conformant twin: a signal that never aborts changes nothing. Real fixture processes; every request budget 60 s.
 */
import { mkdtempSync, readFileSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSession, SessionBootError, spawnFresh } from '../../harness/session/index.ts';
import { isAlive } from '../../harness/session/stdio/process-tree.ts';
import { fixture, gone, options, sessionStarter } from './helpers.ts';

/** Budgets no test waits for; short shutdown graces, so a failing test's cleanup still ends its processes soon. */
const LONG = { requestMs: 60_000, probeMs: 60_000, startMs: 60_000, stdinGraceMs: 500, termGraceMs: 500 };
const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-session-int-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const start = sessionStarter();

let logs = 0;
/** A file the fixture appends its pid to at each start (`--fault=start-log`). */
const startLog = () => join(dir, `starts-${logs++}.log`);
const pidsIn = (file: string): number[] => (existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean).map(Number) : []);

/** Wait (bounded, 5 s) until `file` names `count` started processes. */
async function started(file: string, count = 1): Promise<number[]> {
  for (let i = 0; i < 250 && pidsIn(file).length < count; i++) await new Promise((r) => setTimeout(r, 20));
  return pidsIn(file);
}

describe('SessionOptions.signal (the run interrupt)', () => {
  it('ends an opening the server never answers: rejected at once (no timeout), the process gone, none started after', async () => {
    const log = startLog();
    const controller = new AbortController();
    // a server that never reads its stdin, with a child in its group, ignoring SIGTERM
    const spec = fixture(['--fault=slow-start=3600000', '--fault=spawn-child', '--fault=ignore-sigterm', `--fault=start-log=${log}`]);
    const opening = openSession(spec, options({ signal: controller.signal }, LONG));
    const [pid] = await started(log);
    controller.abort();
    const error = await opening.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionBootError);
    expect((error as SessionBootError).failure.reason).not.toMatch(/timeout/);
    expect(await gone(pid)).toBe(true);
    expect(pidsIn(log)).toEqual([pid]); // the opening did not start the server again
  });

  it('ends a call the server never answers at once, as the harness ending it (no budget ran out); a later request starts no process', async () => {
    const log = startLog();
    const controller = new AbortController();
    const session = await start(fixture(['--fault=hang-tool=echo', '--fault=ignore-sigterm', `--fault=start-log=${log}`]), options({ signal: controller.signal }, LONG));
    const call = session.callTool('echo', { message: 'x' });
    const [pid] = await started(log);
    controller.abort();
    // a request the harness's own kill cut short is recorded `timeout` without a budget (exchange.ts), never `exit`
    // (a crash); the surface it belongs to is not judged at all (harness/run/surface.ts `interrupted`)
    const record = await call;
    expect(record.outcome).toBe('timeout');
    expect(record.timeoutMs).toBeUndefined();
    expect(await gone(pid)).toBe(true);
    const after = await session.callTool('add', { a: 1, b: 2 });
    expect(after.outcome).toBe('exit');
    expect(pidsIn(log)).toEqual([pid]);
  });

  it('kills a spare process, and starts none once aborted', async () => {
    const controller = new AbortController();
    const spare = await spawnFresh(fixture(['--fault=ignore-stdin-close', '--fault=ignore-sigterm']), options({ signal: controller.signal }, LONG));
    try {
      expect(spare.alive).toBe(true);
      controller.abort();
      for (let i = 0; i < 250 && spare.alive; i++) await new Promise((r) => setTimeout(r, 20));
      expect(spare.alive).toBe(false);
    } finally {
      await spare.stop();
    }
    await expect(spawnFresh(fixture(), options({ signal: controller.signal }, LONG))).rejects.toMatchObject({ failure: { phase: 'spawn', reason: 'interrupted' } });
  });

  it('the conformant twin: a signal that does not abort changes nothing (the call answered, the process alive)', async () => {
    const log = startLog();
    const controller = new AbortController();
    const session = await start(fixture([`--fault=start-log=${log}`]), options({ signal: controller.signal }, LONG));
    expect((await session.callTool('add', { a: 1, b: 2 })).outcome).toBe('success');
    const [pid] = await started(log);
    expect(isAlive(pid)).toBe(true);
  });
});
