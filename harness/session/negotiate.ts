/**
 * Era negotiation (spec 2026-07-28 basic/transports/stdio §Backward Compatibility; basic/versioning):
 * probe with `server/discover`; a DiscoverResult or a -32022 naming a modern version means modern; anything
 * else (another error, no answer within probeMs, non-JSON output, the process exiting) means legacy:
 * `initialize` on the same process, or on a restarted one when the probe killed it.
 */
import { LATEST_LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION, type Negotiation } from '../types.ts';
import { SERVER_INFO_META_KEY } from '@modelcontextprotocol/client';
import { isObject } from './classify.ts';
import { probeDiscover, type ProbeResult } from './discover-probe.ts';
import { legacyHandshake } from './handshake.ts';
import type { Link, Spawner } from './link.ts';
import type { ResolvedSessionOptions } from './options.ts';

/** Negotiation could not settle on an era; the message says why. */
export class NegotiationFailure extends Error {
  override readonly name = 'NegotiationFailure';
}

/** What negotiation needs: a spawner for the restart, the options, the session's id sequence. */
export interface NegotiateDeps {
  spawner: Spawner;
  options: ResolvedSessionOptions;
  nextId: () => number;
}

/** Probe outcome when `era: 'legacy'` skipped the probe. */
const PROBE_SKIPPED: Negotiation['probe']['outcome'] = 'skipped';

/**
 * Negotiate on `first`. Resolves with the negotiation and the link to use (a new one after a restart).
 * @throws NegotiationFailure when no era could be negotiated (or `era: 'modern'` found a legacy server);
 * @throws SpawnFailure when the restart could not spawn.
 */
export async function negotiate(first: Link, deps: NegotiateDeps): Promise<{ negotiation: Negotiation; link: Link }> {
  const { era } = deps.options;
  if (era === 'legacy') return legacy(first, deps, { outcome: PROBE_SKIPPED, durationMs: 0, restarted: false });
  const probe = await probeDiscover(first, MODERN_PROTOCOL_VERSION, deps.nextId(), deps.options);
  if (probe.outcome === 'discover-result') return { link: first, negotiation: modern(probe, probe, MODERN_PROTOCOL_VERSION) };
  if (probe.outcome === 'modern-error') return { link: first, negotiation: await modernAfterRetry(first, probe, deps) };
  if (era === 'modern') {
    throw new NegotiationFailure(`the server did not negotiate the modern era: server/discover drew ${describe(probe)}`);
  }
  const restarted = !first.proc.alive;
  const link = restarted ? await deps.spawner.spawn() : first;
  const record = { outcome: probe.outcome, ...code(probe), durationMs: probe.durationMs, restarted };
  try {
    return await legacy(link, deps, record, restarted ? undefined : probe);
  } catch (error) {
    // the server answered server/discover with an object we cannot use, and refuses initialize: it is a
    // (broken) modern server; go modern with its answer so protocol/discover reports what is wrong
    if (error instanceof NegotiationFailure && probe.unusable && link.proc.alive) {
      return { link, negotiation: modern({ discover: probe.unusable }, probe, MODERN_PROTOCOL_VERSION) };
    }
    throw error;
  } finally {
    first.channel.forget(probe.id);
  }
}

/** Re-establish the negotiated era on a respawned process: `initialize` on legacy, nothing on modern. */
export async function rehandshake(link: Link, negotiation: Negotiation, deps: NegotiateDeps): Promise<boolean> {
  if (negotiation.era === 'modern') return true;
  const result = await legacyHandshake(link, negotiation.protocolVersion, { options: deps.options, nextId: deps.nextId });
  return result.kind === 'initialized';
}

async function legacy(link: Link, deps: NegotiateDeps, probe: Negotiation['probe'], pending?: ProbeResult): Promise<{ negotiation: Negotiation; link: Link }> {
  const result = await legacyHandshake(link, LATEST_LEGACY_PROTOCOL_VERSION, { options: deps.options, nextId: deps.nextId, lateProbe: pending?.late });
  if (result.kind === 'failed') throw new NegotiationFailure(`legacy handshake failed: ${result.message} (after server/discover drew ${probe.outcome})`);
  if (result.kind === 'late-discover') {
    const late = { ...probe, outcome: 'discover-result' as const };
    return { link, negotiation: modern({ discover: result.discover }, late, MODERN_PROTOCOL_VERSION) };
  }
  const init = result.result;
  const negotiation: Negotiation = {
    era: 'legacy', protocolVersion: result.protocolVersion, offeredVersion: LATEST_LEGACY_PROTOCOL_VERSION,
    ...identity(init.serverInfo, init.capabilities, init.instructions), probe, initialize: init,
  };
  return { link, negotiation };
}

async function modernAfterRetry(link: Link, first: ProbeResult, deps: NegotiateDeps): Promise<Negotiation> {
  const version = first.retryVersion ?? MODERN_PROTOCOL_VERSION;
  const retry = await probeDiscover(link, version, deps.nextId(), deps.options);
  link.channel.forget(retry.id);
  return modern(retry.outcome === 'discover-result' ? retry : {}, first, version);
}

function modern(source: { discover?: Record<string, unknown> }, probe: Pick<ProbeResult, 'outcome' | 'errorCode' | 'durationMs'>, version: string): Negotiation {
  const d = source.discover;
  const meta = isObject(d?._meta) ? d._meta : {};
  return {
    era: 'modern', protocolVersion: version, offeredVersion: MODERN_PROTOCOL_VERSION,
    ...(d ? identity(meta[SERVER_INFO_META_KEY] ?? d.serverInfo, d.capabilities, d.instructions) : {}),
    ...(d ? { discover: d } : {}),
    probe: { outcome: probe.outcome, ...code(probe), durationMs: probe.durationMs, restarted: false },
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
