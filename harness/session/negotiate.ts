/**
 * Era negotiation (spec 2026-07-28 basic/transports/stdio §Backward Compatibility; basic/versioning):
 * probe with `server/discover`; a DiscoverResult or a -32022 naming a modern version means modern; another
 * error, non-JSON output or the process exiting means legacy: `initialize` on the same process, or on a
 * restarted one when the probe killed it.
 *
 * No answer within `probeMs` decides nothing (a slow start and a loaded machine look alike): that process
 * is killed and a fresh one re-probed with the server's start budget (`startMs`), so the era never
 * depends on how busy the machine is. A first process that exits before answering is re-probed on a fresh one too:
 * an exit on the probe (a legacy server may end on any request before `initialize`; rmcp 0.12) exits again and the
 * era is legacy, on a third process; a crash on start that a restart does not repeat (a first run's set-up) draws an
 * answer from the second, which decides the era (transport/exit tells the two apart by `firstProbe`). Only when the re-probe times out too is `initialize` sent, and from
 * then on the process is legacy for its whole life: a late DiscoverResult is recorded, never obeyed. An
 * `initialize` answered with -32022 naming only 2026-07-28 is a modern server whose discover is missing or
 * broken: the session goes on modern (protocol/discover, transport/timeout judge the probe).
 */
import type { Negotiation } from '../model/observation.ts';
import { LATEST_LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION, type Era } from '../model/protocol.ts';
import { SERVER_INFO_META_KEY } from '../model/protocol.ts';
import { isObject } from './classify.ts';
import { probeDiscover, type ProbeResult } from './discover-probe.ts';
import { legacyHandshake } from './handshake.ts';
import type { Link, Connector } from './link.ts';
import type { ResolvedSessionOptions } from './options.ts';
import type { FailureDetail } from './transport.ts';

/** Negotiation could not settle on an era; `detail` says why as data, the message in words. */
export class NegotiationFailure extends Error {
  override readonly name = 'NegotiationFailure';

  constructor(message: string, readonly detail: FailureDetail) {
    super(message);
  }
}

/** What negotiation needs: a connector for the restart, the options, the session's id sequence. */
export interface NegotiateDeps {
  connector: Connector;
  options: ResolvedSessionOptions;
  nextId: () => number;
  /**
   * Told the era the moment it is known, before the legacy handshake: the configured `era: 'legacy'` (no probe), or
   * what the `server/discover` probe drew. A hint for what to start next (harness/run/early-session.ts), never an
   * input of the negotiation: a legacy-looking server that refuses `initialize` with -32022 still ends modern.
   */
  onEra?: (era: Era) => void;
}

/** Probe outcome when `era: 'legacy'` skipped the probe. */
const PROBE_SKIPPED: Negotiation['probe']['outcome'] = 'skipped';

/**
 * Negotiate on `first`. Resolves with the negotiation and the link to use (a new one after a restart).
 * @throws NegotiationFailure when no era could be negotiated (or `era: 'modern'` found a legacy server);
 * @throws StartFailure when the restart could not start.
 */
export async function negotiate(first: Link, deps: NegotiateDeps): Promise<{ negotiation: Negotiation; link: Link }> {
  const { era } = deps.options;
  if (era === 'legacy') {
    deps.onEra?.('legacy');
    return legacy(first, deps, { outcome: PROBE_SKIPPED, durationMs: 0, restarted: false });
  }
  let link = first;
  let probe = await probeDiscover(first, MODERN_PROTOCOL_VERSION, deps.nextId(), deps.options);
  // the server closed its stdout and kept running: no process of it answers, so no era is negotiated (ExitInfo.stdoutClosed)
  if (probe.stdoutClosed) throw stdoutClosedFailure();
  let firstProbe: Negotiation['probe']['firstProbe'];
  if (unanswered(probe) && first.connection.alive) {
    first.channel.forget(probe.id);
    firstProbe = { outcome: probe.outcome, durationMs: probe.durationMs, timeoutMs: probe.timeoutMs };
    await first.connection.kill();
    link = await deps.connector.spawn();
    probe = await probeDiscover(link, MODERN_PROTOCOL_VERSION, deps.nextId(), deps.options, deps.options.timeouts.startMs);
    if (probe.stdoutClosed) throw stdoutClosedFailure();
  } else if (probe.outcome === 'exit') {
    // the probe or the start ended the process: the same probe on a fresh one tells which (an exit again: the probe's)
    first.channel.forget(probe.id);
    firstProbe = { outcome: 'exit', durationMs: probe.durationMs, timeoutMs: probe.timeoutMs };
    link = await deps.connector.spawn();
    probe = await probeDiscover(link, MODERN_PROTOCOL_VERSION, deps.nextId(), deps.options, deps.options.timeouts.startMs);
    if (probe.stdoutClosed) throw stdoutClosedFailure();
  }
  const base = { firstProbe, restarted: link !== first };
  const modernProbe = probe.outcome === 'discover-result' || probe.outcome === 'modern-error';
  if (modernProbe || era !== 'modern') deps.onEra?.(modernProbe ? 'modern' : 'legacy');
  if (probe.outcome === 'discover-result') return { link, negotiation: modern(probe, probe, MODERN_PROTOCOL_VERSION, base) };
  if (probe.outcome === 'modern-error') return { link, negotiation: await modernAfterRetry(link, probe, deps, base) };
  if (era === 'modern') {
    throw new NegotiationFailure(`the server did not negotiate the modern era: server/discover drew ${describe(probe)}`, { reason: 'era-refused', ...code(probe) });
  }
  const probed = link;
  if (!link.connection.alive) link = await deps.connector.spawn();
  const record: Negotiation['probe'] = {
    outcome: probe.outcome, ...code(probe), durationMs: probe.durationMs, timeoutMs: probe.timeoutMs,
    restarted: link !== first, ...(firstProbe ? { firstProbe } : {}),
  };
  try {
    return await legacy(link, deps, record, link === probed ? probe : undefined);
  } catch (error) {
    // the server answered server/discover with an object we cannot use, and refuses initialize: it is a
    // (broken) modern server; go modern with its answer so protocol/discover reports what is wrong
    if (error instanceof NegotiationFailure && probe.unusable && link.connection.alive) {
      return { link, negotiation: modern({ discover: probe.unusable }, probe, MODERN_PROTOCOL_VERSION, record) };
    }
    throw error;
  } finally {
    probed.channel.forget(probe.id);
  }
}

/** The failure of a negotiation on a process that closed its stdout while it kept running (transport/exit `stdoutClosed`). */
function stdoutClosedFailure(): NegotiationFailure {
  return new NegotiationFailure('the server closed its stdout before it answered server/discover', { reason: 'stdout-closed' });
}

/** The probe got no answer in its budget (silence, or only non-JSON text) while the process lives. */
function unanswered(probe: ProbeResult): probe is ProbeResult & { outcome: 'timeout' | 'not-json' } {
  return probe.outcome === 'timeout' || probe.outcome === 'not-json';
}

/** Re-establish the negotiated era on a respawned process: `initialize` on legacy, nothing on modern. */
export async function rehandshake(link: Link, negotiation: Negotiation, deps: NegotiateDeps): Promise<boolean> {
  if (negotiation.era === 'modern') return true;
  const result = await legacyHandshake(link, negotiation.protocolVersion, { options: deps.options, nextId: deps.nextId });
  return result.kind === 'initialized';
}

async function legacy(link: Link, deps: NegotiateDeps, probe: Negotiation['probe'], pending?: ProbeResult): Promise<{ negotiation: Negotiation; link: Link }> {
  const result = await legacyHandshake(link, LATEST_LEGACY_PROTOCOL_VERSION, { options: deps.options, nextId: deps.nextId, lateProbe: pending?.late });
  const record: Negotiation['probe'] = result.late ? { ...probe, lateAnswerMs: result.late.atMs } : probe;
  if (result.kind === 'failed') throw new NegotiationFailure(`legacy handshake failed: ${result.message} (after server/discover drew ${probe.outcome})`, result.detail);
  if (result.kind === 'modern-refusal') {
    // initialize drew -32022 naming only 2026-07-28: a modern server whose server/discover is missing or broken
    const discover = result.late?.discover ?? pending?.unusable;
    return { link, negotiation: modern(discover ? { discover } : {}, record, MODERN_PROTOCOL_VERSION, record) };
  }
  const init = result.result;
  const negotiation: Negotiation = {
    era: 'legacy', protocolVersion: result.protocolVersion, offeredVersion: LATEST_LEGACY_PROTOCOL_VERSION,
    ...identity(init.serverInfo, init.capabilities, init.instructions), probe: record, initialize: init,
  };
  return { link, negotiation };
}

type ProbeBase = Pick<Negotiation['probe'], 'firstProbe' | 'restarted'>;

async function modernAfterRetry(link: Link, first: ProbeResult, deps: NegotiateDeps, base: ProbeBase): Promise<Negotiation> {
  const version = first.retryVersion ?? MODERN_PROTOCOL_VERSION;
  const retry = await probeDiscover(link, version, deps.nextId(), deps.options);
  link.channel.forget(retry.id);
  return modern(retry.outcome === 'discover-result' ? retry : {}, first, version, base);
}

function modern(
  source: { discover?: Record<string, unknown> },
  probe: Pick<Negotiation['probe'], 'outcome' | 'errorCode' | 'durationMs' | 'timeoutMs' | 'lateAnswerMs'>,
  version: string,
  base: ProbeBase,
): Negotiation {
  const d = source.discover;
  const meta = isObject(d?._meta) ? d._meta : {};
  const { outcome, durationMs, timeoutMs, lateAnswerMs } = probe;
  return {
    era: 'modern', protocolVersion: version, offeredVersion: MODERN_PROTOCOL_VERSION,
    ...(d ? identity(meta[SERVER_INFO_META_KEY] ?? d.serverInfo, d.capabilities, d.instructions) : {}),
    ...(d ? { discover: d } : {}),
    probe: {
      outcome, ...code(probe), durationMs, ...(timeoutMs === undefined ? {} : { timeoutMs }), restarted: base.restarted,
      ...(base.firstProbe ? { firstProbe: base.firstProbe } : {}), ...(lateAnswerMs === undefined ? {} : { lateAnswerMs }),
    },
  };
}

function identity(serverInfo: unknown, capabilities: unknown, instructions: unknown): Partial<Negotiation> {
  return {
    ...(isObject(serverInfo) ? { serverInfo: serverInfo as Negotiation['serverInfo'] } : {}),
    ...(isObject(capabilities) ? { capabilities } : {}),
    ...(typeof instructions === 'string' ? { instructions } : {}),
  };
}

function code(probe: Pick<ProbeResult, 'errorCode'>): { errorCode?: number } {
  return probe.errorCode === undefined ? {} : { errorCode: probe.errorCode };
}

function describe(probe: ProbeResult): string {
  return probe.errorCode === undefined ? probe.outcome : `${probe.outcome} (JSON-RPC error ${probe.errorCode})`;
}
