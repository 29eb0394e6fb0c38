/**
 * Shared test helpers for the session layer: the fixture server spawn spec and short timeouts.
 */
import { fileURLToPath } from 'node:url';
import { afterEach } from 'vitest';
import { openSession, type Session, type SessionOptions, type SpawnSpec } from '../../harness/session/index.ts';
import { isAlive } from '../../harness/session/stdio/process-tree.ts';

/** Absolute path of the configurable fixture server. */
export const FIXTURE = fileURLToPath(new URL('../fixtures/servers/fixture-server.mjs', import.meta.url));

/** Spawn spec for the fixture server with the given CLI flags and an exact env (default empty). */
export function fixture(args: string[] = [], env: Record<string, string> = {}): SpawnSpec {
  return { command: process.execPath, args: [FIXTURE, ...args], cwd: process.cwd(), env };
}

/** Short timeouts (ms) so the suite stays fast; override per test. */
export function options(overrides: Partial<SessionOptions> = {}, timeouts: Partial<SessionOptions['timeouts']> = {}): SessionOptions {
  return {
    // probeMs: a budget a loaded machine does not trip for a fixture that answers at once (a tripped probe is
    // legitimate, a re-probe on a fresh process, but changes the line and exit counts tests assert on)
    timeouts: { requestMs: 1500, probeMs: 3000, startMs: 3000, stdinGraceMs: 500, termGraceMs: 500, ...timeouts },
    clientInfo: { name: 'session-tests', version: '0.0.0' },
    ...overrides,
  };
}

/** Wait (bounded, 2 s) until `pid` is gone; returns whether it is gone. */
export async function gone(pid: number): Promise<boolean> {
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 20));
  return !isAlive(pid);
}

/**
 * Sessions opened through `sessionStarter()` are closed after each test. Call it once per test file:
 * it registers the `afterEach` and returns the `start` function.
 */
export function sessionStarter(cleanup?: () => void): (...args: Parameters<typeof openSession>) => Promise<Session> {
  const open: Session[] = [];
  afterEach(async () => {
    await Promise.all(open.splice(0).map((s) => s.close()));
    cleanup?.();
  });
  return async (...args) => {
    const session = await openSession(...args);
    open.push(session);
    return session;
  };
}
