/**
 * protocol/cancellation: a tools/call cancelled right after it was sent gets no response once the
 * server has had the cancellation in hand (warning: the receiver SHOULD NOT respond), and the server
 * still answers a follow-up `tools/list` (error when it does not: the server stopped serving).
 *
 * Fairness: cancellation races are expected, and the receiver MAY ignore a cancel for a request that
 * already finished. The probe repeats the FIRST successful call of a repeatable tool in plan order
 * (`cancellationTarget`: chosen by the observation's content, never by durations, so the finding's tool
 * is the same in every run, issue 9), writes `notifications/cancelled` in the same turn as the call,
 * and right behind it a `tools/list` marker (`cancelMarker`). A late response is reported only when
 * (1) it came AFTER the marker's answer (`lateAfterMarker`): the server reads stdin in order, so it had
 * read the cancellation before it answered the marker, and answered the cancelled call after that; and
 * (2) the tool is slow: both the late answer's time after the cancellation (`lateAfterMs`) and the probed
 * call's own duration in the observation (`durationMs`) are at least `lateMarginMs` (max(150 ms, 2x the
 * server's round trip: the median duration of the other successful calls, or of the answered listings when
 * smaller)). A tool that answered before the marker may have had
 * its answer on the way already: silent. (2) is for a server that runs requests concurrently (a Go
 * server, one goroutine per request): with a fast tool, its answer to the cancelled call and its answer to
 * the marker race, and which comes first depends on scheduling, so (1) alone flipped with the load
 * (kubernetes-mcp-server, a ~1 ms in-memory tool: reported in 2 of 16 runs on a busy machine, 0 of 4
 * idle; fixture concurrent-cancel.mjs: 6 of 20 idle, 3 of 20 busy).
 * Why (2) does not flip for tools well away from the boundary: both times are measured by the harness
 * from a write to the read of an answer, so load only lengthens them, never shortens them below what the
 * server took. A tool that takes longer than the margin is reported at any load whenever (1) holds (its
 * answer comes after the marker's in every run on a concurrent server: the marker is answered at once).
 * A fast tool is reported only when the machine stalls BOTH its main-phase call and its late answer by
 * about the margin while the race also goes the late way; measured on fixture concurrent-cancel.mjs
 * (0-2 ms) with both cores busy, its call took at most 74 ms and its late answer came at most 42 ms after
 * the cancellation, against 150 ms. Near the boundary (a tool of ~margin) the verdict may still differ
 * between runs, and the margin grows when the other calls and the listings slow down (their medians), which can move a tool
 * just above it to silence on a loaded machine. The gap between the marker's answer and the late one is no such measure:
 * it shrinks when the harness reads late (both frames in one chunk), so it would flip slow tools silent.
 * Times (`lateAfterMs`, the call's `durationMs`, the margin) are kept as evidence.
 * Waiting: the call is pipelined beside the other probes (its late window overlaps their work; only the
 * follow-up `tools/list` runs alone, after them). Right behind the marker goes a twin (`cancelTwin`): the
 * same call again, its own id. The window ends at the first late frame (the verdict is then known), or,
 * when the twin is answered before any late frame, one twin duration (its write to its answer, at least
 * TWIN_SETTLE_MIN_MS = 20 ms) after the twin's answer (the settle; when it would end sooner than half
 * MIN_LATE_MARGIN_MS after the cancellation, `lateCountsFromMs`, a late answer it could see is never reported,
 * so instead of waiting the session writes a tools/list at the twin's answer and ends the window at its answer,
 * or at the process's end: a server that exits right behind its answer to the twin still has the crash on the
 * cancelled call, as the settle saw it, test/e2e/cancel-crash.test.ts): a server that ignores the cancellation
 * finishes the cancelled work first, ahead of the twin in its own queue, or, running calls concurrently
 * with variable latency, within about as long again (both calls started in the same turn: ~2x the twin's
 * duration after the cancellation covers a reorder of up to 100 % jitter). `lateGraceFor` stays as the cap
 * (at most `MAX_LATE_GRACE_MS`, also of the settle, so a long or stuck tool is never waited out); a twin
 * unanswered then is cancelled too. The twin's answer is recorded nowhere and judged by no check. The one
 * silence the twin adds: a server that answers the cancelled call more than one twin duration after the
 * twin's answer is not seen (its late answer came after the window). `lateWindowEnd` on the record says
 * which event ended the window.
 * Spec: spec:2025-11-25/basic/utilities/cancellation.mdx; spec:2026-07-28/basic/patterns/cancellation.mdx.
 * Stdio only: over Streamable HTTP every message is its own POST, so the cancellation, the marker and the
 * call's answer travel on separate connections with no order between them (and 2026-07-28 cancels by
 * closing the request's stream, spec 2026-07-28 transports/streamable-http §Cancellation).
 */
import { defineCheck } from '../define.ts';
import { probeRecord, responseKind } from '../../probes/records.ts';
import { listedTools, mayRepeat } from '../../probes/targets.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import type { CallRecord, RequestRecord } from '../../model/wire.ts';

const ID = 'protocol/cancellation';
const CALL = `${ID}:call`;
const FOLLOW_UP = `${ID}:follow-up`;
/** Smallest margin, ms: a tool faster than this (its late answer or its call) races the marker; not reported. */
export const MIN_LATE_MARGIN_MS = 150;
/** The margin is at least this many times the median duration of the other successful calls. */
export const MEDIAN_FACTOR = 2;

/** Successful calls (a result, not isError) of tools a probe may repeat (`mayRepeat`: read-only or idempotent). */
function repeatableCalls(observation: SurfaceObservation): CallRecord[] {
  const allowed = new Set(listedTools(observation).filter((t) => mayRepeat(observation, t)).map((t) => t.name));
  return observation.calls.filter((c) => allowed.has(c.scenario.tool) && responseKind(c.request) === 'result');
}

/**
 * The call the probe repeats: the first successful call of a repeatable tool in plan order (the order of
 * `observation.calls`), if any. Depends on what the calls answered, never on how long they took (issue 9:
 * the same server gets the same target, and so the same finding, on an idle and on a loaded machine).
 */
export function cancellationTarget(observation: SurfaceObservation): CallRecord | undefined {
  return repeatableCalls(observation)[0];
}

/** Median of `values` (0 for none). */
function median(values: number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/**
 * How slow (ms) the probed tool must be for its late answer to count: `max(MIN_LATE_MARGIN_MS,
 * MEDIAN_FACTOR x the server's usual round trip)`. The round trip is the median durationMs of the successful
 * calls other than `probed`, or, when the probes have run and it is smaller, the median durationMs of the
 * answered probe requests that call no tool (tools/list, ping: requests that do no tool work; fresh-process
 * probes left out). The smaller of the two: a server whose every tool is slow (each call 300 ms of remote
 * work) still answers its listings at once, and its slow tool must not hide behind the other slow calls
 * (a median of 300 ms made a margin of 600 ms, and a concurrent server ignoring every cancellation went
 * silent). Load lengthens both medians alike. Both the late answer's time after the cancellation and the
 * probed call's duration must reach it (clearlyLate); it is also part of the late window's cap (lateGraceFor,
 * planned before the probes run: the calls' median alone).
 */
export function lateMarginMs(observation: SurfaceObservation, probed: CallRecord): number {
  const others = observation.calls.filter((c) => c !== probed && responseKind(c.request) === 'result').map((c) => c.request.durationMs);
  const cheap = [...new Set(observation.probes.filter((p) => p.probe.method !== 'tools/call' && p.probe.freshProcess !== true && responseKind(p.request) === 'result').map((p) => p.request))].map((r) => r.durationMs);
  const roundTrip = cheap.length === 0 ? median(others) : Math.min(median(others), median(cheap));
  return Math.max(MIN_LATE_MARGIN_MS, MEDIAN_FACTOR * roundTrip);
}

/**
 * The late answer came after the answer to the marker written behind the cancellation (the server had read
 * the cancellation and answered anyway; order, exact at any load), and the tool is not fast: the late
 * answer came at least `marginMs` after the cancellation and the probed call took at least `marginMs` in
 * the observation (harness times, which load only lengthens: a fast tool's race with the marker is silent).
 */
function clearlyLate(cancelled: RequestRecord, probed: CallRecord, marginMs: number): boolean {
  if (cancelled.outcome !== 'cancelled' || (cancelled.lateFrames ?? []).length === 0) return false;
  if (cancelled.lateAfterMarker !== true) return false;
  return Math.min(cancelled.lateAfterMs ?? 0, probed.request.durationMs) >= marginMs;
}

/** Shortest late window, ms. */
export const MIN_LATE_GRACE_MS = 300;
/** Longest late window, ms: a tool slower than this is never waited out (its late answer is not seen: silence). */
export const MAX_LATE_GRACE_MS = 3000;

/**
 * The cap on the wait for a late answer, ms: long enough for the probed tool to finish twice over, within
 * MIN_LATE_GRACE_MS..MAX_LATE_GRACE_MS. Only a bound on waiting (the window ends earlier at the first late
 * frame or at the twin's answer): an answer that comes later is not seen (silence), never a different verdict.
 */
export function lateGraceFor(observation: SurfaceObservation, probed: CallRecord): number {
  const wanted = 2 * probed.request.durationMs + lateMarginMs(observation, probed);
  return Math.round(Math.min(MAX_LATE_GRACE_MS, Math.max(MIN_LATE_GRACE_MS, wanted)));
}

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'warning',
    description: 'A cancelled call gets no response once the server has the cancellation, and the server stays responsive.',
    rationale: 'Clients time out and cancel; a server that keeps answering cancelled requests wastes work and confuses clients that reuse ids, and one that stops serving after a cancellation hangs the host. Races with fast tools are expected and not reported.',
    spec: 'spec:2025-11-25/basic/utilities/cancellation.mdx; spec:2026-07-28/basic/patterns/cancellation.mdx',
    transports: ['stdio'],
    messages: {
      respondedAfterCancel: 'Tool {{tool}}: a tools/call cancelled with notifications/cancelled was still answered after the server had read the cancellation (the answer came after the answer to a request written behind the cancellation); the receiver SHOULD NOT respond to a cancelled request.',
      unresponsive: 'After a cancelled tools/call of tool {{tool}}, the server did not answer a follow-up tools/list ({{outcome}}); it must keep serving.',
    },
    examples: {
      fail: 'tool slow takes 300 ms; tools/call id 7, notifications/cancelled {requestId: 7}, tools/list id 8 and the same tools/call again as id 9 at once -> the server answers 8, then still sends the result for 7 (before 9)',
      pass: 'the server stops the work and sends nothing for id 7 (the harness stops waiting when 9 is answered), or its answer to 7 comes before the answer to 8, or the tool answers within the margin (150 ms, or twice the server\'s round trip: the other calls\' median, or the listings\' when smaller): a race, not reported; a later tools/list is answered',
    },
  },
  plan({ observation }) {
    const call = cancellationTarget(observation);
    if (!call) return [];
    const params = { name: call.scenario.tool, arguments: call.scenario.arguments };
    return [
      // pipelined beside the other probes: the verdict rests on the order of the marker's answer and the
      // late one on this connection, which other requests in flight do not change
      // a late answer sooner than MIN_LATE_MARGIN_MS after the cancellation is never reported (clearlyLate), so the
      // session ends the window by order where the settle could only collect such frames (issue 12: 20 ms of a small
      // server's run)
      { id: CALL, check: ID, tool: call.scenario.tool, method: 'tools/call', params, cancelAfterMs: 0, cancelMarker: true, cancelTwin: true, lateGraceMs: lateGraceFor(observation, call), lateCountsFromMs: MIN_LATE_MARGIN_MS },
      // alone, after every other probe: a process gone here was not taken down by a concurrent probe
      { id: FOLLOW_UP, check: ID, tool: call.scenario.tool, method: 'tools/list', params: {}, exclusive: true },
    ];
  },
  check({ observation }, report) {
    const record = probeRecord(observation, CALL);
    if (!record) return;
    const tool = record.probe.tool ?? '(unknown)';
    const probed = cancellationTarget(observation);
    const marginMs = probed ? lateMarginMs(observation, probed) : 0;
    if (probed && probed.scenario.tool === tool && clearlyLate(record.request, probed, marginMs)) {
      const evidence = { callDurationMs: probed.request.durationMs, lateAfterMs: record.request.lateAfterMs, marginMs };
      report({ messageId: 'respondedAfterCancel', tool, pointer: '/params/requestId', data: { tool }, evidence });
    }
    const followUp = probeRecord(observation, FOLLOW_UP);
    // a follow-up that timed out is transport/timeout's (a timeout is never evidence for another check);
    // one that found the process gone is this check's: the server died after the cancellation; one never sent
    // (`unsent`: the session stopped sending after crashes) is evidence of nothing here
    if (followUp && followUp.request.outcome === 'exit' && followUp.request.unsent === undefined && followUp.request.retryUnsent === undefined) {
      report({ messageId: 'unresponsive', tool, severity: 'error', data: { tool, outcome: followUp.request.outcome } });
    }
  },
});
