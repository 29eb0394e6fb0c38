/**
 * tools/listing: `tools/list` answers and its pagination ends.
 * - The first page answered with a JSON-RPC error while the server declares the `tools` capability:
 *   an error, and the surface is `failed` (nothing was listed, so nothing was tested; the runner sets a
 *   `list`-phase boot error). Without a declared `tools` capability the error is a legal answer: a note.
 *   A first page that timed out or ended with the process is transport/timeout's or transport/exit's
 *   finding: a note here that nothing was tested.
 * - A later page that failed, a `nextCursor` returned before (a repeat or a cycle), pagination still
 *   going after the page limit, and a tool name listed again on a later page: warnings (cursors SHOULD
 *   be stable and the listing finite; a looped tool is judged once).
 * Spec: spec:2025-11-25/server/tools.mdx §Capabilities, §Listing Tools; spec:2025-11-25/server/utilities/pagination.mdx.
 */
import { defineCheck } from '../define.ts';
import type { Listing, SurfaceObservation } from '../../model/observation.ts';

/** Whether the negotiation declared the `tools` capability (modern: in the DiscoverResult's capabilities too). */
function declaresTools(observation: SurfaceObservation): boolean {
  const caps = observation.negotiation?.capabilities;
  return caps !== undefined && caps !== null && typeof caps === 'object' && Object.hasOwn(caps, 'tools');
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
    description: 'tools/list answers (an error means nothing was tested), and its pagination ends: no repeated or cycling cursor, no endless pages, no tool listed twice.',
    rationale:
      'A server that declares tools but fails tools/list offers nothing a host can use, and a run that lists nothing tests nothing; a cursor that repeats or never ends makes clients loop or give up, and a tool listed on two pages is ambiguous.',
    spec: 'spec:2025-11-25/server/tools.mdx §Capabilities, §Listing Tools; spec:2025-11-25/server/utilities/pagination.mdx',
    messages: {
      listError: 'tools/list was answered with JSON-RPC error {{code}} although the server declares the tools capability; no tool was listed, so nothing was tested.',
      listErrorUndeclared: 'tools/list was answered with JSON-RPC error {{code}}; the server does not declare the tools capability, so nothing was tested.',
      listUnanswered: "tools/list ended with '{{outcome}}' (see the transport checks); no tool was listed, so nothing was tested.",
      pageFailed: 'Page {{page}} of tools/list was not a success ({{how}}); the tools after page {{previous}} were not listed or tested.',
      cursorRepeated: 'Page {{page}} of tools/list returned a nextCursor that page {{first}} already returned (a repeated or cycling cursor); pagination would never end, so it was stopped there.',
      pageLimit: 'tools/list still returned a nextCursor after {{pages}} pages (the page limit); the tools beyond were not listed or tested.',
      nameRepeated: 'Tool {{tool}} is listed again on page {{page}} (first on page {{first}}); it is judged once.',
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
          report({ messageId: declared ? 'listError' : 'listErrorUndeclared', pointer: '/error/code', severity: declared ? 'error' : 'info', data: { code: codeOf(listing, 0) } });
        } else report({ messageId: 'listUnanswered', severity: 'info', data: { outcome: page.outcome } });
      } else {
        const how = page.outcome === 'protocol-error' ? `JSON-RPC error ${codeOf(listing, last)}` : `'${page.outcome}'`;
        report({ messageId: 'pageFailed', pointer: '/error', data: { page: last + 1, previous: last, how } });
      }
    }
    if (listing.stop === 'cursor-repeat' && listing.repeatedCursor) {
      report({ messageId: 'cursorRepeated', pointer: '/result/nextCursor', data: { page: listing.repeatedCursor.page + 1, first: listing.repeatedCursor.firstPage + 1 } });
    }
    if (listing.stop === 'page-limit') report({ messageId: 'pageLimit', pointer: '/result/nextCursor', data: { pages: listing.pages.length } });
    for (const repeat of listing.repeats ?? []) {
      report({ messageId: 'nameRepeated', tool: repeat.name, pointer: '/result/tools', data: { tool: repeat.name, page: repeat.page + 1, first: repeat.firstPage + 1 } });
    }
  },
});
