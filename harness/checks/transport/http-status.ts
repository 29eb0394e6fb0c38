/**
 * transport/http-status: status codes and content types per the Streamable HTTP page (2025-03-26 to
 * 2026-07-28 basic/transports §Sending Messages to the Server). A POSTed request that is answered (2xx)
 * MUST come back as `Content-Type: application/json` or `text/event-stream`; a notification (or a
 * response to a server request) the server accepts MUST get `202 Accepted` with no body. Read from every
 * exchange of the session; one finding per rule, with the count.
 *
 * `noResponse`: a request the harness sent (a tool call, a probe, a tools/list page) that the HTTP layer settled
 * as `unanswered` with a status received: a non-2xx status with no JSON-RPC error in the body, a 2xx whose body is
 * neither application/json nor text/event-stream, a JSON body without the response to its id, an SSE stream that
 * ended (or broke) without it. The POST of a JSON-RPC request MUST come back as application/json or
 * text/event-stream carrying the answer (2025-11-25 basic/transports §Sending Messages to the Server, 4), and
 * JSON-RPC 2.0 §4 requires a response to every request: over stdio such a request would time out (transport/timeout)
 * or be answered with an error; here it came back at once with nothing in it. One finding per (method, status,
 * reason), with the count; a tools/call's finding names its tool (a planned call's, or a probe's of a listed or called
 * tool: not the unknown-tool probe's made-up name), one finding per tool, so the report lists it under that tool.
 * `noHttpResponse`: such a request whose POST got no HTTP response at all: the connection was reset or closed before a
 * status line, or the status line or headers did not parse (util/http-no-status.ts, which says when it counts: the server
 * was reachable for other requests and its process did not crash). Over stdio a server that fails every call so is a
 * crash (transport/exit); here the server stays up and the client is left without an answer. An error when the server
 * is local (the harness started it, or the url is loopback: no network between that could reset the connection); a
 * warning for a remote url, where a proxy, load balancer or the network may have cut the connection (the spec: a
 * disconnection MAY occur at any time due to network conditions), but the requests still got no response. One finding
 * per (tool, method, reason), with the count.
 * Never counted here: a timeout (transport/timeout), a cancelled request, an answer over the
 * frame limit, a connection refused (nothing listens), the probes that change the headers on
 * purpose (`ProbeRequest.http`: their refusals are the other transport/http-* checks' verdicts), and the negotiation
 * (`server/discover` may be refused by a legacy server; a failed `initialize` is transport/exit's), nor the page of
 * the tools listing that ended it unanswered with a status and a stream that awaits no resume: tools/listing reports
 * that request (`listNoAnswer` for the first page, `pageNoAnswer` for a later one, naming the status and why), and one
 * request draws one finding. Such a page whose SSE stream ended after an event with an id stays here (`notResumed`,
 * info; tools/listing only says the listing stopped there). A re-list's page (after
 * notifications/tools/list_changed), which tools/listing leaves to the transport checks, is counted here.
 * `invalidUtf8`: answers (application/json or text/event-stream, any status) whose body held bytes that are not valid
 * UTF-8 (util/http-utf8.ts): one finding for the surface with the count, naming the first answer's body kind and the
 * method it answered, never the bytes; an error, as transport/stdout's `invalidUtf8` is (spec 2025-03-26 and later
 * basic/transports: JSON-RPC messages MUST be UTF-8 encoded; RFC 8259 §8.1; WHATWG HTML §9.2.5 for an event stream).
 * `byteOrderMark`: JSON bodies that began with U+FEFF (util/http-utf8.ts), the HTTP twin of transport/stdout's: one
 * error for the surface, counted, naming the first (RFC 8259 §8.1: MUST NOT begin with one). The connection reads the
 * body after the mark, as fetch's Response.json() does; before, each such message was lost (review 29: a fixture
 * writing one before every JSON body failed negotiation).
 */
import { defineCheck } from '../define.ts';
import { httpExchanges, served } from './http.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import type { HttpExchange, RequestRecord } from '../../model/wire.ts';
import { requestExchange, requestKey, resumable as awaitsResume, unansweredRequests, whyNoResponse } from '../util/http-status.ts';
import { noHttpResponses } from '../util/http-no-status.ts';
import { byteOrderMarkAnswers, invalidUtf8Answers } from '../util/http-utf8.ts';

const ID = 'transport/http-status';
const ANSWER_TYPES = new Set(['application/json', 'text/event-stream']);

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'error',
    description: 'Requests come back as application/json or text/event-stream carrying their JSON-RPC response, UTF-8 encoded; accepted notifications get 202 with no body.',
    rationale:
      'Clients pick their parser by the content type and know a notification was taken by the 202; a JSON answer labelled text/plain, or a 200 with a body for a notification, breaks conforming clients that follow the transport page to the letter. A request whose POST comes back with no JSON-RPC response at all (a bare 500, an HTML page, an SSE stream that ends empty), or with no HTTP response at all (a connection reset or closed, a status line or headers that do not parse) while the server stays up, leaves the client without an answer: the same failure as a request that is never answered over stdio. A local server is judged by the error; a remote one only warned about, as the network between may have cut the connection. Bytes that are not valid UTF-8 in a JSON body or an SSE stream are silently replaced (U+FFFD) by most decoders and rejected by strict ones: the text a client shows or acts on is not what the server meant.',
    spec: 'spec:2025-11-25/basic/transports.mdx §Sending Messages to the Server (and its opening: JSON-RPC messages MUST be UTF-8 encoded); spec:2026-07-28/basic/transports/streamable-http.mdx §Sending Messages; JSON-RPC 2.0 §4 (every request gets a response); RFC 8259 §8.1 (JSON text MUST be UTF-8); WHATWG HTML §9.2.5 (an event stream is UTF-8)',
    transports: ['streamable-http'],
    messages: {
      requestContentType: '{{count}} answered request(s) came back with Content-Type {{type}} (first: {{method}}); an answer MUST be application/json or text/event-stream.',
      notAccepted: '{{count}} accepted notification(s) or response(s) got HTTP {{status}}{{body}} (first: {{method}}); the server MUST answer accepted input with 202 Accepted and no body.',
      noResponse:
        '{{count}} {{method}} request(s) got HTTP {{status}}{{type}} and no JSON-RPC response: {{reason}}. The answer to a POSTed JSON-RPC request MUST be application/json or text/event-stream carrying its response (JSON-RPC 2.0: every request gets a response); a client gets no result for it.',
      noHttpResponse:
        '{{count}} {{method}} request(s) got no HTTP response: {{reason}}{{where}}. The answer to a POSTed JSON-RPC request MUST be application/json or text/event-stream carrying its response (JSON-RPC 2.0: every request gets a response); a client gets no result for it.',
      invalidUtf8:
        '{{count}} HTTP answer(s) carried bytes that are not valid UTF-8 (first: {{first}}); {{rule}}. A client decodes such bytes as U+FFFD or rejects the message.',
      byteOrderMark:
        "{{count}} HTTP JSON answer(s) began with a byte order mark (U+FEFF) (first: {{first}}); JSON texts exchanged between systems MUST NOT begin with one (RFC 8259 §8.1), so a client that parses the body text as JSON loses the message. The harness read the message after the mark, as fetch's Response.json() does.",
      notResumed:
        '{{count}} {{method}} request(s) got an SSE stream that ended after an event with an id but before the response: the server may close a stream so and expect the client to resume it with Last-Event-ID (2025-11-25 SSE polling), which the harness does not do; these requests were not judged.',
    },
    examples: {
      fail: 'POST tools/list -> 200 Content-Type: text/plain with the JSON-RPC response; POST notifications/initialized -> 200 {"ok":true}; POST tools/call -> 500 Content-Type: text/plain "internal error" (no JSON-RPC response); POST tools/call -> the server resets the connection (no HTTP response); POST tools/call -> 200 application/json whose text holds the bytes FF 80',
      pass: 'POST tools/list -> 200 Content-Type: application/json; POST notifications/initialized -> 202 with no body',
    },
  },
  check({ observation }, report) {
    const exchanges = httpExchanges(observation).filter((e) => e.method === 'POST' && e.status !== undefined && served(e.status));
    const wrongType = exchanges.filter((e) => e.message?.kind === 'request' && e.answered === true && !ANSWER_TYPES.has(e.contentType ?? ''));
    const [first] = wrongType;
    if (first) report({ messageId: 'requestContentType', data: { count: wrongType.length, type: first.contentType ?? '(none)', method: first.message?.method ?? '(raw)' } });
    const input = exchanges.filter((e) => (e.message?.kind === 'notification' || e.message?.kind === 'response') && (e.status !== 202 || e.bodyBytes > 0));
    const [firstInput] = input;
    if (firstInput) {
      const body = firstInput.bodyBytes > 0 ? ` with a ${firstInput.bodyBytes}-byte body` : '';
      report({ messageId: 'notAccepted', data: { count: input.length, status: firstInput.status ?? 0, body, method: firstInput.message?.method ?? 'a response' } });
    }
    // a stream closed after an event id may be waiting for the client to resume it (2025-11-25 SSE polling): the
    // harness does not resume, so it says what it could not judge instead of blaming the server (a review)
    // a tools/call's finding names its tool (as transport/timeout's do), so the report lists it under that tool
    for (const { resumable, tool, ...data } of noResponses(observation)) {
      const named = tool === undefined ? {} : { tool };
      if (resumable) report({ messageId: 'notResumed', severity: 'info', ...named, data });
      else report({ messageId: 'noResponse', ...named, data });
    }
    // no status at all: the server's doing when nothing but loopback lies between (a review: reset calls passed, exit 0)
    const local = observation.options.httpEndpoint === 'local';
    for (const { tool, ...data } of noHttpResponses(observation)) {
      const where = local ? '' : ' (the server is remote: a proxy or the network may have cut the connection)';
      report({ messageId: 'noHttpResponse', ...(local ? {} : { severity: 'warning' }), ...(tool === undefined ? {} : { tool }), data: { ...data, where } });
    }
    const bad = invalidUtf8Answers(observation);
    if (bad !== undefined) {
      const rule = bad.sse
        ? 'JSON-RPC messages MUST be UTF-8 encoded (basic/transports), and an SSE event stream is UTF-8 (WHATWG HTML §9.2.5)'
        : 'JSON-RPC messages MUST be UTF-8 encoded (basic/transports), as JSON text exchanged between systems MUST be (RFC 8259 §8.1)';
      report({ messageId: 'invalidUtf8', data: { count: bad.count, first: bad.first, rule } });
    }
    const marked = byteOrderMarkAnswers(observation);
    if (marked !== undefined) report({ messageId: 'byteOrderMark', data: marked });
  },
});

/** One kind of request that got no JSON-RPC response: its method, status, content type and why, with the count. */
type NoResponse = {
  /** The SSE stream ended by itself after an event with an id: the server may expect the client to resume it (not judged). */
  resumable: boolean;
  /** The tool a tools/call named: a planned call's, or a probe's that names a known (listed or called) one; else absent. */
  tool?: string;
  method: string;
  status: number;
  /** ` (Content-Type x)`, ` (no Content-Type)`, or '' for a non-2xx status. */
  type: string;
  reason: string;
  count: number;
};

/**
 * The requests the harness sent whose record ended `unanswered` and whose POST got a status (see the module doc),
 * grouped by tool (a tools/call's), method, status, content type and reason, in the order of their first exchange;
 * the tools listing's failed page is left out (tools/listing's finding).
 */
export function noResponses(observation: SurfaceObservation): NoResponse[] {
  // the requests of each (method, id) that ended unanswered, as the tools they called: an exchange counts only while
  // one is left, so a request is never counted twice (nor an exchange of another session of the surface that reused the id)
  const unanswered = unansweredRequests(observation, listingFailure(observation));
  if (unanswered.size === 0) return [];
  const groups = new Map<string, NoResponse>();
  for (const e of httpExchanges(observation)) {
    const message = e.message;
    if (e.method !== 'POST' || message?.kind !== 'request' || e.tag !== undefined || e.answered !== false || e.status === undefined) continue;
    if (message.method === undefined || message.id === undefined) continue;
    const left = unanswered.get(requestKey(message.method, message.id));
    if (left === undefined || left.length === 0) continue;
    const tool = left.shift();
    const { type, reason } = whyNoResponse(e as HttpExchange & { status: number });
    const resumable = awaitsResume(e);
    const key = JSON.stringify([resumable, tool ?? null, message.method, e.status, type, reason]);
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { resumable, ...(tool === undefined ? {} : { tool }), method: message.method, status: e.status, type, reason, count: 1 });
  }
  return [...groups.values()];
}

/**
 * The page of the first tools listing that ended it unanswered and that tools/listing reports as the server's fault
 * (`listNoAnswer`, `pageNoAnswer`): its POST got a status and its stream does not await a resume. Undefined otherwise:
 * a page whose SSE stream ended after an event with an id (SSE polling) stays this check's `notResumed` (tools/listing
 * says only that the listing stopped there), and one that got no status is counted by neither.
 */
function listingFailure(observation: SurfaceObservation): RequestRecord | undefined {
  const listing = observation.listing;
  const last = listing?.pages[listing.pages.length - 1];
  if (listing?.stop !== 'error' || last?.outcome !== 'unanswered') return undefined;
  const exchange = requestExchange(observation.wire.http, last.method, last.id);
  return exchange?.status !== undefined && !awaitsResume(exchange) ? last : undefined;
}
