/**
 * Observe one surface live: boot it over stdio, negotiate the era, list its tools, call every
 * planned scenario (pipelined on one connection), execute the probes the checks planned, and shut
 * it down. Produces a `SurfaceObservation` (plain data) for the checks; it never judges.
 *
 * This is the only run-stage module that talks to a process (through harness/session).
 */
import { FreshLives, FreshStops, isHttpSpec, openSession, SessionBootError, withServer, type ConnectSpec, type Session, type SessionOptions, type WebServer } from '../session/index.ts';
import type { Listing, SurfaceObservation } from '../model/observation.ts';
import type { CallRecord, ProbeRecord, ProbeRequest, RequestRecord, Scenario, ShutdownInfo } from '../model/wire.ts';
import { guardDeepValues } from './depth-guard.ts';
import { DEFAULT_CALL_CONCURRENCY } from '../session/options.ts';
import { changesStateByName, EFFECT_ORDER_SLOTS_PER_WINDOW, runInEffectOrder } from './effect-order.ts';
import { declaresListChanged, finishListChanged, followListChanges } from './relist.ts';
import { assumeAnswered, selectEarly, startEarly, type EarlyProbes } from './early-probes.ts';
import type { EarlySession } from './early-session.ts';
import { runFreshProbes, startEarlyFresh, type EarlyFresh, type FreshContext } from './fresh-probes.ts';
import { shareIdentical } from './shared-probes.ts';

/** Inputs for one observation. */
export interface ObserveInput {
  surface: string;
  /** A process over stdio, or a Streamable HTTP endpoint (with the server the harness starts, if any). */
  spec: ConnectSpec;
  session: SessionOptions;
  /** Pre-filled observation fields (options, contract, manifest...). */
  base: Pick<SurfaceObservation, 'options'> & Partial<SurfaceObservation>;
  /** Decide which scenarios to call once the tools are known. */
  planCalls: (observation: SurfaceObservation) => { scenarios: Scenario[]; skipped: SurfaceObservation['skippedTools'] };
  /**
   * Ask the checks which probes they need, given the observation so far: every enabled check, or only those
   * in `checks` (check IDs; the second fresh-probe round asks only the checks that planned fresh probes).
   */
  planProbes: (observation: SurfaceObservation, checks?: ReadonlySet<string>) => ProbeRequest[];
  /**
   * The early probes (`ProbeRequest.early`) of `planProbes(observation)` alone (the checks' `planEarly`), for the
   * plan made on the calls assumed answered (./early-probes.ts); `planProbes` is asked when absent.
   */
  planEarlyProbes?: (observation: SurfaceObservation) => ProbeRequest[];
  /** Aborts the observation (interrupt, surface timeout): the session is closed and what was seen is kept. */
  signal?: AbortSignal;
  /**
   * A stdio session already opening for `spec` (./early-session.ts), with its spare fresh-probe processes:
   * taken instead of opening one. The observation closes it (and its spares) as its own.
   */
  early?: EarlySession;
  /**
   * Called once, synchronously, one event-loop turn after the main session began to close (a stdio server has the
   * end of its stdin then, unless its pipe was full), while its server exits: the run loads what its judge needs
   * first (harness/run/judge.ts `prepareChecks`).
   * The observation then lacks the shutdown, the exits and the final wire tap. Must not throw.
   */
  whileClosing?: (observation: SurfaceObservation) => void;
}

/** Create the empty observation skeleton. */
export function emptyObservation(surface: string, base: ObserveInput['base'], transport: SurfaceObservation['transport'] = 'stdio'): SurfaceObservation {
  return {
    surface,
    transport,
    calls: [],
    probes: [],
    exits: [],
    skippedTools: [],
    durationMs: 0,
    wire: { stdout: [], stdoutNonJsonRpc: 0, stdinLines: 0, stderrTail: '', stderrBytes: 0, unmatchedFrames: 0, serverRequests: [] },
    ...base,
  };
}

/**
 * Observe a surface end to end. Never rejects for server faults: a boot failure lands in
 * `bootError`, a crash in `exits`, a hang in a call's `outcome`. Rejects only on harness bugs.
 */
export async function observeSurface(input: ObserveInput): Promise<SurfaceObservation> {
  const started = performance.now();
  const obs = emptyObservation(input.surface, input.base, isHttpSpec(input.spec) ? 'streamable-http' : 'stdio');
  try {
    return await withServer(
      input.spec,
      input.session,
      (server) => observeConnected(input, obs, started, server),
      (server, shutdown) => {
        serverShutdown(obs, shutdown);
        const output = server.output();
        const { stderrLabels: _labels, stderrNetworkLines: _lines, ...wire } = obs.wire;
        obs.wire = {
          ...wire,
          stderrTail: output.tail,
          ...(output.labels ? { stderrLabels: output.labels } : {}),
          ...(output.networkLines ? { stderrNetworkLines: output.networkLines } : {}),
          stderrBytes: output.bytes,
        };
      },
    );
  } catch (error) {
    // observeConnected settles boot failures of its own; what lands here is the server that could not start
    if (!(error instanceof SessionBootError)) throw error;
    return bootFailed(obs, error, started);
  }
}

/**
 * What stopping the Streamable HTTP server the harness started tells (`withServer`'s `stopped`): the processes of its
 * tree still alive once it exited (ShutdownInfo.survivors; swept by the process layer as a stdio server's are) go
 * into `obs.shutdown`, so transport/shutdown reports them as it does a stdio server's. Nothing when none was left.
 */
function serverShutdown(obs: SurfaceObservation, shutdown: ShutdownInfo): void {
  if (shutdown.survivors === 0) return;
  const base: ShutdownInfo = obs.shutdown ?? { endedBy: 'session-end', durationMs: 0, survivors: 0, stdinGraceMs: 0 };
  obs.shutdown = { ...base, survivors: shutdown.survivors, ...(shutdown.survivorsMayRemain ? { survivorsMayRemain: true } : {}) };
}

function bootFailed(obs: SurfaceObservation, error: SessionBootError, started: number): SurfaceObservation {
  obs.bootError = error.failure;
  obs.wire = error.tap;
  obs.exits = error.exits;
  obs.durationMs = performance.now() - started;
  return obs;
}

/** The session part of `observeSurface`: connect, list, call, probe, close. */
async function observeConnected(input: ObserveInput, obs: SurfaceObservation, started: number, server: WebServer | undefined): Promise<SurfaceObservation> {
  // fresh-probe processes stop beside the rest of the observation; the finally below awaits them
  const stops = new FreshStops();
  // the spares' lives and those of the probes' own processes: which of them ran when the main process died
  const lives = input.early?.lives ?? new FreshLives();
  const context = server ? { serverExit: server.exited, stops, lives } : { stops, lives };
  let session: Session | undefined;
  try {
    session = await (input.early ? input.early.take() : openSession(input.spec, input.session, context));
  } catch (error) {
    if (!(error instanceof SessionBootError)) throw error;
    if (server && error.failure.stderrTail === undefined) {
      const tail = server.output().tail;
      if (tail !== '') error.failure.stderrTail = tail;
    }
    return bootFailed(obs, error, started);
  }
  const onAbort = () => void session?.close();
  input.signal?.addEventListener('abort', onAbort, { once: true });
  let early: EarlyFresh | undefined;
  let earlyLive: EarlyProbes | undefined;
  try {
    obs.negotiation = session.negotiation;
    early = startEarlyFresh(input, obs, context);
    obs.listing = await session.listTools();
    obs.bootError = listingFailure(obs.listing);
    const changesState = changesStateByName(obs.listing.tools);
    if (!input.signal?.aborted && obs.bootError === undefined) {
      const plan = input.planCalls(obs);
      obs.skippedTools = plan.skipped;
      const calls = callAll(session, plan.scenarios, changesState);
      // submitted after every call (calls of read-only tools are all submitted at once): none waits for them
      if (plan.scenarios.length > 0) {
        const assumed = assumeAnswered(obs, plan.scenarios);
        const planned = input.planEarlyProbes ? input.planEarlyProbes(assumed) : input.planProbes(assumed);
        earlyLive = startEarly(selectEarly(planned, plan.scenarios, changesState), (probe) => runLiveProbe(session as Session, probe, false));
      }
      obs.calls = await calls;
      // the re-list point: notifications/tools/list_changed since the session opened (harness/run/relist.ts).
      // Where a re-list may follow, the early probes settle first: a notification one of them draws then lands
      // before this point at any load, never on either side of it by timing
      if (obs.negotiation.era === 'legacy' && declaresListChanged(obs.negotiation.capabilities)) await earlyLive?.settled();
      const live = session;
      obs.listChanged = await followListChanges({
        session, obs, planCalls: input.planCalls, signal: input.signal,
        callScenarios: async (scenarios, changes) => {
          if (scenarios.some((s) => changes(s.tool))) await earlyLive?.settled(); // an early probe never races a write
          return callAll(live, scenarios, changes);
        },
      });
    }
    if (!input.signal?.aborted && obs.bootError === undefined) {
      obs.probes = await runProbes(session, input, obs, input.planProbes(obs), changesStateByName(obs.listing.tools), context, early, earlyLive);
    }
  } finally {
    input.signal?.removeEventListener('abort', onAbort);
    await earlyLive?.settled(); // an early probe nobody took still ends before the session closes
    // fresh-probe processes (each its own process tree, none of the main session's records) and unclaimed
    // spares stop while the main session closes; never one left behind, whatever ended the observation
    const freshStopped = (async () => {
      await early?.settled();
      await Promise.all([input.early?.releaseSpares(), stops.settled()]);
    })();
    obs.listChanged = finishListChanged(obs.listChanged, session, obs);
    if (obs.listChanged === undefined) delete obs.listChanged;
    // nothing to re-mark after a cut (surface budget, interrupt): the session records a request the close cut short as
    // a `timeout` (exchange.ts: its process or connection ended by the harness) and one it never wrote as `unsent:
    // 'closed'`, so an `exit` left is the server's own (a crash before the cut), never a timeout; one the crash took
    // beside others while its attempt alone waited is marked `retryUnsent` (session.ts), not blamed
    const closing = session.close(); // a stdio server's stdin is ended when this returns, unless a restart was under way (harness/session/stdio/shutdown.ts)
    if (input.whileClosing) {
      // the end of stdin reaches the server in the event loop's next poll phase (libuv shuts the pipe down there),
      // not while this task runs: the checks prepare after it, while the server exits, not before it learns to
      await new Promise<void>((resolve) => setImmediate(resolve));
      input.whileClosing(obs);
    }
    obs.shutdown = await closing;
    // read once the process exited (its stdout drained): what it sent while shutting down counts (a roots/list on stdin's close)
    obs.wire = session.tap();
    guardDeepValues(obs);
    obs.exits = session.exits();
    await freshStopped;
    const fresh = lives.onClock(session.clockOrigin());
    if (fresh.length > 0) obs.freshProcesses = fresh;
    obs.durationMs = performance.now() - started;
  }
  return obs;
}

/**
 * A `list`-phase boot error when the first `tools/list` page got no usable answer (a JSON-RPC error, a
 * result that is not an object, a timeout or an exit): nothing can be tested, so the surface's status
 * is `failed` and tools/listing reports why. The message is the harness's own (method, code, outcome).
 */
function listingFailure(listing: Listing): SurfaceObservation['bootError'] {
  const [first] = listing.pages;
  if (listing.stop !== 'error' || listing.pages.length !== 1 || first === undefined) return undefined;
  const code = first.response?.error?.code;
  const how =
    first.outcome === 'protocol-error'
      ? `was answered with JSON-RPC error ${typeof code === 'number' ? String(code) : '(no numeric code)'}`
      : first.outcome === 'success'
        ? 'was answered with a result that is not an object'
        : `ended with '${first.outcome}'`;
  const reason = first.outcome === 'protocol-error' ? 'list-error' : first.outcome === 'success' ? 'list-invalid' : 'list-unanswered';
  const errorCode = typeof code === 'number' ? { errorCode: code } : {};
  return { phase: 'list', reason, ...errorCode, message: `tools/list ${how}; no tool was listed, so nothing was tested` };
}

/**
 * Call every scenario in plan order, a call that may change state alone (`runInEffectOrder`: a write never
 * races a read); the session's in-flight window bounds the concurrency and keeps submission order.
 * A crash takes every call in flight with it: the session sends those calls again one at a time, in plan
 * order, on the restarted server, so only a call that crashes it alone is blamed and the others are still
 * validated (harness/session/session.ts, docs/determinism.md "Crashes").
 */
async function callAll(session: Session, scenarios: Scenario[], changesState: (tool: string | undefined) => boolean): Promise<CallRecord[]> {
  return runInEffectOrder(scenarios, (s) => changesState(s.tool), async (scenario) => ({
    scenario, request: await session.callTool(scenario.tool, scenario.arguments, { timeoutMs: scenario.timeoutMs }),
  }));
}

/**
 * Execute planned probes: session probes pipelined on the connection (in effect order: a probe calling a
 * tool that may change state runs alone, `runInEffectOrder`), then the exclusive
 * (timing-sensitive) ones alone and in order, while the fresh-process probes (short-lived processes)
 * run alongside, so neither waits for the other (harness/run/fresh-probes.ts: identical openings of
 * different checks share one process, `early` ones take their early records, and a second planning round
 * decides which fresh records count).
 */
async function runProbes(session: Session, input: ObserveInput, obs: SurfaceObservation, probes: ProbeRequest[], changesState: (tool: string | undefined) => boolean, context: FreshContext, early?: EarlyFresh, earlyLive?: EarlyProbes): Promise<ProbeRecord[]> {
  const live = (async () => {
    // identical requests of different checks are sent once, each check getting the record (./shared-probes.ts)
    const pipelined = shareIdentical(probes.filter((p) => !p.freshProcess && !p.exclusive), changesState);
    const run = (probe: ProbeRequest) => {
      const taken = earlyLive?.take(probe); // sent beside the calls already (early-probes.ts)
      return taken ? taken.then((record) => record ?? runLiveProbe(session, probe)) : runLiveProbe(session, probe);
    };
    // the probes' own window (SessionOptions.probeConcurrency): after the calls, before the first probe
    const window = Math.max(1, input.session.probeConcurrency ?? input.session.callConcurrency ?? DEFAULT_CALL_CONCURRENCY);
    session.resizeWindow(window);
    // a bounded pool (items still start in plan order): at 1,000 tools ~19,000 probes waited at once
    const limit = EFFECT_ORDER_SLOTS_PER_WINDOW * window;
    const records = pipelined.spread(await runInEffectOrder(pipelined.distinct, (p) => changesState(p.tool), run, limit));
    for (const probe of probes.filter((p) => !p.freshProcess && p.exclusive)) {
      if (input.signal?.aborted) break;
      records.push(await runLiveProbe(session, probe));
    }
    return records;
  })();
  const fresh = runFreshProbes(input, obs, probes.filter((p) => p.freshProcess), context, early);
  const [liveRecords, freshRecords] = await Promise.all([live, fresh]);
  return [...liveRecords, ...freshRecords];
}

/** One probe on the session; `respawn: false` (early probes) never restarts a dead process for it. */
async function runLiveProbe(session: Session, probe: ProbeRequest, respawn = true): Promise<ProbeRecord> {
  const send = (params: Record<string, unknown> | undefined) => session.request(probe.method, params, {
    ...(respawn ? {} : { respawn }),
    timeoutMs: probe.timeoutMs,
    envelope: probe.envelope,
    protocolVersion: probe.protocolVersion,
    cancelAfterMs: probe.cancelAfterMs,
    lateGraceMs: probe.lateGraceMs,
    lateCountsFromMs: probe.lateCountsFromMs,
    cancelMarker: probe.cancelMarker,
    cancelTwin: probe.cancelTwin,
    ...(probe.http ? { http: probe.http, tag: probe.id } : {}),
    floatPaths: probe.floatPaths,
  });
  const request = await send(probe.params);
  return probe.paginate ? { probe, request, ...(await followCursors(request, probe.paginate.maxPages ?? DEFAULT_PROBE_PAGES, (cursor) => send({ ...probe.params, cursor }))) } : { probe, request };
}

/** Page limit of a `paginate` probe. */
const DEFAULT_PROBE_PAGES = 20;

/**
 * Follow `nextCursor` from a list method's first page (spec server/utilities/pagination: cursors are opaque,
 * an empty string is a cursor). Stops at a page that was not a success, a cursor seen before, or `maxPages`.
 */
async function followCursors(first: RequestRecord, maxPages: number, fetch: (cursor: string) => Promise<RequestRecord>): Promise<Pick<ProbeRecord, 'pages' | 'pageStop' | 'repeatedCursor'>> {
  const pages = [first];
  const cursors = new Map<string, number>();
  for (;;) {
    const page = pages[pages.length - 1];
    const result = page.outcome === 'success' ? page.response?.result : undefined;
    if (result === null || typeof result !== 'object' || Array.isArray(result)) return { pages, pageStop: 'error' };
    const next = (result as { nextCursor?: unknown }).nextCursor;
    if (typeof next !== 'string') return { pages, pageStop: 'end' };
    const seen = cursors.get(next);
    if (seen !== undefined) return { pages, pageStop: 'cursor-repeat', repeatedCursor: { page: pages.length - 1, firstPage: seen } };
    if (pages.length >= maxPages) return { pages, pageStop: 'page-limit' };
    cursors.set(next, pages.length - 1);
    pages.push(await fetch(next));
  }
}
