import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/errors/classification.ts';
import { answered, checkTester, makeCall, makeObservation, makeTool, planOn, runCheckOn } from '../../helpers/check-tester.ts';
import { callFrame, drive, init } from '../../probes/drive.ts';
import case21 from '../../fixtures/cases/21-invalid-arguments-as-protocol-error.json' with { type: 'json' };
import case26 from '../../fixtures/cases/26-nullable-enum-excludes-null.json' with { type: 'json' };
import type { ListedTool } from '../../../harness/model/protocol.ts';

const ok = { result: { content: [{ type: 'text', text: 'ok' }] } };
const isError = { result: { isError: true, content: [{ type: 'text', text: 'invalid' }] } };
const rpc = (code: number) => ({ error: { code, message: 'x' } });

/** An observation whose planned probes are answered: unknown tool by `unknown`, invalid args by `invalid`; the valid call by `valid`. */
function observed(tool: ListedTool, unknown: object, invalid: object, protocolVersion = '2025-11-25', args: Record<string, unknown> = {}, valid: object = ok) {
  const base = makeObservation({ tools: [tool], protocolVersion, calls: [makeCall(tool.name, valid, { scenario: { arguments: args } })] });
  return answered(check, base, (p) => (p.id.endsWith(':unknown-tool') ? unknown : invalid));
}

const c21 = { ...(case21.tool as ListedTool), annotations: { readOnlyHint: true } };
const c26 = { ...(case26.tool as ListedTool), annotations: { readOnlyHint: true } };

checkTester(check, {
  valid: [
    { name: 'unknown tool -32602, invalid arguments isError', observation: observed(c21, rpc(-32602), isError, '2025-11-25', { id: 'u1' }) },
    { name: 'probes that never ran are skipped', observation: makeObservation({ tools: [c21] }) },
    {
      name: 'results that merely mention errors are successes',
      observation: makeObservation({
        calls: [
          makeCall('a', { result: { content: [{ type: 'text', text: 'No errors found. {"error": null}' }] } }),
          makeCall('b', { result: { content: [{ type: 'text', text: '{"error":null,"status":"ok"}' }] } }),
        ],
      }),
    },
    { name: 'tool-error scenario answered isError', observation: makeObservation({ calls: [makeCall('t', isError, { scenario: { expect: 'tool-error' } })] }) },
    {
      name: 'a task-required tool refusing a plain call with -32601 is not a tool failure',
      observation: observed({ ...c21, execution: { taskSupport: 'required' } }, rpc(-32602), rpc(-32601), '2025-11-25', { id: 'u1' }, rpc(-32601)),
    },
    {
      name: 'every call rejected with -32602 (argument validation, firecrawl F9) is not a tool failure',
      observation: observed(c21, rpc(-32602), rpc(-32602), '2025-06-18', { id: 'u1' }, rpc(-32602)),
    },
    { name: 'a valid call that failed with another code than the probe: no uniform failure, no judgement', observation: observed(c21, rpc(-32602), rpc(-32602), '2025-11-25', { id: 'u1' }, rpc(-32603)) },
  ],
  invalid: [
    { name: 'case 21: invalid arguments as JSON-RPC error (2025-11-25)', observation: observed(c21, rpc(-32602), { error: { code: 0, message: 'decode failed' } }, '2025-11-25', { id: 'u1' }), findings: [{ messageId: 'invalidArgumentsProtocolError', tool: 'lookup_user', severity: 'error' }] },
    { name: 'case 26 also: -32602 for invalid input on 2025-11-25', observation: observed(c26, rpc(-32602), rpc(-32602), '2025-11-25', { mode: 'FOO' }), findings: [{ messageId: 'invalidArgumentsProtocolError', tool: 'set_mode', severity: 'error' }] },
    {
      // a review of 0336025: a read-only purge_cache whose one call ({}) was refused by its confirmation gate in the body;
      // a probe derived from that call slips past the gate (a truthy wrong-typed confirm) and meets the backend's -32603,
      // which says nothing about arguments: a refused call is no base for the invalid-arguments probe (no verdict)
      name: 'a tool whose only call was refused in a result body gets no invalid-arguments verdict (the refusal is no base)',
      observation: observed(makeTool('purge_cache', { annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: { confirm: { type: 'boolean' } } } }), rpc(-32602), rpc(-32603), '2025-11-25', {}, { result: { content: [{ type: 'text', text: JSON.stringify({ success: false, message: 'Safety confirmation required' }) }] } }),
      findings: [{ messageId: 'failureAsSuccess', tool: 'purge_cache', severity: 'info' }],
    },
    { name: 'version gate: 2025-06-18 only info', observation: observed(c21, rpc(-32602), rpc(-32602), '2025-06-18', { id: 'u1' }), findings: [{ messageId: 'invalidArgumentsProtocolError', severity: 'info' }] },
    { name: 'unknown tool answered isError (sdk 1.x)', observation: observed(c21, { result: { isError: true, content: [{ type: 'text', text: 'Unknown tool: mcp_harness_unknown_tool_1' }] } }, isError, '2025-11-25', { id: 'u1' }), findings: [{ messageId: 'unknownToolNotProtocolError', severity: 'error' }] },
    {
      // sweep 38, @microsoft/workiq 1.0.0: a gate answers every call before the name is looked up
      name: 'unknown tool answered isError with a text that does not say the tool is unknown: a warning that the server may have failed first',
      observation: observed(c21, { result: { isError: true, content: [{ type: 'text', text: 'You must accept the EULA before using this tool. Please use the accept_eula tool to continue.' }] } }, isError, '2025-11-25', { id: 'u1' }),
      findings: [{ messageId: 'unknownToolNotProtocolError', severity: 'warning', message: 'Calling a tool that does not exist was answered with an isError result; it must be a JSON-RPC error with code -32602 (unknown tool). Its text does not say the tool is unknown: the server may have failed before it looked the name up (a gate, a missing key or service).' }],
    },
    { name: 'unknown tool with another code (-32601): the channel is right, a warning', observation: observed(c21, rpc(-32601), isError, '2025-11-25', { id: 'u1' }), findings: [{ messageId: 'unknownToolWrongCode', severity: 'warning' }] },
    { name: 'unknown tool with -32603: a warning', observation: observed(c21, rpc(-32603), isError, '2025-11-25', { id: 'u1' }), findings: [{ messageId: 'unknownToolWrongCode', severity: 'warning' }] },
    {
      name: "unknown tool answered with the SDK 1.x McpServer's own wrapping is named as such",
      observation: observed(c21, { result: { isError: true, content: [{ type: 'text', text: 'MCP error -32602: Tool mcp_harness_unknown_tool_1 not found' }] } }, isError, '2025-11-25', { id: 'u1' }),
      findings: [{ messageId: 'unknownToolSdk1Wrapped', severity: 'error', pointer: '/params/name' }],
    },
    {
      name: 'every call of a tool, valid arguments included, gets the same JSON-RPC error: one warning for the surface, invalid arguments not blamed',
      observation: observed(c21, rpc(-32602), rpc(-32603), '2025-11-25', { id: 'u1' }, rpc(-32603)),
      findings: [{ messageId: 'toolFailuresAsProtocolErrors', severity: 'warning', pointer: '/error/code', message: 'Tool failures come back as JSON-RPC errors: 1 tool(s) (lookup_user) answered every call, valid arguments included, with JSON-RPC error -32603 and no call succeeded; a tool that fails should return a CallToolResult with isError: true so the model sees the failure.' }],
    },
    {
      name: 'tool failures as JSON-RPC errors whose messages name a failed network lookup: the same warning, and the message says the run may lack the network (a fixed name, never the host)',
      observation: observed(c21, rpc(-32602), rpc(-32603), '2025-11-25', { id: 'u1' }, { error: { code: -32603, message: 'Failed to generate chart: getaddrinfo EAI_AGAIN charts.example.test' } }),
      findings: [
        {
          messageId: 'toolFailuresAsProtocolErrors',
          severity: 'warning',
          message:
            'Tool failures come back as JSON-RPC errors: 1 tool(s) (lookup_user) answered every call, valid arguments included, with JSON-RPC error -32603 and no call succeeded; a tool that fails should return a CallToolResult with isError: true so the model sees the failure. Their errors name a failed network lookup or connection (EAI_AGAIN): the run may lack a network or service the tools need.',
        },
      ],
    },
    {
      name: "the network sentence reads only the failing tools' errors: a network error of a tool that also succeeded says nothing of why the others failed",
      observation: makeObservation({
        tools: [makeTool('a', { annotations: { readOnlyHint: true } }), makeTool('b', { annotations: { readOnlyHint: true } })],
        calls: [
          makeCall('a', { error: { code: -32603, message: 'boom' } }),
          makeCall('b', { error: { code: -32603, message: 'getaddrinfo EAI_AGAIN api.example.test' } }),
          makeCall('b', ok),
        ],
      }),
      findings: [{ messageId: 'toolFailuresAsProtocolErrors', data: { count: 1, tools: 'a', codes: '-32603', cause: '' } }],
    },
    {
      name: 'the network sentence counts the failing tools whose errors name the network: one of two is not "their errors" (sweep 35, nano-banana-mcp 1.0.3)',
      observation: makeObservation({
        tools: [makeTool('a', { annotations: { readOnlyHint: true } }), makeTool('b', { annotations: { readOnlyHint: true } })],
        calls: [makeCall('a', { error: { code: -32603, message: 'No previous image found' } }), makeCall('b', { error: { code: -32603, message: 'TypeError: fetch failed' } })],
      }),
      findings: [{ messageId: 'toolFailuresAsProtocolErrors', data: { count: 2, tools: 'a, b', codes: '-32603', cause: ' The errors of 1 of them name a failed network lookup or connection (fetch failed): the run may lack a network or service those tools need.' } }],
    },
    {
      name: 'a valid call answered isError judges the invalid-arguments probe',
      observation: observed(c21, rpc(-32602), rpc(-32602), '2025-11-25', { id: 'u1' }, isError),
      findings: [{ messageId: 'invalidArgumentsProtocolError', tool: 'lookup_user', severity: 'error' }],
    },
    {
      name: "a failure reported as success (text 'Error ...', no isError): a note, once per tool (context7 N1)",
      observation: makeObservation({ calls: [1, 2].map(() => makeCall('resolve', { result: { content: [{ type: 'text', text: 'Error searching libraries: TypeError: fetch failed' }] } })) }),
      findings: [{ messageId: 'failureAsSuccess', tool: 'resolve', severity: 'info' }],
    },
    {
      name: 'a failure flagged in a misspelled isError (is_error: true, @mapbox/mcp-server 0.2.0) is a warning once per tool, not also a note; is_error false, or isError true beside it, is not',
      observation: makeObservation({
        calls: [
          ...[1, 2].map(() => makeCall('MatrixTool', { result: { content: [{ type: 'text', text: 'Internal error has occurred.' }], is_error: true } })),
          makeCall('geocode', { result: { content: [{ type: 'text', text: 'Error: 401 Unauthorized' }], IsError: 'true' } }),
          makeCall('route', { result: { content: [{ type: 'text', text: '{"routes":[]}' }], is_error: false } }),
          makeCall('isochrone', { result: { content: [{ type: 'text', text: 'token rejected' }], isError: true, is_error: true } }),
        ],
      }),
      findings: [
        { messageId: 'misspelledIsError', tool: 'MatrixTool', severity: 'warning', pointer: '/result/isError', message: 'Tool MatrixTool answered with a result that flags its failure in a member spelled like isError but not isError (is_error or the like) set to true; clients read only isError, so they take the failure for a success.' },
        { messageId: 'misspelledIsError', tool: 'geocode', severity: 'warning' },
      ],
    },
    {
      name: "a misspelled flag on a tool's later call is the warning even when an earlier call failed in words (the order of scenarios does not matter), and no note beside it",
      observation: makeObservation({
        calls: [
          makeCall('lookup', { result: { content: [{ type: 'text', text: 'Error: nothing found' }] } }, { scenario: { name: 'a' } }),
          makeCall('lookup', { result: { content: [{ type: 'text', text: 'quota' }], is_error: true } }, { scenario: { name: 'b' } }),
        ],
      }),
      findings: [{ messageId: 'misspelledIsError', tool: 'lookup', severity: 'warning', data: { tool: 'lookup' }, evidence: { answer: "scenario 'b'" } }],
    },
    {
      name: 'a misspelled flag only on the answers to probes (the tool refuses invalid arguments so) is the warning, naming the probe',
      observation: answered(check, makeObservation({ tools: [c21], calls: [makeCall(c21.name, ok, { scenario: { arguments: { id: 'u1' } } })] }), (p) =>
        p.id.endsWith(':unknown-tool') ? rpc(-32602) : { result: { content: [{ type: 'text', text: 'Invalid input: id must be a string' }], is_error: true } },
      ),
      findings: [{ messageId: 'misspelledIsError', tool: c21.name, severity: 'warning', data: { tool: c21.name }, evidence: { answer: `probe 'errors/classification:${c21.name}:invalid-arguments'` } }],
    },
    {
      name: 'a JSON body with an error member, or status error, is a failure reported as success',
      observation: makeObservation({
        calls: [
          makeCall('a', { result: { content: [{ type: 'text', text: '{"error":"quota exceeded"}' }] } }),
          makeCall('b', { result: { content: [], structuredContent: { status: 'error', detail: 'x' } } }),
        ],
      }),
      findings: [{ messageId: 'failureAsSuccess', tool: 'a' }, { messageId: 'failureAsSuccess', tool: 'b' }],
    },
    {
      name: 'a JSON body with success false and a message is a failure reported as success (database-server 1.1.0); success true, success false alone (data), or a success member of another type, is not',
      observation: makeObservation({
        calls: [
          makeCall('drop_table', { result: { content: [{ type: 'text', text: '{"success": false, "message": "Safety confirmation required"}' }] } }),
          makeCall('list_tables', { result: { content: [{ type: 'text', text: '{"success": true, "tables": []}' }] } }),
          makeCall('describe', { result: { content: [], structuredContent: { success: 'false' } } }),
          makeCall('job_status', { result: { content: [{ type: 'text', text: '{"job":"build","finished":true,"success":false,"failedSteps":["lint"]}' }] } }),
          makeCall('legacy_api', { result: { content: [{ type: 'text', text: '{"error":0,"data":{"items":[]}}' }] } }),
          makeCall('error_stats', { result: { content: [{ type: 'text', text: 'Error rate over the last hour: 0.2%' }] } }),
          makeCall('runs', { result: { content: [{ type: 'text', text: 'Failed: 0, passed: 12' }] } }),
        ],
      }),
      findings: [{ messageId: 'failureAsSuccess', tool: 'drop_table', severity: 'info', message: "Tool drop_table: scenario 'drop_table-call' got a result without isError but with a JSON body with success false and a message; a tool that fails should set isError: true so clients and the model can tell." }],
    },
    { name: 'tool-error scenario answered -32603', observation: makeObservation({ calls: [makeCall('t', rpc(-32603), { scenario: { expect: 'tool-error' } })] }), findings: [{ messageId: 'toolErrorAsProtocolError', tool: 't' }] },
  ],
});

describe('errors/classification: tool failures as JSON-RPC errors', () => {
  it('reports once per surface, naming every such tool', () => {
    const a = { ...c21, name: 'a' };
    const b = { ...c21, name: 'b' };
    const base = makeObservation({ tools: [a, b], calls: [makeCall('a', rpc(-32603)), makeCall('b', rpc(-32603)), makeCall('b', rpc(-32603))] });
    const findings = runCheckOn(check, answered(check, base, (p) => (p.id.endsWith(':unknown-tool') ? rpc(-32602) : rpc(-32603))));
    expect(findings.map((f) => [f.messageId, f.severity])).toEqual([['toolFailuresAsProtocolErrors', 'warning']]);
    expect(findings[0].message).toContain('2 tool(s) (a, b)');
  });

  it('cuts a long list of failing tools at a name boundary within the budget and says how many more (sweep 15, notion: "AP… (275 characters)")', () => {
    const tools = Array.from({ length: 24 }, (_, i) => ({ ...c21, name: `API-post-database-query-${String(i).padStart(2, '0')}` }));
    const base = makeObservation({ tools, calls: tools.map((t) => makeCall(t.name, rpc(-32603))) });
    const findings = runCheckOn(check, answered(check, base, (p) => (p.id.endsWith(':unknown-tool') ? rpc(-32602) : rpc(-32603))));
    expect(findings.map((f) => f.messageId)).toEqual(['toolFailuresAsProtocolErrors']);
    const listed = /24 tool\(s\) \((.*) and (\d+) more\) answered every call/.exec(findings[0].message);
    expect(listed).not.toBeNull();
    const shown = listed![1].split(', ');
    expect(shown).toEqual(tools.slice(0, shown.length).map((t) => t.name));
    expect(shown.length + Number(listed![2])).toBe(24);
    expect(`${listed![1]} and ${listed![2]} more`.length).toBeLessThanOrEqual(200);
    expect(findings[0].message).not.toContain('…');
  });
});

describe('errors/classification: whether a wrong-code unknown-tool error names the tool as unknown', () => {
  const WHY = 'the server may have failed before it looked the name up';
  /** The one finding for an unknown-tool probe answered -32603 with `message(name)` (`name`: the probe's tool name). */
  function wrongCode(message: (name: string) => string) {
    const base = makeObservation({ tools: [c21], calls: [makeCall(c21.name, ok, { scenario: { arguments: { id: 'u1' } } })] });
    const obs = answered(check, base, (p) => (p.id.endsWith(':unknown-tool') ? { error: { code: -32603, message: message(String((p.params as { name: unknown }).name)) } } : isError));
    const findings = runCheckOn(check, obs);
    expect(findings.map((f) => f.messageId)).toEqual(['unknownToolWrongCode']);
    return findings[0].message;
  }

  it.each([
    ['Method <name> not found (@notionhq/notion-mcp-server 2.5.2)', (n: string) => `Method ${n} not found`],
    ['<name> not found', (n: string) => `${n} not found`],
    ["Function '<name>' does not exist", (n: string) => `Function '${n}' does not exist`],
    ['Unknown method: <name>', (n: string) => `Unknown method: ${n}`],
    ['Unknown <name>', (n: string) => `Unknown ${n}`],
    ['No such command "<name>"', (n: string) => `No such command "${n}"`],
    ['<name> could not be found', (n: string) => `${n} could not be found`],
    ['Unknown tool: <name> (the earlier rule)', (n: string) => `Unknown tool: ${n}`],
    ['Tool not implemented: <name> (fast-filesystem-mcp 3.5.2, sweep 19)', (n: string) => `Tool not implemented: ${n}`],
    ['<name> is not implemented', (n: string) => `${n} is not implemented`],
  ])('a message that names the probe as unknown (%s) adds no environment sentence', (_, message) => {
    expect(wrongCode(message)).toBe('Calling a tool that does not exist was answered with JSON-RPC error code -32603; the channel is right, but the spec uses -32602 (unknown tool).');
  });

  it.each([
    ['Internal error', () => 'Internal error'],
    ['a launch failure that quotes the name (server-puppeteer)', (n: string) => `Failed to launch the browser for ${n}: Could not find Chrome`],
    ['the name, then a colon and an unrelated not-found', (n: string) => `${n}: API key not found`],
    ['the name, then something else missing', (n: string) => `Calling ${n} failed: resource not found`],
    ['an unknown error before the name', (n: string) => `Unknown error: ${n} failed`],
    ['Method not found without the name', () => 'Method not found'],
    ['invalid API key', () => 'Tool execution failed: invalid API key'],
    ['API key not found after the word tool', () => 'Error calling tool: API key not found'],
    ['a feature not implemented after the word tool and a colon', () => 'Tool call failed: streaming not implemented'],
  ])('a message that does not name the probe as unknown (%s) adds the environment sentence', (_, message) => {
    expect(wrongCode(message)).toContain(WHY);
  });
});

describe('errors/classification plan', () => {
  it('plans the unknown-tool probe and invalid arguments, never for destructive tools', () => {
    const obs = makeObservation({ tools: [c21, makeTool('rm', { inputSchema: { type: 'object', required: ['p'] } })] });
    const ids = planOn(check, obs).map((p) => p.id);
    expect(ids).toEqual(['errors/classification:unknown-tool', 'errors/classification:lookup_user:invalid-arguments']);
    const messages = runCheckOn(check, observed(c21, isError, rpc(-32602), '2025-11-25', { id: 'u1' })).map((f) => f.message).join('\n');
    expect(messages).not.toMatch(/u1|mcpH4rn3ss/);
  });
});

describe('errors/classification: results that are not CallToolResults (sweep 18)', () => {
  // @cloudflare/mcp-server-cloudflare 0.2.0 (SDK 0.6.1) answers every call {"toolResult": {...}}: no content array
  const search = makeTool('search', { annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: { limit: { type: 'integer', maximum: 10 } }, required: ['limit'] } });
  const wrapped = { result: { toolResult: { content: [{ type: 'text', text: 'Error: fetch failed' }], isError: true } } };
  it('derives no invalid-arguments probe from a call whose result is not a CallToolResult (it is no known-good base); a CallToolResult without isError is one (the twin)', () => {
    const optional = makeTool('list', { annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: { limit: { type: 'integer', maximum: 10 } } } });
    const planned = (response: object) => planOn(check, makeObservation({ tools: [optional], calls: [makeCall('list', response, { scenario: { arguments: { limit: 5 } } })] })).find((p) => p.id === 'errors/classification:list:invalid-arguments');
    expect(planned(wrapped)).toBeUndefined();
    expect(planned({ result: { content: [{ type: 'text', text: 'ok' }] } })).toMatchObject({ method: 'tools/call', invalidArguments: true });
  });
  it('the unknown-tool verdict on such a server stays (a wrapped answer is no JSON-RPC error), worded as what came back: not a success result', () => {
    const obs = makeObservation({ tools: [search] });
    const unknown = (answer: object) => runCheckOn(check, answered(check, obs, () => answer)).find((f) => f.messageId === 'unknownToolNotProtocolError');
    expect(unknown(wrapped)).toMatchObject({ severity: 'error', message: 'Calling a tool that does not exist was answered with a result that is not a CallToolResult (no content array); it must be a JSON-RPC error with code -32602 (unknown tool).' });
    expect(unknown({ result: { content: [{ type: 'text', text: 'Unknown tool' }] } })?.message).toContain('answered with a success result;');
  });
});

describe('fixture unknown-as-iserror.mjs', () => {
  it('answers an unknown tool as isError and invalid arguments as -32602', async () => {
    const frames = await drive('unknown-as-iserror.mjs', [init(), callFrame(1, 'nope', {}), callFrame(2, 'lookup_user', { id: 'u1', foobar: 1 })], { expectIds: [0, 1, 2] });
    expect(frames.find((f) => f.id === 1)?.result?.isError).toBe(true);
    expect(frames.find((f) => f.id === 2)?.error?.code).toBe(-32602);
  });
});
