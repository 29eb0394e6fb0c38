/**
 * The legacy handshake (spec 2025-11-25 basic/lifecycle §Initialization): `initialize` offering a version,
 * then `notifications/initialized`. One retry when the error names a supported legacy version.
 */
import { KNOWN_PROTOCOL_VERSIONS, MODERN_PROTOCOL_VERSION } from '../types.ts';
import { isObject } from './classify.ts';
import { notificationFrame, requestFrame } from './envelope.ts';
import { isDiscoverResult } from './discover-probe.ts';
import type { Link } from './link.ts';
import type { ResolvedSessionOptions } from './options.ts';
import type { Settlement } from './rpc-channel.ts';
import { within } from './timing.ts';

/** What the handshake achieved. `late-discover`: a slow modern server answered the probe meanwhile. */
export type HandshakeResult =
  | { kind: 'initialized'; result: Record<string, unknown>; protocolVersion: string }
  | { kind: 'late-discover'; discover: Record<string, unknown> }
  | { kind: 'failed'; message: string };

/** Handshake inputs: ids come from the session's sequence; `lateProbe` is a still-pending discover answer. */
export interface HandshakeDeps {
  options: ResolvedSessionOptions;
  nextId: () => number;
  lateProbe?: Promise<Settlement>;
}

const LEGACY_VERSIONS: readonly string[] = KNOWN_PROTOCOL_VERSIONS.filter((v) => v !== MODERN_PROTOCOL_VERSION);

/** Run `initialize` offering `version` (waits up to `startMs`). Never throws. */
export async function legacyHandshake(link: Link, version: string, deps: HandshakeDeps, retried = false): Promise<HandshakeResult> {
  const id = deps.nextId();
  const pending = link.channel.expect(id);
  const params = { protocolVersion: version, capabilities: {}, clientInfo: { ...deps.options.clientInfo } };
  if (!link.channel.send(requestFrame(id, 'initialize', params))) return { kind: 'failed', message: 'the server exited before initialize was written' };
  let late: Record<string, unknown> | undefined;
  const lateSeen = (deps.lateProbe ?? new Promise<never>(() => {})).then((s) => {
    if (s.kind === 'response' && isDiscoverResult(s.frame.result)) return (late = s.frame.result);
    return new Promise<never>(() => {});
  });
  const ending = await within(Promise.race([pending.settled, lateSeen.then(() => undefined)]), deps.options.timeouts.startMs);
  const lateDiscover = late ? { kind: 'late-discover' as const, discover: late } : undefined;
  if (ending === undefined) {
    link.channel.forget(id);
    return lateDiscover ?? { kind: 'failed', message: `no answer to initialize within ${deps.options.timeouts.startMs} ms` };
  }
  if (ending.kind === 'exit') return { kind: 'failed', message: await exitMessage(link) };
  const { result, error } = ending.frame;
  if (isObject(error)) {
    if (lateDiscover) return lateDiscover; // a slow modern server: it answered the probe, then refused initialize
    const retry = retryVersion(error, version);
    if (retry && !retried) return legacyHandshake(link, retry, deps, true);
    return { kind: 'failed', message: `initialize was answered with JSON-RPC error ${String(error.code)}` };
  }
  if (!isObject(result)) return { kind: 'failed', message: 'the initialize result is not an object' };
  link.channel.send(notificationFrame('notifications/initialized', undefined));
  const negotiated = typeof result.protocolVersion === 'string' ? result.protocolVersion : version;
  return { kind: 'initialized', result, protocolVersion: negotiated };
}

/** A known legacy version from `error.data.supported`, other than the one offered. */
function retryVersion(error: Record<string, unknown>, offered: string): string | undefined {
  const data = isObject(error.data) ? error.data : {};
  const supported = Array.isArray(data.supported) ? data.supported : [];
  return LEGACY_VERSIONS.find((v) => v !== offered && supported.includes(v));
}

async function exitMessage(link: Link): Promise<string> {
  const info = await link.proc.exited;
  return `the server exited during initialize (code ${String(info.code)}, signal ${String(info.signal)})`;
}
