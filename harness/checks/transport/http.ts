/**
 * Reading the Streamable HTTP exchanges of an observation (`WireTap.http`) for the `transport/http-*`
 * checks: the exchange a probe was sent with, the initialize exchange, and the revision the rules of a
 * transport page apply to. Pure helpers over plain data.
 */
import type { SurfaceObservation } from '../../model/observation.ts';
import type { HttpExchange } from '../../model/wire.ts';

/** The exchanges of the surface (none on stdio). */
export function httpExchanges(observation: SurfaceObservation): readonly HttpExchange[] {
  return observation.wire.http ?? [];
}

/** The exchange a probe was sent with (`ProbeRequest.http`, tagged with the probe id), when it got an HTTP status. */
export function probeExchange(observation: SurfaceObservation, probeId: string): (HttpExchange & { status: number }) | undefined {
  const found = httpExchanges(observation).find((e) => e.tag === probeId);
  return found?.status === undefined ? undefined : (found as HttpExchange & { status: number });
}

/** True when the server named a session id in its answer to `initialize` (legacy era, stateful server). */
export function issuedSession(observation: SurfaceObservation): boolean {
  return httpExchanges(observation).some((e) => e.message?.method === 'initialize' && e.sessionIdIssued === true);
}

/** The negotiated revision (a date string; the modern era is 2026-07-28), or undefined before negotiation. */
export function revisionOf(observation: SurfaceObservation): string | undefined {
  return observation.negotiation?.protocolVersion;
}

/** `revision` is `since` or later (revisions are ISO dates: they compare as strings). */
export function atLeast(revision: string | undefined, since: string): boolean {
  return revision !== undefined && revision >= since;
}

/** A 2xx status: the server served the request. */
export function served(status: number): boolean {
  return status >= 200 && status < 300;
}
