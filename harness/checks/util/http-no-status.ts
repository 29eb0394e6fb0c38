/**
 * The requests whose Streamable HTTP POST got no HTTP response at all (transport/http-status `noHttpResponse`): the
 * connection was reset or closed before a status line, or the status line or headers did not parse as HTTP. Such a
 * request is as unanswered as one answered by a bare 500 (`noResponse`), and JSON-RPC 2.0 §4 gives every request a
 * response; the spec asks the server to answer a POSTed request with application/json or text/event-stream
 * (2025-11-25 basic/transports §Sending Messages to the Server, 5). Counted only when the server can be blamed:
 * - some other exchange of the surface got a status (the server was reachable: the negotiation, the listing);
 * - the server process the harness started did not exit unexpectedly during the surface (transport/exit reports the
 *   crash and its in-flight calls; a reset that raced the exit is the crash's, and the harness cannot tell which);
 * - not `refused` (nothing listens: the connection ends with it), `aborted` (the harness closed it), `oversize`;
 * - not a probe that changed the headers on purpose, nor the first listing's failed page (tools/listing's
 *   `listFailed` / `pageFailed`), nor a timeout or cancellation (their records are not `unanswered`).
 * Whether the network may be to blame is the caller's verdict (SurfaceOptions.httpEndpoint).
 */
import type { SurfaceObservation } from '../../model/observation.ts';
import type { HttpExchange } from '../../model/wire.ts';
import { requestKey, unansweredRequests } from './http-status.ts';

/** One kind of request whose POST got no HTTP response: its tool (a tools/call's, when known), method and why, with the count. */
export interface NoHttpResponse {
  tool?: string;
  method: string;
  /** Why, in a few words, value-free (an errno or HTTP parser code the harness names, never bytes the server sent). */
  reason: string;
  count: number;
}

/** Exchange failures that are not the server's answer failing: nothing listens, the harness closed it, over the frame limit. */
const NOT_COUNTED = new Set(['refused', 'aborted', 'oversize']);

/**
 * Why a POST got no HTTP response, from its `HttpExchange.error`: a reset or closed connection, headers over the
 * HTTP parser's limit, a status line or headers that do not parse (Node's `HPE_*` codes), or another errno named.
 * @param error the exchange's recorded failure (connection.ts errorName)
 */
export function whyNoHttpResponse(error: string): string {
  if (error === 'reset') return 'the connection was reset or closed before any HTTP response';
  if (error === 'HPE_HEADER_OVERFLOW') return "the response headers exceeded the HTTP parser's size limit";
  if (error.startsWith('HPE_')) return `the response's status line or headers did not parse as HTTP (${error})`;
  return `the connection failed before any HTTP response (${error})`;
}

/**
 * The requests of the surface whose record ended `unanswered` and whose POST got no status (see the module doc),
 * grouped by tool, method and reason in the order of their first exchange. [] when the server was never reachable
 * or its process exited unexpectedly.
 * @param observation one surface's observation (Streamable HTTP; [] on stdio)
 */
export function noHttpResponses(observation: SurfaceObservation): NoHttpResponse[] {
  const exchanges = observation.wire.http ?? [];
  if (!exchanges.some((e) => e.status !== undefined)) return []; // never reachable: the environment may be at fault
  if (observation.exits.some((e) => e.unexpected)) return []; // transport/exit's
  const listing = observation.listing;
  const unanswered = unansweredRequests(observation, listing?.stop === 'error' ? listing.pages[listing.pages.length - 1] : undefined);
  if (unanswered.size === 0) return [];
  const groups = new Map<string, NoHttpResponse>();
  for (const e of exchanges) {
    if (!failedBelowHttp(e)) continue;
    const { method, id } = e.message as { method: string; id: number | string };
    const left = unanswered.get(requestKey(method, id));
    if (left === undefined || left.length === 0) continue;
    const tool = left.shift();
    const reason = whyNoHttpResponse(e.error as string);
    const key = JSON.stringify([tool ?? null, method, reason]);
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { ...(tool === undefined ? {} : { tool }), method, reason, count: 1 });
  }
  return [...groups.values()];
}

/** A POST of a request (not a probe's header change) that settled unanswered with no status and a failure the server caused. */
function failedBelowHttp(e: HttpExchange): boolean {
  const m = e.message;
  if (e.method !== 'POST' || m?.kind !== 'request' || m.method === undefined || m.id === undefined) return false;
  return e.tag === undefined && e.answered === false && e.status === undefined && e.error !== undefined && !NOT_COUNTED.has(e.error);
}
