/**
 * A stdio surface's session opened before the checks are loaded (issue 12: the server's start-up and the
 * era negotiation overlap the harness's own module loading on another core), and the spare processes its
 * fresh-process probes will write their opening line into.
 *
 * When the spares start:
 * - **Beside the main server** (`ahead`), when the era is known before the server answers: the configured
 *   `era: 'legacy'`, or the launch's era hint (./era-hint.ts) from an earlier run. Only the legacy era plans
 *   fresh-process probes, so a modern server never pays a wasted start past its first run; a legacy server
 *   starts its spare during its own boot instead of after it (the two boots overlapped on two cores, not in series).
 * - **Once the era is known** (`serial`, today's path without a hint): at the `server/discover` probe's answer
 *   (see NegotiateDeps.onEra), or, for a configured legacy era in serial mode, once the session opened.
 *
 * Why starting ahead does not change a verdict: a server holding an exclusive resource (a lock file, a fixed port)
 * run twice at once fails in whichever process loses. So when spares were started ahead and the main opening
 * has ANY trouble (it failed: the process exited, negotiation failed; or the discover probe got no answer in its
 * budget, or the process had to be restarted), that attempt is discarded entirely (the session and every spare
 * stopped, nothing of it reaches the observation) and the session opens again exactly as the serial path does;
 * the hint is marked `serial`, so later runs of that launch start serially. A server may also hold its resource
 * only from some moment of its boot on (a pidfile written late): then two processes started together both run,
 * while the serial path's spare, started once the main server answered, fails. So the ahead start is allowed only
 * after a serial run in which at least one fresh opening ran and ALL got a result (EarlySession.settle writes that
 * hint; a run whose checks plan none, or that ended before one, validates nothing, nor does a JSON-RPC error, which
 * a second process may answer only because the first holds a resource): once the surface was validated, any fresh-process
 * opening without an answer (a timeout, an exit, an oversize line...; an error response is an answer) marks the
 * hint `serial` (EarlySession.settle), whichever path that run took. A launch's first run with a store is serial
 * (no hint yet; a configured `era: 'legacy'` starts ahead at once), so a server whose spare fails beside it is serial from its first run on: the same findings in
 * every run. That holds for the server the hint was validated on, so a hint also holds a fingerprint of that
 * server's answer to its opening (./era-hint.ts `serverFingerprint`): an `era: auto` launch starts ahead only on a
 * hint that has one, and when the opening's answer differs from it (another server under the same command line:
 * an upgrade, an edited script) the attempt is discarded whole as after trouble and opened again serially
 * (`changed`; its old fingerprint is dropped), and that serial run validates the new server as a first run would (its
 * hint is not marked `serial` for it). The limit: a
 * server that changed its behaviour but not its answer (a late lock added under the same serverInfo), or a hint
 * planted with its fingerprint, is started ahead (docs/determinism.md). In an ahead run a spare that fails is replaced by the probe's own process (probe-fresh.ts), which
 * meets what the serial path meets; that run marks the launch serial too. So is a spare whose opening got no result
 * (an error, a timeout, an exit): the opening runs again on a process of its own, started after the main server
 * answered as the serial path starts it, and that record counts (harness/run/fresh-probes.ts; a server locked only
 * while it boots answered the spare beside it with an error and the serial path's process with a result). A hint that turns out wrong (the era
 * is modern) stops the spares the moment the era is known and is rewritten. docs/determinism.md states the rule.
 *
 * Nothing the server sees changes: the session is opened exactly as `observeSurface` would open it, and a
 * spare is a process of its own whose first stdin line is its probe's (harness/session/probe-fresh.ts). Only
 * the moment of each spawn moves. Every process started here is stopped by `discard()` unless taken.
 */
import type { Era } from '../model/protocol.ts';
import type { Negotiation } from '../model/observation.ts';
import type { ProbeRecord } from '../model/wire.ts';
import { FreshLives, openSession, spawnFresh, type FreshProcess, type Session, type SessionOptions, type SpawnSpec } from '../session/index.ts';
import { freshProcessCount } from '../checks/fresh-process.ts';
import { serverFingerprint, sparesAhead, type EraHints } from './era-hint.ts';

/**
 * How the spares were started: beside the main server (`ahead`), once the era was known (`serial`), or ahead
 * and then, after trouble in that opening, serially on a fresh opening (`fallback`), or ahead and then, because
 * the server answered its opening unlike the one its hint was written from, serially on a fresh opening (`changed`).
 */
export type EarlyPath = 'ahead' | 'serial' | 'fallback' | 'changed';

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
  /** How the spares were started (see EarlyPath); resolves once the session opened or failed to. Never rejects. */
  readonly path: Promise<EarlyPath>;
  /**
   * Report the validated surface's probe records (`observation.probes`): when a fresh-process opening among them
   * got no answer (freshOpeningsAnswered), the launch's hint is marked `serial` (its era kept), so its later runs
   * start their spares only once the era is known (see the module doc). When the spares started once the era was
   * known (`serial`, `changed`) and at least one fresh-process opening ran and every one got a result, the hint is
   * written with the server's fingerprint: the server is validated, and its later runs start their spares beside it
   * (unless the launch is serial). Nothing happens without a hint store or when the session never opened. Never throws.
   */
  settle(probes: readonly ProbeRecord[]): void;
  /**
   * A fresh-process opening on a spare started beside the server (`ahead`) got no result, so it was run again on a
   * process of its own (harness/run/fresh-probes.ts): the launch's hint is marked `serial` by `settle`, and its later
   * runs start their spares once the era is known. Never throws.
   */
  spareDiverged(): void;
  /** When each spare ran (FreshLives); the observation tracks its fresh probes' own processes here too. */
  readonly lives: FreshLives;
}

/**
 * Whether every fresh-process probe record (`probe.freshProcess`) of `probes` was answered: a result or a
 * JSON-RPC error response (outcome `success` or `protocol-error`). A timeout, an exit, an unanswered or an
 * oversize opening is not (the rule of the module doc: such a launch starts its spares serially).
 */
export function freshOpeningsAnswered(probes: readonly ProbeRecord[]): boolean {
  return probes.every((p) => !p.probe.freshProcess || p.request.outcome === 'success' || p.request.outcome === 'protocol-error');
}

/**
 * Whether every fresh-process probe record (`probe.freshProcess`) of `probes` got a result (outcome `success`): what
 * validates a server for spares beside it (EarlySession.settle). A JSON-RPC error is an answer, but a second process
 * may give it only because the first holds a resource (a reviewer's one-instance server answered -32000 "already
 * running" while its first process ran), which a spare started beside the first would not meet: such a launch stays
 * on the serial path.
 */
export function freshOpeningsSucceeded(probes: readonly ProbeRecord[]): boolean {
  return probes.every((p) => !p.probe.freshProcess || p.request.outcome === 'success');
}

/**
 * Whether an opening had trouble that a server started twice at once could cause (see the module doc): the
 * discover probe went unanswered in its budget, or the process was restarted (it exited, or was killed after
 * that probe). A failed opening is trouble too (the caller sees the rejection).
 */
export function openingTroubled(negotiation: Negotiation): boolean {
  return negotiation.probe.restarted || negotiation.probe.firstProbe !== undefined;
}

/**
 * Open `spec`'s session now and start `spares(era)` processes for its fresh-process probes: beside the main
 * server when the era is known ahead (`options.era`, else `hints`' hint for the launch), else once the
 * negotiation knows it (none once `signal` aborted or the spares were released). A spare that cannot be
 * started is left out (the probe then spawns its own and meets the same failure there, as without spares).
 * What `hints` gets: at the opening, `serial` after a fallback or a server answering differently from one process to
 * the next, and the era when no check starts spares for it (modern); from `settle`, `serial` after an unanswered fresh
 * opening or a diverged spare (spareDiverged), and the validated hint (era and server fingerprint) after a serial run
 * whose fresh openings all got a result.
 */
export function openEarly(spec: SpawnSpec, options: SessionOptions, spares: (era: Era) => number, signal?: AbortSignal, hints?: EraHints): EarlySession {
  let taken = false;
  let released = false;
  const lives = new FreshLives();
  const pending: Promise<FreshProcess | undefined>[] = [];
  const stopping: Promise<void>[] = [];
  const stop = (list: Promise<FreshProcess | undefined>[]): Promise<unknown> => {
    stopping.push(...list.map(async (spare) => (await spare)?.stop()));
    return Promise.all(stopping);
  };
  const spawn = (count: number) => {
    if (released || signal?.aborted) return;
    for (let i = 0; i < count; i++) pending.push(spawnFresh(spec, options, { lives }).catch(() => undefined));
  };
  const configured = options.era ?? 'auto';
  const hint = hints?.get(spec);
  const expected = configured === 'auto' ? hint?.era : configured;
  const aheadCount = sparesAhead(configured, hint, spares);

  // today's path: spares at the discover probe's answer (a configured legacy era has none: once the session opened)
  const serial = async (): Promise<Session> => {
    const onEra = (era: Era) => {
      if (configured !== 'legacy' && pending.length === 0) spawn(spares(era));
    };
    const session = await openSession(spec, options, {}, { onEra });
    if (configured === 'legacy' && pending.length === 0) spawn(spares('legacy'));
    return session;
  };
  const ahead = async (): Promise<Session | undefined> => {
    // the era known: keep the spares it needs (none on a modern era: a stale hint), start any missing
    const onEra = (era: Era) => {
      const need = spares(era);
      if (pending.length > need) void stop(pending.splice(need));
      else spawn(need - pending.length);
    };
    const opening = openSession(spec, options, {}, { onEra }); // the main server is spawned first (synchronously)
    spawn(aheadCount);
    const session = await opening.catch(() => undefined);
    // another server than the hint was validated on, on an era whose spares run beside it (an auto launch: a
    // configured era has no hint to compare; on an era without spares they were stopped when it became known)
    changed = session !== undefined && !openingTroubled(session.negotiation) && configured === 'auto' && spares(session.negotiation.era) > 0 && serverFingerprint(session.negotiation) !== hint?.server;
    if (changed && session) aheadFingerprint = serverFingerprint(session.negotiation);
    if (session && !openingTroubled(session.negotiation) && !changed) return session;
    // trouble while spares ran beside it, or another server: discard the attempt whole, open as the serial path
    await Promise.all([session?.close().catch(() => {}), stop(pending.splice(0))]);
    if (!changed) hints?.set(spec, { era: session?.negotiation.era ?? expected ?? 'legacy', serial: true });
    return undefined;
  };
  let changed = false;
  /** The fingerprint of the discarded attempt's opening (`changed`): compared with the serial opening's. */
  let aheadFingerprint: string | undefined;
  let path: EarlyPath = 'serial';
  let negotiated: Era | undefined;
  const open = async (): Promise<Session> => {
    if (aheadCount > 0 && !signal?.aborted) {
      path = 'ahead';
      const session = await ahead();
      if (session) return session;
      path = changed ? 'changed' : 'fallback';
    }
    return serial();
  };
  let fingerprint: string | undefined;
  /** A spare started ahead got no result to its opening (spareDiverged). */
  let diverged = false;
  /** Whether the launch starts serially from now on: its hint said so, or this run found a reason (never undone). */
  let serialFromNow = hint?.serial === true;
  const write = (era: Era, markSerial = false) => {
    serialFromNow ||= markSerial;
    hints?.set(spec, { era, ...(serialFromNow ? { serial: true } : {}), ...(fingerprint !== undefined ? { server: fingerprint } : {}) });
  };
  const opening = open().then((session) => {
    negotiated = session.negotiation.era;
    fingerprint = serverFingerprint(session.negotiation);
    // What the opening alone tells (a hint that allows spares ahead is written only by `settle`, after a serial run
    // that validated the server): trouble beside the spares (`fallback`); two processes of the server that answered
    // their openings differently within this run (`changed`, and the serial opening unlike the discarded one: a
    // fingerprint that no later opening can match); an era no check starts spares for (a stale era corrected).
    const volatile = path === 'changed' && fingerprint !== aheadFingerprint;
    if (path === 'fallback' || volatile) write(negotiated, true);
    // another server: its old fingerprint goes now, so a run that cannot validate the new one (no fresh opening
    // ran, one got an error, the run was cut short) leaves a hint that starts nothing ahead, not the same attempt again
    else if (path === 'changed') hints?.set(spec, { era: negotiated, ...(serialFromNow ? { serial: true } : {}) });
    else if (freshProcessCount(negotiated) === 0) write(negotiated); // every check's openings: not this run's selection
    return session;
  });
  opening.catch(() => {}); // a boot failure is the taker's to record (observeSurface); discard() ignores it
  // every spare is asked for by the time the session opened (or failed to): onEra comes before
  const started = opening.then(() => {}, () => {});
  const releaseSpares = async (): Promise<void> => {
    released = true;
    await started;
    await stop(pending.splice(0)); // also those an earlier call began stopping
  };
  return {
    lives,
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
    path: opening.then(() => path, () => path),
    spareDiverged() {
      diverged = true;
    },
    settle(probes) {
      if (negotiated === undefined) return;
      if (!freshOpeningsAnswered(probes) || diverged) {
        write(negotiated, true);
        return;
      }
      // validated: the spares started once the era was known (the serial path), and at least one fresh-process
      // opening ran and every one got a result (a run that planned none, or ended before one, validates nothing;
      // nor does a JSON-RPC error: freshOpeningsSucceeded)
      if ((path === 'serial' || path === 'changed') && probes.some((p) => p.probe.freshProcess) && freshOpeningsSucceeded(probes)) write(negotiated);
    },
  };
}
