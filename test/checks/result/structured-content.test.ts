import check from '../../../harness/checks/result/structured-content.ts';
import { describe, expect, it } from 'vitest';
import { checkTester, makeCall, makeObservation, makeTool, runCheckOn } from '../../helpers/check-tester.ts';

const outputSchema = { type: 'object', properties: { name: { type: 'string' }, price: { type: ['number', 'null'] } }, required: ['name'] };
/** One outputSchema object shared by two tools: both get the same compiled validator (and memo). */
const nullOnly = { type: 'object', properties: { v: { type: 'null' } } };
const tool = makeTool('get_item', { outputSchema });
const text = (t: string) => ({ type: 'text', text: t });
const on = (result: unknown, extra: Parameters<typeof makeObservation>[0] = {}) =>
  makeObservation({ tools: [tool], calls: [makeCall('get_item', { result })], ...extra });
/** A contract (a lock) that declares `get_item` with `outputSchema` (or without one when `schema` is null). */
const contract = (schema: Record<string, unknown> | null = outputSchema) => ({
  source: 'contract.lock.json',
  kind: 'lock' as const,
  tools: [{ name: 'get_item', inputSchema: { type: 'object' }, ...(schema ? { outputSchema: schema } : {}) }],
});
/**
 * A structuredContent whose property read overflows the stack, as a validator too large for V8 does, from the second
 * read on (the first is the test helper's JSON.stringify of the frame, for its size).
 */
function overflowing(): Record<string, unknown> {
  let reads = 0;
  return Object.defineProperty({}, 'name', {
    enumerable: true,
    get() {
      if (reads++ === 0) return 'a';
      throw new RangeError('Maximum call stack size exceeded');
    },
  });
}
/** The basis phrase of a finding on a revision before 2025-06-18 without a contract. */
const later = (v: string) =>
  `; outputSchema is a rule of revision 2025-06-18, not of the negotiated ${v}, but clients such as the MCP SDKs check structuredContent against it whatever the revision`;
/** The basis phrase of a contract tool's finding on a revision before 2025-06-18. */
const contracted = (v: string) => `; the outputSchema is the contract's, which holds on every revision (the negotiated ${v} defines none)`;

checkTester(check, {
  valid: [
    { name: 'valid structuredContent', observation: on({ content: [text('{}')], structuredContent: { name: 'a', price: null } }) },
    { name: 'plain tool error without structuredContent', observation: on({ content: [text('item not found')], isError: true }) },
    // sweep 18, @cloudflare/mcp-server-cloudflare 0.2.0 (SDK 0.6.1): a failure wrapped in toolResult, no top-level content
    // or isError; result/shape reports it (contentMissing), and it is no successful result to hold structuredContent
    { name: 'a result that is not a CallToolResult ({"toolResult": {...}}, no content array) is not judged as a successful result', observation: on({ toolResult: { content: [text('Error: fetch failed')], isError: true } }) },
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
      name: '2025-06-18: array structuredContent, an error as the negotiated revision requires',
      observation: on({ content: [], structuredContent: [1] }, { protocolVersion: '2025-06-18' }),
      findings: [{ messageId: 'notObject', severity: 'error', message: "'get_item' returned a structuredContent (scenario 'get_item-call') at /structuredContent that is not a JSON object, as revision 2025-06-18 requires." }],
    },
    {
      name: '2025-03-26 (no outputSchema in the revision): missing structuredContent is a warning naming 2025-06-18',
      observation: on({ content: [text('{"name":"a"}')] }, { protocolVersion: '2025-03-26' }),
      findings: [
        {
          messageId: 'missing',
          tool: 'get_item',
          pointer: '/structuredContent',
          severity: 'warning',
          message: `'get_item' declares an outputSchema but its successful result (scenario 'get_item-call') has no structuredContent at /structuredContent${later('2025-03-26')}.`,
        },
      ],
    },
    { name: '2024-11-05: missing structuredContent is a warning', observation: on({ content: [] }, { protocolVersion: '2024-11-05' }), findings: [{ messageId: 'missing', severity: 'warning', data: { tool: 'get_item', call: "scenario 'get_item-call'", pointer: '/structuredContent', result: 'successful result', advice: '', basis: later('2024-11-05') } }] },
    {
      // sweep 17: metabase-ai-assistant's "❌ Search error: ..." results; the fix is isError, which the message says
      name: 'a result without isError whose body reports a failure: missing, worded as a failure without isError',
      observation: on({ content: [text('Error: the backend is unreachable')] }),
      findings: [{ messageId: 'missing', severity: 'error', message: "'get_item' declares an outputSchema but its result without isError whose body reports a failure (scenario 'get_item-call') has no structuredContent at /structuredContent. A failed call must say isError: true; it then needs no structuredContent." }],
    },
    {
      name: '2025-03-26: array structuredContent is a warning naming 2025-06-18',
      observation: on({ content: [], structuredContent: [1] }, { protocolVersion: '2025-03-26' }),
      findings: [{ messageId: 'notObject', severity: 'warning', message: `'get_item' returned a structuredContent (scenario 'get_item-call') at /structuredContent that is not a JSON object${later('2025-03-26')}.` }],
    },
    {
      name: '2025-03-26: outputSchema violations and their summary are warnings',
      observation: makeObservation({
        protocolVersion: '2025-03-26',
        tools: [makeTool('t', { outputSchema: { type: 'object', properties: { xs: { type: 'array', items: { type: 'string' } } } } })],
        calls: [makeCall('t', { result: { content: [], structuredContent: { xs: Array.from({ length: 21 }, (_, i) => i) } } })],
      }),
      findings: [
        ...Array.from({ length: 20 }, (_, i) => ({ messageId: 'invalid', pointer: `/structuredContent/xs/${i}`, severity: 'warning' as const })),
        { messageId: 'moreIssues', pointer: '/structuredContent', severity: 'warning', message: `structuredContent of 't' (scenario 't-call') has 1 more outputSchema violations than listed${later('2025-03-26')}.` },
      ],
    },
    {
      name: "2025-03-26: the server's own output-validation failure is a warning",
      observation: on({ content: [text('Output validation error: Invalid structured content for tool get_item')], isError: true }, { protocolVersion: '2025-03-26' }),
      findings: [
        {
          messageId: 'serverOutputValidation',
          severity: 'warning',
          message:
            "'get_item' answered scenario 'get_item-call' with an isError result reporting the server's own output-schema validation failure: the tool's structuredContent does not match its outputSchema; outputSchema is a rule of revision 2025-06-18, not of the negotiated 2025-03-26, but the server enforces it and the call fails.",
        },
      ],
    },
    {
      name: "2025-03-26, a contract that declares the tool's outputSchema: missing stays an error (the user's rule)",
      observation: on({ content: [] }, { protocolVersion: '2025-03-26', contract: contract() }),
      findings: [{ messageId: 'missing', severity: 'error', message: `'get_item' declares an outputSchema but its successful result (scenario 'get_item-call') has no structuredContent at /structuredContent${contracted('2025-03-26')}.` }],
    },
    {
      name: '2024-11-05, contract outputSchema: a violation stays an error',
      observation: on({ content: [], structuredContent: { name: 7 } }, { protocolVersion: '2024-11-05', contract: contract() }),
      findings: [{ messageId: 'invalid', pointer: '/structuredContent/name', severity: 'error', data: { tool: 'get_item', call: "scenario 'get_item-call'", pointer: '/structuredContent/name', keyword: 'type', expectation: 'must be string', schemaPointer: '/outputSchema/properties/name/type', basis: contracted('2024-11-05') } }],
    },
    {
      name: "2025-03-26, contract outputSchema: an array structuredContent is judged by the schema (an error), not by 2025-06-18's object rule",
      observation: on({ content: [], structuredContent: [1] }, { protocolVersion: '2025-03-26', contract: contract() }),
      findings: [{ messageId: 'invalid', pointer: '/structuredContent', severity: 'error' }],
    },
    {
      name: "2025-03-26, contract outputSchema that accepts an array: only 2025-06-18's object rule, a warning",
      observation: makeObservation({
        protocolVersion: '2025-03-26',
        contract: contract({}),
        tools: [makeTool('get_item', { outputSchema: {} })],
        calls: [makeCall('get_item', { result: { content: [], structuredContent: [1] } })],
      }),
      findings: [{ messageId: 'notObject', severity: 'warning', data: { tool: 'get_item', call: "scenario 'get_item-call'", pointer: '/structuredContent', basis: later('2025-03-26') } }],
    },
    // a reviewer's case: the contract's schema accepts what the advertised one refuses, so no contract rule is broken
    {
      name: "2025-03-26, the advertised outputSchema differs from the contract's: a violation of the advertised one is 2025-06-18's rule, a warning",
      observation: makeObservation({
        protocolVersion: '2025-03-26',
        contract: contract({ type: 'object' }),
        tools: [makeTool('get_item', { outputSchema })],
        calls: [makeCall('get_item', { result: { content: [], structuredContent: { name: 7 } } })],
      }),
      findings: [{ messageId: 'invalid', pointer: '/structuredContent/name', severity: 'warning', data: { tool: 'get_item', call: "scenario 'get_item-call'", pointer: '/structuredContent/name', keyword: 'type', expectation: 'must be string', schemaPointer: '/outputSchema/properties/name/type', basis: later('2025-03-26') } }],
    },
    // a second reviewer's case: the contract's converted zod schema and the SDK's differ only in $schema
    {
      name: "2025-03-26, the advertised outputSchema is the contract's up to a $schema the SDK wrote: still the contract's rule, an error",
      observation: makeObservation({
        protocolVersion: '2025-03-26',
        contract: contract(outputSchema),
        tools: [makeTool('get_item', { outputSchema: { $schema: 'http://json-schema.org/draft-07/schema#', ...outputSchema } })],
        calls: [makeCall('get_item', { result: { content: [], structuredContent: { name: 7 } } })],
      }),
      findings: [{ messageId: 'invalid', pointer: '/structuredContent/name', severity: 'error' }],
    },
    {
      name: 'a contract that lists the tool without an outputSchema does not make the advertised one the user\'s rule (2025-03-26: a warning)',
      observation: on({ content: [] }, { protocolVersion: '2025-03-26', contract: contract(null) }),
      findings: [{ messageId: 'missing', severity: 'warning' }],
    },
    {
      name: 'a contract on 2025-11-25 adds no basis text: the negotiated revision requires it',
      observation: on({ content: [] }, { contract: contract() }),
      findings: [{ messageId: 'missing', severity: 'error', message: "'get_item' declares an outputSchema but its successful result (scenario 'get_item-call') has no structuredContent at /structuredContent." }],
    },
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

describe('result/structured-content: a validator that overflows the stack (harness/schema/stack-guard.ts)', () => {
  // a schema text of its own per case: after an overflow the (shared) schema service refuses that schema
  const judge = (title: string, result: Record<string, unknown>) =>
    runCheckOn(check, makeObservation({ tools: [makeTool('t', { outputSchema: { title, type: 'object', properties: { name: { type: 'string' } } } })], calls: [makeCall('t', { result })] }));

  it('gives no verdict on the instance, as a result or as a tool error (schema/compile reports the schema)', () => {
    expect(judge('overflow-result', { content: [text('{}')], structuredContent: overflowing() })).toEqual([]);
    expect(judge('overflow-error', { content: [text('not found')], isError: true, structuredContent: overflowing() })).toEqual([]);
  });

  it('its twins, instances read without overflow, are judged', () => {
    expect(judge('twin-result', { content: [text('{}')], structuredContent: { name: 1 } }).map((f) => f.pointer)).toEqual(['/structuredContent/name']);
    expect(judge('twin-error', { content: [text('not found')], isError: true, structuredContent: { name: 1 } }).map((f) => f.pointer)).toEqual(['/structuredContent/name']);
  });
});
