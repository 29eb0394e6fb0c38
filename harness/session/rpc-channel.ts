/**
 * The JSON-RPC channel over one connection: writes frames, matches response frames to in-flight ids,
 * ties notifications to requests, answers server-to-client requests, and counts unmatched frames.
 * It never judges a frame; it only routes it.
 */
import type { JsonRpcResponse } from '../model/protocol.ts';
import { CAPABILITY_OF_SERVER_REQUEST } from '../model/protocol.ts';
import { isObject } from './classify.ts';
import { IdTable } from './id-table.ts';
import { notTheResponse, requestHead, requestHeadAndTail } from './oversize-head.ts';
import type { Connection, SendOptions } from './transport.ts';
import type { WireTapRecorder } from './wire-tap.ts';

/**
 * How an in-flight request ended at the channel level; `oversize`: its answer was a line over the frame
 * limit (the id read from the line's head), failed at once instead of waiting out the timeout.
 */
export type Settlement =
  | { kind: 'response'; frame: JsonRpcResponse; bytes: number }
  | { kind: 'exit' }
  | { kind: 'oversize'; bytes: number }
  /** The transport ended the request without an answer (Streamable HTTP: the POST's response had none). */
  | { kind: 'unanswered' }
  /** The server closed its stdout and kept running (Connection.onSilenced): no answer can come on this connection. */
  | { kind: 'stdout-closed' };

/**
 * Notifications (and late frames) kept per request; the rest are only counted (a flood stays bounded). Past the
 * session's retention budget none is kept (WireTapRecorder.retain).
 */
export const MAX_KEPT_NOTIFICATIONS = 100;

/** A registered in-flight id. */
export interface PendingRequest {
  settled: Promise<Settlement>;
  /** Notifications tied to this request (progressToken match, or the only request in flight): the first MAX_KEPT_NOTIFICATIONS. */
  notifications: unknown[];
  /** Every notification tied to this request, kept or not. */
  notificationCount: number;
  /**
   * Only on a registration made `interruptible` (exchange.ts) and handed out once: `settled` as it really
   * resolves, a Settlement or the Interruption its holder ended the wait with (`interrupt`; the first of the two
   * wins, the later is a no-op). One promise per request: the exchange races nothing. Undefined otherwise.
   */
  ended: Promise<Settlement | Interruption> | undefined;
  interrupt: ((why: Interruption) => void) | undefined;
}

/** How the harness itself ends the wait of an exchange (exchange.ts): its timeout, or its cancellation time. */
export type Interruption = { kind: 'timeout' } | { kind: 'cancel' };

/** The settlement of every request once the server closed its stdout (shared: a settlement is only read). */
const STDOUT_CLOSED: Settlement = { kind: 'stdout-closed' };

/** A promise that never settles: what a second holder of an interrupted registration waits on (see `expect`). */
const NEVER = new Promise<never>(() => {});

/** The id of a response frame read from the head of a line too long to parse (`{"jsonrpc":"2.0","id":7,...`); undefined when not at the start. */
export function idFromHead(head: string): number | string | undefined {
  const m = /^\s*\{\s*(?:"jsonrpc"\s*:\s*"2\.0"\s*,\s*)?"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*,/.exec(head);
  if (!m) return undefined;
  try {
    return JSON.parse(m[1]) as number | string;
  } catch {
    return undefined;
  }
}

/** Runs synchronously when an answer is routed: the response frame (undefined when the transport said none will come). */
export type ResponseListener = (frame: Record<string, unknown> | undefined) => void;

interface Entry extends PendingRequest {
  resolve: (s: Settlement | Interruption) => void;
  onResponse: ResponseListener | undefined;
  /** The tool of a `tools/call` (its label, `toolLabel`); undefined for any other request. */
  tool: string | undefined;
}

/** Map key of a JSON-RPC id (1 and "1" are different ids); undefined for null/absent/other. */
export function idKey(id: unknown): string | undefined {
  if (typeof id === 'number') return `n:${id}`;
  if (typeof id === 'string') return `s:${id}`;
  return undefined;
}

/**
 * The channel's own map key of a JSON-RPC id: the id itself when it is a number or a string, undefined
 * for null/absent/other. A Map tells 1 from "1" (SameValueZero), so this keys exactly as `idKey` does
 * (-0 and 0 are one key in both; two distinct numbers never print the same) without building a string
 * per lookup: the channel looks an id up for every request and every frame.
 */
function channelKey(id: unknown): number | string | undefined {
  return typeof id === 'number' || typeof id === 'string' ? id : undefined;
}

/**
 * A second holder's view of an interruptible registration (see `expect`): the same notifications, and a
 * `settled` that resolves with the Settlement only (an Interruption leaves it pending forever).
 */
function settlementView(entry: Entry): PendingRequest {
  const ended = entry.ended as Promise<Settlement | Interruption>;
  return {
    settled: ended.then((s) => (s.kind === 'timeout' || s.kind === 'cancel' ? NEVER : s)),
    get notifications() {
      return entry.notifications;
    },
    get notificationCount() {
      return entry.notificationCount;
    },
    ended: undefined,
    interrupt: undefined,
  };
}

/** The notifications of a request none was tied to (shared, never written: the first tied one replaces it). */
const NO_NOTIFICATIONS: unknown[] = Object.freeze([]) as unknown as unknown[];

/** Routes the frames of one connection. Create one per connection. */
export class RpcChannel {
  /** In flight, by id: an IdTable, not a Map, so a request's bookkeeping dies young (see id-table.ts). */
  private readonly pending = new IdTable<Entry>();
  private readonly late = new Map<number | string, { into: unknown[]; onFrame?: () => void }>();
  /** Ids the harness stopped waiting for (timeout, cancellation, probe fallback): a late answer to one is not unmatched. */
  private readonly abandoned = new Set<number | string>();
  /** The one-text-block tool error results answered on this channel, by text (see shareToolError in exchange.ts). */
  readonly toolErrors = new Map<string, unknown>();
  /** Set once the connection said it can deliver nothing more while open (Connection.onSilenced): see `silence`. */
  private silent = false;

  constructor(readonly connection: Connection, readonly tap: WireTapRecorder) {
    connection.onFrame((value, bytes, related) => this.onFrame(value, bytes, related));
    connection.onOversize((head, bytes, tail) => this.onOversize(head, bytes, tail));
    connection.onUnanswered?.((id, error) => this.onUnanswered(id, error));
    connection.onSilenced?.(() => this.silence());
    void connection.closed.then(() => this.settleAll());
  }

  /**
   * Register an id before writing its frame. A second registration of a live id returns the first.
   * `onResponse` runs synchronously when the answer is routed (before any later frame of the same read), with
   * the response frame (undefined when the transport said none will come).
   * `interruptible` (exchange.ts): the registration carries `ended` and `interrupt` (see PendingRequest), so
   * its one promise also ends the wait at the holder's timeout or cancellation time. A second holder of
   * such a registration gets a view whose `settled` never resolves with an Interruption: after one, the
   * first holder forgets the id, and a second holder waits for its own timer exactly as it did when each
   * holder raced its own timers against one shared `settled`.
   * `tool`: the label (`toolLabel`) of the tool a `tools/call` names, so a capability-gated server request that
   * comes while it is the only request in flight is told apart (`onServerRequest`); undefined for other methods.
   */
  expect(id: number | string, onResponse?: ResponseListener, interruptible = false, tool?: string): PendingRequest {
    const key = id;
    const existing = this.pending.get(key);
    if (existing) return existing.interrupt === undefined ? existing : settlementView(existing);
    let resolve!: (s: Settlement | Interruption) => void;
    const ended = new Promise<Settlement | Interruption>((r) => (resolve = r));
    // without `interruptible` nobody ever resolves it with an Interruption: `settled` is `ended`
    const entry: Entry = {
      settled: ended as Promise<Settlement>, resolve, notifications: NO_NOTIFICATIONS, notificationCount: 0, onResponse, tool,
      ended: interruptible ? ended : undefined, interrupt: interruptible ? resolve : undefined,
    };
    if (!this.connection.alive) resolve({ kind: 'exit' });
    else if (this.silent) resolve(STDOUT_CLOSED);
    else this.pending.set(key, entry);
    return entry;
  }

  /**
   * Stop waiting for an id (timeout, cancellation). A later answer to it is a late answer, not an
   * unmatched frame (ids are never reused within a session).
   */
  forget(id: number | string): void {
    const key = id;
    if (this.pending.delete(key)) this.abandoned.add(key);
  }

  /**
   * The harness gave up on `id` for good (a timeout: nothing that still comes for it is read, see `onFrame`): the
   * connection may stop buffering its answer (Connection.release). Call after `forget`.
   */
  release(id: number | string): void {
    this.connection.release?.(id);
  }

  /** Collect every frame that still arrives for `id` into `into`, until the returned function is called. */
  collectLate(id: number | string, into: unknown[], onFrame?: () => void): () => void {
    const key = id;
    this.late.set(key, { into, onFrame });
    return () => this.late.delete(key);
  }

  /**
   * Watch an id the harness writes but never awaits (the twin behind a cancellation, exchange.ts): `onFrame`
   * runs for each frame with that id, synchronously (before any later frame of the same read), until the
   * returned function is called; a frame after that is a late answer, never an unmatched one. The id is
   * never in flight: it ties no notification, and the other requests' notifications are tied as before.
   */
  watch(id: number | string, onFrame: () => void): () => void {
    this.abandoned.add(id);
    return this.collectLate(id, [], onFrame);
  }

  /** Write one JSON-RPC frame. Returns false when the connection can no longer be written to. */
  send(frame: Record<string, unknown>): boolean {
    return this.connection.send(JSON.stringify(frame));
  }

  /** Write one raw line as is (malformed JSON, batch arrays...). Returns false when stdin is gone. */
  sendLine(line: string, options?: SendOptions): boolean {
    return options === undefined ? this.connection.send(line) : this.connection.send(line, options);
  }

  /**
   * The transport says `id` will get no answer: its request settles now, with the id-less JSON-RPC error
   * that came instead (kept raw, outcome `protocol-error`) or as `unanswered`.
   */
  private onUnanswered(id: number | string, error?: { frame: Record<string, unknown>; bytes: number }): void {
    const key = channelKey(id);
    const entry = key === undefined ? undefined : this.pending.get(key);
    if (!entry || key === undefined) return;
    this.pending.delete(key);
    this.abandoned.add(key);
    entry.onResponse?.(error?.frame);
    entry.resolve(error ? { kind: 'response', frame: error.frame as JsonRpcResponse, bytes: error.bytes } : { kind: 'unanswered' });
  }

  private onFrame(value: unknown, bytes: number, related?: number | string): void {
    if (!isObject(value)) return;
    if (typeof value.method === 'string') {
      if ('id' in value) this.onServerRequest(value.id, value.method, related);
      else this.onNotification(value, bytes);
      return;
    }
    if (!('id' in value) || value.id === null) {
      // a result without a usable id answers nothing a client asked (a reply to a notification?). An error
      // without one is JSON-RPC's answer to a request whose id could not be read, and 2025-11-25 makes the
      // id of JSONRPCErrorResponse optional (Streamable HTTP servers refuse transport-level faults so):
      // such a frame is left to the revision's wire schema, never counted here
      if (value.jsonrpc === '2.0' && 'result' in value) this.tap.unmatchedFrame('no-id');
      return;
    }
    const key = channelKey(value.id);
    const entry = key === undefined ? undefined : this.pending.get(key);
    if (entry && key !== undefined) {
      this.pending.delete(key);
      this.tap.retain(value, bytes, true); // the answer of a request in flight is kept, past the retention budget too
      entry.onResponse?.(value);
      entry.resolve({ kind: 'response', frame: value as JsonRpcResponse, bytes });
      return;
    }
    const late = key === undefined ? undefined : this.late.get(key);
    if (late) {
      if (late.into.length < MAX_KEPT_NOTIFICATIONS && this.tap.retain(value, bytes)) late.into.push(value);
      late.onFrame?.();
    } else if (key !== undefined && this.abandoned.has(key)) {
      return; // a late answer to a request the harness gave up on (judged by the timeout/cancellation checks)
    } else this.tap.unmatchedFrame('unknown-id');
  }

  /**
   * A line over the frame limit that answers an in-flight id fails that request at once. One whose head shows a
   * `method` (a server request or a notification: the server's own id space may hold the same id) answers nothing:
   * the tap keeps it as an oversize line, and the request waits for its own answer; a server request whose id and
   * method the head holds (`requestHead`) is recorded and answered as any server request is (a server's tool may
   * await it).
   */
  private onOversize(head: string, bytes: number, tail?: string): void {
    // a server request whose id and method the head (or, the id written last, the tail) holds gets the answer any
    // server request gets (its method's)
    const request = requestHead(head) ?? (tail === undefined ? undefined : requestHeadAndTail(head, tail));
    if (request !== undefined) return this.onServerRequest(request.id, request.method, undefined);
    const key = channelKey(idFromHead(head));
    const entry = key === undefined ? undefined : this.pending.get(key);
    if (!entry || key === undefined || notTheResponse(head, key)) return;
    this.pending.delete(key);
    this.abandoned.add(key);
    entry.resolve({ kind: 'oversize', bytes });
  }

  /**
   * Server-to-client request: recorded with what was in flight when it came (`during`); answered `{}` for ping,
   * -32601 otherwise (the harness declares no capabilities).
   */
  private onServerRequest(id: unknown, method: string, related: number | string | undefined): void {
    if (Object.hasOwn(CAPABILITY_OF_SERVER_REQUEST, method)) this.tap.serverRequest(method, this.during(related));
    else this.tap.serverRequest(method);
    if (channelKey(id) === undefined) return;
    const answer = method === 'ping' ? { result: {} } : { error: { code: -32601, message: 'Method not found' } };
    this.connection.send(JSON.stringify({ jsonrpc: '2.0', id, ...answer }), { answer: true });
  }

  /**
   * A notification: counted by method in the tap (tools/list_changed drives the re-list), then tied to the request
   * its `progressToken` or `requestId` names. One that names no request in flight (no token, or one of no pending
   * request) is counted for the session only (the tap's `untiedNotifications`): tying it to whichever request was in
   * flight made the count, and the flood verdict on it, depend on how many requests the timing left pending (hostile
   * review 4, D5), and dropping one with an unknown token let a flood go uncounted (review 5).
   */
  private onNotification(frame: Record<string, unknown>, bytes: number): void {
    this.tap.notification(frame.method as string);
    const params = isObject(frame.params) ? frame.params : {};
    const token = channelKey(params.progressToken) ?? channelKey(params.requestId);
    const target = token === undefined ? undefined : this.pending.get(token);
    // naming no request in flight (none, an unknown id, one already answered) is naming none: the session's to count
    if (!target) return this.tap.untiedNotification();
    target.notificationCount += 1;
    // kept within the retention budget only (wire-tap.ts `retain`); counted either way
    if (target.notifications.length >= MAX_KEPT_NOTIFICATIONS || !this.tap.retain(frame, bytes)) return;
    if (target.notifications === NO_NOTIFICATIONS) target.notifications = [frame];
    else target.notifications.push(frame);
  }

  /**
   * The tools/call a capability-gated server request came in: the request whose answer stream carried it
   * (`related`, Streamable HTTP), else by timing: the one tool when every request in flight is a `tools/call` of it;
   * `'several'` when more than one request is in flight and they are not; `'idle'` when no `tools/call` is (a
   * lone other request, or none). The stdio transport relates a server request to no request: when several are
   * in flight, naming one would be a guess.
   */
  private during(related: number | string | undefined): { tool: string } | 'several' | 'idle' {
    const carrier = related === undefined ? undefined : this.pending.get(related);
    if (carrier !== undefined) return carrier.tool === undefined ? 'idle' : { tool: carrier.tool };
    let tool: string | undefined;
    let requests = 0;
    let calls = 0;
    for (const entry of this.pending.values()) {
      requests += 1;
      if (entry.tool === undefined) continue;
      calls += 1;
      if (tool === undefined) tool = entry.tool;
      else if (tool !== entry.tool) return 'several';
    }
    if (calls === 0) return 'idle';
    return calls === requests && tool !== undefined ? { tool } : 'several';
  }

  /** True once no answer can come on this connection while it stays open (the server closed its stdout). */
  get silenced(): boolean {
    return this.silent;
  }

  /**
   * The connection can deliver nothing more (the server closed its stdout and kept running): every request in flight
   * settles now as `stdout-closed`, and every later registration at once (`expect`), instead of each waiting out its
   * timeout.
   */
  private silence(): void {
    if (this.silent) return;
    this.silent = true;
    const entries = this.pending.values();
    this.pending.clear();
    for (const entry of entries) entry.resolve(STDOUT_CLOSED);
  }

  private settleAll(): void {
    for (const entry of this.pending.values()) entry.resolve({ kind: 'exit' });
    this.pending.clear();
  }
}
