/**
 * tools/listing: `tools/list` answers and its pagination ends.
 * - The first page answered with a JSON-RPC error while the server declares the `tools` capability:
 *   an error, and the surface is `failed` (nothing was listed, so nothing was tested; the runner sets a
 *   `list`-phase boot error). Without a declared `tools` capability the error is a legal answer: a note.
 *   When the error's own message names a network failure (`fetch failed`, EAI_AGAIN: util/stderr.ts
 *   `errorNetworkCause`), the message says the run may lack what the server needs; it stays an error, since a
 *   run that listed nothing tested nothing and must not pass.
 *   A first page answered with a result that is not an object (null, a number, a string, an array): an error
 *   (spec:2025-11-25/server/tools.mdx §Listing Tools: the answer is a ListToolsResult, an object with a `tools`
 *   array); protocol/wire-schema names the frame too. A run that listed nothing must not pass on it (the hostile
 *   review: `"result": null` passed with exit 0, only a note saying it "ended with 'success'").
 *   A first page that timed out or ended with the process is transport/timeout's or transport/exit's
 *   finding: a note here that nothing was tested. A first page answered over the frame limit (16 MiB,
 *   never parsed) is an error here: transport/stdout's oversize line is only a warning (the spec sets no
 *   size limit), and a run that listed nothing must not pass on it (the hostile review: exit 0, 0 tools).
 *   On Streamable HTTP so is a first page whose POST's answer held an SSE event (or was a JSON body) over the limit
 *   and no response, even when the discarded event's head named no id (`result` first): it may have been the
 *   response, so the stream awaits no resume (a review: after an earlier event with an id it was `listNotResumed`).
 *   Not so an event whose head shows a `method` member (a notification or a server request) or another request's id:
 *   it was not the response, so the page is judged as if the event had been small (after an event with an id and the
 *   stream's end, `listNotResumed`). A head that decides nothing counts as possibly the response, and says so.
 *   Pagination is the spec's way to serve a large tool set (spec:2025-11-25/server/utilities/pagination.mdx).
 *   A first page whose Streamable HTTP answer carried no JSON-RPC response (a 500, a 404, a redirect the harness does
 *   not follow, a 2xx without it) is an error too, naming the HTTP status (and, for a 2xx, why): the run listed nothing (the review of the oversize fix: 307,
 *   404 and 500 all passed with exit 0). A later page whose HTTP answer (a status received) carried no JSON-RPC
 *   response is an error too (`pageNoAnswer`, naming the status and, for a 2xx, why: the POST of a request MUST come
 *   back carrying its response, 2025-11-25 basic/transports §Sending Messages to the Server). Either is the one finding
 *   for that request: transport/http-status `noResponse` leaves a listing page that ended so to this check (a re-list's
 *   page stays its). Not so a page whose SSE stream ended after an event with an id, before the response: the server
 *   MAY close a stream so and expect the client to resume it with Last-Event-ID (2025-11-25 SSE polling), which the
 *   harness does not do; on the first page a warning (`listNotResumed`: nothing was tested, but no MUST was broken),
 *   on a later page `pageFailed` (below) beside transport/http-status `notResumed` (info). A first page whose POST got no
 *   HTTP status is a warning (`listFailed`: a reset may be a reused keep-alive socket's), except when a local server's
 *   head did not parse as HTTP (a Node `HPE_*` code other than the size limit's): an error (`listGarbled`), since no
 *   socket race explains it (a hostile review: a negative Content-Length left only harness/untested, exit 2).
 * - A later page that failed otherwise (among them an unanswered one whose POST got no HTTP status: a reset connection
 *   may be a reused keep-alive socket's, not the server's), a `nextCursor` returned before (a repeat or a cycle), pagination still
 *   going after the page limit, and a tool name listed again on a later page: warnings (cursors SHOULD
 *   be stable and the listing finite; a looped tool is judged once).
 * - `notifications/tools/list_changed` during the run (harness/run/relist.ts): the harness lists again
 *   (legacy era, `listChanged` declared) and judges the final tool set; a note names the tools that
 *   appeared, disappeared or changed (info: announcing a change is what the spec asks for; nothing
 *   when the re-list found the tool set unchanged). A re-list
 *   answered with a JSON-RPC error: a warning (the new tool set was not tested; a timeout or an exit is
 *   transport/timeout's or transport/exit's). The notification from a server that did not declare
 *   `listChanged`: a warning (spec:2025-11-25/basic/lifecycle.mdx §Operation: both parties MUST only use
 *   capabilities that were negotiated, a SHOULD in 2024-11-05; SDK clients ignore it, so hosts never
 *   see the change), not acted on. On 2026-07-28 list changes are delivered only on a
 *   `subscriptions/listen` stream (spec:2026-07-28/server/tools.mdx), which the harness does not open:
 *   a note, not acted on. Notifications during the probes (after the re-list point): a note.
 * Spec: spec:2025-11-25/server/tools.mdx §Capabilities, §Listing Tools, §List Changed Notification; spec:2025-11-25/server/utilities/pagination.mdx.
 */
import { defineCheck, type FindingDescriptor } from '../define.ts';
import { noAnswerNote, overLimit, requestExchange, resumable } from '../util/http-status.ts';
import { errorNetworkCause } from '../util/stderr.ts';
import { whyNoHttpResponse } from '../util/http-no-status.ts';
import { declaresTools, type ListChanged, type Listing, type SurfaceObservation } from '../../model/observation.ts';
import type { HttpExchange } from '../../model/wire.ts';

/**
 * What `listOversize` says answered the request over the frame limit: on stdio `a line`, named by transport/stdout's
 * `oversize`; on Streamable HTTP `an SSE event` or `a JSON body` (the request's POST, `requestExchange`), which no
 * other finding names (transport/stdout judges stdio only).
 * @param exchanges the surface's HTTP exchanges; undefined on stdio
 */
function oversizeData(exchanges: readonly HttpExchange[] | undefined, method: string, id: number | string): { what: string; named: string } {
  if (exchanges === undefined) return { what: 'a line', named: ' (transport/stdout names the line)' };
  const exchange = requestExchange(exchanges, method, id);
  // an event whose head showed no `method` and no other id: maybe the response, maybe not (`result` after params...)
  const what = exchange !== undefined && exchange.error !== 'oversize' && overLimit(exchange) ? 'an SSE event (possibly the response)' : exchange?.error === 'oversize' ? 'a JSON body' : 'a message';
  return { what, named: '' };
}

/** The JSON-RPC error code of a page, as text. */
function codeOf(listing: Listing, page: number): string {
  const code = listing.pages[page]?.response?.error?.code;
  return typeof code === 'number' ? String(code) : '(no numeric code)';
}

export default defineCheck({
  meta: {
    id: 'tools/listing',
    defaultSeverity: 'warning',
    description: 'tools/list answers (an error means nothing was tested), and its pagination ends: no repeated or cycling cursor, no endless pages, no tool listed twice; a tool set announced as changed (notifications/tools/list_changed) is listed again and judged.',
    rationale:
      'A server that declares tools but fails tools/list offers nothing a host can use, and a run that lists nothing tests nothing; a cursor that repeats or never ends makes clients loop or give up, and a tool listed on two pages is ambiguous. Tools that appear mid-run are what hosts call next: a harness that never lists again never tests them.',
    spec: 'spec:2025-11-25/server/tools.mdx §Capabilities, §Listing Tools, §List Changed Notification; spec:2025-11-25/server/utilities/pagination.mdx; spec:2025-11-25/basic/lifecycle.mdx §Operation; spec:2025-11-25/basic/transports.mdx §Sending Messages to the Server',
    messages: {
      listError: 'tools/list was answered with JSON-RPC error {{code}} although the server declares the tools capability; no tool was listed, so nothing was tested.{{cause}}',
      listErrorUndeclared: 'tools/list was answered with JSON-RPC error {{code}}; the server does not declare the tools capability, so nothing was tested.{{cause}}',
      listInvalid: 'tools/list was answered with a result that is not an object (a ListToolsResult is an object with a tools array); no tool was listed, so nothing was tested.',
      listUnanswered: "tools/list ended with '{{outcome}}' (see the transport checks); no tool was listed, so nothing was tested.",
      listNoAnswer: 'tools/list got no JSON-RPC answer (the HTTP response carried none); no tool was listed, so nothing was tested.{{http}}',
      listNotResumed:
        'tools/list got an SSE stream that ended after an event with an id but before the response: the server may close a stream so and expect the client to resume it with Last-Event-ID (2025-11-25 SSE polling), which the harness does not do; no tool was listed, so nothing was tested.',
      listFailed: 'tools/list got no answer: {{how}}; no tool was listed, so nothing was tested.',
      listGarbled:
        'tools/list got no answer: {{why}}; no tool was listed, so nothing was tested. The POST of a request MUST come back as application/json or text/event-stream carrying its response (basic/transports §Sending Messages to the Server).',
      listOversize: "tools/list was answered with {{what}} over the harness's frame limit (16 MiB), which it does not parse{{named}}; no tool was listed, so nothing was tested. Serve the tools over smaller pages (nextCursor).",
      pageFailed: 'Page {{page}} of tools/list was not a success ({{how}}); the tools after page {{previous}} were not listed or tested.',
      pageNoAnswer: 'Page {{page}} of tools/list got no JSON-RPC answer (the HTTP response carried none); the tools after page {{previous}} were not listed or tested.{{http}}',
      cursorRepeated: 'Page {{page}} of tools/list returned a nextCursor that page {{first}} already returned (a repeated or cycling cursor); pagination would never end, so it was stopped there.',
      pageLimit: 'tools/list still returned a nextCursor after {{pages}} pages (the page limit); the tools beyond were not listed or tested.',
      nameRepeated: 'Tool {{tool}} is listed again on page {{page}} (first on page {{first}}); it is judged once.',
      listChanged: 'The server sent notifications/tools/list_changed ({{count}}) during the calls; the harness listed the tools again ({{relists}}): {{changes}}. The final tool set was judged, and the tools that appeared were planned and called like the others.',
      relistFailed: 'tools/list after notifications/tools/list_changed was answered with {{how}}; the changed tool set was not listed, so it was not tested.',
      listChangedUndeclared: 'The server sent notifications/tools/list_changed ({{count}}) without declaring capabilities.tools.listChanged; a client only acts on capabilities that were negotiated (SDK clients ignore it), so hosts never see the change. The harness did not list again.',
      listChangedModern: 'The server sent notifications/tools/list_changed ({{count}}) outside a subscriptions/listen stream; on 2026-07-28 list changes are delivered only on such a stream, which the harness does not open, so it did not list again.',
      listChangedLate: 'The server sent notifications/tools/list_changed ({{count}}) after the calls (during the probes); the harness lists again only after the calls, so a tool set changed then was not tested.',
    },
    fixes: {
      listError:
        'When the message ends with a sentence on a failed network lookup or connection, the server\'s own error named one (fetch failed, EAI_AGAIN...): it lists its tools from a service this run cannot reach; give the run that network or service (or run the check where it is), so the tools can be listed and tested. Otherwise make tools/list answer: a server that declares tools must be able to list them.',
    },
    examples: {
      fail: '{"method":"tools/list"} -> {"result":{"tools":[{"name":"a",...}],"nextCursor":"p2"}}; {"params":{"cursor":"p2"}} -> {"result":{"tools":[{"name":"a",...}],"nextCursor":"p2"}}',
      pass: '{"params":{"cursor":"p2"}} -> {"result":{"tools":[{"name":"b",...}]}}',
    },
    needsSession: false,
  },
  check({ observation }, report) {
    const listing = observation.listing;
    if (!listing || listing.pages.length === 0) return;
    const last = listing.pages.length - 1;
    if (listing.stop === 'error') {
      const page = listing.pages[last];
      if (last === 0) {
        if (page.outcome === 'protocol-error') {
          const declared = declaresTools(observation);
          const cause = errorNetworkCause(page.response?.error?.message);
          report({ messageId: declared ? 'listError' : 'listErrorUndeclared', pointer: '/error/code', severity: declared ? 'error' : 'info', data: { code: codeOf(listing, 0), cause }, evidence: page.response?.error });
        } else if (page.outcome === 'oversize') report({ messageId: 'listOversize', severity: 'error', data: oversizeData(observation.wire.http, page.method, page.id) });
        else if (page.outcome === 'success') report({ messageId: 'listInvalid', pointer: '/result', severity: 'error' });
        else if (page.outcome === 'unanswered') {
          const exchange = requestExchange(observation.wire.http, page.method, page.id);
          // the answer held a message over the frame limit, discarded unread (its head named no id): it may have been
          // the response, as a stdout line over the limit may; never a stream awaiting a resume (resumable)
          if (exchange !== undefined && exchange.status !== undefined && overLimit(exchange)) report({ messageId: 'listOversize', severity: 'error', data: oversizeData(observation.wire.http, page.method, page.id) });
          // SSE polling: the server MAY close the stream after an event with an id and await a resume the harness does not make
          else if (exchange !== undefined && resumable(exchange)) report({ messageId: 'listNotResumed', severity: 'warning' });
          // no HTTP status (a reset or refused connection: maybe a reused keep-alive socket's): no MUST broken, and the
          // run still fails, as harness/untested (nothing was listed); a warning that names the failure
          else if (exchange !== undefined && exchange.status === undefined && garbled(exchange) && observation.options.httpEndpoint === 'local') {
            // a head that does not parse as HTTP from a local server: no reused socket explains it (that fails as a reset)
            report({ messageId: 'listGarbled', severity: 'error', data: { why: whyNoHttpResponse(exchange.error ?? '') } });
          } else if (exchange !== undefined && exchange.status === undefined) report({ messageId: 'listFailed', severity: 'warning', data: { how: pageFailure(exchange).slice(2) } });
          else report({ messageId: 'listNoAnswer', severity: 'error', data: { http: exchange === undefined ? '' : noAnswerNote(exchange) } });
        } else report({ messageId: 'listUnanswered', severity: 'info', data: { outcome: page.outcome } });
      } else {
        // one finding for the one request: transport/http-status leaves to this check a listing page whose POST got a
        // status and no response, its stream awaiting no resume (noResponses); a resumable page stays its notResumed
        // (info), and a page that got no status (a reset connection: maybe a reused keep-alive socket's) is no MUST
        // violation: both a pageFailed warning here
        const exchange = page.outcome === 'unanswered' ? requestExchange(observation.wire.http, page.method, page.id) : undefined;
        if (exchange?.status !== undefined && !resumable(exchange)) {
          report({ messageId: 'pageNoAnswer', severity: 'error', data: { page: last + 1, previous: last, http: noAnswerNote(exchange) } });
        } else {
          const how = page.outcome === 'protocol-error' ? `JSON-RPC error ${codeOf(listing, last)}` : `'${page.outcome}'${pageFailure(exchange)}`;
          report({ messageId: 'pageFailed', pointer: '/error', data: { page: last + 1, previous: last, how } });
        }
      }
    }
    if (listing.stop === 'cursor-repeat' && listing.repeatedCursor) {
      report({ messageId: 'cursorRepeated', pointer: '/result/nextCursor', data: { page: listing.repeatedCursor.page + 1, first: listing.repeatedCursor.firstPage + 1 } });
    }
    if (listing.stop === 'page-limit') report({ messageId: 'pageLimit', pointer: '/result/nextCursor', data: { pages: listing.pages.length } });
    for (const repeat of listing.repeats ?? []) {
      report({ messageId: 'nameRepeated', tool: repeat.name, pointer: '/result/tools', data: { tool: repeat.name, page: repeat.page + 1, first: repeat.firstPage + 1 } });
    }
    if (observation.listChanged) reportListChanged(observation.listChanged, observation.negotiation?.era === 'modern', report);
  },
});

/**
 * Whether an exchange that got no HTTP status failed on a head that did not parse as HTTP (a Node `HPE_*` parser code),
 * not one over the parser's size limit (`HPE_HEADER_OVERFLOW`: HTTP sets no such limit).
 */
function garbled(exchange: HttpExchange): boolean {
  return exchange.error !== undefined && exchange.error.startsWith('HPE_') && exchange.error !== 'HPE_HEADER_OVERFLOW';
}

/**
 * Why an unanswered later page is only a warning, for `pageFailed`: its SSE stream ended after an event with an id
 * (SSE polling, transport/http-status notResumed), or its POST got no HTTP status (the connection failed); '' when
 * there is no exchange (stdio).
 */
function pageFailure(exchange: HttpExchange | undefined): string {
  if (exchange === undefined) return '';
  if (exchange.status === undefined) return `: its POST got no HTTP status${exchange.error === undefined ? '' : ` (${exchange.error})`}`;
  return ': an SSE stream that ended after an event with an id, which the harness does not resume (2025-11-25 SSE polling)';
}

/** "2 times", "once". */
const times = (n: number): string => (n === 1 ? 'once' : `${n} times`);

/** "appeared: a, b; disappeared: c; changed definition: d". Tool names only (never values). */
function describeChanges(listChanged: ListChanged): string {
  const all = (key: 'added' | 'removed' | 'changed') => [...new Set(listChanged.relists.flatMap((r) => r[key]))];
  const parts = [['appeared', all('added')], ['disappeared', all('removed')], ['changed definition', all('changed')]] as const;
  const said = parts.filter(([, names]) => names.length > 0).map(([what, names]) => `${what}: ${names.join(', ')}`);
  return said.join('; ');
}

/** The findings about `notifications/tools/list_changed` (see the module doc). */
function reportListChanged(listChanged: ListChanged, modern: boolean, report: (f: FindingDescriptor) => void): void {
  const all = times(listChanged.count + listChanged.late);
  if (modern) return report({ messageId: 'listChangedModern', severity: 'info', data: { count: all } });
  if (!listChanged.declared) return report({ messageId: 'listChangedUndeclared', pointer: '/capabilities/tools/listChanged', data: { count: all } });
  const count = times(listChanged.count);
  // a re-list that found the tool set as it was (the first listing already had the change) is no news
  const listed = listChanged.relists.filter((r) => r.listing.stop !== 'error');
  const news = listed.some((r) => r.added.length + r.removed.length + r.changed.length > 0);
  if (news) report({ messageId: 'listChanged', severity: 'info', data: { count, relists: times(listed.length), changes: describeChanges(listChanged) } });
  const failed = listChanged.relists.find((r) => r.listing.stop === 'error');
  const page = failed?.listing.pages[failed.listing.pages.length - 1];
  if (page?.outcome === 'protocol-error') {
    const code = page.response?.error?.code;
    report({ messageId: 'relistFailed', pointer: '/error/code', data: { how: `JSON-RPC error ${typeof code === 'number' ? String(code) : '(no numeric code)'}` } });
  } else if (page?.outcome === 'success') report({ messageId: 'relistFailed', pointer: '/result', data: { how: 'a result that is not an object' } });
  if (listChanged.late > 0) report({ messageId: 'listChangedLate', severity: 'info', data: { count: times(listChanged.late) } });
}
