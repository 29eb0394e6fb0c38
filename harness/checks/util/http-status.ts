/**
 * What a Streamable HTTP POST that drew no JSON-RPC answer was answered with, for messages: its HTTP status (a
 * number the server chose, the same in every run: value-free), and for a redirect that the harness does not follow
 * it (a redirect would carry the configured headers, tokens among them, wherever the server points).
 */
import type { HttpExchange } from '../../model/wire.ts';

/**
 * ` The HTTP answer to <method> had status N.` for the last POST carrying one of `methods` (with `id`: the first POST
 * of that request) whose status was not 2xx
 * (with the redirect sentence for a 3xx); '' when there is none (stdio, a 2xx without a usable answer, no status).
 * @param exchanges the surface's recorded HTTP exchanges (`WireTap.http`), in order; undefined on stdio
 * @param methods the JSON-RPC methods whose POSTs count (the request that failed)
 * @param id when given, only the first POST of the request with this JSON-RPC id counts, and not a probe's (`tag`):
 *   the status of that very request, not of a later probe of the same method (a refused Origin, say)
 */
export function httpStatusNote(exchanges: readonly HttpExchange[] | undefined, methods: readonly string[], id?: number | string): string {
  if (exchanges === undefined) return '';
  let last: HttpExchange | undefined;
  for (const exchange of exchanges) {
    const method = exchange.message?.method;
    if (id !== undefined && (exchange.message?.id !== id || exchange.tag !== undefined)) continue;
    if (exchange.method === 'POST' && method !== undefined && methods.includes(method)) last = exchange;
    if (id !== undefined && last !== undefined) break; // the first: a later session may reuse the id
  }
  const status = last?.status;
  if (last === undefined || status === undefined || (status >= 200 && status < 300)) return '';
  const what = ` The HTTP answer to ${last.message?.method ?? 'the request'} had status ${status}`;
  return status >= 300 && status < 400
    ? `${what}, a redirect, which the harness does not follow (it would carry the configured headers elsewhere): set the surface's url to the endpoint itself.`
    : `${what}.`;
}
