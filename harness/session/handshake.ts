/**
 * The legacy handshake (spec 2025-11-25 basic/lifecycle §Initialization): `initialize` offering a version,
 * then `notifications/initialized`. One retry when the error names a supported legacy version.
 */
import { KNOWN_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSION, revisionHasBatches } from '../model/protocol.ts';
import { isObject } from './classify.ts';
import { notificationFrame, requestFrame } from './envelope.ts';
import { isDiscoverResult, type LateAnswer } from './discover-probe.ts';
import type { Link } from './link.ts';
import type { FailureDetail } from './transport.ts';
import type { ResolvedSessionOptions } from './options.ts';
import { sleep, within } from './timing.ts';

/**
 * What the handshake achieved. Once `initialize` is written the process is legacy for its whole life: a
 * DiscoverResult that arrives meanwhile (a slow server that had both requests queued) is recorded in `late`,
 * never obeyed. `modern-refusal`: `initialize` drew -32022 naming only 2026-07-28 (the server stays modern).
 */
export type HandshakeResult =
  | { kind: 'initialized'; result: Record<string, unknown>; protocolVersion: string; late?: LateProbeAnswer }
  | { kind: 'modern-refusal'; late?: LateProbeAnswer }
  | { kind: 'failed'; message: string; detail: FailureDetail; late?: LateProbeAnswer };

/** A late answer to the era probe, as seen when the handshake ended: when it came (ms after the probe) and the DiscoverResult, if it was one. */
export interface LateProbeAnswer {
  atMs: number;
  discover?: Record<string, unknown>;
}

/** Handshake inputs: ids come from the session's sequence; `lateProbe` is a still-pending discover answer. */
export interface HandshakeDeps {
  options: ResolvedSessionOptions;
  nextId: () => number;
  lateProbe?: Promise<LateAnswer>;
}

const LEGACY_VERSIONS: readonly string[] = KNOWN_PROTOCOL_VERSIONS.filter((v) => v !== MODERN_PROTOCOL_VERSION);

/** Run `initialize` offering `version` (waits up to `startMs`). Never throws. */
export async function legacyHandshake(link: Link, version: string, deps: HandshakeDeps, retried = false): Promise<HandshakeResult> {
  let late: LateProbeAnswer | undefined;
  void deps.lateProbe?.then(({ settlement, atMs }) => {
    if (settlement.kind !== 'response') return;
    late = { atMs, ...(isDiscoverResult(settlement.frame.result) ? { discover: settlement.frame.result } : {}) };
  });
  const result = await initializeOnce(link, version, deps, retried);
  if (deps.lateProbe) await sleep(0); // a macrotask turn: an answer that arrived before the initialize answer is recorded
  return late ? { ...result, late } : result;
}

async function initializeOnce(link: Link, version: string, deps: HandshakeDeps, retried: boolean): Promise<HandshakeResult> {
  const id = deps.nextId();
  // the negotiated revision is known the moment the answer is routed: a 2025-03-26 server may batch from the next line on
  const pending = link.channel.expect(id, (frame) => {
    // routed as it is read: a server request read before this line is one sent before initialize was answered
    link.channel.tap.initializeAnswered();
    acceptBatchesOf(link, frame, version);
  });
  const params = { protocolVersion: version, capabilities: {}, clientInfo: { ...deps.options.clientInfo } };
  if (!link.channel.send(requestFrame(id, 'initialize', params))) return { kind: 'failed', message: 'the server exited before initialize was written', detail: { reason: 'exited' } };
  const ending = await within(pending.settled, deps.options.timeouts.startMs);
  if (ending === undefined) {
    link.channel.forget(id);
    return { kind: 'failed', message: `no answer to initialize within ${deps.options.timeouts.startMs} ms`, detail: { reason: 'initialize-timeout', timeoutMs: deps.options.timeouts.startMs } };
  }
  if (ending.kind === 'exit') return await exitFailure(link);
  if (ending.kind === 'oversize') return { kind: 'failed', message: `initialize was answered with a line of ${ending.bytes} bytes, over the frame limit`, detail: { reason: 'initialize-oversize' } };
  if (ending.kind === 'unanswered') return { kind: 'failed', message: 'the HTTP answer to initialize carried no JSON-RPC response', detail: { reason: 'initialize-invalid' } };
  if (ending.kind === 'stdout-closed') return { kind: 'failed', message: 'the server closed its stdout before it answered initialize', detail: { reason: 'stdout-closed' } };
  const { result, error } = ending.frame;
  if (isObject(error)) {
    const retry = retryVersion(error, version);
    if (retry && !retried) return initializeOnce(link, retry, deps, true);
    if (modernOnly(error)) return { kind: 'modern-refusal' };
    return { kind: 'failed', message: `initialize was answered with JSON-RPC error ${String(error.code)}`, detail: { reason: 'initialize-error', ...(typeof error.code === 'number' ? { errorCode: error.code } : {}) } };
  }
  if (!isObject(result)) return { kind: 'failed', message: 'the initialize result is not an object', detail: { reason: 'initialize-invalid' } };
  link.channel.send(notificationFrame('notifications/initialized', undefined));
  const negotiated = typeof result.protocolVersion === 'string' ? result.protocolVersion : version;
  return { kind: 'initialized', result, protocolVersion: negotiated };
}

/**
 * An initialize result that negotiates 2025-03-26 turns on JSON-RPC batches for the session's connections
 * (spec:2025-03-26/basic/index.mdx §Batching: implementations "MUST support receiving JSON-RPC batches").
 * Before this answer no revision is agreed: the harness has offered its own latest, which has no batches, so
 * the lines before it are classified as on every other revision (a server uses a revision's features once both
 * sides agreed on it, lifecycle §Version Negotiation). Synchronous, in the channel's routing of the answer: a
 * batch on the very next line of the same read is already accepted. A restarted process starts without them
 * (WireTapRecorder.resetBatches) until its own initialize answer.
 */
function acceptBatchesOf(link: Link, frame: Record<string, unknown> | undefined, offered: string): void {
  if (!isObject(frame?.result)) return;
  const negotiated = typeof frame.result.protocolVersion === 'string' ? frame.result.protocolVersion : offered; // as initializeOnce reads it
  if (revisionHasBatches(negotiated)) link.channel.tap.acceptBatches();
}

/** -32022 whose `data.supported` names the modern revision and no legacy one (spec 2026-07-28 basic/versioning). */
function modernOnly(error: Record<string, unknown>): boolean {
  const data = isObject(error.data) ? error.data : {};
  const supported = Array.isArray(data.supported) ? data.supported : [];
  return error.code === -32022 && supported.includes(MODERN_PROTOCOL_VERSION) && !supported.some((v) => LEGACY_VERSIONS.includes(v as string));
}

/** A known legacy version from `error.data.supported`, other than the one offered. */
function retryVersion(error: Record<string, unknown>, offered: string): string | undefined {
  const data = isObject(error.data) ? error.data : {};
  const supported = Array.isArray(data.supported) ? data.supported : [];
  return LEGACY_VERSIONS.find((v) => v !== offered && supported.includes(v));
}

async function exitFailure(link: Link): Promise<HandshakeResult & { kind: 'failed' }> {
  const info = await link.connection.closed;
  const message = `the server exited during initialize (code ${String(info.code)}, signal ${String(info.signal)})`;
  return { kind: 'failed', message, detail: { reason: 'exited', exitCode: info.code, signal: info.signal } };
}
