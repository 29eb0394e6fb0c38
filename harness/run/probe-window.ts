/**
 * The pipelined probes' in-flight window (requests), chosen from the plan and the calls' answers before the
 * first pipelined probe is sent, and never changed during the probes.
 *
 * At the probes' own window (`probeConcurrency`, default 8) the ~17,000 probes of a 1,000-tool surface are a
 * ping-pong with the server: each pipe write (~30-60 µs here, most of it waking the server's process) carries
 * the ~3.7 requests one read of answers freed. A wider window carries more per write, but on a server that
 * handles one request at a time a request then waits behind more others: at 32, a server working 500 ms before
 * it checks arguments drew 42 `transport/timeout`s that 8 never drew (15 s / 32 < 500 ms). So the wider window
 * (`fastProbeConcurrency`, default 64) is taken only on evidence that even a server handling one request at a
 * time stays far inside the timeout: every call of the surface answered, and the slowest took at most the
 * tightest probe timeout / (4 x the wider window) (15 s / 256 = 58 ms by default). A call's duration at the
 * calls' window already includes waiting behind the others in flight, so it bounds one request's own work; at
 * the wider window a probe waits behind at most that many, each bounded likewise: a quarter of its timeout.
 *
 * The choice reads durations, so it depends on how busy the machine is; the verdict does not: a window only
 * decides when a request is written, never what is sent or how an answer is judged (a crash's requests are
 * re-sent alone in submission order whatever the window: docs/determinism.md), and the bound keeps every
 * probe's wait a quarter of its timeout. A loaded machine that slows a call past the bound keeps the narrow
 * window: slower, the same findings.
 */
import type { CallRecord, ProbeRequest } from '../model/wire.ts';

/** The share of the tightest probe timeout a probe may wait at the wider window (1/4). */
export const FAST_WINDOW_TIMEOUT_SHARE = 4;

/** What the choice reads: the surface's windows, its request timeout (ms), its calls and its pipelined probes. */
export interface ProbeWindowInput {
  /** The probes' window (`probeConcurrency`, >= 1). */
  probeConcurrency: number;
  /** The wider window (`fastProbeConcurrency`); at or below `probeConcurrency` there is none. */
  fastProbeConcurrency: number;
  /** The session's request timeout (ms): a probe without its own `timeoutMs` gets it. */
  requestMs: number;
  /** Every call of the surface, answered or not. */
  calls: readonly CallRecord[];
  /** The probes that will be pipelined (their `timeoutMs`, when set, tightens the bound). */
  probes: readonly Pick<ProbeRequest, 'timeoutMs'>[];
}

/** The window and why (`reason` names the rule that decided, for docs and tests). */
export interface ProbeWindow {
  size: number;
  reason: 'no-fast-window' | 'no-calls' | 'call-unanswered' | 'call-slow' | 'fast';
  /** The slowest call's duration (ms), when every call answered. */
  slowestMs?: number;
  /** The duration bound a call had to meet (ms): tightest probe timeout / (4 x the wider window). */
  boundMs?: number;
}

/**
 * The pipelined probes' window: `fastProbeConcurrency` when every call answered (a result or a JSON-RPC error:
 * no timeout, exit, cancellation or unsent request) and the slowest took at most the tightest probe timeout /
 * (FAST_WINDOW_TIMEOUT_SHARE x fastProbeConcurrency) ms; otherwise `probeConcurrency`. Pure; never throws.
 */
export function probeWindow(input: ProbeWindowInput): ProbeWindow {
  const base = Math.max(1, Math.floor(input.probeConcurrency));
  const fast = Math.floor(input.fastProbeConcurrency);
  if (!(fast > base)) return { size: base, reason: 'no-fast-window' };
  if (input.calls.length === 0) return { size: base, reason: 'no-calls' };
  let slowestMs = 0;
  for (const { request } of input.calls) {
    if (request.unsent !== undefined || !ANSWERED.has(request.outcome)) return { size: base, reason: 'call-unanswered' };
    slowestMs = Math.max(slowestMs, request.durationMs);
  }
  let tightestMs = input.requestMs;
  for (const probe of input.probes) if (probe.timeoutMs !== undefined && probe.timeoutMs < tightestMs) tightestMs = probe.timeoutMs;
  const boundMs = tightestMs / (FAST_WINDOW_TIMEOUT_SHARE * fast);
  return slowestMs <= boundMs ? { size: fast, reason: 'fast', slowestMs, boundMs } : { size: base, reason: 'call-slow', slowestMs, boundMs };
}

/** Outcomes that are an answer of the server. */
const ANSWERED: ReadonlySet<string> = new Set(['success', 'tool-error', 'protocol-error']);
