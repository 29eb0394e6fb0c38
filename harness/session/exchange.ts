/**
 * One request/response exchange on a channel, turned into a RequestRecord. Never rejects: a JSON-RPC error is
 * `protocol-error`, an `isError` tools/call result is `tool-error`, no answer in time is `timeout`, a gone process
 * is `exit`, a harness cancellation is `cancelled` (spec basic/utilities/cancellation).
 */
import { toolLabel, type JsonRpcResponse } from '../model/protocol.ts';
import type { RequestRecord } from '../model/wire.ts';
import { frameOutcome } from '../wire/outcome.ts';
import type { Interruption, PendingRequest, RpcChannel, Settlement } from './rpc-channel.ts';
import type { SendOptions } from './transport.ts';
import { since } from './timing.ts';

/** One exchange: the id to match, what to write, how long to wait (ms). */
export interface ExchangeSpec {
  id: number | string;
  method: string;
  /** The params as sent (recorded verbatim). */
  params?: unknown;
  /** The line to write (a serialised frame or a raw line). */
  line: string;
  timeoutMs: number;
  /** Cancel after this many ms (cancellation probes). */
  cancelAfterMs?: number;
  /** After a cancellation, collect frames for the id this long (ms). */
  lateGraceMs: number;
  /**
   * After a cancellation with a twin: a late frame that comes sooner than this many ms after the cancellation
   * counts for nothing (the planning check says so: protocol/cancellation's MIN_LATE_MARGIN_MS), so a settle
   * after the twin's answer that would end before half this mark is replaced by the twin's marker (collectLate,
   * Twin.marker). Absent = 0: every settle runs.
   */
  lateCountsFromMs?: number;
  /** Transport options of the write (HTTP header changes of a probe). */
  send?: SendOptions;
  /** Writes `notifications/cancelled` for the id; absent = never cancel (initialize, raw lines). */
  cancel?: (reason: string) => void;
  /**
   * A cheap request written right after the cancellation (its own id and line): its answer orders the late
   * frames (see `RequestRecord.lateAfterMarker`). Absent = no marker. `twin`: written right behind it (see Twin).
   */
  marker?: { id: number | string; line: string; twin?: Twin };
  /**
   * With `marker`: after the late window, wait (up to `lateGraceMs` more) until the marker was answered or the
   * process ended, so a crash on the marker is this exchange's at any load (the session decides from it whether a
   * crash took the request; in serial mode the next request must not be the one blamed: harness/session/session.ts).
   */
  settleMarker?: boolean;
}

/**
 * The twin of a cancelled request (on its marker: the hot path's spec gets no key of its own): the same
 * request again with its own id and line, written right behind the marker, and how to cancel it. The server
 * reads stdin in order, so the twin is the same work started after the cancelled request: its answer (any
 * answer) before any late frame ends the late window one twin duration later (the settle, collectLate: a
 * server that ignores the cancellation finishes the cancelled work first, or, running requests concurrently
 * with variable latency, within about as long again). Never awaited, never recorded: a twin unanswered when
 * the window ends is cancelled, and its answer is then an abandoned late one.
 */
export interface Twin {
  id: number | string;
  line: string;
  cancel: (reason: string) => void;
  /**
   * A fresh `tools/list` request (its id and line) to write once the twin is answered when the settle is skipped
   * (`ExchangeSpec.lateCountsFromMs`): the window then ends at its answer, an order event. A server that exits right
   * behind its answer to the twin never answers it, so the window sees that exit and the crash is the cancelled
   * request's (harness/session/session.ts `crashedDuring`), as the settle saw it; absent = end one poll phase later.
   */
  marker?: () => { id: number | string; line: string };
}

type Ending = Settlement | Interruption;


/**
 * Run one exchange. Resolves with the record; never rejects (a fault of the channel's own code would reject,
 * never throw). Split for the hot path (one per request, ~20,000 at 1,000 tools): this registers and writes,
 * `settle` awaits the one promise, and only an exchange that got no answer continues in `unanswered`, so the
 * async frame every request allocates holds a handful of locals.
 */
/** The requests written in this turn of the event loop, by channel, whose network-line count is read at its check phase. */
const awaitingNetworkCount = new Map<RpcChannel, Array<{ lines?: number }>>();

/**
 * Set `into.lines` to `channel`'s count of network-failure lines read (WireTap.networkLinesEnded) once this poll of the
 * event loop is done: one setImmediate per turn for every request written in it (a 1,000-tool run writes ~18,000), not
 * one per request.
 */
function networkCountAfterPoll(channel: RpcChannel, into: { lines?: number }): void {
  const waiting = awaitingNetworkCount.get(channel);
  if (waiting !== undefined) return void waiting.push(into);
  awaitingNetworkCount.set(channel, [into]);
  if (awaitingNetworkCount.size > 1) return;
  setImmediate(() => {
    for (const [ch, records] of awaitingNetworkCount) {
      const lines = ch.tap.networkLinesEnded();
      for (const r of records) r.lines = lines;
    }
    awaitingNetworkCount.clear();
  });
}

export function exchange(channel: RpcChannel, spec: ExchangeSpec): Promise<RequestRecord> {
  try {
    const pending = channel.expect(spec.id, undefined, true, callTool(spec));
    const start = performance.now();
    // the network-failure lines read before this request (RequestRecord.networkLinesAtSend), read once the loop's poll
    // that wrote it is done: a line the server wrote before the answer that led to this request is ready in the same
    // poll as that answer, and its stderr callback may run after the write, so the count at the write would vary
    // between runs; nothing the server writes in reply to this request can be in that poll
    // the server closed its stdout (RpcChannel.silenced): it can answer nothing, so the line is not written at all
    if (channel.silenced) return Promise.resolve({ ...baseRecord(spec), outcome: 'timeout', stdoutClosed: true });
    const network: { lines?: number } = {};
    networkCountAfterPoll(channel, network);
    if (!channel.sendLine(spec.line, spec.send)) {
      channel.forget(spec.id);
      return Promise.resolve(baseRecord(spec));
    }
    return settle(channel, spec, pending, start, network);
  } catch (error) {
    return Promise.reject(error);
  }
}

/** The label (`toolLabel`) of the tool a `tools/call` names; undefined for other methods or params without `name`. */
function callTool(spec: ExchangeSpec): string | undefined {
  if (spec.method !== 'tools/call' || spec.params === null || typeof spec.params !== 'object' || !('name' in spec.params)) return undefined;
  return toolLabel((spec.params as { name: unknown }).name);
}

/** The wait of an exchange whose line was written (see awaitEnding), then its record. */
async function settle(channel: RpcChannel, spec: ExchangeSpec, pending: PendingRequest, start: number, network: { lines?: number }): Promise<RequestRecord> {
  const { ended, interrupt } = pending;
  let ending: Ending;
  if (spec.cancelAfterMs === 0 || ended === undefined || interrupt === undefined) {
    const clocks: { startedAt?: number } = {};
    ending = await awaitEnding(pending.settled, spec, clocks);
    start = clocks.startedAt ?? start;
  } else {
    // the registration's own promise, ended early by the timers (see awaitEnding), started once the line is written
    const clocks = new Clocks(spec, interrupt);
    ending = await ended;
    clocks.stop();
    start = clocks.startedAt ?? start;
  }
  const durationMs = since(start);
  if (ending.kind !== 'response') return unanswered(channel, spec, pending, ending, durationMs, network);
  if (spec.method === 'tools/call') shareToolError(ending.frame, channel.toolErrors);
  return answered(spec, ending, durationMs, pending);
}

/** Distinct tool error texts a channel shares a result object for, and the longest text shared (characters). */
export const MAX_SHARED_TOOL_ERRORS = 256;
export const MAX_SHARED_TOOL_ERROR_TEXT = 1024;

/**
 * Give a `tools/call` answer whose result is exactly `{"content":[{"type":"text","text":T}],"isError":true}` (these
 * members in this order, nothing else; T at most MAX_SHARED_TOOL_ERROR_TEXT characters) the result object an earlier
 * answer on `shared`'s channel with the same T got, replacing its own in the frame (issue 12, memory: the ~14,000
 * rejected argument probes of a 1,000-tool run answered one text, ~220 bytes of objects each, ~3 MB retained
 * until the run ends). The two are equal member by member, in the same order, and nothing writes a record's
 * response once it is made (the checks and reporters only read), so no reader can tell them apart. The first
 * MAX_SHARED_TOOL_ERRORS distinct texts are kept; later ones stay as parsed.
 */
export function shareToolError(frame: JsonRpcResponse, shared: Map<string, unknown>): void {
  const result = frame.result as Record<string, unknown> | undefined;
  if (result === null || typeof result !== 'object' || result.isError !== true) return;
  let members = 0;
  for (const key in result) if (members > 1 || key !== (members++ === 0 ? 'content' : 'isError')) return;
  const content = result.content;
  if (members !== 2 || !Array.isArray(content) || content.length !== 1) return;
  const block = content[0] as Record<string, unknown> | null;
  if (block === null || typeof block !== 'object' || Array.isArray(block) || block.type !== 'text') return;
  members = 0;
  for (const key in block) if (members > 1 || key !== (members++ === 0 ? 'type' : 'text')) return;
  const text = block.text;
  if (members !== 2 || typeof text !== 'string' || text.length > MAX_SHARED_TOOL_ERROR_TEXT) return;
  const known = shared.get(text);
  if (known !== undefined) frame.result = known;
  else if (shared.size < MAX_SHARED_TOOL_ERRORS) shared.set(text, result);
}

/** The record of an exchange that ended without its answer: the process exited, a frame was oversize or never came, a timeout, a cancellation. */
async function unanswered(channel: RpcChannel, spec: ExchangeSpec, pending: PendingRequest, ending: Exclude<Ending, { kind: 'response' }>, durationMs: number, network: { lines?: number }): Promise<RequestRecord> {
  const base = baseRecord(spec);
  const flood = pending.notificationCount > pending.notifications.length ? { notificationCount: pending.notificationCount } : {};
  const notes = pending.notifications.length > 0 ? { notifications: pending.notifications, ...flood } : {};
  // the harness ended the process itself (a wedged server killed after a failed liveness check, a
  // shutdown): a request in flight then got no answer; that is a timeout, never a crash of the server
  if (ending.kind === 'exit') {
    const harnessEnded = (await channel.connection.closed).unexpected === false;
    return { ...base, ...(harnessEnded ? { outcome: 'timeout' as const, endedByHarness: true as const } : {}), durationMs, ...notes };
  }
  if (ending.kind === 'oversize') return { ...base, outcome: 'oversize', durationMs, responseBytes: ending.bytes, ...notes };
  if (ending.kind === 'unanswered') return { ...base, outcome: 'unanswered', durationMs, ...notes };
  // the server closed its stdout and kept running: no answer could come, so no wait of its own ran out (no timeoutMs)
  if (ending.kind === 'stdout-closed') return { ...base, outcome: 'timeout', stdoutClosed: true, durationMs, ...notes };
  channel.forget(spec.id);
  if (ending.kind === 'timeout') {
    // a late answer to a timed-out request is never read (rpc-channel.ts onFrame): its stream need not keep it whole
    channel.release(spec.id);
    spec.cancel?.('timeout');
    return { ...base, outcome: 'timeout', durationMs, timeoutMs: spec.timeoutMs, ...(network.lines === undefined ? {} : { networkLinesAtSend: network.lines }), ...notes };
  }
  const { frames: lateFrames, firstAfterMs, afterMarker, end } = await collectLate(channel, spec);
  const after = firstAfterMs === undefined ? {} : { lateAfterMs: firstAfterMs, ...(afterMarker === undefined ? {} : { lateAfterMarker: afterMarker }) };
  const windowEnd = spec.marker?.twin === undefined ? {} : { lateWindowEnd: end };
  return { ...base, outcome: 'cancelled', durationMs, lateFrames, ...after, ...windowEnd, ...notes };
}

/** The record of an exchange that got nothing (outcome `exit`); the other outcomes spread it and override. */
function baseRecord(spec: ExchangeSpec): RequestRecord {
  return { id: spec.id, method: spec.method, ...(spec.params === undefined ? {} : { params: spec.params }), outcome: 'exit', durationMs: 0 };
}

/**
 * The record of an answered exchange, built in one object literal (the hot path: one per request), with the
 * keys in the order of the other outcomes' records: id, method, params, outcome, durationMs, response,
 * responseBytes, notifications, notificationCount. One literal per key set gives each record its keys in
 * object (no property array added later, no map transition per record: ~19,000 records at 1,000 tools).
 */
function answered(spec: ExchangeSpec, ending: Extract<Settlement, { kind: 'response' }>, durationMs: number, pending: PendingRequest): RequestRecord {
  const { id, method, params } = spec;
  const outcome = frameOutcome(method, ending.frame);
  const response = ending.frame;
  const responseBytes = ending.bytes;
  const notifications = pending.notifications;
  if (notifications.length === 0) {
    return params === undefined
      ? { id, method, outcome, durationMs, response, responseBytes }
      : { id, method, params, outcome, durationMs, response, responseBytes };
  }
  const notificationCount = pending.notificationCount;
  if (notificationCount > notifications.length) {
    return params === undefined
      ? { id, method, outcome, durationMs, response, responseBytes, notifications, notificationCount }
      : { id, method, params, outcome, durationMs, response, responseBytes, notifications, notificationCount };
  }
  return params === undefined
    ? { id, method, outcome, durationMs, response, responseBytes, notifications }
    : { id, method, params, outcome, durationMs, response, responseBytes, notifications };
}

/**
 * The first of: the settlement, the timeout, the cancellation time. A deadline is decided only after one
 * more pass of the event loop's poll phase (setImmediate), so an answer that already sits in the pipe when a
 * late timer fires (the harness starved of CPU on a busy machine) is read and wins: a harness that looked
 * late never turns a delivered answer into a `timeout`. `cancelAfterMs: 0` cancels in the same turn as the
 * write, so the cancellation follows the request into the pipe however busy the machine is.
 *
 * `exchange` inlines the same race for its own registrations (`PendingRequest.interrupt`: the timers end
 * the registration's one promise, so a request costs no second promise racing the first); this function
 * serves `cancelAfterMs: 0` and a registration another holder shares; `started.startedAt` is set to when its clocks started
 * (the line written: the start of the record's durationMs), left unset when they never did.
 */
async function awaitEnding(settled: Promise<Settlement>, spec: ExchangeSpec, started: { startedAt?: number }): Promise<Ending> {
  if (spec.cancelAfterMs === 0) return CANCEL;
  let clocks: Clocks | undefined;
  try {
    return await new Promise<Ending>((resolve) => {
      void settled.then(resolve);
      clocks = new Clocks(spec, resolve);
    });
  } finally {
    clocks?.stop();
    started.startedAt = clocks?.startedAt;
  }
}

/**
 * An exchange's timeout and cancellation timers, started once its line has left: on the next tick, queued behind the
 * stdio flush that ServerProcess.write scheduled for this turn's lines (process.nextTick, first in, first out), so the
 * harness's own synchronous work after it submitted the request (planning the next probes: ~0.6 s for 20,000 tools
 * on a busy machine) is never counted against the server. Before, the clocks started at submission, and a run over
 * 10,000 tools with a 500 ms request timeout drew `transport/timeout` errors for the first window of calls of a
 * server that answers at once (the same run: none at 2,000 ms). `stop` before the tick keeps them from starting.
 */
class Clocks {
  private timeout: NodeJS.Timeout | undefined;
  private cancel: NodeJS.Timeout | undefined;
  private stopped = false;
  /** performance.now() when the timers started (the request's line written): the start of its durationMs. */
  startedAt: number | undefined;

  constructor(spec: ExchangeSpec, end: (ending: Interruption) => void) {
    process.nextTick(() => {
      if (this.stopped) return;
      this.startedAt = performance.now();
      this.timeout = setTimeout(afterPoll, spec.timeoutMs, end, TIMEOUT);
      if (spec.cancelAfterMs !== undefined) this.cancel = setTimeout(afterPoll, spec.cancelAfterMs, end, CANCEL);
    });
  }

  /** Clear both timers, or keep them from starting. */
  stop(): void {
    this.stopped = true;
    clearTimeout(this.timeout);
    if (this.cancel !== undefined) clearTimeout(this.cancel);
  }
}

/** The endings a timer decides (shared: an ending is only read). */
const TIMEOUT: Interruption = { kind: 'timeout' };
const CANCEL: Interruption = { kind: 'cancel' };

/** A timer's callback: end the wait with `ending` after one more poll phase (see awaitEnding). */
function afterPoll(end: (ending: Interruption) => void, ending: Interruption): void {
  setImmediate(end, ending);
}

/**
 * Write the twin's marker (Twin.marker) and call `end` one poll phase after it settles: its answer, or the end of the
 * process (the channel settles every request in flight then); one poll phase from now when the twin has none or the
 * line cannot be written. Returns the marker's id (forget it once the window ended), if one was written.
 */
function writeTwinMarker(channel: RpcChannel, twin: Twin, end: () => void): number | string | undefined {
  const marker = twin.marker?.();
  if (marker === undefined) {
    void nextPoll().then(end);
    return undefined;
  }
  const pending = channel.expect(marker.id);
  if (!channel.sendLine(marker.line)) {
    channel.forget(marker.id);
    void nextPoll().then(end);
    return undefined;
  }
  void pending.settled.then(nextPoll).then(end);
  return marker.id;
}

/** Resolves after one more poll phase (frames already read in the same chunk are delivered first). */
function nextPoll(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * Shortest settle after the twin's answer, ms (collectLate): a twin answered in ~1 ms (a fast tool) still
 * leaves the cancelled call's answer, written a scheduler tick later by a concurrent server, time to arrive.
 */
export const TWIN_SETTLE_MIN_MS = 20;

/** What ended a late window (RequestRecord.lateWindowEnd). */
type WindowEnd = NonNullable<RequestRecord['lateWindowEnd']>;

/**
 * Send the cancellation (then the marker and the twin, if any, in the same turn), keep the frames for the id
 * that arrive in the window, and say when the first one came (ms after the cancellation was written),
 * whether it came after the marker's answer, and what ended the window (`end`). The window ends:
 * - one poll phase after the first late frame (frames read in the same chunk are delivered first);
 * - when the twin was answered and no late frame came before it: one twin duration (ms from the twin's write
 *   to its answer, at least TWIN_SETTLE_MIN_MS) after the twin's answer and one more poll phase, as `twin`;
 *   or, when that settle would end sooner than half `lateCountsFromMs` after the cancellation (every frame it
 *   could collect would come too soon to count, even from a timer that fires late: a fast tool's settle was
 *   20 ms of a small server's run with nothing on the wire, issue 12), one poll phase after the answer to the
 *   twin's marker (Twin.marker, written at the twin's answer) or after the process ended, as `twin`; frames are
 *   collected only until one poll phase after the twin's answer, as by a settle that ended at once (the marker is
 *   awaited only to see an exit right behind the twin's answer: a late frame while it is awaited would make the
 *   verdict follow how fast the server answers tools/list, a reviewer's stale-while-revalidate listing).
 *   Both calls started in the same turn, so a server that runs requests concurrently with variable latency
 *   and ignores the cancellation may answer the twin first; until ~2x the twin's duration after the
 *   cancellation covers a reorder of up to 100 % jitter. A late frame in that settle ends the window as
 *   `late-frame` (counted as any late frame); one the server writes later is not collected (silence);
 * - else after `lateGraceMs` and one more poll phase (the cap, also of the settle: a long or stuck tool is
 *   never waited out): `grace`, or `twin` when the twin was answered.
 * A twin unanswered at the end is cancelled. Frames of one connection are read in the order the server
 * wrote them, so that order is exact at any load, unlike the times.
 */
async function collectLate(channel: RpcChannel, spec: ExchangeSpec): Promise<{ frames: unknown[]; firstAfterMs?: number; afterMarker?: boolean; end: WindowEnd }> {
  const frames: unknown[] = [];
  let firstAt: number | undefined;
  let markerAnswered = false;
  let afterMarker: boolean | undefined;
  let ended!: (end: WindowEnd) => void;
  const ending = new Promise<WindowEnd>((resolve) => (ended = resolve));
  const stop = channel.collectLate(spec.id, frames, () => {
    if (firstAt === undefined) {
      afterMarker = spec.marker ? markerAnswered : undefined;
      void nextPoll().then(() => ended('late-frame'));
    }
    firstAt ??= performance.now();
  });
  const cancelledAt = performance.now();
  spec.cancel?.('cancelled by the harness');
  const { marker } = spec;
  const twin = marker?.twin;
  const markerPending = marker ? channel.expect(marker.id, () => (markerAnswered = true)) : undefined;
  if (marker && !channel.sendLine(marker.line)) channel.forget(marker.id);
  let twinAnswered = false; // answered, or never written: nothing to wait on or cancel
  let twinSeen = false; // its answer came (the window ends as `twin` unless a late frame came)
  let settle: NodeJS.Timeout | undefined;
  let twinWrittenAt = 0;
  let afterTwin: (number | string) | undefined; // the id of the marker written at the twin's answer, if any
  const unwatch = twin ? channel.watch(twin.id, () => {
    if (twinAnswered) return;
    twinAnswered = true;
    if (firstAt !== undefined) return; // a late frame came first: its window end stands
    twinSeen = true;
    const now = performance.now();
    const settleMs = Math.max(TWIN_SETTLE_MIN_MS, now - twinWrittenAt);
    const capLeftMs = cancelledAt + spec.lateGraceMs - now;
    // a frame the settle could still collect comes less than `now + settleMs - cancelledAt` after the cancellation (plus
    // a timer's lateness): well short of the mark from which a late frame counts (half of it), the settle could change
    // no verdict, and a marker written now ends the window by order (Twin.marker) instead of 20 ms or more of waiting
    if (now + settleMs - cancelledAt < (spec.lateCountsFromMs ?? 0) / 2) {
      // frames stop counting one poll phase after the twin's answer, as with a settle that ended at once: the marker's
      // answer only says whether the process outlived the twin (a late frame while it is awaited would make the
      // verdict follow how fast the server lists its tools, a reviewer's stale-while-revalidate tools/list)
      void nextPoll().then(stop);
      afterTwin = writeTwinMarker(channel, twin, () => ended('twin'));
    }
    else if (settleMs < capLeftMs) settle = setTimeout(() => setImmediate(ended, 'twin'), settleMs); // else the cap ends it
  }) : undefined;
  if (twin) {
    twinWrittenAt = performance.now();
    if (!channel.sendLine(twin.line)) twinAnswered = true;
  }
  const grace = setTimeout(() => setImmediate(ended, 'grace'), spec.lateGraceMs);
  // a late frame read in the poll phase before a timer's setImmediate ran still ended the window by order
  const raced = await ending;
  const end = firstAt !== undefined ? 'late-frame' : twinSeen ? 'twin' : raced;
  clearTimeout(grace);
  if (settle !== undefined) clearTimeout(settle);
  stop();
  unwatch?.();
  if (twin && !twinAnswered) twin.cancel('cancelled by the harness');
  if (marker && spec.settleMarker && !markerAnswered && markerPending) {
    let cap: NodeJS.Timeout | undefined;
    await Promise.race([markerPending.settled, new Promise<void>((resolve) => (cap = setTimeout(resolve, spec.lateGraceMs)))]);
    clearTimeout(cap);
  }
  if (marker) channel.forget(marker.id);
  if (afterTwin !== undefined) channel.forget(afterTwin);
  const first = firstAt === undefined ? {} : { firstAfterMs: Math.round(firstAt - cancelledAt), ...(afterMarker === undefined ? {} : { afterMarker }) };
  return { frames, ...first, end };
}
