import { afterAll, describe, expect, it } from 'vitest';
import check from '../../../harness/checks/protocol/capability-lists.ts';
import { checkTester, makeCall, makeObservation, planOn, runCheckOn } from '../../helpers/check-tester.ts';
import { cleanup, findingsOf, reportOf, runCli, type CliRun } from '../../e2e/helpers/cli.ts';
import { makeProbeRecord } from '../../probes/records.ts';
import type { SurfaceObservation } from '../../../harness/model/observation.ts';
import type { ProbeRecord, ProbeRequest } from '../../../harness/model/wire.ts';

type Answer = { result?: unknown; error?: unknown } | undefined;

/** `capabilities` declared; each planned probe answered with the pages `answers(method)` gives (the walk's stop as given). */
function listed(capabilities: Record<string, unknown>, answers: (method: string) => { pages: Answer[]; stop?: ProbeRecord['pageStop']; repeatedCursor?: ProbeRecord['repeatedCursor'] }): SurfaceObservation {
  const o = makeObservation({ negotiation: { capabilities } as never });
  const probes = planOn(check, o).map((probe: ProbeRequest): ProbeRecord => {
    const { pages, stop, repeatedCursor } = answers(probe.method);
    const records = pages.map((a) => makeProbeRecord(probe, a).request);
    return { probe, request: records[0], pages: records, pageStop: stop ?? 'end', ...(repeatedCursor ? { repeatedCursor } : {}) };
  });
  return { ...o, probes };
}

const ok = (method: string): Answer => ({ result: method === 'prompts/list' ? { prompts: [{ name: 'p' }] } : method === 'resources/list' ? { resources: [{ uri: 'a://1', name: '1' }] } : { resourceTemplates: [{ uriTemplate: 'a://{x}', name: 'x' }] } });
const notFound = { error: { code: -32601, message: 'Method not found' } };
const BREAKER = { error: { code: -32603, message: 'Service temporarily unavailable due to previous failures' } };

checkTester(check, {
  valid: [
    { name: 'every declared list answered, one page', observation: listed({ tools: {}, prompts: {}, resources: {} }, (m) => ({ pages: [ok(m)] })) },
    { name: 'nothing declared: nothing planned or judged', observation: makeObservation() },
    { name: 'two pages, distinct items', observation: listed({ prompts: {} }, () => ({ pages: [{ result: { prompts: [{ name: 'a' }], nextCursor: '' } }, { result: { prompts: [{ name: 'b' }] } }] })) },
    { name: 'first page timed out: the transport checks own it', observation: listed({ prompts: {} }, () => ({ pages: [undefined], stop: 'error' })) },
  ],
  invalid: [
    { name: 'declared prompts, prompts/list -32601', observation: listed({ prompts: {} }, () => ({ pages: [notFound], stop: 'error' })), findings: [{ messageId: 'listError', severity: 'warning', pointer: '/error/code', message: 'prompts/list was answered with JSON-RPC error -32601 although the server declares the prompts capability.' }] },
    // templates are optional within the resources capability: no templates is a note (server-everart 0.2.0 answers so)
    {
      name: 'declared resources, templates/list -32601: a note, not a warning',
      observation: listed({ resources: {} }, (m) => (m === 'resources/templates/list' ? { pages: [notFound], stop: 'error' } : { pages: [ok(m)] })),
      findings: [{ messageId: 'templatesNotServed', severity: 'info', pointer: '/error/code', message: 'resources/templates/list was answered with JSON-RPC error -32601 (method not found): the server offers no resource templates. Templates are optional within the resources capability; a client that lists them shows an error where an empty list would read as none.' }],
    },
    {
      name: 'declared resources, templates/list failing with another code: the method exists and failed',
      observation: listed({ resources: {} }, (m) => (m === 'resources/templates/list' ? { pages: [{ error: { code: -32603, message: 'Internal error' } }], stop: 'error' } : { pages: [ok(m)] })),
      findings: [{ messageId: 'listError', severity: 'warning', message: 'resources/templates/list was answered with JSON-RPC error -32603 although the server declares the resources capability.' }],
    },
    // @modelcontextprotocol/server-gdrive offline: resources/list -32603 "getaddrinfo EAI_AGAIN www.googleapis.com"
    {
      name: 'declared resources, resources/list failed naming a network failure: a note that says so, no host',
      observation: listed({ resources: {} }, (m) => (m === 'resources/list' ? { pages: [{ error: { code: -32603, message: 'getaddrinfo EAI_AGAIN www.googleapis.com' } }], stop: 'error' } : { pages: [ok(m)] })),
      findings: [{ messageId: 'listError', severity: 'info', message: 'resources/list was answered with JSON-RPC error -32603 although the server declares the resources capability. Its error message names a failed network lookup or connection (EAI_AGAIN): the server may need a network or a service this run does not provide.' }],
    },
    {
      name: 'page 2 of prompts/list failed with "fetch failed": a note, the cause named',
      observation: listed({ prompts: {} }, () => ({ pages: [{ result: { prompts: [{ name: 'a' }], nextCursor: 'x' } }, { error: { code: -32603, message: 'fetch failed' } }], stop: 'error' })),
      findings: [{ messageId: 'pageFailed', severity: 'info', message: 'Page 2 of prompts/list was not a success (JSON-RPC error -32603); the items after page 1 were not listed. Its error message names a failed network lookup or connection (fetch failed): the server may need a network or a service this run does not provide.' }],
    },
    // sweep 20: @jpisnice/shadcn-ui-mcp-server 2.0.0 offline: its failed calls opened a circuit breaker, whose error then
    // answered prompts/list and the resources lists (asked after the calls) as it answered the later tool calls
    {
      name: 'prompts/list drew the JSON-RPC error that tool calls of the session drew: a note naming the shared failure and the network',
      observation: {
        ...listed({ prompts: {} }, () => ({ pages: [BREAKER], stop: 'error' })),
        calls: [makeCall('fetch_docs', { error: { code: -32603, message: 'getaddrinfo EAI_AGAIN upstream.invalid' } }, { outcome: 'protocol-error' }), makeCall('fetch_docs', BREAKER, { outcome: 'protocol-error' })],
      },
      findings: [{
        messageId: 'sharedFailure', severity: 'info', pointer: '/error/code', evidence: { error: BREAKER.error, sharedByCalls: 1 },
        message: "prompts/list was answered with JSON-RPC error -32603 although the server declares the prompts capability; the same JSON-RPC error (code and message) also answered calls of its tools with valid arguments in this session: the whole server failed, not this list method (errors/classification reports the tools' failures; the lists are asked after the calls). Errors of its tool calls name a failed network lookup or connection (EAI_AGAIN): the run may lack a network or a service the server needs.",
      }],
    },
    {
      name: 'a list error that no tool call shared (another message, or another code): still a warning',
      observation: {
        ...listed({ prompts: {} }, () => ({ pages: [BREAKER], stop: 'error' })),
        calls: [makeCall('fetch_docs', { error: { code: -32603, message: 'Internal error' } }, { outcome: 'protocol-error' }), makeCall('fetch_docs', { error: { code: -32000, message: BREAKER.error.message } }, { outcome: 'protocol-error' })],
      },
      findings: [{ messageId: 'listError', severity: 'warning', message: 'prompts/list was answered with JSON-RPC error -32603 although the server declares the prompts capability.' }],
    },
    // a reviewer: a prompts/list broken on its own beside a tool failing with the same generic text read as a note
    {
      name: 'a shared generic error ("Internal error", JSON-RPC\'s own text) is no sign the whole server failed: still a warning',
      observation: {
        ...listed({ prompts: {} }, () => ({ pages: [{ error: { code: -32603, message: 'Internal error' } }], stop: 'error' })),
        calls: [makeCall('fetch_docs', { error: { code: -32603, message: 'Internal error' } }, { outcome: 'protocol-error' })],
      },
      findings: [{ messageId: 'listError', severity: 'warning', message: 'prompts/list was answered with JSON-RPC error -32603 although the server declares the prompts capability.' }],
    },
    {
      name: 'the same error drawn by a probe with invalid arguments only, the planned calls succeeding: still a warning',
      observation: (() => {
        const o = listed({ prompts: {} }, () => ({ pages: [BREAKER], stop: 'error' }));
        const probe: ProbeRequest = { id: 'errors/classification:fetch_docs:invalid-arguments', check: 'errors/classification', method: 'tools/call', tool: 'fetch_docs', params: { name: 'fetch_docs', arguments: { x: 1 } } };
        return { ...o, calls: [makeCall('fetch_docs', { result: { content: [] } })], probes: [...o.probes, makeProbeRecord(probe, BREAKER)] };
      })(),
      findings: [{ messageId: 'listError', severity: 'warning' }],
    },
    {
      name: 'declared resources, resources/list -32601: the capability offers nothing it declared',
      observation: listed({ resources: {} }, (m) => (m === 'resources/list' ? { pages: [notFound], stop: 'error' } : { pages: [ok(m)] })),
      findings: [{ messageId: 'listError', severity: 'warning', message: 'resources/list was answered with JSON-RPC error -32601 although the server declares the resources capability.' }],
    },
    { name: 'page 2 failed', observation: listed({ prompts: {} }, () => ({ pages: [{ result: { prompts: [], nextCursor: 'x' } }, { error: { code: -32602, message: 'bad cursor' } }], stop: 'error' })), findings: [{ messageId: 'pageFailed', message: 'Page 2 of prompts/list was not a success (JSON-RPC error -32602); the items after page 1 were not listed.' }] },
    {
      name: 'a repeated cursor, the item listed again',
      observation: listed({ resources: {} }, (m) => (m === 'resources/list' ? { pages: [{ result: { resources: [{ uri: 'a://1', name: '1' }], nextCursor: 'p2' } }, { result: { resources: [{ uri: 'a://1', name: '1' }], nextCursor: 'p2' } }], stop: 'cursor-repeat', repeatedCursor: { page: 1, firstPage: 0 } } : { pages: [ok(m)] })),
      findings: [
        { messageId: 'cursorRepeated', message: 'Page 2 of resources/list returned a nextCursor that page 1 already returned (a repeated or cycling cursor); pagination would never end, so it was stopped there.' },
        { messageId: 'itemRepeated', message: '1 item(s) of resources/list are listed again on a later page (by uri; the first on page 2, first listed on page 1).' },
      ],
    },
    { name: 'page limit', observation: listed({ prompts: {} }, () => ({ pages: Array.from({ length: 20 }, (_, i) => ({ result: { prompts: [{ name: `p${i}` }], nextCursor: `c${i}` } })), stop: 'page-limit' })), findings: [{ messageId: 'pageLimit', message: 'prompts/list still returned a nextCursor after 20 pages (the page limit); the items beyond were not listed.' }] },
  ],
});

describe('protocol/capability-lists plan', () => {
  it('plans one paginated probe per list method of a declared capability', () => {
    const plan = planOn(check, (makeObservation({ negotiation: { capabilities: { tools: {}, resources: { subscribe: true } } } as never })));
    expect(plan.map((p) => [p.method, p.paginate?.key])).toEqual([['resources/list', 'resources'], ['resources/templates/list', 'resourceTemplates']]);
  });
});

describe('protocol/capability-lists spec links', () => {
  const SITE = 'https://modelcontextprotocol.io/specification/2025-11-25';
  const LIFECYCLE = `${SITE}/basic/lifecycle#capability-negotiation`;
  it("a finding links the page of the method it is about, never another method's (a sweep: resources/list linked server/prompts#listing-prompts)", () => {
    const failing = listed({ prompts: {}, resources: {} }, () => ({ pages: [{ error: { code: -32603, message: 'Internal error' } }], stop: 'error' }));
    const spec = Object.fromEntries(runCheckOn(check, failing).map((f) => [f.message.split(' ')[0], f.spec]));
    expect(spec).toEqual({
      'prompts/list': `${LIFECYCLE}; ${SITE}/server/prompts#listing-prompts`,
      'resources/list': `${LIFECYCLE}; ${SITE}/server/resources#listing-resources`,
      'resources/templates/list': `${LIFECYCLE}; ${SITE}/server/resources#resource-templates`,
    });
  });

  it('a finding about pages links the pagination page too; a session of another revision links that revision', () => {
    const o = listed({ resources: {} }, (m) => (m === 'resources/list' ? { pages: [{ result: { resources: [], nextCursor: 'p2' } }, { result: { resources: [], nextCursor: 'p2' } }], stop: 'cursor-repeat', repeatedCursor: { page: 1, firstPage: 0 } } : { pages: [notFound], stop: 'error' }));
    const found = runCheckOn(check, o).map((f) => [f.messageId, f.spec]);
    expect(found).toEqual([
      ['cursorRepeated', `${LIFECYCLE}; ${SITE}/server/resources#listing-resources; ${SITE}/server/utilities/pagination`],
      ['templatesNotServed', `${LIFECYCLE}; ${SITE}/server/resources#resource-templates`],
    ]);
    const older = { ...o, negotiation: { ...o.negotiation, protocolVersion: '2025-06-18' } } as SurfaceObservation;
    expect(runCheckOn(check, older).find((f) => f.messageId === 'templatesNotServed')?.spec).toBe(
      'https://modelcontextprotocol.io/specification/2025-06-18/basic/lifecycle#capability-negotiation; https://modelcontextprotocol.io/specification/2025-06-18/server/resources#resource-templates',
    );
  });
});

describe('fixture breaker-after-failures.mjs through the real CLI', () => {
  const runs: CliRun[] = [];
  afterAll(() => runs.forEach(cleanup));
  const cli = async (...args: string[]) => {
    const run = await runCli(['run', '--check', 'protocol/capability-lists', '--', process.execPath, 'test/fixtures/servers/verdicts/breaker-after-failures.mjs', ...args]);
    runs.push(run);
    return run;
  };
  const lists = (run: CliRun) => findingsOf(reportOf(run), 'ad-hoc', 'protocol/capability-lists').map((f) => [f.messageId, f.severity]);

  it('the breaker the failed calls opened answered prompts/list: a note, not a warning', async () => {
    expect(lists(await cli())).toEqual([['sharedFailure', 'info']]);
  });

  it('its twin (--twin) lists prompts after the failures: no finding', async () => {
    expect(lists(await cli('--twin'))).toEqual([]);
  });
});
