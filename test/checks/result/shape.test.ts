import check from '../../../harness/checks/result/shape.ts';
import { checkTester, makeCall, makeObservation, makeTool } from '../../helpers/check-tester.ts';
import type { ProbeRecord } from '../../../harness/model/wire.ts';

const text = { type: 'text', text: 'ok' };
const PNG = 'iVBORw0KGgo=';
const legacy = (result: unknown, extra: Parameters<typeof makeObservation>[0] = {}) =>
  makeObservation({ tools: [makeTool('t')], calls: [makeCall('t', { result })], ...extra });
const modern = (result: unknown) => makeObservation({ era: 'modern', tools: [makeTool('t')], calls: [makeCall('t', { result })] });

const probe = (result: unknown): ProbeRecord => ({
  probe: { id: 'errors/classification:invalid-args', check: 'errors/classification', method: 'tools/call', params: { name: 't', arguments: {} } },
  request: { id: 99, method: 'tools/call', response: { jsonrpc: '2.0', id: 99, result }, outcome: 'tool-error', durationMs: 1 },
});

/** Calls of tools `names`, all answered with the one `result` object (as harness/session/exchange.ts `shareToolError` shares them). */
const sharedResult = (result: unknown, tools = [makeTool('a'), makeTool('b')]) =>
  makeObservation({ tools, calls: tools.map((t) => makeCall(t.name, { result })) });

checkTester(check, {
  examples: (result) => legacy(JSON.parse(result.replace(/\s+\/\/.*$/, ''))), // a trailing `// comment` explains the example
  valid: [
    { name: 'text block', observation: legacy({ content: [text] }) },
    {
      name: 'every block type',

      observation: legacy({
        content: [
          text,
          { type: 'image', data: PNG, mimeType: 'image/png' },
          { type: 'audio', data: '', mimeType: 'audio/wav' },
          { type: 'resource_link', uri: 'file:///a', name: 'a' },
          { type: 'resource', resource: { uri: 'file:///a', text: 'x' } },
          { type: 'resource', resource: { uri: 'file:///b', blob: PNG } },
        ],
        isError: false,
      }),
    },
    { name: 'empty content on a tool error', observation: legacy({ content: [], isError: true }) },
    { name: 'protocol error is not a result', observation: makeObservation({ calls: [makeCall('t', { error: { code: -32602, message: 'x' } })] }) },
    { name: 'modern result with resultType', observation: modern({ resultType: 'complete', content: [text], structuredContent: [1, 2] }) },
    { name: 'modern input_required without content', observation: modern({ resultType: 'input_required', requestState: 'abc' }) },
    { name: 'legacy result may omit resultType', observation: legacy({ content: [text] }) },
    {
      name: 'non-object structuredContent of a tool with outputSchema is left to result/structured-content',

      observation: makeObservation({
        tools: [makeTool('t', { outputSchema: { type: 'object' } })],
        calls: [makeCall('t', { result: { content: [text], structuredContent: [1] } })],
      }),
    },
    { name: 'timeout has no result', observation: makeObservation({ calls: [makeCall('t', {}, { outcome: 'timeout' })] }) },
    { name: 'one clean result object answering several tools', observation: sharedResult({ content: [text], isError: true }) },
  ],
  invalid: [
    { name: 'case 07: no content array', observation: legacy({ isError: false, structuredContent: { id: 'x' } }), findings: [{ messageId: 'contentMissing', tool: 't', pointer: '/result/content' }] },
    { name: 'result is an array', observation: legacy([]), findings: [{ messageId: 'resultNotObject', pointer: '/result' }] },
    { name: 'result is null', observation: legacy(null), findings: [{ messageId: 'resultNotObject', pointer: '/result' }] },
    { name: 'content not an array', observation: legacy({ content: 'hello' }), findings: [{ messageId: 'contentNotArray', pointer: '/result/content' }] },
    {
      name: 'malformed blocks',
      observation: legacy({
        content: [
          'text',
          { type: 'html', html: '<b>' },
          { type: 'text' },
          { type: 'image', data: 'not base64!', mimeType: 'image/png' },
          { type: 'resource_link', uri: 'file:///a' },
          { type: 'resource', resource: { text: 'x' } },
          { type: 'resource', resource: { uri: 'file:///a' } },
        ],
      }),
      findings: [
        { messageId: 'blockNotObject', pointer: '/result/content/0' },
        { messageId: 'blockUnknownType', pointer: '/result/content/1/type' },
        { messageId: 'blockField', pointer: '/result/content/2/text' },
        { messageId: 'blockField', pointer: '/result/content/3/data' },
        { messageId: 'blockField', pointer: '/result/content/4/name' },
        { messageId: 'blockField', pointer: '/result/content/5/resource/uri' },
        { messageId: 'blockField', pointer: '/result/content/6/resource/text' },
      ],
    },
    { name: 'isError not boolean', observation: legacy({ content: [text], isError: 'true' }), findings: [{ messageId: 'isErrorNotBoolean', pointer: '/result/isError' }] },
    {
      name: 'structuredContent array on 2025 without outputSchema',
      observation: legacy({ content: [text], structuredContent: [1] }),
      findings: [{ messageId: 'structuredContentNotObject', pointer: '/result/structuredContent', severity: 'error' }],
    },
    {
      name: 'structuredContent array on 2025-06-18: an error, as the negotiated revision requires',
      observation: legacy({ content: [text], structuredContent: [1] }, { protocolVersion: '2025-06-18' }),
      findings: [{ messageId: 'structuredContentNotObject', severity: 'error', message: "The tools/call result of 't' (scenario 't-call') has a structuredContent at /result/structuredContent that is not a JSON object, as revision 2025-06-18 requires." }],
    },
    {
      name: 'structuredContent array on 2025-03-26 (no structuredContent in the revision): a warning naming 2025-06-18',
      observation: legacy({ content: [text], structuredContent: [1] }, { protocolVersion: '2025-03-26' }),
      findings: [
        {
          messageId: 'structuredContentNotObject',
          pointer: '/result/structuredContent',
          severity: 'warning',
          message:
            "The tools/call result of 't' (scenario 't-call') has a structuredContent at /result/structuredContent that is not a JSON object; structuredContent (a JSON object) is a rule of revision 2025-06-18, not of the negotiated 2025-03-26, but clients such as the MCP SDKs parse it as one whatever the revision.",
        },
      ],
    },
    { name: 'null structuredContent on 2024-11-05: a warning', observation: legacy({ content: [text], structuredContent: null }, { protocolVersion: '2024-11-05' }), findings: [{ messageId: 'structuredContentNotObject', severity: 'warning' }] },
    { name: 'modern result without resultType', observation: modern({ content: [text] }), findings: [{ messageId: 'resultTypeMissing', pointer: '/result/resultType' }] },
    { name: 'modern unknown resultType', observation: modern({ resultType: 'task', content: [text] }), findings: [{ messageId: 'resultTypeUnknown', pointer: '/result/resultType' }] },
    { name: 'modern empty input_required', observation: modern({ resultType: 'input_required' }), findings: [{ messageId: 'inputRequiredEmpty', pointer: '/result' }] },
    {
      name: 'same fault in two calls of one tool is one finding',
      observation: makeObservation({ tools: [makeTool('t')], calls: [makeCall('t', { result: {} }), makeCall('t', { result: {} })] }),
      findings: [{ messageId: 'contentMissing', tool: 't' }],
    },
    {
      name: 'one faulty result object answering several tools is reported for each (a result judged once per pass only when clean)',
      observation: sharedResult({ content: [{ type: 'text' }], isError: true }),
      findings: [
        { messageId: 'blockField', tool: 'a', pointer: '/result/content/0/text' },
        { messageId: 'blockField', tool: 'b', pointer: '/result/content/0/text' },
      ],
    },
    {
      name: 'one result object with a non-object structuredContent, first met for a tool with an outputSchema: still reported for the tool without one',
      observation: sharedResult({ content: [text], structuredContent: [1] }, [makeTool('a', { outputSchema: { type: 'object' } }), makeTool('b'), makeTool('c', { outputSchema: { type: 'object' } })]),
      findings: [{ messageId: 'structuredContentNotObject', tool: 'b', pointer: '/result/structuredContent' }],
    },
    {
      name: 'the same with a null structuredContent (present, not absent)',
      observation: sharedResult({ content: [text], structuredContent: null }, [makeTool('a', { outputSchema: { type: 'object' } }), makeTool('b')]),
      findings: [{ messageId: 'structuredContentNotObject', tool: 'b', pointer: '/result/structuredContent' }],
    },
    {
      name: 'tools/call probes are held to the shape too',
      observation: makeObservation({ tools: [makeTool('t')], probes: [probe({ isError: true })] }),
      findings: [{ messageId: 'contentMissing', tool: 't', pointer: '/result/content' }],
    },
  ],
});
