/**
 * The session: one surface's server behind a JSON-RPC client that never rejects for server faults.
 * Requests are pipelined through a bounded window; a crashed process is respawned (and the era re-established)
 * on the next request (spec 2026-07-28 basic/transports/stdio: the client SHOULD restart); a wedged process
 * (a timeout, then no answer to a liveness check within probeMs) is killed and respawned likewise.
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
import { Window } from './window.ts';

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
   * `false`: never respawn a dead process for this request (outcome `exit` instead), so a request sent on
   * speculation (an early probe) never adds a process start or an exit of its own. Default true.
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
  /** Snapshot of the wire tap so far (all processes of the session). */
  tap(): WireTap;
  /** How many notifications with `method` the server has sent so far (cheap: no snapshot). */
  notificationCount(method: string): number;
  /** Every process exit so far, in order (unexpected ones and the final). */
  exits(): ExitInfo[];
  /** Shut the current process down (stdin close, SIGTERM, SIGKILL). Idempotent. */
  close(): Promise<ShutdownInfo>;
}

/** The implementation; create it with `openSession` (index.ts). */
export class LiveSession implements Session {
  private readonly window: Window;
  private gate: Promise<void> | undefined;
  private restarts = 0;
  private closing: Promise<ShutdownInfo> | undefined;

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
    return this.window.run(() => this.exchangeOn(method, sent, opts));
  }

  /**
   * One request in its window slot: the live link (respawned first when needed), a fresh id, the exchange.
   * The hot path (one per request): the spec is one literal with every key (absent options undefined, which
   * the exchange reads as absent), and a live link is taken without awaiting `acquireLink`.
   */
  private async exchangeOn(method: string, sent: Record<string, unknown> | undefined, opts: RequestOptions): Promise<RequestRecord> {
    const link = this.liveLink() ?? (await this.acquireLink(opts.respawn !== false));
    const id = this.nextId();
    if (!link) return exitRecord(id, method, sent);
    const record = await exchange(link.channel, {
      id, method, params: sent, line: serialiseFrame(requestFrame(id, method, sent), opts.floatPaths),
      timeoutMs: opts.timeoutMs ?? this.options.timeouts.requestMs, cancelAfterMs: opts.cancelAfterMs,
      send: opts.http || opts.tag ? { ...(opts.http ? { http: opts.http } : {}), ...(opts.tag ? { tag: opts.tag } : {}) } : undefined,
      lateGraceMs: opts.lateGraceMs ?? this.options.lateGraceMs, cancel: method === 'initialize' ? undefined : (reason) => link.channel.send(cancelledFrame(this.frameContext(), id, reason)),
      marker: opts.cancelMarker && opts.cancelAfterMs !== undefined ? this.listMarker(opts.cancelTwin ? () => this.twinOf(link, method, sent, opts.floatPaths) : undefined) : undefined,
    });
    if (record.outcome === 'timeout') this.checkLiveness(link);
    return record;
  }

  writeRaw(line: string, opts: { expectId?: number | string; timeoutMs?: number } = {}): Promise<RequestRecord | undefined> {
    return this.window.run(async () => {
      const link = await this.acquireLink();
      const { expectId } = opts;
      if (expectId === undefined) {
        link?.channel.sendLine(line);
        return undefined;
      }
      const { method, params } = describeRaw(line);
      if (!link) return exitRecord(expectId, method, params);
      const timeoutMs = opts.timeoutMs ?? this.options.timeouts.requestMs;
      return exchange(link.channel, { id: expectId, method, params, line, timeoutMs, lateGraceMs: this.options.lateGraceMs });
    });
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

  close(): Promise<ShutdownInfo> {
    this.closing ??= (async () => {
      while (this.gate) await this.gate;
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
    return { id: '', method, ...(params === undefined ? {} : { params }), outcome: written ? 'success' : 'exit', durationMs: 0 };
  }

  /** The link when nothing gates it and its connection is alive (what `acquireLink` answers at once); else undefined. */
  private liveLink(): Link | undefined {
    return this.gate === undefined && this.closing === undefined && this.link.connection.alive ? this.link : undefined;
  }

  /** The live link, respawning a dead process first (unless `respawn` is false); undefined when closed or the respawn failed. */
  private async acquireLink(respawn = true): Promise<Link | undefined> {
    while (this.gate) await this.gate;
    if (this.closing) return undefined;
    if (this.link.connection.alive) return this.link;
    if (!respawn) return undefined;
    this.gate = this.respawn().finally(() => (this.gate = undefined));
    await this.gate;
    return this.link.connection.alive && !this.closing ? this.link : undefined;
  }

  private async respawn(): Promise<void> {
    if (this.restarts >= this.options.maxRestarts) return;
    this.restarts += 1;
    try {
      const link = await this.connector.spawn();
      this.link = link;
      const deps: NegotiateDeps = { connector: this.connector, options: this.options, nextId: this.nextId };
      if (!(await rehandshake(link, this.negotiation, deps))) await link.connection.kill();
    } catch {
      /* spawn failed: the link stays dead, requests resolve `exit` */
    }
  }

  /** A `tools/list` request of the negotiated era with a fresh id: the marker behind a cancellation (and the twin, if asked for, behind it). */
  private listMarker(twin?: () => Twin): { id: number; line: string; twin?: Twin } {
    const id = this.nextId();
    const params = buildParams(this.frameContext(), this.negotiation.era === 'modern' ? {} : undefined);
    const line = JSON.stringify(requestFrame(id, 'tools/list', params));
    // the twin's id after the marker's: the order the lines are written in
    return twin === undefined ? { id, line } : { id, line, twin: twin() };
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
      if (record.outcome === 'timeout') await link.connection.kill();
    })().finally(() => (this.gate = undefined));
  }
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
