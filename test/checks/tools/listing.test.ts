import check from '../../../harness/checks/tools/listing.ts';
import { checkTester, makeObservation, makeTool } from '../../helpers/check-tester.ts';
import type { ListChanged, Listing } from '../../../harness/model/observation.ts';
import type { HttpExchange, RequestRecord } from '../../../harness/model/wire.ts';

let id = 1;
const page = (response: RequestRecord['response'], outcome: RequestRecord['outcome'] = response?.error ? 'protocol-error' : 'success'): RequestRecord => ({ id: id++, method: 'tools/list', response, outcome, durationMs: 1 });
const ok = (names: string[], nextCursor?: string) => page({ jsonrpc: '2.0', result: { tools: names.map((n) => makeTool(n)), ...(nextCursor !== undefined ? { nextCursor } : {}) } });
const listing = (l: Partial<Listing>): Listing => ({ pages: [], tools: [], truncated: false, stop: 'end', ...l });
const first = () => listing({ pages: [ok(['a', 'b'])], tools: [makeTool('a'), makeTool('b')] });
const changed = (l: Partial<ListChanged>): ListChanged => ({ count: 1, late: 0, declared: true, relists: [], ...l });
/** The POST of tools/list `id` (no JSON-RPC answer in it), with `over` (a status, an SSE stream, a failure...). */
const listPost = (id: number | string, over: Partial<HttpExchange> = {}): HttpExchange => ({ seq: 1, connection: 1, atMs: 1, method: 'POST', message: { kind: 'request', id, method: 'tools/list' }, session: 'sent', bodyBytes: 0, messages: 0, answered: false, ...over });
/** An SSE stream that ended by itself after an event with an id, before the response (2025-11-25 SSE polling). */
const polled: Partial<HttpExchange> = { status: 200, contentType: 'text/event-stream', bodyBytes: 20, sse: { events: 1, ended: true, withId: true } };
/** An HTTP observation whose listing is `pages` (stopped on an error), its exchanges `http`. */
const httpListing = (pages: RequestRecord[], http: HttpExchange[]) =>
  makeObservation({ transport: 'streamable-http', listing: listing({ pages, tools: [makeTool('a')], stop: 'error' }), wire: { ...makeObservation().wire, http } });
const relisted = (names: string[], diff: Partial<ListChanged['relists'][number]> = {}) => ({ listing: listing({ pages: [ok(names)], tools: names.map((n) => makeTool(n)) }), added: [], removed: [], changed: [], ...diff });

checkTester(check, {
  valid: [
    {
      name: 'a re-list that timed out: transport/timeout names it, nothing here',
      observation: makeObservation({
        listing: first(),
        listChanged: changed({ relists: [{ listing: listing({ pages: [page(undefined, 'timeout')], stop: 'error' }), added: [], removed: [], changed: [] }] }),
      }),
    },
    {
      name: 'list_changed, re-listed, the tool set as first listed (the first listing already had the change): no news, no note',
      observation: makeObservation({ listing: first(), listChanged: changed({ relists: [relisted(['a', 'b'])] }) }),
    },
    { name: 'no list_changed at all: nothing about it', observation: makeObservation({ listing: first() }) },
    { name: 'three pages that end', observation: makeObservation({ listing: listing({ pages: [ok(['a'], 'x'), ok(['b'], 'y'), ok(['c'])], tools: ['a', 'b', 'c'].map((n) => makeTool(n)) }) }) },
    { name: 'no listing (boot failed earlier)', observation: { ...makeObservation(), listing: undefined } },
  ],
  invalid: [
    {
      name: 'tools/list -32601 without a declared tools capability: a note',
      observation: makeObservation({ negotiation: { capabilities: {} }, listing: listing({ pages: [page({ error: { code: -32601, message: 'Method not found' } })], stop: 'error' }) }),
      findings: [{ messageId: 'listErrorUndeclared', severity: 'info' }],
    },
    {
      name: 'tools/list answered with a JSON-RPC error while tools are declared: error',
      observation: makeObservation({ listing: listing({ pages: [page({ error: { code: -32603, message: 'x' } })], stop: 'error' }) }),
      findings: [{ messageId: 'listError', severity: 'error', pointer: '/error/code', message: 'tools/list was answered with JSON-RPC error -32603 although the server declares the tools capability; no tool was listed, so nothing was tested.', evidence: { code: -32603, message: 'x' } }],
    },
    // @supabase/mcp-server-supabase 0.13.0 offline: tools/list -32603 "fetch failed". Still an error (a run that listed
    // nothing tested nothing), the message says what the server's own error named; never the host
    {
      name: 'tools/list failed with an error naming a network failure: still an error, the cause named, no host',
      observation: makeObservation({ listing: listing({ pages: [page({ error: { code: -32603, message: 'getaddrinfo EAI_AGAIN api.supabase.com' } })], stop: 'error' }) }),
      findings: [{ messageId: 'listError', severity: 'error', message: 'tools/list was answered with JSON-RPC error -32603 although the server declares the tools capability; no tool was listed, so nothing was tested. Its error message names a failed network lookup or connection (EAI_AGAIN): the server may need a network or a service this run does not provide.' }],
    },
    {
      name: 'tools/list "fetch failed" without a declared tools capability: a note, the cause named',
      observation: makeObservation({ negotiation: { capabilities: {} }, listing: listing({ pages: [page({ error: { code: -32603, message: 'fetch failed' } })], stop: 'error' }) }),
      findings: [{ messageId: 'listErrorUndeclared', severity: 'info', message: 'tools/list was answered with JSON-RPC error -32603; the server does not declare the tools capability, so nothing was tested. Its error message names a failed network lookup or connection (fetch failed): the server may need a network or a service this run does not provide.' }],
    },
    {
      name: 'first page timed out: a note, transport/timeout has the finding',
      observation: makeObservation({ listing: listing({ pages: [page(undefined, 'timeout')], stop: 'error' }) }),
      findings: [{ messageId: 'listUnanswered', severity: 'info' }],
    },
    // hostile review 4 (D4): "result": null (or 5, "x", true, an array) passed with exit 0 and a note saying it "ended with 'success'"
    ...[null, 5, 'x', true, [makeTool('a')]].map((result) => ({
      name: `first page answered with a result that is not an object (${JSON.stringify(result)}): an error, nothing was tested`,
      observation: makeObservation({ listing: listing({ pages: [page({ jsonrpc: '2.0', result } as RequestRecord['response'], 'success')], stop: 'error' }) }),
      findings: [{ messageId: 'listInvalid', severity: 'error' as const, pointer: '/result', message: 'tools/list was answered with a result that is not an object (a ListToolsResult is an object with a tools array); no tool was listed, so nothing was tested.' }],
    })),
    // the hostile review: one 20 MB tools/list line drew one transport/stdout warning and exit 0 with 0 tools tested
    {
      name: 'first page answered over the frame limit: an error here (nothing was tested), not a note',
      observation: makeObservation({ listing: listing({ pages: [page(undefined, 'oversize')], stop: 'error' }) }),
      findings: [{ messageId: 'listOversize', severity: 'error' }],
    },
    {
      name: 'first page on stdio answered over the frame limit: the message points at transport/stdout',
      observation: makeObservation({ listing: listing({ pages: [page(undefined, 'oversize')], stop: 'error' }) }),
      findings: [{ messageId: 'listOversize', message: "tools/list was answered with a line over the harness's frame limit (16 MiB), which it does not parse (transport/stdout names the line); no tool was listed, so nothing was tested. Serve the tools over smaller pages (nextCursor)." }],
    },
    // the review of the SSE oversize fix: an event with an id, then the response over the frame limit (its head naming
    // no id), then the end: it was listNotResumed, a resume awaited; the discarded event may have been the response
    {
      name: 'first page: an SSE stream with an id whose event over the frame limit was discarded, then ended: listOversize naming an SSE event, not listNotResumed',
      observation: (() => {
        const failed = page(undefined, 'unanswered');
        return httpListing([failed], [listPost(failed.id, { ...polled, sse: { events: 1, ended: true, withId: true, oversize: 1 } })]);
      })(),
      findings: [{ messageId: 'listOversize', severity: 'error', message: "tools/list was answered with an SSE event (possibly the response) over the harness's frame limit (16 MiB), which it does not parse; no tool was listed, so nothing was tested. Serve the tools over smaller pages (nextCursor)." }],
    },
    // review D3: the event over the limit was a notification (its head showed a `method` member), not the response:
    // the page is judged as if the notification had been small (SSE polling: listNotResumed), not listOversize
    {
      name: 'first page: an SSE stream with an id, then a notification over the frame limit, then its end: listNotResumed, as with a small notification',
      observation: (() => {
        const failed = page(undefined, 'unanswered');
        return httpListing([failed], [listPost(failed.id, { ...polled, sse: { events: 1, ended: true, withId: true, oversize: 1, oversizeOthers: 1 } })]);
      })(),
      findings: [{ messageId: 'listNotResumed', severity: 'warning' }],
    },
    {
      name: 'a later page: an SSE stream with an id, then a notification over the frame limit: pageFailed (a resume awaited), not pageNoAnswer',
      observation: (() => {
        const failed = page(undefined, 'unanswered');
        return httpListing([ok(['a'], 'x'), failed], [listPost(failed.id, { ...polled, sse: { events: 1, ended: true, withId: true, oversize: 1, oversizeOthers: 1 } })]);
      })(),
      findings: [{ messageId: 'pageFailed', severity: 'warning' }],
    },
    {
      name: 'first page: a JSON body over the frame limit (its head naming no id): listOversize naming a JSON body',
      observation: (() => {
        const failed = page(undefined, 'unanswered');
        return httpListing([failed], [listPost(failed.id, { status: 200, contentType: 'application/json', bodyBytes: 20, error: 'oversize' })]);
      })(),
      findings: [{ messageId: 'listOversize', severity: 'error', message: "tools/list was answered with a JSON body over the harness's frame limit (16 MiB), which it does not parse; no tool was listed, so nothing was tested. Serve the tools over smaller pages (nextCursor)." }],
    },
    {
      name: 'a later page: an SSE stream with an id whose event over the frame limit was discarded: pageNoAnswer (no resume awaited), not pageFailed',
      observation: (() => {
        const failed = page(undefined, 'unanswered');
        return httpListing([ok(['a'], 'x'), failed], [listPost(failed.id, { ...polled, sse: { events: 1, ended: true, withId: true, oversize: 1 } })]);
      })(),
      findings: [{ messageId: 'pageNoAnswer', severity: 'error', message: 'Page 2 of tools/list got no JSON-RPC answer (the HTTP response carried none); the tools after page 1 were not listed or tested. The HTTP answer to tools/list had status 200 (Content-Type text/event-stream): the SSE stream ended after an event over the frame limit, possibly the response (discarded unread).' }],
    },
    // the review of the oversize fix: a Streamable HTTP tools/list answered 500 (or 404, 307) with no body passed with exit 0
    {
      name: 'first page: the HTTP response carried no JSON-RPC answer: an error naming the status',
      observation: (() => {
        const failed = page(undefined, 'unanswered');
        return httpListing([failed], [listPost(failed.id, { status: 500 })]);
      })(),
      findings: [{ messageId: 'listNoAnswer', severity: 'error', message: 'tools/list got no JSON-RPC answer (the HTTP response carried none); no tool was listed, so nothing was tested. The HTTP answer to tools/list had status 500.' }],
    },
    // the review: a page whose SSE stream the server closed after an event with an id (SSE polling: it MAY, expecting a
    // resume with Last-Event-ID) is no MUST violation; one that broke off (a reset mid-stream) is
    {
      name: 'first page: an SSE stream that ended after an event with an id, before the response (SSE polling): a warning, not an error',
      observation: (() => {
        const failed = page(undefined, 'unanswered');
        return httpListing([failed], [listPost(failed.id, polled)]);
      })(),
      findings: [{ messageId: 'listNotResumed', severity: 'warning', message: 'tools/list got an SSE stream that ended after an event with an id but before the response: the server may close a stream so and expect the client to resume it with Last-Event-ID (2025-11-25 SSE polling), which the harness does not do; no tool was listed, so nothing was tested.' }],
    },
    {
      name: 'first page: an SSE stream with an id that broke off before the response: an error (a broken stream awaits no resume)',
      observation: (() => {
        const failed = page(undefined, 'unanswered');
        return httpListing([failed], [listPost(failed.id, { ...polled, error: 'reset' })]);
      })(),
      findings: [{ messageId: 'listNoAnswer', severity: 'error', message: 'tools/list got no JSON-RPC answer (the HTTP response carried none); no tool was listed, so nothing was tested. The HTTP answer to tools/list had status 200 (Content-Type text/event-stream): the SSE stream broke off before the response.' }],
    },
    // a reviewer: a first page whose POST got no HTTP status (a reset: maybe a reused keep-alive socket's) was an error
    // claiming an HTTP response; the run still fails as harness/untested (nothing was listed)
    {
      name: 'first page: its POST got no HTTP status (a reset connection): a warning naming the failure, not an error claiming a response',
      observation: (() => {
        const failed = page(undefined, 'unanswered');
        return httpListing([failed], [listPost(failed.id, { status: undefined, error: 'reset' })]);
      })(),
      findings: [{ messageId: 'listFailed', severity: 'warning', message: 'tools/list got no answer: its POST got no HTTP status (reset); no tool was listed, so nothing was tested.' }],
    },
    {
      name: 'first page of a local server: a head that did not parse as HTTP: an error naming the parser code (no socket race explains it)',
      observation: (() => {
        const failed = page(undefined, 'unanswered');
        const observation = httpListing([failed], [listPost(failed.id, { status: undefined, error: 'HPE_INVALID_CONTENT_LENGTH' })]);
        return { ...observation, options: { ...observation.options, httpEndpoint: 'local' as const } };
      })(),
      findings: [{ messageId: 'listGarbled', severity: 'error', message: "tools/list got no answer: the response's status line or headers did not parse as HTTP (HPE_INVALID_CONTENT_LENGTH); no tool was listed, so nothing was tested. The POST of a request MUST come back as application/json or text/event-stream carrying its response (basic/transports §Sending Messages to the Server)." }],
    },
    {
      name: 'the same head from a remote server (a proxy may be between), or headers over the parser limit: the listFailed warning',
      observation: (() => {
        const failed = page(undefined, 'unanswered');
        return httpListing([failed], [listPost(failed.id, { status: undefined, error: 'HPE_INVALID_CONTENT_LENGTH' })]);
      })(),
      findings: [{ messageId: 'listFailed', severity: 'warning' }],
    },
    {
      name: 'a later page: an SSE stream that ended after an event with an id, before the response (SSE polling): pageFailed (a warning; transport/http-status notResumed says the rest), not pageNoAnswer',
      observation: (() => {
        const failed = page(undefined, 'unanswered');
        return httpListing([ok(['a'], 'x'), failed], [listPost(failed.id, polled)]);
      })(),
      findings: [
        {
          messageId: 'pageFailed',
          severity: 'warning',
          message: "Page 2 of tools/list was not a success ('unanswered': an SSE stream that ended after an event with an id, which the harness does not resume (2025-11-25 SSE polling)); the tools after page 1 were not listed or tested.",
        },
      ],
    },
    // one request, one finding: transport/http-status leaves this page to tools/listing (its test: the listing's page)
    {
      name: 'a later page: the HTTP response carried no JSON-RPC answer: an error naming that request\'s status (not a later probe\'s)',
      observation: (() => {
        const failed = page(undefined, 'unanswered');
        const post = (id: number | string, status: number, tag?: string) => ({ seq: 1, connection: 1, atMs: 1, method: 'POST' as const, message: { kind: 'request' as const, id, method: 'tools/list' }, session: 'sent' as const, status, bodyBytes: 0, messages: 0, ...(tag === undefined ? {} : { tag }) });
        return makeObservation({
          transport: 'streamable-http',
          listing: listing({ pages: [ok(['a'], 'x'), failed], tools: [makeTool('a')], stop: 'error' }),
          wire: { ...makeObservation().wire, http: [post(failed.id, 502), post(failed.id, 403, 'origin-probe')] },
        });
      })(),
      findings: [{ messageId: 'pageNoAnswer', severity: 'error', message: 'Page 2 of tools/list got no JSON-RPC answer (the HTTP response carried none); the tools after page 1 were not listed or tested. The HTTP answer to tools/list had status 502.' }],
    },
    // the review: a later page's connection reset before any status (which may be a reused keep-alive socket's fault, not
    // the server's) was a pageNoAnswer error claiming an HTTP response: no status, no HTTP answer to blame
    {
      name: 'a later page whose POST got no HTTP status (the connection reset): pageFailed (a warning), not pageNoAnswer',
      observation: (() => {
        const failed = page(undefined, 'unanswered');
        return httpListing([ok(['a'], 'x'), failed], [listPost(failed.id, { error: 'reset' })]);
      })(),
      findings: [{ messageId: 'pageFailed', severity: 'warning', message: "Page 2 of tools/list was not a success ('unanswered': its POST got no HTTP status (reset)); the tools after page 1 were not listed or tested." }],
    },
    // the review: a 2xx answer without the response lost why (noResponse said it): the status, content type and reason
    ...(
      [
        [{ status: 200, contentType: 'application/json', bodyBytes: 40, messages: 1 }, ' The HTTP answer to tools/list had status 200 (Content-Type application/json): the JSON body held no response to its id.'],
        [{ status: 200, contentType: 'application/json', bodyBytes: 9, unparsed: 1 }, ' The HTTP answer to tools/list had status 200 (Content-Type application/json): the body did not parse as JSON.'],
        [{ status: 200, contentType: 'text/event-stream', bodyBytes: 20, sse: { events: 1, ended: true } }, ' The HTTP answer to tools/list had status 200 (Content-Type text/event-stream): the SSE stream ended without the response.'],
        [{ status: 202 }, ' The HTTP answer to tools/list had status 202 (no Content-Type): an empty body.'],
        [{ status: 307 }, " The HTTP answer to tools/list had status 307, a redirect, which the harness does not follow (it would carry the configured headers elsewhere): set the surface's url to the endpoint itself."],
      ] as [Partial<HttpExchange>, string][]
    ).map(([over, http]) => ({
      name: `a later page answered without its response (${http.slice(' The HTTP answer to tools/list had '.length, -1)}): pageNoAnswer naming the status and why`,
      observation: (() => {
        const failed = page(undefined, 'unanswered');
        return httpListing([ok(['a'], 'x'), failed], [listPost(failed.id, over)]);
      })(),
      findings: [{ messageId: 'pageNoAnswer', severity: 'error' as const, message: `Page 2 of tools/list got no JSON-RPC answer (the HTTP response carried none); the tools after page 1 were not listed or tested.${http}` }],
    })),
    {
      name: 'a later page failed',
      observation: makeObservation({ listing: listing({ pages: [ok(['a'], 'x'), page({ error: { code: -32602, message: 'bad cursor' } })], stop: 'error' }) }),
      findings: [{ messageId: 'pageFailed', severity: 'warning' }],
    },
    {
      name: 'repeated cursor with a looped tool',
      observation: makeObservation({
        listing: listing({ pages: [ok(['a'], 'x'), ok(['a'], 'x')], tools: [makeTool('a')], stop: 'cursor-repeat', truncated: true, repeatedCursor: { page: 1, firstPage: 0 }, repeats: [{ name: 'a', page: 1, firstPage: 0 }] }),
      }),
      findings: [
        { messageId: 'cursorRepeated', severity: 'warning' },
        { messageId: 'nameRepeated', tool: 'a', severity: 'warning' },
      ],
    },
    {
      name: 'list_changed, re-listed: one note naming the tools that appeared, disappeared and changed (names only)',
      observation: makeObservation({ listing: first(), listChanged: changed({ count: 2, relists: [relisted(['b', 'c'], { added: ['c'], removed: ['a'], changed: ['b'] })] }) }),
      findings: [{
        messageId: 'listChanged', severity: 'info',
        message: 'The server sent notifications/tools/list_changed (2 times) during the calls; the harness listed the tools again (once): appeared: c; disappeared: a; changed definition: b. The final tool set was judged, and the tools that appeared were planned and called like the others.',
      }],
    },
    {
      name: 'a re-list answered with a JSON-RPC error: a warning (the changed set was not tested), no change note',
      observation: makeObservation({
        listing: first(),
        listChanged: changed({ relists: [{ listing: listing({ pages: [page({ error: { code: -32603, message: 'x' } })], stop: 'error' }), added: [], removed: [], changed: [] }] }),
      }),
      findings: [{ messageId: 'relistFailed', severity: 'warning', pointer: '/error/code', message: 'tools/list after notifications/tools/list_changed was answered with JSON-RPC error -32603; the changed tool set was not listed, so it was not tested.' }],
    },
    {
      name: 'list_changed without a declared listChanged: a warning, not acted on',
      observation: makeObservation({ listing: first(), listChanged: changed({ declared: false, ignored: 'undeclared' }) }),
      findings: [{ messageId: 'listChangedUndeclared', severity: 'warning', pointer: '/capabilities/tools/listChanged' }],
    },
    {
      name: 'an undeclared list_changed that came only during the probes: the same warning',
      observation: makeObservation({ listing: first(), listChanged: changed({ count: 0, late: 2, declared: false }) }),
      findings: [{ messageId: 'listChangedUndeclared', severity: 'warning', message: 'The server sent notifications/tools/list_changed (2 times) without declaring capabilities.tools.listChanged; a client only acts on capabilities that were negotiated (SDK clients ignore it), so hosts never see the change. The harness did not list again.' }],
    },
    {
      name: 'list_changed on 2026-07-28 outside subscriptions/listen: a note, not acted on',
      observation: makeObservation({ era: 'modern', listing: first(), listChanged: changed({ ignored: 'modern' }) }),
      findings: [{ messageId: 'listChangedModern', severity: 'info' }],
    },
    {
      name: 'list_changed during the probes (after the re-list point): a note that it was not acted on',
      observation: makeObservation({ listing: first(), listChanged: changed({ count: 0, late: 1 }) }),
      findings: [{ messageId: 'listChangedLate', severity: 'info', message: 'The server sent notifications/tools/list_changed (once) after the calls (during the probes); the harness lists again only after the calls, so a tool set changed then was not tested.' }],
    },
    {
      name: 'endless pagination stops at the page limit and says so',
      observation: makeObservation({ listing: listing({ pages: Array.from({ length: 100 }, (_, i) => ok([`t${i}`], `c${i}`)), stop: 'page-limit', truncated: true }) }),
      findings: [{ messageId: 'pageLimit', severity: 'warning' }],
    },
  ],
});
