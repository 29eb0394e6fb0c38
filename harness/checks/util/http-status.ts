/**
 * What a Streamable HTTP POST that drew no JSON-RPC answer was answered with, for messages: its HTTP status (a
 * number the server chose, the same in every run: value-free), and for a redirect that the harness does not follow
 * it (a redirect would carry the configured headers, tokens among them, wherever the server points); and, shared by
 * transport/http-status (`noResponse`, `notResumed`) and tools/listing (`listNoAnswer`, `pageNoAnswer`) so the two judge
 * one request alike, which POST a request got (`requestExchange`), whether its SSE stream may await a resume
 * (`resumable`) and why its answer carried no response (`whyNoResponse`).
 */
import type { HttpExchange, ProbeRecord, RequestRecord } from '../../model/wire.ts';
import { listPages, type SurfaceObservation } from '../../model/observation.ts';
import { listedTools } from '../../probes/targets.ts';

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
  return statusSentence(last.message?.method, status);
}

/** ` The HTTP answer to <method> had status N.` (with the redirect sentence for a 3xx). */
function statusSentence(method: string | undefined, status: number): string {
  const what = ` The HTTP answer to ${method ?? 'the request'} had status ${status}`;
  return status >= 300 && status < 400
    ? `${what}, a redirect, which the harness does not follow (it would carry the configured headers elsewhere): set the surface's url to the endpoint itself.`
    : `${what}.`;
}

/**
 * The POST that carried the request `method` with JSON-RPC id `id`: the first one, not a probe's (`tag`: a probe that
 * changes the headers on purpose); undefined when there is none (stdio, or never sent). A later session may reuse the
 * id, so the first is that request's.
 * @param exchanges the surface's recorded HTTP exchanges (`WireTap.http`), in order; undefined on stdio
 * @param method the request's JSON-RPC method
 * @param id the request's JSON-RPC id
 */
export function requestExchange(exchanges: readonly HttpExchange[] | undefined, method: string, id: number | string): HttpExchange | undefined {
  return exchanges?.find((e) => e.method === 'POST' && e.tag === undefined && e.message?.kind === 'request' && e.message.method === method && e.message.id === id);
}

/**
 * Whether an exchange's SSE stream ended by itself after an event with an id, before the response: the server MAY close
 * a stream so and expect the client to resume it with Last-Event-ID (2025-11-25 basic/transports §Sending Messages to
 * the Server, SSE polling), which the harness does not do, so the server is not at fault (a stream that broke off is).
 * A stream that carried an event over the frame limit that may have been the response is not such a stream: that
 * event, discarded unread (`HttpExchange.sse.oversize`), is judged as an answer over the limit (`overLimit`); one whose
 * head showed a notification or a server request (`sse.oversizeOthers`) does not stop a stream from being resumable.
 * @param e an exchange of a POSTed request
 */
export function resumable(e: HttpExchange): boolean {
  return e.status !== undefined && e.contentType === 'text/event-stream' && e.sse?.withId === true && e.error === undefined && !overLimit(e);
}

/**
 * Whether an exchange's answer held a message over the frame limit, discarded unread, that may have been the response
 * to its request: a JSON body over it (`error` `oversize`), or an SSE event over it (`sse.oversize`) whose head did not
 * show it was something else (`sse.oversizeOthers`: a `method` member, i.e. a notification or a server request, or
 * another request's id). A head with `result` or `error` first, this request's id, or nothing that decides counts:
 * such an event is possibly the response, like a stdout line over the limit whose head named no id. An oversized
 * notification does not: the stream is judged by what else it carried (an SSE polling stream may await a resume).
 * @param e an exchange of a POSTed request
 */
export function overLimit(e: HttpExchange): boolean {
  return e.error === 'oversize' || possibleOversizeAnswers(e) > 0;
}

/** The SSE events over the frame limit that may have been the exchange's response (`overLimit`). */
function possibleOversizeAnswers(e: HttpExchange): number {
  return (e.sse?.oversize ?? 0) - (e.sse?.oversizeOthers ?? 0);
}

/**
 * Why the answer to a request carried no response (value-free: the status, the content type, never the body).
 * @param e an exchange of a POSTed request that got a status and no JSON-RPC response to its id
 * @returns `type`: ` (Content-Type x)`, ` (no Content-Type)`, or '' for a non-2xx status; `reason`: why, in a few words
 */
export function whyNoResponse(e: HttpExchange & { status: number }): { type: string; reason: string } {
  const type = e.contentType === undefined ? ' (no Content-Type)' : ` (Content-Type ${e.contentType})`;
  if (e.status >= 300 && e.status < 400) return { type: '', reason: 'a redirect, which the harness does not follow' };
  if (e.status < 200 || e.status >= 300) return { type: '', reason: 'an error status without a JSON-RPC error response in the body' };
  if (e.contentType === 'text/event-stream') {
    if (e.error !== undefined) return { type, reason: 'the SSE stream broke off before the response' };
    // the harness discarded an event it could not hold (HttpExchange.sse.oversize): it may have been the response
    if (possibleOversizeAnswers(e) > 0) return { type, reason: 'the SSE stream ended after an event over the frame limit, possibly the response (discarded unread)' };
    return { type, reason: 'the SSE stream ended without the response' };
  }
  if (e.contentType !== 'application/json') return { type, reason: e.bodyBytes === 0 ? 'an empty body' : 'the body is neither application/json nor text/event-stream' };
  if (e.bodyBytes === 0) return { type, reason: 'an empty body' };
  if (e.messages === 0 && (e.unparsed ?? 0) > 0 && e.error === undefined) return { type, reason: 'the body did not parse as JSON' };
  return { type, reason: e.error === undefined ? 'the JSON body held no response to its id' : 'the JSON body broke off before the response' };
}

/**
 * The sentence naming what a request's POST was answered with when it carried no JSON-RPC response: for a non-2xx
 * status as `httpStatusNote` says it (` The HTTP answer to tools/list had status 500.`, the redirect sentence for a
 * 3xx); for a 2xx the status, content type and why (` The HTTP answer to tools/list had status 200 (Content-Type
 * text/event-stream): the SSE stream ended without the response.`); '' when the exchange got no status.
 * @param e the request's exchange (`requestExchange`)
 */
export function noAnswerNote(e: HttpExchange): string {
  const status = e.status;
  if (status === undefined) return '';
  if (status < 200 || status >= 300) return statusSentence(e.message?.method, status);
  const { type, reason } = whyNoResponse(e as HttpExchange & { status: number });
  return ` The HTTP answer to ${e.message?.method ?? 'the request'} had status ${status}${type}: ${reason}.`;
}

/** A request's identity within a surface: its method and JSON-RPC id (a number and a string id never collide). */
export function requestKey(method: string, id: number | string): string {
  return JSON.stringify([method, typeof id, String(id)]);
}

/**
 * The surface's requests whose record ended `unanswered`, by `requestKey`, each key's entries the tools those requests
 * called in record order (a planned call's tool; a probe's when it names a listed or called tool, never the
 * unknown-tool probe's made-up name; else undefined). Read from the planned calls, the probes (not those that change
 * the headers on purpose: `ProbeRecord.probe.http`) with their pages, and the tools listing's pages but `skippedPage`
 * (the one tools/listing reports). transport/http-status's `noResponse` and `noHttpResponse` both match exchanges to
 * it, taking an entry per exchange, so one request is never counted twice.
 * @param observation one surface's observation
 * @param skippedPage the listing page another check reports, left out (undefined: none)
 */
export function unansweredRequests(observation: SurfaceObservation, skippedPage?: RequestRecord): Map<string, (string | undefined)[]> {
  const known = new Set([...listedTools(observation).map((t) => t.name), ...observation.calls.map((c) => c.scenario.tool)]);
  const probeTool = (p: ProbeRecord) => (p.request.method === 'tools/call' && p.probe.tool !== undefined && known.has(p.probe.tool) ? p.probe.tool : undefined);
  const records: { record: RequestRecord; tool?: string }[] = [
    ...observation.calls.map((c) => ({ record: c.request, tool: c.scenario.tool })),
    ...observation.probes
      .filter((p) => p.probe.http === undefined)
      .flatMap((p) => [{ record: p.request, tool: probeTool(p) }, ...(p.pages ?? []).filter((page) => page !== p.request).map((record) => ({ record }))]),
    ...listPages(observation).filter((p) => p.record !== skippedPage).map((p) => ({ record: p.record })),
  ];
  const unanswered = new Map<string, (string | undefined)[]>();
  for (const { record, tool } of records) {
    if (record.outcome !== 'unanswered') continue;
    const key = requestKey(record.method, record.id);
    const tools = unanswered.get(key);
    if (tools) tools.push(tool);
    else unanswered.set(key, [tool]);
  }
  return unanswered;
}
