/**
 * The era probe (spec 2026-07-28 basic/transports/stdio §Backward Compatibility): `server/discover` with the
 * modern envelope as the first line, classified without any fixed wait: the first of an answer, the process
 * exiting, or `probeMs` ends it.
 */
import type { Negotiation } from '../model/observation.ts';
import { MODERN_PROTOCOL_VERSION } from '../model/protocol.ts';
import { isObject } from './classify.ts';
import { buildParams, requestFrame } from './envelope.ts';
import type { Link } from './link.ts';
import type { ResolvedSessionOptions } from './options.ts';
import type { Settlement } from './rpc-channel.ts';
import { since, within } from './timing.ts';

/** What one probe drew. */
export interface ProbeResult {
  id: number;
  outcome: Negotiation['probe']['outcome'];
  errorCode?: number;
  durationMs: number;
  /** The DiscoverResult (outcome `discover-result`). */
  discover?: Record<string, unknown>;
  /** Outcome `invalid-discover`: the object result that is not a usable DiscoverResult. */
  unusable?: Record<string, unknown>;
  /** A modern version from a -32022 `data.supported` list (outcome `modern-error`). */
  retryVersion?: string;
  /** The budget this probe had, ms. */
  timeoutMs: number;
  /** Outcome `timeout` drawn at once because the server closed its stdout (RpcChannel.silenced): nothing more can come. */
  stdoutClosed?: true;
  /** On timeout: the still-pending answer with its arrival time (ms after the probe was sent); recorded, never obeyed. */
  late?: Promise<LateAnswer>;
}

/** An answer to a timed-out probe: how it settled and when (ms after the probe was written). */
export interface LateAnswer {
  settlement: Settlement;
  atMs: number;
}

/** A DiscoverResult the harness can use: an object whose `supportedVersions` lists the modern revision. */
export function isDiscoverResult(value: unknown): value is Record<string, unknown> {
  return isObject(value) && Array.isArray(value.supportedVersions) && value.supportedVersions.includes(MODERN_PROTOCOL_VERSION);
}

/**
 * Send `server/discover` offering `version` and classify the answer; `timeoutMs` is the budget (the first
 * probe gets `timeouts.probeMs`, the re-probe on a fresh process `timeouts.startMs`). Never throws.
 */
export async function probeDiscover(link: Link, version: string, id: number, options: ResolvedSessionOptions, timeoutMs = options.timeouts.probeMs): Promise<ProbeResult> {
  const ctx = { era: 'modern' as const, protocolVersion: version, clientInfo: options.clientInfo };
  const pending = link.channel.expect(id);
  const nonJsonBefore = link.channel.tap.nonJsonRpcCount;
  const start = performance.now();
  link.channel.send(requestFrame(id, 'server/discover', buildParams(ctx, {})));
  const ending = await within(pending.settled, timeoutMs);
  const durationMs = since(start);
  if (ending === undefined) {
    const sawText = link.channel.tap.nonJsonRpcCount > nonJsonBefore;
    const late = pending.settled.then((settlement) => ({ settlement, atMs: since(start) }));
    return { id, outcome: sawText ? 'not-json' : 'timeout', durationMs, timeoutMs, late };
  }
  if (ending.kind === 'exit') return { id, outcome: 'exit', durationMs, timeoutMs };
  if (ending.kind === 'oversize') return { id, outcome: 'not-json', durationMs, timeoutMs }; // an answer over the frame limit is unreadable
  // an HTTP answer without a JSON-RPC body (spec draft transports/streamable-http §Backward Compatibility: fall back)
  if (ending.kind === 'unanswered') return { id, outcome: 'other-error', durationMs, timeoutMs };
  // the server closed its stdout and kept running: nothing can answer on this process (negotiate.ts fails the boot)
  if (ending.kind === 'stdout-closed') return { id, outcome: 'timeout', durationMs, timeoutMs, stdoutClosed: true };
  return { id, durationMs, timeoutMs, ...classifyAnswer(ending.frame) };
}

function classifyAnswer(frame: { result?: unknown; error?: unknown }): Omit<ProbeResult, 'id' | 'durationMs' | 'timeoutMs'> {
  if (isObject(frame.error)) {
    const code = typeof frame.error.code === 'number' ? frame.error.code : undefined;
    const data = isObject(frame.error.data) ? frame.error.data : {};
    const supported = Array.isArray(data.supported) ? data.supported : [];
    if (code === -32022 && supported.includes(MODERN_PROTOCOL_VERSION)) {
      return { outcome: 'modern-error', errorCode: code, retryVersion: MODERN_PROTOCOL_VERSION };
    }
    return { outcome: 'other-error', ...(code === undefined ? {} : { errorCode: code }) };
  }
  if (isDiscoverResult(frame.result)) return { outcome: 'discover-result', discover: frame.result };
  // a result, but not one the harness can use (no modern version listed, malformed): per spec 1c this
  // falls back to legacy, but the answer is kept so protocol/discover can judge it if legacy fails too
  if (isObject(frame.result)) return { outcome: 'invalid-discover', unusable: frame.result };
  return { outcome: 'other-error' };
}
