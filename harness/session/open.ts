/**
 * Booting a session: spawn, negotiate the era, hand back a LiveSession. Boot failures shut every spawned
 * process down (nothing is left running) and throw SessionBootError with the tap and exits as evidence.
 */
import type { ExitInfo } from '../model/wire.ts';
import { SessionBootError } from './errors.ts';
import { Spawner, type Link } from './link.ts';
import { negotiate, NegotiationFailure } from './negotiate.ts';
import { resolveOptions, type SessionOptions, type SpawnSpec } from './options.ts';
import { SpawnFailure } from './server-process.ts';
import { LiveSession, type Session } from './session.ts';
import { shutdownProcess } from './shutdown.ts';
import { WireTapRecorder } from './wire-tap.ts';

/**
 * Spawn `spec` and negotiate its era (see negotiate.ts).
 * @throws SessionBootError phase `spawn` (the command cannot be started; the message names it) or `negotiate`.
 * @throws TypeError on invalid options (see resolveOptions).
 */
export async function openSession(spec: SpawnSpec, options: SessionOptions): Promise<Session> {
  const resolved = resolveOptions(options);
  const spawner = new Spawner(spec, resolved, new WireTapRecorder(resolved), [] as ExitInfo[]);
  let nextId = 1;
  const ids = (): number => nextId++;
  const first = await spawnOrThrow(spawner);
  try {
    const { negotiation, link } = await negotiate(first, { spawner, options: resolved, nextId: ids });
    return new LiveSession(negotiation, link, spawner, resolved, ids);
  } catch (err) {
    await shutdownAll(spawner);
    if (err instanceof SpawnFailure) throw bootError('spawn', err, spawner);
    if (err instanceof NegotiationFailure) throw bootError('negotiate', err, spawner);
    throw err;
  }
}

/** Spawn a process. @throws SessionBootError phase `spawn` when it cannot be started. */
export async function spawnOrThrow(spawner: Spawner): Promise<Link> {
  try {
    return await spawner.spawn();
  } catch (err) {
    if (err instanceof SpawnFailure) throw bootError('spawn', err, spawner);
    throw err;
  }
}

/** Shut down every process of the spawner that is still alive (stdin close, SIGTERM, SIGKILL). */
export async function shutdownAll(spawner: Spawner): Promise<void> {
  await Promise.all(spawner.live().map((proc) => shutdownProcess(proc, spawner.options.timeouts)));
}

function bootError(phase: 'spawn' | 'negotiate', err: Error, spawner: Spawner): SessionBootError {
  return new SessionBootError(phase, err.message, spawner.tap.snapshot(), spawner.exits.slice(), { cause: err });
}
