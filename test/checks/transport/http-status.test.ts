/** http-status: both arms on recorded exchanges (the live fixtures: test/e2e/http-faults.test.ts). */
import check from '../../../harness/checks/transport/http-status.ts';
import type { Outcome, ProbeRecord, RequestRecord } from '../../../harness/model/wire.ts';
import { checkTester, makeCall, makeTool } from '../../helpers/check-tester.ts';
import { INIT, ex, http } from './http-helpers.ts';

/** A tools/call record ending `outcome`, and its id (the exchange carries the same id). */
const call = (outcome: Outcome) => makeCall('lookup', { result: {} }, { outcome });
const idOf = (c: ReturnType<typeof call>) => c.request.id;
/** The POST of tools/call `id`, settled without a response (`answered: false`) with `status`. */
const unanswered = (id: number | string, status: number, extra: Parameters<typeof ex>[0] = {}) =>
  ex({ status, contentType: 'text/plain', bodyBytes: 14, messages: 0, answered: false, message: { kind: 'request', id, method: 'tools/call' }, ...extra });
/** A probe record (`method`, id `id`) ending `outcome`; `http` when it changed the headers on purpose; `tool` the tool it names. */
const probe = (id: number, method: string, outcome: Outcome, httpChange = false, tool?: string): ProbeRecord => {
  const request: RequestRecord = { id, method, outcome, durationMs: 1 };
  return { probe: { id: `p${id}`, check: 'x', method, ...(tool === undefined ? {} : { tool }), ...(httpChange ? { http: { session: 'unknown' as const } } : {}) }, request };
};

const timedOut = call('timeout');
const cancelled = probe(9001, 'tools/call', 'cancelled');
const refusedOnPurpose = probe(9002, 'tools/call', 'unanswered', true);
const resetBeforeStatus = call('unanswered');
const errorBody = call('protocol-error');
const failed = [call('unanswered'), call('unanswered'), call('unanswered')];
const html = call('unanswered');
const garbled = call('unanswered');
const emptyJson = call('unanswered');
const reused = call('unanswered');
const emptySse = probe(9003, 'ping', 'unanswered');
const listPage: RequestRecord = { id: 9004, method: 'tools/list', outcome: 'unanswered', durationMs: 1 };
const listed: RequestRecord = { id: 9005, method: 'tools/list', outcome: 'success', durationMs: 1 };
const relistPage: RequestRecord = { id: 9006, method: 'tools/list', outcome: 'unanswered', durationMs: 1 };
/** The POST of tools/list `id`, answered `status` with no body. */
const listPost = (id: number, status: number) => ex({ status, bodyBytes: 0, messages: 0, answered: false, message: { kind: 'request', id, method: 'tools/list' } });
/** The POST of tools/list `id`, answered 200 application/json with its response. */
const listOk = (id: number) => ex({ status: 200, contentType: 'application/json', answered: true, message: { kind: 'request', id, method: 'tools/list' } });
const polled = [call('unanswered'), call('unanswered')];
const bigAnswer = call('unanswered');
const resetCalls = [call('unanswered'), call('unanswered')];
const garbledHead = call('unanswered');
const refusedCall = call('unanswered');
const abortedCall = call('unanswered');
/** The POST of tools/call `id` that failed below HTTP with `error` (no status). */
const noStatus = (id: number | string, error: string, extra: Parameters<typeof ex>[0] = {}) =>
  ex({ error, bodyBytes: 0, messages: 0, answered: false, message: { kind: 'request', id, method: 'tools/call' }, ...extra });
const otherTool = makeCall('search', { result: {} }, { outcome: 'unanswered' });
const knownProbe = probe(9010, 'tools/call', 'unanswered', false, 'lookup');
const unknownProbe = probe(9011, 'tools/call', 'unanswered', false, 'mcp_harness_unknown_tool_00000000');
const pingProbe = probe(9012, 'ping', 'unanswered');

checkTester(check, {
  valid: [
    {
      name: 'invalid UTF-8 in a body that carries no JSON-RPC (a text/plain or HTML error page): not invalidUtf8',
      observation: http([INIT, ex({ status: 400, contentType: 'text/html', answered: false, invalidUtf8: true })]),
      strict: true,
    },
    {
      name: 'JSON and SSE answers, 202 for notifications, 4xx refusals of any type',
      observation: http([
        INIT,
        ex({ status: 202, bodyBytes: 0, messages: 0, message: { kind: 'notification', method: 'notifications/initialized' } }),
        ex({ status: 200, contentType: 'text/event-stream', answered: true, sse: { events: 1, ended: true } }),
        ex({ status: 400, contentType: 'text/plain', answered: false }),
      ]),
      strict: true,
    },
    {
      name: 'no JSON-RPC response, but not a noResponse: a timeout, a cancelled request, a probe refused on purpose, a JSON-RPC error body',
      observation: http(
        [
          INIT,
          unanswered(idOf(timedOut), 500),
          ex({ status: 200, contentType: 'text/event-stream', bodyBytes: 0, messages: 0, answered: false, sse: { events: 0, ended: true }, message: { kind: 'request', id: 9001, method: 'tools/call' } }),
          unanswered(9002, 404, { tag: 'p9002' }),
          unanswered(idOf(errorBody), 500, { contentType: 'application/json', messages: 1 }),
        ],
        { calls: [timedOut, errorBody], probes: [cancelled, refusedOnPurpose] },
      ),
      strict: true,
    },
    // noHttpResponse only when the server can be blamed: it was reachable, it did not crash, the failure was its answer's
    {
      name: 'a POST that got no HTTP status while no request of the surface ever got one (unreachable): not noHttpResponse',
      observation: http([ex({ error: 'reset', bodyBytes: 0, messages: 0, answered: false, message: { kind: 'request', id: idOf(resetBeforeStatus), method: 'tools/call' } })], { calls: [resetBeforeStatus], options: { httpEndpoint: 'local' } }),
      strict: true,
    },
    {
      name: 'a reset while the server process exited unexpectedly: the crash is transport/exit\'s',
      observation: http([INIT, noStatus(idOf(resetBeforeStatus), 'reset')], { calls: [resetBeforeStatus], exits: [{ atMs: 5, code: 1, signal: null, unexpected: true }], options: { httpEndpoint: 'local' } }),
      strict: true,
    },
    {
      name: 'refused, aborted, a header-changing probe, a timed-out call: never noHttpResponse',
      observation: http(
        [INIT, noStatus(idOf(refusedCall), 'refused'), noStatus(idOf(abortedCall), 'aborted'), noStatus(9002, 'reset', { tag: 'p9002' }), noStatus(idOf(timedOut), 'reset')],
        { calls: [refusedCall, abortedCall, timedOut], probes: [refusedOnPurpose], options: { httpEndpoint: 'local' } },
      ),
      strict: true,
    },
    {
      name: "the first tools listing's page reset before any status: tools/listing's listFailed, not counted here",
      observation: http([INIT, noStatus(9004, 'reset', { message: { kind: 'request', id: 9004, method: 'tools/list' } })], { listing: { pages: [listPage], tools: [], truncated: false, stop: 'error' }, options: { httpEndpoint: 'local' } }),
      strict: true,
    },
    // one request, one finding: tools/listing reports the listing's page that ended unanswered (listNoAnswer, pageNoAnswer)
    {
      name: "the tools listing's page answered 404 with no body (the first page, or a later one): tools/listing's finding, not counted here",
      observation: http([INIT, listPost(9004, 404)], { listing: { pages: [listPage], tools: [], truncated: false, stop: 'error' } }),
      strict: true,
    },
    {
      name: "a later page of the tools listing answered 500 with no body: tools/listing's finding, not counted here",
      observation: http([INIT, listOk(9005), listPost(9004, 500)], { listing: { pages: [listed, listPage], tools: [], truncated: false, stop: 'error' } }),
      strict: true,
    },
  ],
  invalid: [
    {
      name: 'JSON bodies that began with a byte order mark: one byteOrderMark error for the surface, counted, naming the first answer (review 29)',
      observation: http([
        INIT,
        ex({ status: 200, contentType: 'application/json', answered: true, byteOrderMark: true, message: { kind: 'request', id: 7, method: 'tools/list' } }),
        ex({ status: 200, contentType: 'application/json', answered: true, byteOrderMark: true, message: { kind: 'request', id: 8, method: 'tools/call' } }),
      ]),
      findings: [
        {
          messageId: 'byteOrderMark',
          severity: 'error',
          message:
            '2 HTTP JSON answer(s) began with a byte order mark (U+FEFF) (first: the JSON body answering tools/list); JSON texts exchanged between systems MUST NOT begin with one (RFC 8259 §8.1), so a client that parses the body text as JSON loses the message. The harness read the message after the mark, as fetch\'s Response.json() does.',
        },
      ],
    },
    {
      name: 'JSON bodies and an SSE stream with bytes that are not valid UTF-8: one invalidUtf8 error for the surface, counted, naming the first answer (its body kind, the method it answered)',
      observation: http([
        INIT,
        ex({ status: 200, contentType: 'application/json', answered: true, invalidUtf8: true, message: { kind: 'request', id: 7, method: 'tools/call' } }),
        ex({ status: 200, contentType: 'text/event-stream', answered: true, invalidUtf8: true, sse: { events: 1, ended: true }, message: { kind: 'request', id: 8, method: 'tools/list' } }),
        ex({ status: 400, contentType: 'application/json', answered: false, invalidUtf8: true, message: { kind: 'request', id: 9, method: 'ping' } }),
      ]),
      findings: [
        {
          messageId: 'invalidUtf8',
          severity: 'error',
          message:
            '3 HTTP answer(s) carried bytes that are not valid UTF-8 (first: the JSON body answering tools/call); JSON-RPC messages MUST be UTF-8 encoded (basic/transports), as JSON text exchanged between systems MUST be (RFC 8259 §8.1). A client decodes such bytes as U+FFFD or rejects the message.',
        },
      ],
    },
    {
      name: 'an SSE stream with bytes that are not valid UTF-8: the rule cites the event-stream format',
      observation: http([INIT, ex({ status: 200, contentType: 'text/event-stream', answered: true, invalidUtf8: true, sse: { events: 1, ended: true }, message: { kind: 'request', id: 8, method: 'tools/call' } })]),
      findings: [
        {
          messageId: 'invalidUtf8',
          severity: 'error',
          message:
            '1 HTTP answer(s) carried bytes that are not valid UTF-8 (first: the SSE stream answering tools/call); JSON-RPC messages MUST be UTF-8 encoded (basic/transports), and an SSE event stream is UTF-8 (WHATWG HTML §9.2.5). A client decodes such bytes as U+FFFD or rejects the message.',
        },
      ],
    },
    {
      name: 'one unanswered request whose id two exchanges carry (another connection reused it): counted once',
      observation: http([INIT, unanswered(idOf(reused), 500), unanswered(idOf(reused), 500, { connection: 2 })], { calls: [reused] }),
      findings: [{ messageId: 'noResponse', severity: 'error', tool: 'lookup', data: { method: 'tools/call', status: 500, type: '', reason: 'an error status without a JSON-RPC error response in the body', count: 1 } }],
    },
    {
      name: "tools/call answered 500: each finding names its tool (a call's, a probe's of a listed tool), one per tool; the unknown-tool probe's made-up name and a ping name none",
      observation: http(
        [INIT, unanswered(idOf(otherTool), 500), unanswered(9010, 500), unanswered(9011, 500), ex({ status: 500, bodyBytes: 0, messages: 0, answered: false, message: { kind: 'request', id: 9012, method: 'ping' } })],
        { calls: [otherTool], probes: [knownProbe, unknownProbe, pingProbe], tools: [makeTool('lookup'), makeTool('search')] },
      ),
      findings: [
        { messageId: 'noResponse', severity: 'error', tool: 'search', data: { method: 'tools/call', status: 500, type: '', reason: 'an error status without a JSON-RPC error response in the body', count: 1 } },
        { messageId: 'noResponse', severity: 'error', tool: 'lookup', data: { method: 'tools/call', status: 500, type: '', reason: 'an error status without a JSON-RPC error response in the body', count: 1 } },
        { messageId: 'noResponse', severity: 'error', tool: undefined, data: { method: 'tools/call', status: 500, type: '', reason: 'an error status without a JSON-RPC error response in the body', count: 1 } },
        { messageId: 'noResponse', severity: 'error', tool: undefined, data: { method: 'ping', status: 500, type: '', reason: 'an error status without a JSON-RPC error response in the body', count: 1 } },
      ],
    },
    {
      name: 'requests answered 500 text/plain, 200 text/html, 200 JSON that does not parse, 202 with no body, an SSE stream ending empty, a 404 with no body: one finding per kind, counted',
      observation: http(
        [
          INIT,
          ...failed.map((c) => unanswered(idOf(c), 500)),
          unanswered(idOf(html), 200, { contentType: 'text/html' }),
          unanswered(idOf(garbled), 200, { contentType: 'application/json', unparsed: 1 }),
          unanswered(idOf(emptyJson), 202, { contentType: undefined, bodyBytes: 0 }),
          ex({ status: 200, contentType: 'text/event-stream', bodyBytes: 20, messages: 0, answered: false, sse: { events: 1, ended: true }, message: { kind: 'request', id: 9003, method: 'ping' } }),
        ],
        { calls: [...failed, html, garbled, emptyJson], probes: [emptySse] },
      ),
      findings: [
        {
          messageId: 'noResponse',
          severity: 'error',
          message:
            '3 tools/call request(s) got HTTP 500 and no JSON-RPC response: an error status without a JSON-RPC error response in the body. The answer to a POSTed JSON-RPC request MUST be application/json or text/event-stream carrying its response (JSON-RPC 2.0: every request gets a response); a client gets no result for it.',
        },
        { messageId: 'noResponse', severity: 'error', data: { method: 'tools/call', status: 200, type: ' (Content-Type text/html)', reason: 'the body is neither application/json nor text/event-stream', count: 1 } },
        { messageId: 'noResponse', severity: 'error', data: { method: 'tools/call', status: 200, type: ' (Content-Type application/json)', reason: 'the body did not parse as JSON', count: 1 } },
        { messageId: 'noResponse', severity: 'error', data: { method: 'tools/call', status: 202, type: ' (no Content-Type)', reason: 'an empty body', count: 1 } },
        { messageId: 'noResponse', severity: 'error', data: { method: 'ping', status: 200, type: ' (Content-Type text/event-stream)', reason: 'the SSE stream ended without the response', count: 1 } },
      ],
    },
    {
      name: "a re-list's page (after list_changed) answered 404 with no body: tools/listing leaves it to this check, reported",
      observation: http([INIT, listOk(9005), listPost(9006, 404)], {
        listing: { pages: [listed], tools: [], truncated: false, stop: 'end' },
        listChanged: { count: 1, late: 0, declared: true, relists: [{ listing: { pages: [relistPage], tools: [], truncated: false, stop: 'error' }, added: [], removed: [], changed: [] }] },
      }),
      findings: [{ messageId: 'noResponse', severity: 'error', data: { method: 'tools/list', status: 404, type: '', reason: 'an error status without a JSON-RPC error response in the body', count: 1 } }],
    },
    {
      name: 'SSE streams that ended after an event with an id, before the response (2025-11-25 SSE polling): not judged, an info says so; one that broke off is still an error',
      observation: http(
        [
          INIT,
          ex({ status: 200, contentType: 'text/event-stream', bodyBytes: 30, messages: 0, answered: false, sse: { events: 1, ended: true, withId: true }, message: { kind: 'request', id: idOf(polled[0]), method: 'tools/call' } }),
          ex({ status: 200, contentType: 'text/event-stream', bodyBytes: 30, messages: 0, answered: false, sse: { events: 1, ended: false, withId: true }, error: 'reset', message: { kind: 'request', id: idOf(polled[1]), method: 'tools/call' } }),
        ],
        { calls: polled },
      ),
      findings: [
        { messageId: 'notResumed', severity: 'info', tool: 'lookup', data: { method: 'tools/call', status: 200, type: ' (Content-Type text/event-stream)', reason: 'the SSE stream ended without the response', count: 1 } },
        { messageId: 'noResponse', severity: 'error', tool: 'lookup', data: { method: 'tools/call', status: 200, type: ' (Content-Type text/event-stream)', reason: 'the SSE stream broke off before the response', count: 1 } },
      ],
    },
    {
      name: 'an SSE stream that ended without the response after an event over the frame limit: the message says the event was discarded, not that the stream broke off',
      observation: http(
        [INIT, ex({ status: 200, contentType: 'text/event-stream', bodyBytes: 300_000, messages: 0, answered: false, sse: { events: 0, ended: true, oversize: 1 }, message: { kind: 'request', id: idOf(bigAnswer), method: 'tools/call' } })],
        { calls: [bigAnswer] },
      ),
      findings: [
        { messageId: 'noResponse', severity: 'error', tool: 'lookup', data: { method: 'tools/call', status: 200, type: ' (Content-Type text/event-stream)', reason: 'the SSE stream ended after an event over the frame limit, possibly the response (discarded unread)', count: 1 } },
      ],
    },
    // the review of the SSE oversize fix: an event with an id before the discarded one made the stream look like one
    // awaiting a resume (notResumed); the discarded event may have been the response, so it awaits none
    {
      name: 'an SSE stream with an event with an id that ended without the response after an event over the frame limit: noResponse, not notResumed',
      observation: http(
        [INIT, ex({ status: 200, contentType: 'text/event-stream', bodyBytes: 300_000, messages: 0, answered: false, sse: { events: 1, ended: true, withId: true, oversize: 1 }, message: { kind: 'request', id: idOf(bigAnswer), method: 'tools/call' } })],
        { calls: [bigAnswer] },
      ),
      findings: [
        { messageId: 'noResponse', severity: 'error', tool: 'lookup', data: { method: 'tools/call', status: 200, type: ' (Content-Type text/event-stream)', reason: 'the SSE stream ended after an event over the frame limit, possibly the response (discarded unread)', count: 1 } },
      ],
    },
    // review D3: the event over the limit was a notification (its head showed a `method` member): it was not the
    // response, so the stream is judged as if it had been small: SSE polling, a resume awaited (notResumed, info)
    {
      name: 'an SSE stream with an event with an id, then a notification over the frame limit, then its end: notResumed (info), as with a small notification',
      observation: http(
        [INIT, ex({ status: 200, contentType: 'text/event-stream', bodyBytes: 300_000, messages: 0, answered: false, sse: { events: 1, ended: true, withId: true, oversize: 1, oversizeOthers: 1 }, message: { kind: 'request', id: idOf(bigAnswer), method: 'tools/call' } })],
        { calls: [bigAnswer] },
      ),
      findings: [
        { messageId: 'notResumed', severity: 'info', tool: 'lookup', data: { method: 'tools/call', status: 200, type: ' (Content-Type text/event-stream)', reason: 'the SSE stream ended without the response', count: 1 } },
      ],
    },
    {
      name: 'an SSE stream with an event with an id, then a notification and a possible response over the frame limit: noResponse (one event may have been the response)',
      observation: http(
        [INIT, ex({ status: 200, contentType: 'text/event-stream', bodyBytes: 300_000, messages: 0, answered: false, sse: { events: 1, ended: true, withId: true, oversize: 2, oversizeOthers: 1 }, message: { kind: 'request', id: idOf(bigAnswer), method: 'tools/call' } })],
        { calls: [bigAnswer] },
      ),
      findings: [
        { messageId: 'noResponse', severity: 'error', tool: 'lookup', data: { method: 'tools/call', status: 200, type: ' (Content-Type text/event-stream)', reason: 'the SSE stream ended after an event over the frame limit, possibly the response (discarded unread)', count: 1 } },
      ],
    },
    // the review: the listing's page 2 on an SSE stream closed after an event with an id (SSE polling) was left out
    // here (and a false tools/listing pageNoAnswer error): it is not the server's fault, so it stays this check's info
    {
      name: "a later page of the tools listing on an SSE stream that ended after an event with an id (SSE polling): counted here (notResumed), tools/listing only warns",
      observation: http(
        [INIT, listOk(9005), ex({ status: 200, contentType: 'text/event-stream', bodyBytes: 20, messages: 0, answered: false, sse: { events: 1, ended: true, withId: true }, message: { kind: 'request', id: 9004, method: 'tools/list' } })],
        { listing: { pages: [listed, listPage], tools: [], truncated: false, stop: 'error' } },
      ),
      findings: [{ messageId: 'notResumed', severity: 'info', data: { method: 'tools/list', status: 200, type: ' (Content-Type text/event-stream)', reason: 'the SSE stream ended without the response', count: 1 } }],
    },
    {
      name: 'a local server (started by the harness, or loopback) resets, closes or garbles the answer to tools/call and ping: noHttpResponse errors, one per (tool, method, reason), counted',
      observation: http(
        [INIT, ...resetCalls.map((c) => noStatus(idOf(c), 'reset')), noStatus(idOf(garbledHead), 'HPE_INVALID_HEADER_TOKEN'), noStatus(9012, 'reset', { message: { kind: 'request', id: 9012, method: 'ping' } })],
        { calls: [...resetCalls, garbledHead], probes: [pingProbe], options: { httpEndpoint: 'local' } },
      ),
      findings: [
        {
          messageId: 'noHttpResponse',
          severity: 'error',
          tool: 'lookup',
          message:
            '2 tools/call request(s) got no HTTP response: the connection was reset or closed before any HTTP response. The answer to a POSTed JSON-RPC request MUST be application/json or text/event-stream carrying its response (JSON-RPC 2.0: every request gets a response); a client gets no result for it.',
        },
        { messageId: 'noHttpResponse', severity: 'error', tool: 'lookup', data: { method: 'tools/call', reason: "the response's status line or headers did not parse as HTTP (HPE_INVALID_HEADER_TOKEN)", count: 1, where: '' } },
        { messageId: 'noHttpResponse', severity: 'error', tool: undefined, data: { method: 'ping', reason: 'the connection was reset or closed before any HTTP response', count: 1, where: '' } },
      ],
    },
    {
      name: 'a remote server (a url of another host, not started by the harness) resets a tools/call: noHttpResponse, a warning only (the network may be at fault)',
      observation: http([INIT, noStatus(idOf(resetBeforeStatus), 'reset')], { calls: [resetBeforeStatus], options: { httpEndpoint: 'remote' } }),
      findings: [
        {
          messageId: 'noHttpResponse',
          severity: 'warning',
          tool: 'lookup',
          message:
            '1 tools/call request(s) got no HTTP response: the connection was reset or closed before any HTTP response (the server is remote: a proxy or the network may have cut the connection). The answer to a POSTed JSON-RPC request MUST be application/json or text/event-stream carrying its response (JSON-RPC 2.0: every request gets a response); a client gets no result for it.',
        },
      ],
    },
    { name: 'an answer labelled text/plain', observation: http([INIT, ex({ status: 200, contentType: 'text/plain', answered: true })]), findings: [{ messageId: 'requestContentType', severity: 'error' }] },
    {
      name: 'a notification answered 200 with a body',
      observation: http([INIT, ex({ status: 200, contentType: 'application/json', bodyBytes: 11, message: { kind: 'notification', method: 'notifications/initialized' } })]),
      findings: [{ messageId: 'notAccepted', severity: 'error', message: '1 accepted notification(s) or response(s) got HTTP 200 with a 11-byte body (first: notifications/initialized); the server MUST answer accepted input with 202 Accepted and no body.' }],
    },
  ],
});
