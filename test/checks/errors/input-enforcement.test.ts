import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/errors/input-enforcement.ts';
import { answered, checkTester, makeCall, makeObservation, makeTool, planOn, runCheckOn } from '../../helpers/check-tester.ts';
import { callFrame, drive, init } from '../../probes/drive.ts';
import type { ProbeRequest } from '../../../harness/model/wire.ts';

const tool = makeTool('search', { annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 10 } }, required: ['limit'] } });
const ok = { result: { content: [{ type: 'text', text: 'ok' }] } };
const rejected = { result: { isError: true, content: [{ type: 'text', text: 'limit must be at most 10' }] } };

/** The bounded tool with one successful call: what errors/input-enforcement plans its probes for. */
const base = makeObservation({ tools: [tool], calls: [makeCall('search', ok, { scenario: { arguments: { limit: 5 } } })] });
/** Probes of values the schema allows: the boundary values, the integer written as N.0, the call without arguments. */
const allowed = (p: ProbeRequest) => p.id.includes(':at-') || p.id.endsWith(':whole-float') || p.id.endsWith(':omitted-arguments');
const enforcing = (p: ProbeRequest) => (allowed(p) ? ok : rejected);
/** A refusal dressed up as success (@executeautomation/database-server 1.1.0's shape). */
const bodyRefusal = (message: string) => ({ result: { content: [{ type: 'text', text: JSON.stringify({ success: false, message }) }] } });
/** A normal output that merely starts with the word Error. */
const errorRate = { result: { content: [{ type: 'text', text: 'Error rate over the last hour: 0.2%' }] } };
/** An unconfigured tool's answer to every call, whatever its arguments (metabase-ai-assistant 4.2.0, sweep 17). */
const notEnabled = { result: { content: [{ type: 'text', text: '⚠️ **Metadata client not enabled.**' }] } };
const notIndexed = { result: { content: [{ type: 'text', text: "The project at /tmp/x isn't indexed yet (no .codegraph/ directory), so codegraph cannot query it. Run `codegraph init` in the project first." }] } };
/** A tool that takes no arguments at all: its one probe is a property the schema does not declare. */
const closedTool = makeTool('meta_info', { annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: {}, additionalProperties: false } });
/** A tool that requires nothing, called with `{}` successfully. */
const status = makeTool('status', { annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: { verbose: { type: 'boolean' } } } });
const noArguments = makeObservation({ tools: [status], calls: [makeCall('status', ok, { scenario: { arguments: {} } })] });
/**
 * The SDK 0.6 compatibility shape (@cloudflare/mcp-server-cloudflare 0.2.0, sweep 18): a failure wrapped in `toolResult`,
 * with no top-level content or isError; not a CallToolResult.
 */
const WRAPPED = { result: { toolResult: { content: [{ type: 'text', text: "Error: Cannot destructure property 'limit' of 'request.params.input' as it is undefined." }], isError: true } } };
/** The unprobed note's words. */
const UNPROBED_MESSAGE =
  'Tool search got no input-enforcement probes: none of its calls succeeded (a JSON-RPC error, an isError result, a body that reports a failure, or a result that is not a CallToolResult, without a content array), and probes start from arguments a call succeeded with. How it validates arguments was not tested; give the surface what valid calls need (env, setup, scenarios).';
/** The note naming search as not probed (no call of it succeeded). */
const UNPROBED = { messageId: 'unprobed', severity: 'info', tool: 'search', pointer: '/inputSchema' } as const;

/** Sweep 12's two published answers to calls valid per the inputSchema (test/fixtures/servers/verdicts/rejection-text.mjs). */
const branch = makeTool('create_branch', { annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: { project_id: { type: 'string' }, name: { type: 'string' }, confirm_cost_id: { type: 'string' } }, required: ['project_id', 'confirm_cost_id'] } });
const BRANCH_FAILURE = JSON.stringify({ error: { name: 'Error', message: 'Cost confirmation ID does not match the expected cost of creating a branch.' } });
const clone = makeTool('git_clone', { annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: { url: { type: 'string' }, path: { type: 'string' } }, required: ['url', 'path'] } });
const CLONE_REJECTION =
  'MCP error -32602: Input validation error: Invalid arguments for tool git_clone: URL must use a recognized scheme (https/ssh/git/file), scp-style user@host:path, or be an absolute filesystem path at url';
/** zod 4's issue for an enum argument, as the TypeScript SDK words a rejection (reviewer D7: values before path). */
/** A tool whose token a remote service checks (sweep 21: @jasontanswe/railway-mcp 1.3.0 configure_api_token). */
const tokenTool = makeTool('configure_api_token', { annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: { token: { type: 'string' } }, required: ['token'] } });
/** Refusals of a credential (its authenticity, not its form): the environment's, or semantics no schema states. */
const CREDENTIAL_REFUSALS = [
  'Invalid API token: please check your token',
  'Error: token is invalid or expired',
  'Unauthorized: invalid access token for this token',
  'Authentication failed: the token was rejected',
  'Invalid credentials (token)',
  'HTTP 401: Bad credentials. Check the token argument.',
];
/** Refusals of a token's form, which a schema can state (minLength, pattern): still validCallRejected. */
const SCHEMA_REFUSALS_OF_A_TOKEN = [
  'Invalid API token: token must be at least 40 characters',
  'token must be exactly 40 characters',
  'Invalid input: expected token to be a non-empty string',
  // a reviewer (review 25): a refusal of the credential's form in a credential's words (a format, a length, a prefix)
  'Invalid API token format',
  'Invalid access token length',
  'API token is invalid: a token starts with rw_',
  'Invalid API token: the token contains characters that are not allowed',
];
const listTool = makeTool('list', { annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: { name: { type: 'string' }, date: { type: 'string' }, sort: { type: 'string', enum: ['name', 'date'] } } } });
const ZOD_ENUM_REJECTION = `MCP error -32602: Input validation error: Invalid arguments for tool list: ${JSON.stringify([{ code: 'invalid_value', values: ['name', 'date'], path: ['sort'], message: 'Invalid option: expected one of "name"|"date"' }], null, 2)}`;

checkTester(check, {
  valid: [
    {
      name: 'a probe of a forbidden value answered with a result that is not a CallToolResult (no content array) is undecided: no accepted, no refusedWithoutIsError',
      observation: base,
      answer: (p) => (allowed(p) ? ok : WRAPPED),
    },
    {
      name: 'a probe of an allowed value answered with a result that is not a CallToolResult is undecided: no rejected',
      observation: base,
      answer: (p) => (allowed(p) ? { result: { toolResult: { content: [{ type: 'text', text: 'limit must be at most 9' }], isError: true } } } : rejected),
    },
    { name: 'rejects every forbidden value and accepts the bounds', observation: base, answer: enforcing },
    { name: '-32602 counts as a rejection', observation: base, answer: (p) => (allowed(p) ? ok : { error: { code: -32602, message: 'bad' } }) },
    { name: 'a call without arguments answered like {}', observation: noArguments, answer: enforcing },
    { name: 'a business failure of the call without arguments is not a rejection', observation: noArguments, answer: (p) => (p.id.endsWith(':omitted-arguments') ? { result: { isError: true, content: [{ type: 'text', text: 'service unavailable' }] } } : rejected) },
    { name: 'no call at all: no probes, and no note (contract/every-tool-called names a tool never called)', observation: makeObservation({ tools: [tool] }) },
    {
      name: 'a tool no probe may call (not read-only, no --allow-destructive) whose call failed draws no note: the plan never probes it',
      observation: makeObservation({ tools: [makeTool('purge', { inputSchema: tool.inputSchema })], calls: [makeCall('purge', { result: { isError: true, content: [{ type: 'text', text: 'API key required' }] } }, { scenario: { arguments: { limit: 5 } } })] }),
    },
    {
      name: 'an allowed value refused in an isError result by a business rule whose prose says "the expected" (a sweep: "does not match the expected cost") is not rejected',
      observation: base,
      answer: (p) => (p.id.endsWith(':at-maximum:limit') ? { result: { isError: true, content: [{ type: 'text', text: 'The quote does not match the expected cost of this route.' }] } } : enforcing(p)),
    },
    {
      name: 'an allowed value answered by a normal result in words of validation is not rejected',
      observation: base,
      answer: (p) => (p.id.endsWith(':at-maximum:limit') ? { result: { content: [{ type: 'text', text: 'required fields: limit; at least 1 expected' }] } } : enforcing(p)),
    },
    {
      name: 'an allowed value refused in the body by a business failure or a rate limit that does not name the property is not rejected',
      observation: base,
      answer: (p) => (p.id.endsWith(':at-maximum:limit') ? bodyRefusal('Required resource not found') : p.id.endsWith(':at-minimum:limit') ? { result: { content: [{ type: 'text', text: 'Error: too many requests, at most 60 per minute' }] } } : enforcing(p)),
    },
    {
      name: "an allowed value answered with data shaped like an error envelope ({code, status: 511, message: 'Network Authentication Required'}) is not rejected: its words name no property, the member name code does not count",
      observation: makeObservation({
        tools: [makeTool('http_status', { annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: { code: { type: 'integer', minimum: 100, maximum: 511 } }, required: ['code'] } })],
        calls: [makeCall('http_status', ok, { scenario: { arguments: { code: 200 } } })],
      }),
      answer: (p) =>
        p.id.endsWith(':at-maximum:code')
          ? { result: { content: [{ type: 'text', text: '{"code":511,"status":511,"message":"Network Authentication Required"}' }] } }
          : allowed(p) ? ok : { result: { isError: true, content: [{ type: 'text', text: 'code must be an integer from 100 to 511' }] } },
    },
    {
      name: "an allowed value refused in a body whose words name the property but say nothing of validation (validation words only in another member's value) is not rejected",
      observation: base,
      answer: (p) => (p.id.endsWith(':at-maximum:limit') ? { result: { content: [{ type: 'text', text: '{"error":"limit reached for today","type":"invalid-request"}' }] } } : enforcing(p)),
    },
    {
      name: "an allowed value met by a rate limit in a Spring Boot error body (its path is the request's URL, /v1/limit) is not rejected",
      observation: base,
      answer: (p) => (p.id.endsWith(':at-maximum:limit') ? { result: { content: [{ type: 'text', text: '{"status":429,"error":"Too Many Requests","message":"at most 2 requests per minute","path":"/v1/limit"}' }] } } : enforcing(p)),
    },
    {
      name: "a tool whose only calls expect an error (the user's negative scenarios) draws no note",
      observation: makeObservation({ tools: [tool], calls: [makeCall('search', rejected, { scenario: { arguments: { limit: 50 }, expect: 'tool-error' } })] }),
    },
  ],
  invalid: [
    {
      name: 'sweep 12 (@supabase/mcp-server-supabase create_branch): a business failure in an error envelope whose key "name" is a property name, saying "the expected cost", is no rejection (only the note that it was not probed)',
      observation: makeObservation({
        tools: [branch],
        calls: [makeCall('create_branch', { result: { isError: true, content: [{ type: 'text', text: BRANCH_FAILURE }] } }, { scenario: { arguments: { project_id: 'mcpH4rn3ss-0a1b2c3d-s3nt1nel', name: 'develop', confirm_cost_id: 'mcpH4rn3ss-4e5f6a7b-s3nt1nel' } } })],
      }),
      findings: [{ messageId: 'unprobed', severity: 'info', tool: 'create_branch', pointer: '/inputSchema' }],
    },
    {
      name: 'a value the schema allows refused in a JSON body one of whose messages says why: rejected (a message without validation words beside it does not hide it)',
      observation: base,
      answer: (p) => (p.id.endsWith(':at-maximum:limit') ? { result: { content: [{ type: 'text', text: '{"error":"limit must be at most 9","message":"Request refused"}' }] } } : enforcing(p)),
      findings: [{ messageId: 'rejected', tool: 'search', pointer: '/inputSchema/properties/limit/maximum' }],
    },
    {
      name: 'a value the schema allows refused in a body that names the argument at its top level (field, param) or under a FastAPI detail list: rejected',
      observation: base,
      answer: (p) =>
        p.id.endsWith(':at-maximum:limit')
          ? { result: { content: [{ type: 'text', text: '{"success":false,"message":"Value out of range: at most 9","field":"limit"}' }] } }
          : p.id.endsWith(':at-minimum:limit')
            ? { result: { content: [{ type: 'text', text: '{"error":"Validation failed","detail":[{"loc":["body","limit"],"msg":"Input should be greater than 1","type":"greater_than"}]}' }] } }
            : enforcing(p),
      findings: [
        { messageId: 'rejected', tool: 'search', pointer: '/inputSchema/properties/limit/maximum' },
        { messageId: 'rejected', tool: 'search', pointer: '/inputSchema/properties/limit/minimum' },
      ],
    },
    {
      name: "an allowed value refused in an isError result in zod's words (\"Too big: expected number to be <10\"): rejected",
      observation: base,
      answer: (p) => (p.id.endsWith(':at-maximum:limit') ? { result: { isError: true, content: [{ type: 'text', text: 'Invalid arguments for tool search: Too big: expected number to be <10 at limit' }] } } : enforcing(p)),
      findings: [{ messageId: 'rejected', tool: 'search', pointer: '/inputSchema/properties/limit/maximum' }],
    },
    {
      name: 'a value the schema allows refused under a misspelled isError, the words in its second text block: rejected',
      observation: base,
      answer: (p) => (p.id.endsWith(':at-maximum:limit') ? { result: { content: [{ type: 'text', text: 'Request refused' }, { type: 'text', text: 'limit must be at most 9' }], is_error: true } } : enforcing(p)),
      findings: [{ messageId: 'rejected', tool: 'search', pointer: '/inputSchema/properties/limit/maximum' }],
    },
    {
      name: "a value the schema allows refused with the property named under the body's details (zod's path): rejected",
      observation: base,
      answer: (p) => (p.id.endsWith(':at-maximum:limit') ? { result: { content: [{ type: 'text', text: '{"success":false,"errors":[{"path":["limit"],"message":"Number must be less than or equal to 9"}]}' }] } } : enforcing(p)),
      findings: [{ messageId: 'rejected', tool: 'search', pointer: '/inputSchema/properties/limit/maximum' }],
    },
    {
      name: 'a business failure of a valid call is not a rejection of the arguments; the tool is named as not probed',
      observation: makeObservation({ tools: [tool], calls: [makeCall('search', { result: { isError: true, content: [{ type: 'text', text: 'API key required' }] } }, { scenario: { arguments: { limit: 5 } } })] }),
      findings: [{ ...UNPROBED, message: 'Tool search got no input-enforcement probes: none of its calls succeeded (a JSON-RPC error, an isError result, a body that reports a failure, or a result that is not a CallToolResult, without a content array), and probes start from arguments a call succeeded with. How it validates arguments was not tested; give the surface what valid calls need (env, setup, scenarios).' }],
    },
    {
      name: 'a call refused in the body without isError is no base for probes (database-server 1.1.0 drop_table without confirm): not probed, nothing accepted',
      observation: makeObservation({ tools: [tool], calls: [makeCall('search', { result: { content: [{ type: 'text', text: '{"success": false, "message": "Safety confirmation required"}' }] } }, { scenario: { arguments: { limit: 5 } } })] }),
      answer: () => ok,
      findings: [UNPROBED],
    },
    {
      name: "an API's error body passed through without isError (Notion's 401 with a dummy key) is no base for probes: not probed, nothing accepted",
      observation: makeObservation({ tools: [tool], calls: [makeCall('search', { result: { content: [{ type: 'text', text: '{"status":401,"object":"error","code":"unauthorized","message":"API token is invalid."}' }] } }, { scenario: { arguments: { limit: 5 } } })] }),
      answer: () => ({ result: { content: [{ type: 'text', text: '{"status":401,"object":"error","code":"unauthorized","message":"API token is invalid."}' }] } }),
      findings: [UNPROBED],
    },
    {
      name: 'invalid arguments rejected are not an under-stated schema; with no call that succeeded the tool is named as not probed',
      observation: makeObservation({ tools: [tool], calls: [makeCall('search', { error: { code: -32602, message: 'limit must be at most 10' } }, { scenario: { arguments: { limit: 50 } } })] }),
      findings: [UNPROBED],
    },
    {
      name: 'every probe-able tool none of whose calls succeeded gets its own note; a tool with a successful call is probed',
      observation: makeObservation({
        tools: [makeTool('zeta', { annotations: { readOnlyHint: true }, inputSchema: tool.inputSchema }), tool, makeTool('alpha', { annotations: { readOnlyHint: true }, inputSchema: tool.inputSchema })],
        calls: [
          makeCall('alpha', { error: { code: -32603, message: 'fetch failed' } }, { scenario: { arguments: { limit: 5 } } }),
          makeCall('search', ok, { scenario: { arguments: { limit: 5 } } }),
          makeCall('zeta', { result: { isError: true, content: [{ type: 'text', text: 'API key required' }] } }, { scenario: { arguments: { limit: 5 } } }),
        ],
      }),
      answer: enforcing,
      findings: [
        { messageId: 'unprobed', tool: 'zeta' },
        { messageId: 'unprobed', tool: 'alpha' },
      ],
    },
    {
      name: 'forbidden values refused in the body without isError (a refusal dressed up as success) are not accepted: one note per tool, the right refusal on the wrong channel',
      observation: base,
      answer: (p) => (allowed(p) ? ok : bodyRefusal('limit must be 1-10')),
      findings: [{ messageId: 'refusedWithoutIsError', tool: 'search', severity: 'info', pointer: '/result/isError', message: 'Tool search refused arguments its inputSchema forbids in a result without isError (a JSON body with success false and a message): the right answer on the wrong channel; since 2025-11-25 invalid arguments come back as a CallToolResult with isError: true, so clients and the model can tell.' }],
    },
    {
      // sweep 26, @vibgrate/cli offline: `{"hint": "query is required"}` without isError, in text and structuredContent
      name: "forbidden values refused in a JSON body's leading member that names the probed argument ('limit is required', 'invalid limit') are one note, not an acceptance per probe",
      observation: base,
      answer: (p) => {
        if (allowed(p)) return ok;
        const body = { hint: p.id.endsWith(':missing-required:limit') ? 'limit is required' : 'invalid limit', results: [] };
        return { result: { content: [{ type: 'text', text: JSON.stringify(body) }], structuredContent: body } };
      },
      findings: [{ messageId: 'refusedWithoutIsError', tool: 'search', severity: 'info', data: { tool: 'search', how: 'a JSON body whose leading message says an argument is required, missing or invalid' } }],
    },
    {
      name: "a JSON body whose leading member calls another argument required, or whose data comes first, is no refusal of the probed one: each probe is accepted",
      observation: base,
      answer: (p) => (allowed(p) ? ok : { result: { content: [{ type: 'text', text: JSON.stringify(p.id.endsWith(':wrong-type:limit') ? { path: 'src/index.ts', hint: 'limit is required' } : { hint: 'query is required' }) }] } }),
      findings: [
        { messageId: 'accepted', pointer: '/inputSchema/required' },
        { messageId: 'accepted', pointer: '/inputSchema/properties/limit/type' },
        { messageId: 'accepted', pointer: '/inputSchema/properties/limit/minimum' },
        { messageId: 'accepted', pointer: '/inputSchema/properties/limit/maximum' },
      ],
    },
    {
      name: "an allowed value answered -32602 with a credential's refusal alone (the service's verdict on the key) is not rejected; with words of validation beside it, it is",
      observation: base,
      answer: (p) => (p.id.endsWith(':at-maximum:limit') ? { error: { code: -32602, message: 'Unauthorized: invalid API key' } } : p.id.endsWith(':at-minimum:limit') ? { error: { code: -32602, message: 'Unauthorized: limit must be at least 2' } } : enforcing(p)),
      findings: [{ messageId: 'rejected', tool: 'search', pointer: '/inputSchema/properties/limit/minimum' }],
    },
    {
      name: 'a value the schema allows refused in the body in words of validation is rejected',
      observation: base,
      answer: (p) => (p.id.endsWith(':at-maximum:limit') ? bodyRefusal('limit must be at most 9') : enforcing(p)),
      findings: [{ messageId: 'rejected', tool: 'search', pointer: '/inputSchema/properties/limit/maximum', message: 'Tool search rejected a call with property "limit" exactly at its maximum, which its inputSchema allows (a result without isError whose body reports a failure).' }],
    },
    {
      name: "an API wrapper's 'Error: 422 ...' refusals without isError are one note, not an acceptance per probe",
      observation: base,
      answer: (p) => (allowed(p) ? ok : { result: { content: [{ type: 'text', text: 'Error: 422 Unprocessable Entity' }] } }),
      findings: [{ messageId: 'refusedWithoutIsError', tool: 'search', severity: 'info', data: { tool: 'search', how: "a text that opens with an error report ('Error', 'Failed' or 'An error occurred')" } }],
    },
    {
      name: "normal output that merely looks like a failure ('Error rate ...') keeps the tool's probes: accepting everything is reported",
      observation: makeObservation({ tools: [tool], calls: [makeCall('search', errorRate, { scenario: { arguments: { limit: 5 } } })] }),
      answer: () => errorRate,
      findings: [
        { messageId: 'accepted', pointer: '/inputSchema/required' },
        { messageId: 'accepted', pointer: '/inputSchema/properties/limit/type' },
        { messageId: 'accepted', pointer: '/inputSchema/properties/limit/minimum' },
        { messageId: 'accepted', pointer: '/inputSchema/properties/limit/maximum' },
      ],
    },
    {
      // sweep 17: metabase-ai-assistant 4.2.0's unconfigured tools answered every call so; the same answer without the
      // failure's words ('Error rate ...', above) keeps its verdicts, and so does a probe answered otherwise (below)
      name: 'the same failure text for the base call and every probe (no call succeeded): a note, no probe judged',
      observation: makeObservation({ tools: [tool], calls: [makeCall('search', notEnabled, { scenario: { arguments: { limit: 5 } } })] }),
      answer: () => notEnabled,
      findings: [{ messageId: 'answeredAlike', severity: 'info', tool: 'search', pointer: '/inputSchema' }],
    },
    {
      // sweep 17's re-run: mb_meta_info, whose only probe is a property the schema does not declare
      name: 'the same failure text for the base call and its one probe: a note, the probe not judged',
      observation: makeObservation({ tools: [closedTool], calls: [makeCall('meta_info', notEnabled, { scenario: { arguments: {} } })] }),
      answer: () => notEnabled,
      findings: [{ messageId: 'answeredAlike', severity: 'info', tool: 'meta_info', pointer: '/inputSchema' }],
    },
    {
      // sweep 28: @colbymchenry/codegraph 1.6.1 without an index, every call (its 2 probes read as acceptances)
      name: "the same \"isn't indexed\" text for the base call and every probe: a note, no probe judged",
      observation: makeObservation({ tools: [tool], calls: [makeCall('search', notIndexed, { scenario: { arguments: { limit: 5 } } })] }),
      answer: () => notIndexed,
      findings: [{ messageId: 'answeredAlike', severity: 'info', tool: 'search', pointer: '/inputSchema' }],
    },
    {
      name: 'the same failure text for the base call and every probe but one refused with isError: every probe judged',
      observation: makeObservation({ tools: [tool], calls: [makeCall('search', notEnabled, { scenario: { arguments: { limit: 5 } } })] }),
      answer: (p: ProbeRequest) => (p.id.endsWith(':limit:wrong-type') || p.id.endsWith(':wrong-type:limit') ? rejected : notEnabled),
      findings: [
        { messageId: 'accepted', pointer: '/inputSchema/required' },
        { messageId: 'accepted', pointer: '/inputSchema/properties/limit/minimum' },
        { messageId: 'accepted', pointer: '/inputSchema/properties/limit/maximum' },
      ],
    },
    { name: 'accepts everything', observation: base, answer: () => ok, findings: [
      { messageId: 'accepted', pointer: '/inputSchema/required' },
      { messageId: 'accepted', pointer: '/inputSchema/properties/limit/type' },
      { messageId: 'accepted', pointer: '/inputSchema/properties/limit/minimum' },
      { messageId: 'accepted', pointer: '/inputSchema/properties/limit/maximum' },
    ] },
    {
      name: 'valid arguments rejected with -32602: the inputSchema under-states the handler, property named',
      observation: makeObservation({ tools: [tool], calls: [makeCall('search', { error: { code: -32602, message: 'Invalid params: limit must be even' } }, { scenario: { arguments: { limit: 5 } } })] }),
      findings: [{ messageId: 'validCallRejected', tool: 'search', pointer: '/inputSchema/properties/limit', severity: 'warning' }, UNPROBED],
    },
    {
      name: 'valid arguments rejected as an isError input validation error, no property named: once per tool',
      observation: makeObservation({
        tools: [tool],
        calls: [1, 2].map((limit) => makeCall('search', { result: { isError: true, content: [{ type: 'text', text: 'Input validation error: bad request' }] } }, { scenario: { arguments: { limit } } })),
      }),
      findings: [{ messageId: 'validCallRejected', tool: 'search', pointer: '/inputSchema' }, UNPROBED],
    },
    {
      name: "sweep 12 (@cyanheads/git-mcp-server git_clone): the SDK's trailing 'at url' names url, not 'path', the first property word of the text",
      observation: makeObservation({
        tools: [clone],
        calls: [makeCall('git_clone', { result: { isError: true, content: [{ type: 'text', text: CLONE_REJECTION }] } }, { scenario: { arguments: { url: 'mcpH4rn3ss-85c2f8fa-s3nt1nel', path: 'mcpH4rn3ss-f088d172-s3nt1nel' } } })],
      }),
      findings: [{ messageId: 'validCallRejected', tool: 'git_clone', pointer: '/inputSchema/properties/url', severity: 'warning' }, { messageId: 'unprobed', severity: 'info', tool: 'git_clone', pointer: '/inputSchema' }],
    },
    {
      name: "zod's invalid_value issue lists the enum's values (\"name\", \"date\") before its path [\"sort\"]: the finding names sort, not the value that is also a property name",
      observation: makeObservation({
        tools: [listTool],
        calls: [makeCall('list', { error: { code: -32602, message: ZOD_ENUM_REJECTION } }, { scenario: { arguments: { sort: 'name' } } })],
      }),
      findings: [{ messageId: 'validCallRejected', tool: 'list', pointer: '/inputSchema/properties/sort', severity: 'warning' }, { messageId: 'unprobed', severity: 'info', tool: 'list', pointer: '/inputSchema' }],
    },
    {
      name: "sweep 21 (@jasontanswe/railway-mcp 1.3.0 configure_api_token, offline): a valid token refused as an invalid API token is the credential's refusal, which no inputSchema can state: no validCallRejected, the tool reads as unprobed",
      observation: makeObservation({
        tools: [tokenTool],
        calls: [makeCall('configure_api_token', { result: { isError: true, content: [{ type: 'text', text: 'Failed to connect to the API: Invalid API token. Please check your token and try again.' }] } }, { scenario: { arguments: { token: 'mcpH4rn3ss-85c2f8fa-s3nt1nel' } } })],
      }),
      findings: [{ messageId: 'unprobed', severity: 'info', tool: 'configure_api_token', pointer: '/inputSchema' }],
    },
    ...CREDENTIAL_REFUSALS.map((text) => ({
      name: `a credential refusal is not a rejection of the arguments: ${text}`,
      observation: makeObservation({ tools: [tokenTool], calls: [makeCall('configure_api_token', { result: { isError: true, content: [{ type: 'text', text }] } }, { scenario: { arguments: { token: 'x' } } })] }),
      findings: [{ messageId: 'unprobed', severity: 'info', tool: 'configure_api_token', pointer: '/inputSchema' } as const],
    })),
    ...CREDENTIAL_REFUSALS.map((message) => ({
      name: `a credential refusal sent as JSON-RPC -32602 on a valid call is set aside too (sweep 26): ${message}`,
      observation: makeObservation({ tools: [tokenTool], calls: [makeCall('configure_api_token', { error: { code: -32602, message } }, { scenario: { arguments: { token: 'x' } } })] }),
      findings: [{ messageId: 'unprobed', severity: 'info', tool: 'configure_api_token', pointer: '/inputSchema' } as const],
    })),
    ...[...SCHEMA_REFUSALS_OF_A_TOKEN, 'Invalid arguments: token must be 32 characters', 'bad'].map((message) => ({
      name: `a -32602 on a valid call that is not a credential's refusal alone is still validCallRejected: ${message}`,
      observation: makeObservation({ tools: [tokenTool], calls: [makeCall('configure_api_token', { error: { code: -32602, message } }, { scenario: { arguments: { token: 'x' } } })] }),
      findings: [
        { messageId: 'validCallRejected', severity: 'warning', tool: 'configure_api_token' } as const,
        { messageId: 'unprobed', severity: 'info', tool: 'configure_api_token', pointer: '/inputSchema' } as const,
      ],
    })),
    ...SCHEMA_REFUSALS_OF_A_TOKEN.map((text) => ({
      name: `a token refused for a constraint a schema can state is still validCallRejected: ${text}`,
      observation: makeObservation({ tools: [tokenTool], calls: [makeCall('configure_api_token', { result: { isError: true, content: [{ type: 'text', text }] } }, { scenario: { arguments: { token: 'x' } } })] }),
      findings: [
        { messageId: 'validCallRejected', severity: 'warning', tool: 'configure_api_token', pointer: '/inputSchema/properties/token' } as const,
        { messageId: 'unprobed', severity: 'info', tool: 'configure_api_token', pointer: '/inputSchema' } as const,
      ],
    })),
    {
      name: 'a rejection whose words name two properties ambiguously (URL, path) and no locator: the finding names none',
      observation: makeObservation({
        tools: [clone],
        calls: [makeCall('git_clone', { result: { isError: true, content: [{ type: 'text', text: CLONE_REJECTION.replace(/ at url$/, '') }] } }, { scenario: { arguments: { url: 'x', path: 'y' } } })],
      }),
      findings: [{ messageId: 'validCallRejected', tool: 'git_clone', pointer: '/inputSchema', severity: 'warning' }, { messageId: 'unprobed', severity: 'info', tool: 'git_clone', pointer: '/inputSchema' }],
    },
    { name: 'rejects the value exactly at the maximum', observation: base, answer: (p) => (p.id.endsWith(':at-maximum:limit') ? rejected : enforcing(p)), findings: [{ messageId: 'rejected', tool: 'search', pointer: '/inputSchema/properties/limit/maximum' }] },
    {
      name: 'rejects the integer written as 5.0 though 5 succeeded',
      observation: base,
      answer: (p) => (p.id.endsWith(':whole-float') ? { error: { code: -32602, message: 'limit: expected integer' } } : enforcing(p)),
      findings: [{ messageId: 'wholeFloatRejected', tool: 'search', pointer: '/inputSchema/properties/limit', severity: 'warning', message: "Tool search rejected the integer property 'limit' written as a whole-number float (N.0) as invalid (JSON-RPC -32602), though the same call with N got a result without isError (not refused as invalid); JSON has one number type and JSON Schema's integer accepts any number with a zero fractional part." }],
    },
    {
      name: 'rejects a call without arguments though {} succeeded',
      observation: noArguments,
      answer: (p) => (p.id.endsWith(':omitted-arguments') ? { result: { isError: true, content: [{ type: 'text', text: 'Input validation error: expected object, received undefined' }] } } : rejected),
      findings: [{ messageId: 'omittedArgumentsRejected', tool: 'status', pointer: '/inputSchema', severity: 'warning', message: 'Tool status rejected a tools/call without arguments as invalid (an isError result), though its inputSchema requires nothing and the same call with arguments {} got a result without isError (not refused as invalid); arguments is optional in every revision (CallToolRequest), so treat an absent arguments as {}.' }],
    },
    // sweep 13 (@mondaydotcomorg/monday-api-mcp 3.3.0, offline): {} answered a plain-text failure no failure shape
    // matches, no isError; the call without arguments got -32602. The finding stands, worded as what {} got
    {
      name: 'rejects a call without arguments though {} got a plain-text failure without isError that no failure shape matches',
      observation: makeObservation({ tools: [status], calls: [makeCall('status', { result: { content: [{ type: 'text', text: 'INTERNAL_ERROR: request to the service failed, reason: getaddrinfo EAI_AGAIN' }] } }, { scenario: { arguments: {} } })] }),
      answer: (p) => (p.id.endsWith(':omitted-arguments') ? { error: { code: -32602, message: 'Invalid arguments: expected object, received undefined' } } : rejected),
      findings: [{ messageId: 'omittedArgumentsRejected', tool: 'status', pointer: '/inputSchema', severity: 'warning', message: 'Tool status rejected a tools/call without arguments as invalid (JSON-RPC -32602), though its inputSchema requires nothing and the same call with arguments {} got a result without isError (not refused as invalid); arguments is optional in every revision (CallToolRequest), so treat an absent arguments as {}.' }],
    },
    // sweep 18, @cloudflare/mcp-server-cloudflare 0.2.0 (SDK 0.6.1): every call answered {"toolResult": {...}}, no
    // top-level content or isError (result/shape's contentMissing): no known-good base, so no probes and no accepted
    {
      name: 'a tool whose calls got results that are not CallToolResults ({"toolResult": {...}}, no content array) is not probed: a note, no accepted',
      observation: makeObservation({ tools: [tool], calls: [makeCall('search', WRAPPED, { scenario: { arguments: { limit: 5 } } })] }),
      answer: () => WRAPPED,
      findings: [{ ...UNPROBED, message: UNPROBED_MESSAGE }],
    },
    {
      name: 'a result that is not an object at all is no known-good base either',
      observation: makeObservation({ tools: [tool], calls: [makeCall('search', { result: 'ok' }, { scenario: { arguments: { limit: 5 } } })] }),
      answer: () => ({ result: 'ok' }),
      findings: [UNPROBED],
    },
    // the {} call's body opens as a failure report: no base to judge against, so no probe and no finding (a note only)
    {
      name: 'a call without arguments is not judged against a {} call whose body reports a failure',
      observation: makeObservation({ tools: [status], calls: [makeCall('status', { result: { content: [{ type: 'text', text: 'Error: request to the service failed' }] } }, { scenario: { arguments: {} } })] }),
      answer: () => ({ error: { code: -32602, message: 'Invalid arguments: expected object, received undefined' } }),
      findings: [{ messageId: 'unprobed', severity: 'info', tool: 'status', pointer: '/inputSchema' }],
    },
  ],
});

describe('errors/input-enforcement request probes', () => {
  it('plans tools/call without arguments only for a tool that requires nothing and succeeded with {} (early: sent beside the calls)', () => {
    expect(planOn(check, noArguments).find((p) => p.id.endsWith(':omitted-arguments'))).toEqual({ id: 'errors/input-enforcement:status:omitted-arguments', check: 'errors/input-enforcement', tool: 'status', method: 'tools/call', params: { name: 'status' }, early: true });
    expect(planOn(check, base).some((p) => p.id.endsWith(':omitted-arguments'))).toBe(false);
  });
  it('repeats a successful call only where the repeat leaves the state as it was (read-only or idempotentHint: true), even with --allow-destructive', () => {
    const toggle = makeTool('toggle', { annotations: { readOnlyHint: false, idempotentHint: false }, inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } });
    const setter = makeTool('set', { annotations: { readOnlyHint: false, idempotentHint: true }, inputSchema: { type: 'object', properties: { n: { type: 'integer' } } } });
    const obs = (t: typeof toggle, args: Record<string, unknown>) => makeObservation({ options: { allowDestructive: true }, tools: [t], calls: [makeCall(t.name, ok, { scenario: { arguments: args } })] });
    const kinds = (o: ReturnType<typeof obs>) => planOn(check, o).map((p) => p.id.split(':').pop()).filter((k) => k === 'omitted-arguments' || k === 'whole-float');
    expect(kinds(obs(toggle, {}))).toEqual([]); // a second toggle would undo the first (trials s3 R1)
    expect(kinds(obs(toggle, { n: 2 }))).toEqual([]);
    expect(kinds(obs(setter, {}))).toEqual(['omitted-arguments']);
    expect(kinds(obs(setter, { n: 2 }))).toEqual(['whole-float']);
  });
  it('writes the first integer of the successful arguments as N.0 (floatPaths), its value unchanged', () => {
    expect(planOn(check, base).find((p) => p.id.endsWith(':whole-float'))).toMatchObject({ method: 'tools/call', params: { name: 'search', arguments: { limit: 5 } }, floatPaths: [['arguments', 'limit']], early: true });
  });
});

describe('errors/input-enforcement plan', () => {
  it('marks the probes whose arguments break the inputSchema (invalidArguments), and only those: a boundary the schema allows is judged as any call', () => {
    const planned = planOn(check, base).filter((p) => !p.id.endsWith(':omitted-arguments') && !p.id.endsWith(':whole-float'));
    const invalid = planned.filter((p) => p.invalidArguments === true).map((p) => p.id.split(':').slice(2).join(':'));
    const valid = planned.filter((p) => p.invalidArguments === undefined).map((p) => p.id.split(':').slice(2).join(':'));
    expect(invalid.length).toBeGreaterThan(0);
    expect(invalid.every((k) => !k.startsWith('at-min') && !k.startsWith('at-max'))).toBe(true);
    expect(valid.length).toBeGreaterThan(0);
    expect(valid.every((k) => /^at-(minimum|maximum|min-length|max-length):/.test(k))).toBe(true);
  });
  it('never probes a destructive tool unless allowed', () => {
    const rm = makeTool('rm', { inputSchema: tool.inputSchema });
    const obs = makeObservation({ tools: [rm], calls: [makeCall('rm', ok, { scenario: { arguments: { limit: 5 } } })] });
    expect(planOn(check, obs)).toEqual([]);
    expect(planOn(check, { ...obs, options: { ...obs.options, allowDestructive: true } }).length).toBeGreaterThan(0);
  });
});

describe('fixture accepts-everything.mjs', () => {
  it('accepts arguments its schema forbids', async () => {
    const frames = await drive('accepts-everything.mjs', [init(), callFrame(1, 'search', { query: '', limit: 99, mode: 'nope', extra: 1 })], { expectIds: [0, 1] });
    expect(frames.find((f) => f.id === 1)?.result?.isError).toBeUndefined();
  });
});

describe('errors/input-enforcement evidence (--show-values)', () => {
  it("carries the probe's arguments, or the rejected call's scenario and arguments: what to send to see it again", () => {
    const findings = runCheckOn(check, answered(check, base, () => ok));
    const type = findings.find((f) => f.pointer === '/inputSchema/properties/limit/type');
    expect(type?.evidence).toEqual({ arguments: { limit: expect.any(String) } });
    const understated = runCheckOn(check, makeObservation({ tools: [tool], calls: [makeCall('search', { error: { code: -32602, message: 'Invalid params: limit must be even' } }, { scenario: { name: 'odd limit', arguments: { limit: 5 } } })] }));
    expect(understated[0]?.evidence).toEqual({ scenario: 'odd limit', arguments: { limit: 5 } });
    const [rejectedAtMaximum] = runCheckOn(check, answered(check, base, (p) => (p.id.endsWith(':at-maximum:limit') ? rejected : enforcing(p))));
    expect(rejectedAtMaximum).toMatchObject({ messageId: 'rejected', evidence: { arguments: { limit: 10 } } });
  });
});

