import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/errors/echo.ts';
import { makeSentinel, SENTINEL_PATTERN } from '../../../harness/probes/sentinel.ts';
import { answered, checkTester, makeCall, makeObservation, makeTool, planOn, runCheckOn } from '../../helpers/check-tester.ts';
import { callFrame, drive, init } from '../../probes/drive.ts';
import type { ProbeRequest } from '../../../harness/model/wire.ts';

const tool = makeTool('lookup', { annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: { id: { type: 'string' }, limit: { type: 'integer' } }, required: ['id'] } });
const ok = { result: { content: [{ type: 'text', text: 'ok' }] } };
const args = (p: ProbeRequest) => JSON.stringify((p.params as { arguments?: unknown }).arguments);

/** One read-only tool with one successful call: what errors/echo plans its probes for. */
const base = makeObservation({ tools: [tool], calls: [makeCall('lookup', ok, { scenario: { arguments: { id: 'a' } } })] });
const forbidding = { ...base, options: { ...base.options, echo: 'forbid' as const } };
/** The tool with one successful call whose (generated) id carries a sentinel: its probes keep that valid value. */
const failedBaseOnly = makeObservation({ tools: [tool], calls: [makeCall('lookup', ok, { scenario: { name: 'generated', arguments: { id: makeSentinel('generated:/properties/id') } } })] });
const BASE_ID = makeSentinel('generated:/properties/id');
/** The id a probe kept from failedBaseOnly's call, and the sentinels it planted (its params' others). */
const keptId = (p: ProbeRequest) => String((p.params as { arguments: { id?: unknown } }).arguments.id);
const plantedOf = (p: ProbeRequest) => (JSON.stringify((p.params as { arguments: unknown }).arguments).match(SENTINEL_PATTERN) ?? []).filter((x) => x !== BASE_ID);
/** failedBaseOnly plus a scenario expecting a tool error whose arguments carry the tool probe's planted sentinel. */
function withFailedCallCarryingPlanted() {
  const probe = planOn(check, failedBaseOnly).find((p) => !unknown(p));
  if (!probe) throw new Error('errors/echo planned no tool probe');
  const planted = plantedOf(probe);
  expect(planted.length).toBeGreaterThan(0);
  const failedCall = makeCall('lookup', { result: { isError: true, content: [{ type: 'text', text: `bad ${planted[0]}` }] } }, { scenario: { name: 'pasted', expect: 'tool-error', arguments: { id: planted[0] } } });
  return makeObservation({ tools: [tool], calls: [...failedBaseOnly.calls, failedCall] });
}
/** The same tool whose one call was refused in a result body without isError: no known-good base. */
const refusedOnly = makeObservation({ tools: [tool], calls: [makeCall('lookup', { result: { content: [{ type: 'text', text: JSON.stringify({ success: false, message: 'Safety confirmation required' }) }] } }, { scenario: { arguments: { id: 'a' } } })] });
const unknown = (p: ProbeRequest) => p.id.endsWith(':unknown-tool');
const clean = (p: ProbeRequest) => (unknown(p) ? { error: { code: -32602, message: 'Unknown tool' } } : { result: { isError: true, content: [{ type: 'text', text: 'limit: must be an integer' }] } });
const echoing = (p: ProbeRequest) => (unknown(p) ? { error: { code: -32602, message: `Unknown tool, args ${args(p)}` } } : { result: { isError: true, content: [{ type: 'text', text: `bad ${args(p)}` }] } });

/** A generated call with a planted sentinel (valid arguments) that failed with `answer`. */
const SENT = makeSentinel('generated:/properties/id');
const failedCall = (response: Parameters<typeof makeCall>[1]) => makeObservation({ tools: [tool], calls: [makeCall('lookup', response, { scenario: { name: 'generated', arguments: { id: SENT } } })] });

checkTester(check, {
  valid: [
    { name: 'failure answers name the rule, not the value', observation: base, answer: clean },
    { name: 'a tool whose only call was refused in its body, whose failure answers name the rule', observation: refusedOnly, answer: clean },
    { name: 'a failed valid call that names the field, not the value', observation: failedCall({ result: { isError: true, content: [{ type: 'text', text: 'lookup failed: id not found' }] } }) },
    { name: 'a failure answer with the sentinel split across two strings does not repeat it', observation: failedCall({ result: { isError: true, content: [{ type: 'text', text: SENT.slice(0, 15) }, { type: 'text', text: SENT.slice(15) }], structuredContent: { [SENT.slice(0, 5)]: SENT.slice(5) } } }) },
    { name: 'a successful call may return its argument (an echo tool)', observation: failedCall({ result: { content: [{ type: 'text', text: `Echo: ${SENT}` }] } }) },
  ],
  invalid: [
    { name: 'echoes on both paths', observation: base, answer: echoing, findings: [{ messageId: 'echoedUnknown', pointer: '/error/message', severity: 'warning' }, { messageId: 'echoed', tool: 'lookup', pointer: '/result/content' }] },
    // database-server 1.1.0 drop_table: every call refused in a result body, and a probe's failure answer repeated the
    // table name; with no successful call the tool keeps its echo probe (only that failure answer is judged)
    { name: 'a tool whose only call was refused in its body keeps its probe, and repeating the value is reported', observation: refusedOnly, answer: echoing, findings: [{ messageId: 'echoedUnknown' }, { messageId: 'echoed', tool: 'lookup', pointer: '/result/content' }] },
    {
      // database-server 1.1.0 drop_table (a review of 0336025): the probe's answer repeats the VALID table name it kept
      // from its base call, not the value it planted: a not-found message naming the caller's identifier (info)
      name: "a probe's failure answer that repeats only a value the tool's calls also sent is the echoedCall case (info)",
      observation: failedBaseOnly,
      answer: (p) => (unknown(p) ? { error: { code: -32602, message: 'Unknown tool' } } : { result: { isError: true, content: [{ type: 'text', text: `no item ${String((p.params as { arguments: { id?: unknown } }).arguments.id)}` }] } }),
      findings: [{ messageId: 'echoedProbeBase', tool: 'lookup', pointer: '/result/content', severity: 'info' }],
    },
    {
      name: 'graded per channel: the kept value in content is echoedProbeBase, the planted value in structuredContent is echoed',
      observation: failedBaseOnly,
      answer: (p) => (unknown(p) ? { error: { code: -32602, message: 'Unknown tool' } } : { result: { isError: true, content: [{ type: 'text', text: `no item ${keptId(p)}` }], structuredContent: { rejected: plantedOf(p) } } }),
      findings: [{ messageId: 'echoedProbeBase', pointer: '/result/content', severity: 'info' }, { messageId: 'echoed', pointer: '/result/structuredContent', severity: 'warning' }],
    },
    {
      name: 'both values in one channel: echoed (the planted value is repeated)',
      observation: failedBaseOnly,
      answer: (p) => (unknown(p) ? { error: { code: -32602, message: 'Unknown tool' } } : { result: { isError: true, content: [{ type: 'text', text: `bad ${args(p)}` }] } }),
      findings: [{ messageId: 'echoed', pointer: '/result/content', severity: 'warning' }],
    },
    {
      name: "echo: 'forbid' makes echoedProbeBase an error",
      observation: { ...failedBaseOnly, options: { ...failedBaseOnly.options, echo: 'forbid' as const } },
      answer: (p) => (unknown(p) ? { error: { code: -32602, message: 'Unknown tool' } } : { result: { isError: true, content: [{ type: 'text', text: `no item ${keptId(p)}` }] } }),
      findings: [{ messageId: 'echoedProbeBase', pointer: '/result/content', severity: 'error' }],
    },
    {
      // a review of 296edc9: a scenario expecting a tool error that carries the probe's planted value (a user pasted a
      // sentinel) is no base a probe keeps values from: the planted value repeated stays echoed
      name: "a failed call's sentinel does not downgrade a probe's planted value",
      observation: withFailedCallCarryingPlanted(),
      answer: (p) => (unknown(p) ? { error: { code: -32602, message: 'Unknown tool' } } : { result: { isError: true, content: [{ type: 'text', text: `bad ${args(p)}` }] } }),
      findings: [{ messageId: 'echoedCall' }, { messageId: 'echoed', pointer: '/result/content', severity: 'warning' }],
    },
    {
      name: 'a call with valid (generated) arguments that failed repeats the planted value',
      observation: failedCall({ result: { isError: true, content: [{ type: 'text', text: `fetch https://api.example/items/${SENT} failed: ENETUNREACH` }] } }),
      findings: [{ messageId: 'echoedCall', tool: 'lookup', pointer: '/result/content', severity: 'info', message: 'Tool lookup: the failure answer to a call with valid arguments (scenario generated) repeats a caller-supplied value in content; name the field and the rule instead.' }],
    },
    { name: 'a valid call failing as a JSON-RPC error that repeats it in error.data', observation: failedCall({ error: { code: -32603, message: 'Internal error', data: { id: SENT } } }), findings: [{ messageId: 'echoedCall', pointer: '/error/data' }] },
    { name: 'a valid call whose structuredContent names a member after the planted value', observation: failedCall({ result: { isError: true, content: [], structuredContent: { errors: [{ [SENT]: 'unknown' }] } } }), findings: [{ messageId: 'echoedCall', pointer: '/result/structuredContent' }] },
    { name: 'a valid call whose error.data holds it deep in an array of strings', observation: failedCall({ error: { code: -32603, message: 'x', data: [[['a', `at ${SENT}.`]]] } }), findings: [{ messageId: 'echoedCall', pointer: '/error/data' }] },
    { name: "echo: 'forbid' makes it an error", observation: forbidding, answer: (p) => (unknown(p) ? { error: { code: -32602, message: 'x', data: args(p) } } : clean(p)), findings: [{ messageId: 'echoedUnknown', pointer: '/error/data', severity: 'error' }] },
  ],
});

describe('errors/echo messages', () => {
  it('never carry the sentinel or any argument value; the evidence (--show-values) does', () => {
    const sentinel = new RegExp(SENTINEL_PATTERN.source); // the harness's own pattern, without its global flag
    const observation = answered(check, base, echoing);
    expect(JSON.stringify(observation.probes.map((p) => p.request.response))).toMatch(sentinel); // the answers do echo it
    const findings = runCheckOn(check, observation);
    expect(findings.length).toBeGreaterThan(0);
    // value-free: only the evidence (dropped by every reporter unless --show-values) holds what was echoed
    expect(JSON.stringify(findings.map(({ evidence: _evidence, ...finding }) => finding))).not.toMatch(sentinel);
    expect(JSON.stringify(findings.map((f) => f.evidence))).toMatch(sentinel);
  });
});

describe('fixture echo-args.mjs', () => {
  it('repeats the arguments in its failure answers', async () => {
    const frames = await drive('echo-args.mjs', [init(), callFrame(1, 'nope', { v: 'SENTINEL-1' }), callFrame(2, 'lookup', { id: 'SENTINEL-2', limit: 'x' })], { expectIds: [0, 1, 2] });
    expect(frames.find((f) => f.id === 1)?.error?.message).toContain('SENTINEL-1');
    expect(JSON.stringify(frames.find((f) => f.id === 2)?.result)).toContain('SENTINEL-2');
  });
});

describe('errors/echo: the base of its per-tool probe (targets.ts answeredArguments)', () => {
  const refusal = { result: { content: [{ type: 'text', text: JSON.stringify({ success: false, message: 'Safety confirmation required' }) }] } };
  const toolProbes = (observation: ReturnType<typeof makeObservation>) => planOn(check, observation).filter((p) => !unknown(p));
  it('plans the probe of a read-only tool whose only call was refused in its body, from that call', () => {
    const probes = toolProbes(refusedOnly);
    expect(probes).toHaveLength(1);
    expect((probes[0].params as { arguments: { id?: unknown } }).arguments.id).toBe('a');
  });
  it('plans none for a tool that may change state whose calls were all refused (the refusal may be its safety gate)', () => {
    const drop = makeTool('drop_table', { inputSchema: tool.inputSchema });
    const observation = makeObservation({ tools: [drop], calls: [makeCall('drop_table', refusal, { scenario: { arguments: { id: 'a' } } })] });
    // even where the user allowed calls that change state
    const allowed = { ...observation, options: { ...observation.options, allowDestructive: true } };
    expect(toolProbes(observation)).toEqual([]);
    expect(toolProbes(allowed)).toEqual([]);
  });
  it('plans none from an isError answer or a JSON-RPC error', () => {
    for (const answer of [{ result: { isError: true, content: [] } }, { error: { code: -32603, message: 'x' } }]) {
      expect(toolProbes(makeObservation({ tools: [tool], calls: [makeCall('lookup', answer, { scenario: { arguments: { id: 'a' } } })] }))).toEqual([]);
    }
  });
});

describe('errors/echo: one request shared by two checks is judged once (sweep 12)', () => {
  // @mastra/mcp-docs-server clearMastraCourseHistory: errors/classification's invalid-arguments probe and
  // input-enforcement's wrong-type:confirm probe were one request (run/shared-probes.ts); its echoing answer drew two findings
  const planted = makeSentinel('wrong-type:/properties/id');
  const params = { name: 'lookup', arguments: { id: planted } };
  const request = () => ({ id: 7, method: 'tools/call', params, outcome: 'tool-error' as const, durationMs: 1, response: { jsonrpc: '2.0' as const, id: 7, result: { isError: true, content: [{ type: 'text', text: `bad ${planted}` }] } } });
  const probe = (id: string, check: string) => ({ id, check, tool: 'lookup', method: 'tools/call', params });
  const observe = (first: ReturnType<typeof request>, second: ReturnType<typeof request>) =>
    makeObservation({
      tools: [tool],
      calls: [makeCall('lookup', ok, { scenario: { arguments: { id: 'a' } } })],
      probes: [
        { probe: probe('errors/classification:lookup:invalid-arguments', 'errors/classification'), request: first },
        { probe: probe('errors/input-enforcement:lookup:wrong-type:id', 'errors/input-enforcement'), request: second },
      ] as never,
    });

  it('the same request record under two probes: one finding, named by the first probe in plan order', () => {
    const shared = request();
    const findings = runCheckOn(check, observe(shared, shared));
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ messageId: 'echoed', tool: 'lookup' });
    expect(findings[0].message).toContain('invalid-arguments');
  });

  it('two requests sent apart, each echoing: two findings', () => {
    expect(runCheckOn(check, observe(request(), request()))).toHaveLength(2);
  });
});
