/**
 * A stdio surface's session opened before the checks are loaded (issue 12: the server's start-up and the
 * era negotiation overlap the harness's own module loading on another core), and the spare processes its
 * fresh-process probes will write their opening line into, started the moment the era is known.
 *
 * Nothing the server sees changes: the session is opened exactly as `observeSurface` would open it, and a
 * spare is a process of its own whose first stdin line is its probe's (harness/session/probe-fresh.ts). Only
 * the moment of each spawn moves. Every process started here is stopped by `discard()` unless taken.
 */
import type { Negotiation } from '../model/observation.ts';
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
 * Open `spec`'s session now and, once it negotiated, start `spares(negotiation)` processes for its
 * fresh-process probes (none once `signal` aborted). A spare that cannot be started is left out (the probe
 * then spawns its own and meets the same failure there, as without spares).
 */
export function openEarly(spec: SpawnSpec, options: SessionOptions, spares: (negotiation: Negotiation) => number, signal?: AbortSignal): EarlySession {
  let taken = false;
  let released = false;
  const opening = openSession(spec, options);
  opening.catch(() => {}); // a boot failure is the taker's to record (observeSurface); discard() ignores it
  const pending: Promise<FreshProcess | undefined>[] = [];
  const started = opening.then(
    (session) => {
      if (released || signal?.aborted) return;
      const count = spares(session.negotiation);
      for (let i = 0; i < count; i++) pending.push(spawnFresh(spec, options).catch(() => undefined));
    },
    () => {},
  );
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
