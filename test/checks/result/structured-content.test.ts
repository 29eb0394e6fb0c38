import check from '../../../harness/checks/result/structured-content.ts';
import { checkTester, makeCall, makeObservation, makeTool } from '../../helpers/check-tester.ts';

const outputSchema = { type: 'object', properties: { name: { type: 'string' }, price: { type: ['number', 'null'] } }, required: ['name'] };
/** One outputSchema object shared by two tools: both get the same compiled validator (and memo). */
const nullOnly = { type: 'object', properties: { v: { type: 'null' } } };
const tool = makeTool('get_item', { outputSchema });
const text = (t: string) => ({ type: 'text', text: t });
const on = (result: unknown, extra: Parameters<typeof makeObservation>[0] = {}) =>
  makeObservation({ tools: [tool], calls: [makeCall('get_item', { result })], ...extra });

checkTester(check, {
  valid: [
    { name: 'valid structuredContent', observation: on({ content: [text('{}')], structuredContent: { name: 'a', price: null } }) },
    { name: 'plain tool error without structuredContent', observation: on({ content: [text('item not found')], isError: true }) },
    { name: 'tool error whose structuredContent conforms', observation: on({ content: [text('not found')], isError: true, structuredContent: { name: 'none', price: null } }) },
    {
      name: 'structuredContent without outputSchema',
      observation: makeObservation({ tools: [makeTool('t')], calls: [makeCall('t', { result: { content: [], structuredContent: { a: 1 } } })] }),
    },
    {
      name: 'no outputSchema and no structuredContent',
      observation: makeObservation({ tools: [makeTool('t')], calls: [makeCall('t', { result: { content: [text('x')] } })] }),
    },
    {
      name: 'uncompilable outputSchema is left to schema/compile',

      observation: makeObservation({
        tools: [makeTool('t', { outputSchema: { type: 'object', properties: { a: { $ref: '#/$defs/Missing' } } } })],
        calls: [makeCall('t', { result: { content: [], structuredContent: { a: 1 } } })],
      }),
    },
    {
      name: '2026-07-28: array structuredContent against an array outputSchema',

      observation: makeObservation({
        era: 'modern',
        tools: [makeTool('t', { outputSchema: { type: 'array', items: { type: 'integer' } } })],
        calls: [makeCall('t', { result: { resultType: 'complete', content: [], structuredContent: [1, 2] } })],
      }),
    },
    {
      name: '2026-07-28: null structuredContent is present',

      observation: makeObservation({
        era: 'modern',
        tools: [makeTool('t', { outputSchema: { type: 'null' } })],
        calls: [makeCall('t', { result: { resultType: 'complete', content: [], structuredContent: null } })],
      }),
    },
    { name: 'protocol error is skipped', observation: makeObservation({ tools: [tool], calls: [makeCall('get_item', { error: { code: -32602, message: 'x' } })] }) },
    {
      name: 'draft-07 outputSchema validated with draft-07 rules',

      observation: makeObservation({
        tools: [makeTool('t', { outputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'object', properties: { a: { type: 'string' } }, required: ['a'] } })],
        calls: [makeCall('t', { result: { content: [], structuredContent: { a: 'x' } } })],
      }),
    },
  ],
  invalid: [
    {
      name: 'tool error whose structuredContent fails the outputSchema: a warning',
      observation: on({ content: [text('not found')], isError: true, structuredContent: { error: 'not found' } }),
      findings: [{ messageId: 'errorResultInvalid', tool: 'get_item', pointer: '/structuredContent', severity: 'warning' }],
    },
    { name: 'case 01: missing structuredContent', observation: on({ content: [text('{"name":"a"}')] }), findings: [{ messageId: 'missing', tool: 'get_item', pointer: '/structuredContent', severity: 'error' }] },
    { name: 'isError false still needs it', observation: on({ content: [], isError: false }), findings: [{ messageId: 'missing' }] },
    {
      name: 'type failure per issue',
      observation: on({ content: [], structuredContent: { name: 7, price: 'free' } }),
      findings: [
        { messageId: 'invalid', pointer: '/structuredContent/name' },
        { messageId: 'invalid', pointer: '/structuredContent/price' },
      ],
    },
    { name: 'required failure at the root', observation: on({ content: [], structuredContent: {} }), findings: [{ messageId: 'invalid', pointer: '/structuredContent' }] },
    { name: '2025: array structuredContent', observation: on({ content: [], structuredContent: [1] }), findings: [{ messageId: 'notObject', pointer: '/structuredContent' }] },
    { name: '2025: null structuredContent', observation: on({ content: [], structuredContent: null }, { protocolVersion: '2025-06-18' }), findings: [{ messageId: 'notObject' }] },
    {
      name: 'v2 SDK server output validation turned into isError',
      observation: on({ content: [text('Output validation error: Invalid structured content for tool get_item')], isError: true }),
      findings: [{ messageId: 'serverOutputValidation', tool: 'get_item', pointer: '/isError', severity: 'error' }],
    },
    {
      name: 'one output-validation failure result object answering two tools (shared as shareToolError shares it): reported for each',
      observation: (() => {
        const shared = { content: [text('Output validation error: Invalid structured content')], isError: true };
        return makeObservation({ tools: [tool, makeTool('other', { outputSchema })], calls: [makeCall('get_item', { result: shared }), makeCall('other', { result: shared })] });
      })(),
      findings: [
        { messageId: 'serverOutputValidation', tool: 'get_item', pointer: '/isError' },
        { messageId: 'serverOutputValidation', tool: 'other', pointer: '/isError' },
      ],
    },
    {
      name: 'other SDK wording of the same failure',
      observation: on({ content: [text("Structured content does not match the tool's output schema: ...")], isError: true }),
      findings: [{ messageId: 'serverOutputValidation' }],
    },
    {
      name: "OpenAPI 'nullable' has no meaning in JSON Schema (case 03 kind)",
      observation: makeObservation({
        tools: [makeTool('t', { outputSchema: { type: 'object', properties: { price: { type: 'number', nullable: true }, note: { nullable: true } } } })],
        calls: [makeCall('t', { result: { content: [], structuredContent: { price: null, note: 'x' } } })],
      }),
      findings: [{ messageId: 'invalid', pointer: '/structuredContent/price' }],
    },
    {
      name: 'tools sharing one outputSchema, answering the same structuredContent: each answer is judged (one validation per distinct JSON, another key order validated on its own)',
      observation: makeObservation({
        tools: [makeTool('t1', { outputSchema }), makeTool('t2', { outputSchema })],
        calls: [
          makeCall('t1', { result: { content: [], structuredContent: { name: 'a' } } }),
          makeCall('t2', { result: { content: [], structuredContent: { name: 7 } } }),
          makeCall('t1', { result: { content: [], structuredContent: { name: 7 } } }),
          makeCall('t2', { result: { content: [], structuredContent: { price: 'x', name: 7 } } }),
          makeCall('t1', { result: { content: [], structuredContent: { name: 7, price: 'x' } } }),
          makeCall('t2', { result: { content: [], structuredContent: { name: 'a' } } }),
        ],
      }),
      findings: [
        { messageId: 'invalid', tool: 't2', pointer: '/structuredContent/name' },
        { messageId: 'invalid', tool: 't1', pointer: '/structuredContent/name' },
        { messageId: 'invalid', tool: 't2', pointer: '/structuredContent/price' },
        { messageId: 'invalid', tool: 't1', pointer: '/structuredContent/price' },
      ],
    },
    {
      name: 'a number that overflowed to Infinity and JSON null serialise alike: each is validated on its own (no memo hit across them)',
      observation: makeObservation({
        tools: [makeTool('t', { outputSchema: { type: 'object', properties: { v: { type: 'null' } } } })],
        calls: [
          makeCall('t', { result: { content: [], structuredContent: { v: null } } }),
          makeCall('t', { result: { content: [], structuredContent: { v: Number.POSITIVE_INFINITY } } }), // JSON.parse('{"v":1e400}')
          makeCall('t', { result: { content: [], structuredContent: { v: null } } }),
        ],
      }),
      findings: [{ messageId: 'invalid', tool: 't', pointer: '/structuredContent/v' }],
    },
    {
      name: "a validator's first instance, held unserialised, never answers for a later one that serialises alike (Infinity first, then null)",
      observation: makeObservation({
        tools: [makeTool('t1', { outputSchema: nullOnly }), makeTool('t2', { outputSchema: nullOnly })],
        calls: [
          makeCall('t1', { result: { content: [], structuredContent: { v: Number.POSITIVE_INFINITY } } }),
          makeCall('t2', { result: { content: [], structuredContent: { v: null } } }),
          makeCall('t2', { result: { content: [], structuredContent: { v: null } } }),
        ],
      }),
      findings: [{ messageId: 'invalid', tool: 't1', pointer: '/structuredContent/v' }],
    },
    {
      name: 'many issues are capped with a summary',
      observation: makeObservation({
        tools: [makeTool('t', { outputSchema: { type: 'object', properties: { xs: { type: 'array', items: { type: 'string' } } } } })],
        calls: [makeCall('t', { result: { content: [], structuredContent: { xs: Array.from({ length: 25 }, (_, i) => i) } } })],
      }),
      findings: [
        ...Array.from({ length: 20 }, (_, i) => ({ messageId: 'invalid', pointer: `/structuredContent/xs/${i}` })),
        { messageId: 'moreIssues', pointer: '/structuredContent' },
      ],
    },
  ],
});
