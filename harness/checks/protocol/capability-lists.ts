/**
 * protocol/capability-lists: the list method of every capability the server declares answers with a
 * result, and its pagination ends. `prompts` -> `prompts/list` (items `prompts`), `resources` ->
 * `resources/list` (`resources`) and `resources/templates/list` (`resourceTemplates`), on both eras.
 * - A JSON-RPC error to a declared capability's list method: a warning (lifecycle §Capability
 *   Negotiation: a declared capability is what the server offers; no MUST names the answer). A
 *   timeout or exit is the transport checks' finding.
 * - Except -32601 (method not found) to `resources/templates/list`: a note (`templatesNotServed`). Templates
 *   are an optional part of the resources capability (resources.mdx §Resource Templates states no MUST or
 *   SHOULD, and the capability has no flag for them): the server offers none, and its resources still list.
 *   Reproduced on @modelcontextprotocol/server-everart 0.2.0 (declares `resources`, answers
 *   `resources/list`, -32601 to `resources/templates/list`), as on server-postgres, server-puppeteer and
 *   mcp-server-kubernetes. Any other error code there stays a warning (the method exists and failed).
 * - A list method that failed with a JSON-RPC error whose own message names a network failure (`fetch failed`,
 *   EAI_AGAIN: util/stderr.ts `errorNetworkCause`): a note saying so. The server answered an internal failure on
 *   the right channel; the run may lack the network or service it lists from, so no fault can be told
 *   (@modelcontextprotocol/server-gdrive offline: resources/list -32603 "getaddrinfo EAI_AGAIN ...").
 * - A list method whose JSON-RPC error (same code and message) also answered planned tool calls (valid arguments): a note
 *   (`sharedFailure`, `sharedFailure()`). The whole server failed, not its list method, and errors/classification reports the tools'
 *   failures; the capability lists are sent after the calls, so a server whose failed calls opened a circuit breaker
 *   answers them with the breaker's error. @jpisnice/shadcn-ui-mcp-server 2.0.0 offline (sweep 20): its tool calls
 *   failed on EAI_AGAIN, then every request, prompts/list included, drew -32603 "Service temporarily unavailable due
 *   to previous failures"; a fresh process lists prompts and resources, and a run that called no tool had no finding.
 *   When a tool call's error named a failed network lookup or connection, the note says so.
 * - The result's shape is protocol/wire-schema's (ListPromptsResult, ListResourcesResult,
 *   ListResourceTemplatesResult of the negotiated revision): not judged twice here.
 * - Pagination, as for tools/list (tools/listing): a later page that failed, a nextCursor returned
 *   before (a repeat or a cycle), still paginating after the page limit, an item (by `name`, `uri` or
 *   `uriTemplate`) listed again on a later page: warnings.
 * - A finding links the capability rule and the page of its own method (specOf), and the pagination page when it is
 *   about pages: never the page of another method.
 * Spec: spec:2025-11-25/basic/lifecycle.mdx §Capability Negotiation; spec:2025-11-25/server/prompts.mdx §Listing Prompts;
 * spec:2025-11-25/server/resources.mdx §Listing Resources, §Resource Templates; spec:2025-11-25/server/utilities/pagination.mdx.
 */
import { defineCheck, type FindingDescriptor } from '../define.ts';
import { probeRecord, resultOf, rpcError } from '../../probes/records.ts';
import { errorNetworkCause, networkFailure } from '../util/stderr.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import type { ProbeRecord, ProbeRequest, RequestRecord } from '../../model/wire.ts';

const ID = 'protocol/capability-lists';

/**
 * One list method: the capability that declares it, the method, the result's item array, the item's identity, and
 * the section of the capability's page that defines the method (the part of meta.spec its findings cite).
 */
interface ListMethod {
  capability: string;
  method: string;
  key: string;
  identity: string;
  page: string;
}

/** The list methods per capability (tools/list is the session's own listing: tools/listing judges it). */
export const LIST_METHODS: readonly ListMethod[] = [
  { capability: 'prompts', method: 'prompts/list', key: 'prompts', identity: 'name', page: 'spec:2025-11-25/server/prompts.mdx \u00a7Listing Prompts' },
  { capability: 'resources', method: 'resources/list', key: 'resources', identity: 'uri', page: 'spec:2025-11-25/server/resources.mdx \u00a7Listing Resources' },
  { capability: 'resources', method: 'resources/templates/list', key: 'resourceTemplates', identity: 'uriTemplate', page: 'spec:2025-11-25/server/resources.mdx \u00a7Resource Templates' },
];

/** The rules of meta.spec besides the methods' pages: a declared capability, and pagination. */
const CAPABILITY_RULE = 'spec:2025-11-25/basic/lifecycle.mdx \u00a7Capability Negotiation';
const PAGINATION_RULE = 'spec:2025-11-25/server/utilities/pagination.mdx';

/**
 * What a finding about `m` cites (FindingDescriptor.spec): the capability rule and `m`'s own page, and the pagination
 * page for a finding about its pages; never another method's page (a resources/list finding once linked
 * server/prompts#listing-prompts: every finding cited the whole meta.spec).
 */
function specOf(m: ListMethod, paging = false): string {
  return [CAPABILITY_RULE, m.page, ...(paging ? [PAGINATION_RULE] : [])].join('; ');
}

/** Page limit of these probes (a server with more than this many pages of prompts is told so). */
export const LIST_PAGE_LIMIT = 20;

const probeId = (m: ListMethod) => `${ID}:${m.method}`;

/** The optional list method of the resources capability (templatesNotServed), and JSON-RPC's "method not found". */
const TEMPLATES_METHOD = 'resources/templates/list';
const METHOD_NOT_FOUND = -32601;

/** The list methods of the capabilities the negotiation declared. */
function declared(observation: SurfaceObservation): ListMethod[] {
  const caps = observation.negotiation?.capabilities;
  if (caps === null || typeof caps !== 'object') return [];
  return LIST_METHODS.filter((m) => Object.hasOwn(caps, m.capability));
}

/** How a page that was not a success ended, value-free. */
function how(record: ProbeRecord, page: number): string {
  const request = record.pages?.[page] ?? record.request;
  if (request.outcome === 'protocol-error') return `JSON-RPC error ${String(rpcError(request)?.code ?? '(no numeric code)')}`;
  return request.outcome === 'success' ? 'a result that is not an object' : `'${request.outcome}'`;
}

/** Items listed again on a later page, once per identity, with the pages (0-based) of the repeat and the first listing. */
function repeats(record: ProbeRecord, m: ListMethod): { page: number; first: number }[] {
  const firstPage = new Map<string, number>();
  const repeated = new Map<string, { page: number; first: number }>();
  for (const [page, request] of (record.pages ?? [record.request]).entries()) {
    const items = resultOf(request)?.[m.key];
    if (!Array.isArray(items)) continue;
    for (const item of items) {
      const identity = (item as Record<string, unknown> | null)?.[m.identity];
      if (typeof identity !== 'string') continue;
      const first = firstPage.get(identity);
      if (first === undefined) firstPage.set(identity, page);
      else if (first !== page && !repeated.has(identity)) repeated.set(identity, { page, first });
    }
  }
  return [...repeated.values()];
}

/**
 * An error message that says nothing but that something failed ("Internal error", JSON-RPC's own text for -32603; "Server
 * error", "Unknown error", "Error", or none): a list method and a tool that both answer so may fail each for its own
 * reason, so the shared text is no sign that the whole server failed (a reviewer: a prompts/list broken on its own, beside
 * a tool failing with the same "Internal error", read as a note). Such a list error stays `listError`.
 */
const GENERIC_MESSAGE = /^\s*(?:(?:an?\s+)?(?:internal|server|unknown|unexpected)?\s*(?:server\s+)?error(?:\s+occurred)?|)\s*[.!]?\s*$/i;

/**
 * How many planned tool calls of the session (valid arguments; probes are left out: a generic error that invalid
 * arguments drew says nothing of the server's state) drew the same JSON-RPC error (code and message) as
 * `failed`, and the sentence naming a failed network lookup or connection when any tool call's error message names
 * one (only the fixed name is quoted); undefined when none did. Compares the servers' texts, never shows them.
 */
export function sharedFailure(observation: Pick<SurfaceObservation, 'calls'>, failed: RequestRecord): { count: number; network: string } | undefined {
  const error = rpcError(failed);
  if (error === undefined || typeof error.message !== 'string' || GENERIC_MESSAGE.test(error.message)) return undefined;
  // the planned calls only (valid arguments): a generic error a probe's invalid arguments drew says nothing of the server
  const callErrors = observation.calls.map((c) => rpcError(c.request)).filter((e) => e !== undefined);
  const count = callErrors.filter((e) => e.code === error.code && e.message === error.message).length;
  if (count === 0) return undefined;
  const failure = networkFailure(callErrors.map((e) => (typeof e.message === 'string' ? e.message : '')));
  return { count, network: failure === undefined ? '' : ` Errors of its tool calls name a failed network lookup or connection (${failure}): the run may lack a network or a service the server needs.` };
}

function judge(record: ProbeRecord, m: ListMethod, report: (f: FindingDescriptor) => void, observation: Pick<SurfaceObservation, 'calls' | 'probes'>): void {
  const pages = record.pages ?? [record.request];
  const last = pages.length - 1;
  const data = { method: m.method, capability: m.capability };
  const spec = specOf(m);
  const paging = specOf(m, true);
  if (record.pageStop === 'error' || (record.pageStop === undefined && record.request.outcome === 'protocol-error')) {
    const failed = pages[last];
    // the run, not the server, may be what failed: a note that says so (see the module doc)
    const cause = failed.outcome === 'protocol-error' ? errorNetworkCause(rpcError(failed)?.message) : '';
    const severity = cause === '' ? {} : { severity: 'info' as const };
    if (last === 0) {
      if (failed.outcome !== 'protocol-error') return; // a timeout or exit of the first page: transport/timeout, transport/exit
      if (m.method === TEMPLATES_METHOD && rpcError(failed)?.code === METHOD_NOT_FOUND) report({ messageId: 'templatesNotServed', severity: 'info', pointer: '/error/code', spec });
      else {
        const shared = cause === '' ? sharedFailure(observation, failed) : undefined;
        // the count is evidence, not message text: which calls a breaker caught may depend on when their upstream failed
        if (shared) report({ messageId: 'sharedFailure', severity: 'info', pointer: '/error/code', data: { ...data, how: how(record, 0), network: shared.network }, evidence: { error: rpcError(failed), sharedByCalls: shared.count }, spec });
        else report({ messageId: 'listError', pointer: '/error/code', ...severity, data: { ...data, how: how(record, 0), cause }, evidence: rpcError(failed), spec });
      }
      return;
    }
    if (failed.outcome === 'timeout' || failed.outcome === 'exit') return;
    report({ messageId: 'pageFailed', ...severity, data: { ...data, page: last + 1, previous: last, how: how(record, last), cause }, spec: paging });
  }
  if (record.pageStop === 'cursor-repeat' && record.repeatedCursor) {
    report({ messageId: 'cursorRepeated', pointer: '/result/nextCursor', data: { ...data, page: record.repeatedCursor.page + 1, first: record.repeatedCursor.firstPage + 1 }, spec: paging });
  }
  if (record.pageStop === 'page-limit') report({ messageId: 'pageLimit', pointer: '/result/nextCursor', data: { ...data, pages: pages.length }, spec: paging });
  const repeated = repeats(record, m);
  if (repeated.length > 0) {
    const [{ page, first }] = repeated;
    report({ messageId: 'itemRepeated', pointer: `/result/${m.key}`, data: { ...data, count: repeated.length, key: m.identity, page: page + 1, first: first + 1 }, spec: paging });
  }
}

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'warning',
    description: 'The list method of every declared capability (prompts/list, resources/list, resources/templates/list) answers, and its pagination ends.',
    rationale:
      'A declared capability is what a host will use: a server that declares prompts or resources but errors on their list method offers nothing, and a cursor that repeats or never ends makes clients loop or give up.',
    spec: 'spec:2025-11-25/basic/lifecycle.mdx §Capability Negotiation; spec:2025-11-25/server/prompts.mdx §Listing Prompts; spec:2025-11-25/server/resources.mdx §Listing Resources, §Resource Templates; spec:2025-11-25/server/utilities/pagination.mdx',
    messages: {
      listError: '{{method}} was answered with {{how}} although the server declares the {{capability}} capability.{{cause}}',
      sharedFailure:
        "{{method}} was answered with {{how}} although the server declares the {{capability}} capability; the same JSON-RPC error (code and message) also answered calls of its tools with valid arguments in this session: the whole server failed, not this list method (errors/classification reports the tools' failures; the lists are asked after the calls).{{network}}",
      templatesNotServed:
        'resources/templates/list was answered with JSON-RPC error -32601 (method not found): the server offers no resource templates. Templates are optional within the resources capability; a client that lists them shows an error where an empty list would read as none.',
      pageFailed: 'Page {{page}} of {{method}} was not a success ({{how}}); the items after page {{previous}} were not listed.{{cause}}',
      cursorRepeated: 'Page {{page}} of {{method}} returned a nextCursor that page {{first}} already returned (a repeated or cycling cursor); pagination would never end, so it was stopped there.',
      pageLimit: '{{method}} still returned a nextCursor after {{pages}} pages (the page limit); the items beyond were not listed.',
      itemRepeated: '{{count}} item(s) of {{method}} are listed again on a later page (by {{key}}; the first on page {{page}}, first listed on page {{first}}).',
    },
    fixes: {
      templatesNotServed:
        'Nothing is wrong with offering no templates. To let clients that list them (the MCP Inspector, hosts that list on connect) read "none" instead of an error, answer `resources/templates/list` with `{ "resourceTemplates": [] }`: with the low-level SDK `Server`, `server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({ resourceTemplates: [] }))`; `McpServer` registers it with your resources.',
    },
    examples: {
      fail: 'capabilities {"prompts":{}}; {"method":"prompts/list"} -> {"error":{"code":-32601,"message":"Method not found"}}',
      pass: '{"method":"prompts/list"} -> {"result":{"prompts":[{"name":"summarise"}]}}',
    },
  },
  plan({ observation }) {
    return declared(observation).map((m): ProbeRequest => ({ id: probeId(m), check: ID, method: m.method, paginate: { key: m.key, maxPages: LIST_PAGE_LIMIT } }));
  },
  check({ observation }, report) {
    for (const m of declared(observation)) {
      const record = probeRecord(observation, probeId(m));
      if (record) judge(record, m, report, observation);
    }
  },
});
