/**
 * The session: one surface's server behind a JSON-RPC client that never rejects for server faults.
 * Requests are pipelined through a bounded window; a crashed process is respawned (and the era re-established)
 * on the next request (spec 2026-07-28 basic/transports/stdio: the client SHOULD restart); a wedged process
 * (a timeout, then no answer to a liveness check within probeMs) is killed and respawned likewise.
 *
 * Crashes (docs/determinism.md): when the process ends while in use, every request in flight ends with it,
 * whichever of them caused it. The session then turns serial for good: once every request that was in flight
 * has ended, those the crash took are sent again one at a time, in the order they were submitted, ahead of every
 * request still waiting, and so is everything after them (SerialLane), so each later crash is one request's.
 * (Pipelining again once the crash's requests were resolved made the number of crashes depend on how many of the
 * next crashing requests each crash happened to take along: 9 or 10 exits on one server by the window.)
 * A tool (or method) whose requests crashed the process CRASHES_PER_REQUEST_KEY times
 * alone gets no more requests (`unsent: 'crashes'`); after a failed restart, or once the restart budget is
 * spent, nothing more is sent (`unsent: 'restarts'`). Once the server frames the session keeps passed its retention
 * budget (SessionOptions.maxRetainedBytes, WireTapRecorder.retain), no further request is sent (`unsent: 'budget'`). A request
 * still waiting (in the window, the serial lane or a restart) when the session is closed (`close`: an interrupt, the
 * surface budget) is never written (`unsent: 'closed'`); one already written ends with the process, cut short (exchange.ts); one
 * the crash took whose attempt alone was never sent (the close, or no restart) keeps its first record (written, so a
 * call made): plain when the crash took it alone (the crasher), else marked `retryUnsent` (not known to have crashed
 * the server). A restart still negotiating when the session is closed
 * is abandoned, its process stopped, never waited for (`close`). For a server that crashes while it handles the request
 * that causes it, which requests run, and on which process, does not depend on how the crash and the window
 * aligned; a crash some time after its cause (a timer) is judged by what came before the exit.
 */
import type { Listing, Negotiation } from '../model/observation.ts';
import type { ExitInfo, HttpSendOptions, RequestRecord, ShutdownInfo, WireTap } from '../model/wire.ts';
import { isObject } from './classify.ts';
import { buildParams, cancelledFrame, notificationFrame, requestFrame, serialiseFrame, type FrameContext } from './envelope.ts';
import { exchange, type Twin } from './exchange.ts';
import type { Link, Connector } from './link.ts';
import { walkListing } from './listing.ts';
import { rehandshake, type NegotiateDeps } from './negotiate.ts';
import type { ResolvedSessionOptions } from './options.ts';
import { SerialLane } from './serial-lane.ts';
import { Window } from './window.ts';

/**
 * Crashes of the server process by requests of one key (a tool's `tools/call`, or another method) sent alone,
 * after which the session sends no more requests of that key (docs/determinism.md, "Crashes").
 */
export const CRASHES_PER_REQUEST_KEY = 2;

/** Per-request options of `Session.request` (see ProbeRequest in model/wire.ts). Durations in ms. */
export interface RequestOptions {
  timeoutMs?: number;
  /** `false`: params sent exactly as given on the modern era. */
  envelope?: boolean;
  /** Overrides only the version in the modern envelope. */
  protocolVersion?: string;
  /** Send `notifications/cancelled` after this delay; outcome `cancelled` unless answered first. */
  cancelAfterMs?: number;
  /** Send a notification (no id, no answer awaited). */
  notification?: boolean;
  /** After a cancellation: how long to keep collecting frames for the id, ms (default: the session's lateGraceMs). */
  lateGraceMs?: number;
  /** After a cancellation with a twin: late frames sooner than this, ms after the cancellation, count for nothing (ExchangeSpec.lateCountsFromMs). */
  lateCountsFromMs?: number;
  /**
   * With `cancelAfterMs`: write a `tools/list` marker request right after `notifications/cancelled`, so the
   * record says whether a late frame came after the server had read the cancellation (`lateAfterMarker`).
   */
  cancelMarker?: boolean;
  /**
   * With `cancelMarker`: write a twin (this request again, its own id) right behind the marker; one twin
   * duration after its answer ends the late window (see ProbeRequest.cancelTwin and Twin in exchange.ts).
   */
  cancelTwin?: boolean;
  /** Streamable HTTP: header changes for this request's POST, recorded under `tag` (a probe id). Ignored by stdio. */
  http?: HttpSendOptions;
  tag?: string;
  /** Whole numbers to write as `N.0` (paths from `params` down; see ProbeRequest.floatPaths). */
  floatPaths?: string[][];
  /**
   * `false`: a request sent on speculation (an early probe): never respawn a dead process for it, and never send
   * it once the session is serial (a crash was seen before it was written): outcome `exit` instead, so it never
   * adds a process start or an exit of its own, and whether it is written does not hang on the window (docs/
   * determinism.md, "Crashes"). Default true.
   */
  respawn?: boolean;
}

/** A live session. Requests never reject for server faults; see `Outcome` in model/wire.ts. */
export interface Session {
  readonly negotiation: Negotiation;
  /** Every `tools/list` page, following `nextCursor` (default limit 100 pages). */
  listTools(opts?: { maxPages?: number }): Promise<Listing>;
  /** `tools/call`; outcome `tool-error` for an `isError: true` result. A timeout sends `notifications/cancelled` (never for `initialize`). */
  callTool(name: string, args: Record<string, unknown>, opts?: { timeoutMs?: number }): Promise<RequestRecord>;
  /** Any method. A notification resolves `success` once written (id ''), `exit` when it could not be. */
  request(method: string, params?: Record<string, unknown>, opts?: RequestOptions): Promise<RequestRecord>;
  /** Write one raw stdin line; with `expectId`, await the frame with that id (record method: its `method` or `(raw)`). */
  writeRaw(line: string, opts?: { expectId?: number | string; timeoutMs?: number }): Promise<RequestRecord | undefined>;
  /**
   * The in-flight window from now on (requests; >= 1): the probes' (SessionOptions.probeConcurrency) once the
   * calls are done. Requests already waiting start as slots free. Ignored once the session is serial (a crash).
   */
  resizeWindow(size: number): void;
  /** Snapshot of the wire tap so far (all processes of the session). */
  tap(): WireTap;
  /** How many notifications with `method` the server has sent so far (cheap: no snapshot). */
  notificationCount(method: string): number;
  /** Every process exit so far, in order (unexpected ones and the final). */
  exits(): ExitInfo[];
  /**
   * The origin of the session's clock, performance.now() ms: its first process's spawn, which ExitInfo.atMs and the
   * wire tap's times count from (every restart keeps it).
   */
  clockOrigin(): number;
  /** Shut the current process down (stdin close, SIGTERM, SIGKILL). Idempotent. */
  close(): Promise<ShutdownInfo>;
}

/** The implementation; create it with `openSession` (index.ts). */
export class LiveSession implements Session {
  private readonly window: Window;
  private gate: Promise<void> | undefined;
  private restarts = 0;
  private closing: Promise<ShutdownInfo> | undefined;
  /** Submitted requests so far: the next request's place in the serial lane. */
  private submitted = 0;
  /** True once the process crashed while in use: every request from then on runs alone, in the lane. */
  private serial = false;
  /** Requests in their pipelined exchange (or deciding, after it, whether a crash took them): the lane waits for them. */
  private pipelined = 0;
  private readonly lane = new SerialLane(() => this.pipelined === 0);
  /**
   * Pipelined requests a crash of the link's process took (their attempt ended with it: `crashedDuring`), by link.
   * Read once the lane runs, which waits until no request is still in its pipelined exchange, so the list is final.
   */
  private readonly crashTook = new WeakMap<Link, Taken[]>();
  /** Crashes of the process by requests sent alone, by request key (`requestKey`). */
  private readonly crashes = new Map<string, number>();
  /** True once a restart failed (the spawn, or its negotiation): nothing is restarted again. */
  private restartFailed = false;
  /** The link of a restart still negotiating (`respawn`), which `close` abandons; undefined otherwise. */
  private restarting: Link | undefined;
  /** The stop of a restart the close abandoned (`close`): its process's shutdown, the session's. */
  private abandoned: Promise<ShutdownInfo> | undefined;

  constructor(
    readonly negotiation: Negotiation,
    private link: Link,
    private readonly connector: Connector,
    private readonly options: ResolvedSessionOptions,
    private readonly nextId: () => number,
  ) {
    this.window = new Window(options.callConcurrency);
  }

  listTools(opts: { maxPages?: number } = {}): Promise<Listing> {
    return walkListing((cursor) => this.request('tools/list', cursor === undefined ? undefined : { cursor }), opts.maxPages);
  }

  callTool(name: string, args: Record<string, unknown>, opts: { timeoutMs?: number } = {}): Promise<RequestRecord> {
    return this.request('tools/call', { name, arguments: args }, opts);
  }

  request(method: string, params?: Record<string, unknown>, opts: RequestOptions = {}): Promise<RequestRecord> {
    const enveloped = this.negotiation.era === 'modern' && opts.envelope !== false;
    const sent = buildParams(this.frameContext(), params ?? (enveloped ? {} : undefined), opts);
    if (opts.notification) return this.notify(method, sent);
    const seq = this.submitted++;
    return this.window.run(() => this.exchangeOn(method, sent, opts, seq));
  }

  /**
   * One request in its window slot. A request of a key that already crashed the process twice alone is not sent.
   * Pipelined (the hot path, one per request) unless serial: the live link, a fresh id, the exchange. When the
   * process crashed before the request had its answer (`crashedDuring`: it ended `exit`, or a cancellation's late
   * window or a timeout saw the crash) or it finds the process gone, the session turns serial and the request is
   * sent again alone, in its place (`seq`) in the serial lane. A request that may not respawn (an early probe)
   * keeps its record instead, and one not yet written when the session turned serial is never written (`exit`, not
   * sent): it was planned on the calls assumed answered, which a crash has shown false, so the final plan, made on
   * the calls' real records, decides whether it is sent. Written alone in the lane on whatever process a later call
   * had restarted, the probe of a tool whose call had crashed the server crashed it once more at a window of 1,
   * where the crash always comes before any early probe is written; at 8 it was in flight beside the call and ended
   * with the first crash (a flip hunt: crash-stderr.mjs, given-secrets.mjs; the final plan never probes that tool).
   */
  private async exchangeOn(method: string, sent: Record<string, unknown> | undefined, opts: RequestOptions, seq: number): Promise<RequestRecord> {
    if (this.connector.tap.overBudget) return { ...exitRecord(this.nextId(), method, sent), unsent: 'budget' };
    if (this.crashes.size > 0 && this.barred(method, sent)) return { ...exitRecord(this.nextId(), method, sent), unsent: 'crashes' };
    // the attempt that reached the crashed process was written to it: when the second attempt is never sent (the close,
    // a failed restart), that attempt is the record (a third review: a call that crashed the server read 'not run'),
    // marked `retryUnsent` when the crash took others beside it: only the attempt alone tells which of them crashed the
    // server (a review: after a surface-budget cut a call merely in flight beside the crashing one was named as in
    // flight); taken alone it is the crasher and stays plain (a review: a lone crasher went unnamed after a cut)
    let attempted: { record: RequestRecord; link: Link } | undefined;
    if (!this.serial) {
      this.pipelined += 1;
      try {
        const link = this.liveLink() ?? (await this.acquireLink(false));
        if (this.closing) return { ...exitRecord(this.nextId(), method, sent), unsent: 'closed' };
        if (link && !this.serial) {
          const record = await this.exchangeWith(link, method, sent, opts);
          if (this.closing || !mayHaveCrashed(link, record) || !(await crashedDuring(link, record))) return record;
          this.turnSerial();
          this.tookBy(link).push({ key: requestKey(method, sent), early: opts.respawn === false });
          if (opts.respawn === false) return record;
          attempted = { record, link };
        } else this.turnSerial();
      } finally {
        this.pipelined -= 1;
        this.lane.poke();
      }
    }
    if (opts.respawn === false) return exitRecord(this.nextId(), method, sent); // speculation never runs alone (above)
    const alone = await this.lane.run(seq, () => this.exchangeAlone(method, sent, opts));
    return attempted !== undefined ? keptAttempt(attempted.record, alone, this.tookBy(attempted.link)) : alone;
  }

  /** The requests a crash of `link`'s process took while pipelined (so far). */
  private tookBy(link: Link): Taken[] {
    let taken = this.crashTook.get(link);
    if (!taken) this.crashTook.set(link, (taken = []));
    return taken;
  }

  /** From now on one request at a time (see the module comment). */
  private turnSerial(): void {
    this.serial = true;
    this.window.resize(1);
  }

  /** Whether requests of this key crashed the process CRASHES_PER_REQUEST_KEY times alone. */
  private barred(method: string, sent: Record<string, unknown> | undefined): boolean {
    return (this.crashes.get(requestKey(method, sent)) ?? 0) >= CRASHES_PER_REQUEST_KEY;
  }

  /**
   * One request alone on the process (serial mode; never an early probe, `respawn: false`, which `exchangeOn` keeps
   * out of the lane): not sent when its key already crashed the process CRASHES_PER_REQUEST_KEY times, or when no
   * process can be had (the restart budget spent, or a restart failed: `unsent`); a crash during it
   * (`crashedDuring`) is its key's.
   */
  private async exchangeAlone(method: string, sent: Record<string, unknown> | undefined, opts: RequestOptions): Promise<RequestRecord> {
    if (this.connector.tap.overBudget) return { ...exitRecord(this.nextId(), method, sent), unsent: 'budget' };
    if (this.barred(method, sent)) return { ...exitRecord(this.nextId(), method, sent), unsent: 'crashes' };
    const link = this.liveLink() ?? (await this.acquireLink());
    if (!link) {
      if (this.closing) return { ...exitRecord(this.nextId(), method, sent), unsent: 'closed' };
      const none = this.restartFailed || this.restarts >= this.options.maxRestarts;
      return none ? { ...exitRecord(this.nextId(), method, sent), unsent: 'restarts' } : exitRecord(this.nextId(), method, sent);
    }
    const record = await this.exchangeWith(link, method, sent, opts);
    if (!this.closing && (await crashedDuring(link, record))) {
      const key = requestKey(method, sent);
      this.crashes.set(key, (this.crashes.get(key) ?? 0) + 1);
    }
    return record;
  }

  /**
   * The exchange of one request on `link`: a fresh id, the spec as one literal with every key (absent options
   * undefined, which the exchange reads as absent); a timeout starts the liveness check. A cancellation's marker is settled (answered, or the process gone) before the slot frees, pipelined or alone: whether a crash on the marker was seen must not depend on timing.
   */
  private async exchangeWith(link: Link, method: string, sent: Record<string, unknown> | undefined, opts: RequestOptions): Promise<RequestRecord> {
    const id = this.nextId();
    const record = await exchange(link.channel, {
      id, method, params: sent, line: serialiseFrame(requestFrame(id, method, sent), opts.floatPaths),
      timeoutMs: opts.timeoutMs ?? this.options.timeouts.requestMs, cancelAfterMs: opts.cancelAfterMs,
      send: opts.http || opts.tag ? { ...(opts.http ? { http: opts.http } : {}), ...(opts.tag ? { tag: opts.tag } : {}) } : undefined,
      lateGraceMs: opts.lateGraceMs ?? this.options.lateGraceMs, lateCountsFromMs: opts.lateCountsFromMs, cancel: method === 'initialize' ? undefined : (reason) => link.channel.send(cancelledFrame(this.frameContext(), id, reason)),
      marker: opts.cancelMarker && opts.cancelAfterMs !== undefined ? this.listMarker(opts.cancelTwin ? () => this.twinOf(link, method, sent, opts.floatPaths) : undefined) : undefined,
      settleMarker: true,
    });
    // a request the closed stdout ended (stdoutClosed) waited for nothing: the process is not wedged, it can answer nothing
    if (record.outcome === 'timeout' && record.stdoutClosed !== true) this.checkLiveness(link);
    return record;
  }

  writeRaw(line: string, opts: { expectId?: number | string; timeoutMs?: number } = {}): Promise<RequestRecord | undefined> {
    const seq = this.submitted++;
    return this.window.run(() => (this.serial ? this.lane.run(seq, () => this.rawOn(line, opts)) : this.rawOn(line, opts)));
  }

  /** One raw line in its window slot (and, in serial mode, alone): the live link (respawned when needed), the exchange if an id is awaited. */
  private async rawOn(line: string, opts: { expectId?: number | string; timeoutMs?: number }): Promise<RequestRecord | undefined> {
    const link = await this.acquireLink();
    const { expectId } = opts;
    if (expectId === undefined) {
      link?.channel.sendLine(line);
      return undefined;
    }
    const { method, params } = describeRaw(line);
    if (this.connector.tap.overBudget) return { ...exitRecord(expectId, method, params), unsent: 'budget' };
    if (!link) return this.closing ? { ...exitRecord(expectId, method, params), unsent: 'closed' } : exitRecord(expectId, method, params);
    const timeoutMs = opts.timeoutMs ?? this.options.timeouts.requestMs;
    return exchange(link.channel, { id: expectId, method, params, line, timeoutMs, lateGraceMs: this.options.lateGraceMs });
  }

  resizeWindow(size: number): void {
    if (!this.serial) this.window.resize(size);
  }

  tap(): WireTap {
    return this.connector.tap.snapshot();
  }

  notificationCount(method: string): number {
    return this.connector.tap.notificationCount(method);
  }

  exits(): ExitInfo[] {
    return this.connector.exits.slice();
  }

  clockOrigin(): number {
    return this.connector.tap.startedAt;
  }

  /**
   * Shut the session down. A restart still negotiating is abandoned, not waited for (a review: a restarted process that
   * never answered initialize held a 8 s surface budget for the start timeout, 120 s): its process is stopped the way
   * every close stops one (stdin close, SIGTERM, SIGKILL, the tree swept), which ends its handshake, and the requests
   * waiting for it resolve `unsent: 'closed'`. Its ShutdownInfo says `abandoned`: how a process stopped mid-handshake
   * ended is not the server's shutdown (transport/shutdown judges only its survivors).
   */
  close(): Promise<ShutdownInfo> {
    this.closing ??= (async () => {
      const restart = this.restarting;
      if (restart) this.abandoned = restart.connection.stop();
      while (this.gate) await this.gate;
      if (this.abandoned) return { ...(await this.abandoned), abandoned: true };
      return this.link.connection.stop();
    })();
    return this.closing;
  }

  private frameContext(): FrameContext {
    return { era: this.negotiation.era, protocolVersion: this.negotiation.protocolVersion, clientInfo: this.options.clientInfo };
  }

  private async notify(method: string, params: Record<string, unknown> | undefined): Promise<RequestRecord> {
    const link = await this.acquireLink();
    const written = link?.channel.send(notificationFrame(method, params)) ?? false;
    const record: RequestRecord = { id: '', method, ...(params === undefined ? {} : { params }), outcome: written ? 'success' : 'exit', durationMs: 0 };
    // not written because the harness was closing the session (an interrupt, the surface budget): no exit of the server's
    return !written && this.closing ? { ...record, unsent: 'closed' } : record;
  }

  /** The link when nothing gates it and its connection is alive (what `acquireLink` answers at once); else undefined. */
  private liveLink(): Link | undefined {
    return this.gate === undefined && this.closing === undefined && usable(this.link) ? this.link : undefined;
  }

  /** The live link, respawning a dead process first (unless `respawn` is false); undefined when closed or the respawn failed. */
  private async acquireLink(respawn = true): Promise<Link | undefined> {
    while (this.gate) await this.gate;
    if (this.closing) return undefined;
    if (usable(this.link)) return this.link;
    if (!respawn) return undefined;
    this.gate = this.respawn().finally(() => (this.gate = undefined));
    await this.gate;
    return this.link.connection.alive && !this.closing ? this.link : undefined;
  }

  /** Start a new process and negotiate again; a failure (the spawn, or the negotiation) ends restarting for good. */
  private async respawn(): Promise<void> {
    if (this.restartFailed || this.restarts >= this.options.maxRestarts) return;
    this.restarts += 1;
    try {
      const link = await this.connector.spawn();
      this.link = link;
      // closed while it started: abandoned before its handshake (close stops it)
      if (this.closing) {
        this.abandoned ??= link.connection.stop();
        return;
      }
      this.restarting = link;
      const deps: NegotiateDeps = { connector: this.connector, options: this.options, nextId: this.nextId };
      if (!(await rehandshake(link, this.negotiation, deps))) {
        this.restartFailed = true;
        // a handshake the close ended (it stops the process): no kill beside that stop
        if (!this.closing) await link.connection.kill();
      }
    } catch {
      this.restartFailed = true; // spawn failed: the link stays dead, requests resolve `exit` (unsent)
    } finally {
      this.restarting = undefined;
    }
  }

  /** A `tools/list` request of the negotiated era with a fresh id: the marker behind a cancellation (and the twin, if asked for, behind it). */
  private listMarker(twin?: () => Twin): { id: number; line: string; twin?: Twin } {
    const { id, line } = this.listLine();
    // the twin's id after the marker's: the order the lines are written in
    return twin === undefined ? { id, line } : { id, line, twin: twin() };
  }

  /** A `tools/list` request line with a fresh id, in the session's era (a marker: the harness's own, judged by no check). */
  private listLine(): { id: number; line: string } {
    const id = this.nextId();
    const params = buildParams(this.frameContext(), this.negotiation.era === 'modern' ? {} : undefined);
    return { id, line: JSON.stringify(requestFrame(id, 'tools/list', params)) };
  }

  /**
   * The twin of a cancelled request: the same method and params (the same bytes but the id: same envelope,
   * same `floatPaths`) with a fresh id, and how to cancel it on `link` (Twin in exchange.ts).
   */
  private twinOf(link: Link, method: string, sent: Record<string, unknown> | undefined, floatPaths: string[][] | undefined): Twin {
    const id = this.nextId();
    return {
      id, line: serialiseFrame(requestFrame(id, method, sent), floatPaths),
      cancel: (reason) => link.channel.send(cancelledFrame(this.frameContext(), id, reason)),
      marker: () => this.listLine(),
    };
  }

  /** After a timeout: a cheap `tools/list` within probeMs; no answer means wedged, so kill the tree. */
  private checkLiveness(link: Link): void {
    if (this.gate || link !== this.link || !link.connection.alive) return;
    this.gate = (async () => {
      const id = this.nextId();
      const params = buildParams(this.frameContext(), this.negotiation.era === 'modern' ? {} : undefined);
      const line = JSON.stringify(requestFrame(id, 'tools/list', params));
      const record = await exchange(link.channel, { id, method: 'tools/list', line, timeoutMs: this.options.timeouts.probeMs, lateGraceMs: 0 });
      if (record.outcome === 'timeout' && record.stdoutClosed !== true) await link.connection.kill();
    })().finally(() => (this.gate = undefined));
  }
}

/**
 * `crashedDuring`'s answer when it needs no wait, false; true when it may be true (an exit, or a cancellation or
 * timeout whose process is gone). Lets the hot path (every pipelined request) return its record without an await.
 */
function mayHaveCrashed(link: Link, record: RequestRecord): boolean {
  return record.outcome === 'exit' || ((record.outcome === 'cancelled' || record.outcome === 'timeout') && !link.connection.alive);
}

/**
 * Whether requests go to `link`: its process runs, or it closed its stdout (RpcChannel.silenced), alive or exited
 * since. A silenced link is never replaced: the harness gave its process up at the closed stdout, so each later request
 * ends there at once, never written (outcome `timeout`, `stdoutClosed`), and the process's own exit after it, whenever
 * it came, restarts nothing (flip hunt, stop 29: a restart that came or not by a 5 ms exit decided whether the calls
 * ran; docs/determinism.md).
 */
function usable(link: Link): boolean {
  return link.connection.alive || link.channel.silenced;
}

/**
 * True when `link`'s process crashed (an unexpected exit) before `record` got an answer: outcome `exit`, or a
 * `cancelled` or `timeout` exchange that was still watching the process (a cancellation's late window) when it
 * died. An answered request (success, tool-error, protocol-error, oversize) keeps its record.
 */
async function crashedDuring(link: Link, record: RequestRecord): Promise<boolean> {
  if (record.outcome === 'exit') return true;
  if ((record.outcome !== 'cancelled' && record.outcome !== 'timeout') || link.connection.alive) return false;
  return (await link.connection.closed).unexpected;
}

/** The key a crash is counted under: `tools/call` and the tool's name, or the method. */
function requestKey(method: string, sent: Record<string, unknown> | undefined): string {
  return method === 'tools/call' && typeof sent?.name === 'string' ? `tools/call\u0000${sent.name}` : method;
}

/** A request a crash took while pipelined: its key (`requestKey`), and whether it was an early probe (`respawn: false`). */
interface Taken {
  key: string;
  early: boolean;
}

/**
 * The record of a request a crash took while pipelined (`attempted`, its first attempt), once its attempt alone
 * (`alone`) ran or was not sent. Sent, it is `alone`. Never sent because the session closed (`unsent: 'closed'`) or no
 * process could be had (a restart failed, or the restart budget was spent: `unsent: 'restarts'`), the first attempt is
 * the record: it was written, so a call made (outcome `exit`), not an unsent one. `took` is every request that crash
 * took (this one among them). Taken alone (always so with a window of 1), or beside nothing but early probes of its
 * own key (speculative: an early record that ended with the process is dropped and the probe sent again, harness/run/
 * early-probes.ts), it crashed the server by the rule its attempt alone applies (a crash is its key's), so its record
 * stays a plain exit. Beside another request of the run, or one of another key, only the attempt alone would tell
 * which of them did: it is marked `retryUnsent` with the reason, and no check blames it (docs/determinism.md, "Crashes").
 */
function keptAttempt(attempted: RequestRecord, alone: RequestRecord, took: readonly Taken[]): RequestRecord {
  if (alone.unsent !== 'closed' && alone.unsent !== 'restarts') return alone;
  const key = requestKey(attempted.method, isObject(attempted.params) ? attempted.params : undefined);
  const alongside = took.filter((t) => !t.early).length > 1 || took.some((t) => t.key !== key);
  return alongside ? { ...attempted, retryUnsent: alone.unsent } : attempted;
}

function exitRecord(id: number | string, method: string, params: unknown): RequestRecord {
  return { id, method, ...(params === undefined ? {} : { params }), outcome: 'exit', durationMs: 0 };
}

/** Method and params of a raw line, for its record: the frame's own when it parses as an object. */
function describeRaw(line: string): { method: string; params?: unknown } {
  try {
    const value: unknown = JSON.parse(line);
    if (isObject(value) && typeof value.method === 'string') return { method: value.method, params: value.params };
  } catch {
    /* not JSON */
  }
  return { method: '(raw)' };
}
