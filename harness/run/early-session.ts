/**
 * A stdio surface's session opened before the checks are loaded (issue 12: the server's start-up and the
 * era negotiation overlap the harness's own module loading on another core), and the spare processes its
 * fresh-process probes will write their opening line into, started the moment the era is known (the configured
 * era, or the `server/discover` probe's answer: before the legacy handshake, see NegotiateDeps.onEra).
 *
 * Why not at the main server's spawn, before the era is known: only the legacy era plans fresh-process probes, and
 * on a modern server the spares would be two wasted server start-ups competing for the same cores (measured on
 * the modern reference surface, a tsx server: twice the CPU of the run, +1 to 1.5 s wall on 2 loaded cores).
 *
 * Nothing the server sees changes: the session is opened exactly as `observeSurface` would open it, and a
 * spare is a process of its own whose first stdin line is its probe's (harness/session/probe-fresh.ts). Only
 * the moment of each spawn moves. Every process started here is stopped by `discard()` unless taken.
 */
import type { Era } from '../model/protocol.ts';
import { openSession, spawnFresh, type FreshProcess, type Session, type SessionOptions, type SpawnSpec } from '../session/index.ts';

/** A session opening ahead of its observation, with its spare fresh-probe processes. */
export interface EarlySession {
  /**
   * The session, as `openSession` resolves or rejects (SessionBootError). The taker owns it from then on
   * (closes it); call at most once.
   */
  take(): Promise<Session>;
  /**
   * `count` spare processes, one per fresh-process probe about to start (undefined where none is left: that
   * probe spawns its own); every other spare is stopped at once (the normal shutdown). Later calls get none.
   */
  claimSpares(count: number): Promise<(FreshProcess | undefined)[]>;
  /** Stop every spare nobody claimed. Never rejects. */
  releaseSpares(): Promise<void>;
  /** Stop the spares and, unless taken, the session. Never rejects; idempotent. */
  discard(): Promise<void>;
}

/**
 * Open `spec`'s session now and, once its era is known, start `spares(era)` processes for its fresh-process
 * probes (none once `signal` aborted or the spares were released). A spare that cannot be started is left out
 * (the probe then spawns its own and meets the same failure there, as without spares).
 */
export function openEarly(spec: SpawnSpec, options: SessionOptions, spares: (era: Era) => number, signal?: AbortSignal): EarlySession {
  let taken = false;
  let released = false;
  const pending: Promise<FreshProcess | undefined>[] = [];
  const onEra = (era: Era) => {
    if (released || signal?.aborted || pending.length > 0) return;
    for (let i = 0; i < spares(era); i++) pending.push(spawnFresh(spec, options).catch(() => undefined));
  };
  const opening = openSession(spec, options, {}, { onEra });
  opening.catch(() => {}); // a boot failure is the taker's to record (observeSurface); discard() ignores it
  // every spare is asked for by the time the session opened (or failed to): onEra comes before
  const started = opening.then(() => {}, () => {});
  const stopping: Promise<void>[] = [];
  const releaseSpares = async (): Promise<void> => {
    released = true;
    await started;
    stopping.push(...pending.splice(0).map(async (spare) => (await spare)?.stop()));
    await Promise.all(stopping); // also those an earlier call began stopping
  };
  return {
    take() {
      taken = true;
      return opening;
    },
    async claimSpares(count) {
      await started;
      const claimed = pending.splice(0, count);
      void releaseSpares();
      return Promise.all(Array.from({ length: count }, (_, i) => claimed[i] ?? undefined));
    },
    releaseSpares,
    async discard() {
      await releaseSpares();
      if (taken) return;
      taken = true;
      const session = await opening.catch(() => undefined);
      await session?.close().catch(() => {});
    },
  };
}
