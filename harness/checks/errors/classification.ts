/**
 * errors/classification: an unknown tool is JSON-RPC -32602 in every revision; arguments that fail
 * the inputSchema (2025-11-25+) and tool failures are `isError` results, not JSON-RPC errors.
 *
 * - Unknown tool: an `isError` or success result is an error (the SDK 1.x McpServer's own wrapping
 *   "MCP error -32602: Tool <name> not found" is named as such, with the fix); a JSON-RPC error with
 *   another code (-32601, -32603) is a warning: the channel is right, -32602 is the spec's example. An isError result
 *   whose text does not say the tool is unknown is a warning too: the server may have answered from a gate before the
 *   name lookup (GATED_WHY; @microsoft/workiq 1.0.0's EULA gate, sweep 38).
 * - Invalid arguments: the probe is judged only against a call of the same tool with valid arguments
 *   that was NOT a protocol error (a result or an isError result); otherwise a JSON-RPC error says
 *   nothing about argument validation.
 * - A tool none of whose calls succeeded, every call (valid arguments included) drawing the same
 *   JSON-RPC error code, reports tool failures as JSON-RPC errors: one warning per surface
 *   (schema CallToolResult.isError: failures SHOULD be reported in the result). Tools whose
 *   `execution.taskSupport` is `required` are left out: a plain call of them MUST get -32601
 *   (spec:2025-11-25/basic/utilities/tasks.mdx); so is -32602, which rejects arguments (a schema that
 *   under-states the handler is errors/input-enforcement's finding), not a failure of the tool.
 * - A failure flagged in a member spelled like isError but not it (`is_error: true`, @mapbox/mcp-server 0.2.0): a
 *   warning, once per tool (clients read only isError: every one takes the failure for a success).
 * - A failure reported as success (no `isError`, but a text that opens with an error report, "Error", "Failed" or "An
 *   error occurred", past a leading pictograph, or a JSON body
 *   with an `error` member, `status: "error"`, `success: false` and a message, or an HTTP error status and a
 *   message: harness/probes/result-text.ts `failureShape`): a note (info), once per tool.
 * Spec: spec:2025-11-25/server/tools.mdx §Error Handling; SEP-1303; spec:2026-07-28/server/tools.mdx.
 */
import { defineCheck } from '../define.ts';
import { argumentProbePrefix, firstArgumentProbe } from '../../probes/negative.ts';
import { indexOf } from '../../probes/index-cache.ts';
import { notCallToolResult, probeRecord, responseKind, resultOf, rpcError } from '../../probes/records.ts';
import { makeSentinel } from '../../probes/sentinel.ts';
import { listedTools, mayProbe, successfulArguments, toolCallProbe, unknownToolName } from '../../probes/targets.ts';
import { atLeastRevision } from '../../wire/revision.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import type { ListedTool } from '../../model/protocol.ts';
import type { ProbeRequest, RequestRecord } from '../../model/wire.ts';
import type { FindingDescriptor } from '../define.ts';
import { networkFailure } from '../util/stderr.ts';
import { failureShape, misspelledIsError } from '../../probes/result-text.ts';
import { boundNameList } from '../../model/text-budget.ts';

const ID = 'errors/classification';
const UNKNOWN = `${ID}:unknown-tool`;
const invalidId = (tool: string) => `${ID}:${tool}:invalid-arguments`;

/** Whether a schema requires at least one property (then `{}` is invalid arguments). */
function hasRequired(schema: unknown): boolean {
  const required = (schema as { required?: unknown } | null)?.required;
  return Array.isArray(required) && required.length > 0;
}

/** Invalid arguments for a tool: the first reject probe from its known-good arguments, else `{}` when it requires properties. */
function invalidArgumentsProbe(observation: SurfaceObservation, tool: string, schema: unknown): ProbeRequest | undefined {
  const base = successfulArguments(observation, tool);
  if (!base) return hasRequired(schema) ? toolCallProbe(ID, invalidId(tool), tool, {}, true) : undefined;
  const probe = firstArgumentProbe(schema, base, argumentProbePrefix(tool), (p) => p.expect === 'reject');
  return probe ? toolCallProbe(ID, invalidId(tool), tool, probe.arguments, true) : undefined;
}

/** The SDK 1.x McpServer's wrapping of its own unknown-tool McpError into an isError result (sdk:server/mcp.js). */
const SDK1_WRAPPED_UNKNOWN = /^MCP error -32602: Tool .* not found$/s;

/** Whether an isError result is the SDK 1.x McpServer's wrapped unknown-tool error (its one text block). */
export function isSdk1WrappedUnknownTool(request: RequestRecord): boolean {
  const content = resultOf(request)?.content;
  if (!Array.isArray(content) || content.length !== 1) return false;
  const text = (content[0] as { text?: unknown } | null)?.text;
  return typeof text === 'string' && SDK1_WRAPPED_UNKNOWN.test(text);
}

/** Whether a plain (task-less) call of the tool must fail with -32601 (`execution.taskSupport: 'required'`). */
function taskRequired(tool: ListedTool): boolean {
  const execution = tool.execution as { taskSupport?: unknown } | undefined;
  return execution?.taskSupport === 'required';
}

/** Every request made to `tool` with arguments the harness took as valid: its scenario calls. */
function validCalls(observation: SurfaceObservation, tool: string): RequestRecord[] {
  return indexOf(observation.calls, successRequestsByTool).get(tool) ?? [];
}

/** The requests of the success-expecting scenario calls, per tool, in call order (one pass, not one per tool). */
function successRequestsByTool(calls: readonly SurfaceObservation['calls'][number][]): Map<string, RequestRecord[]> {
  const byTool = new Map<string, RequestRecord[]>();
  for (const c of calls) {
    if (c.scenario.expect !== 'success') continue;
    const list = byTool.get(c.scenario.tool);
    if (list) list.push(c.request);
    else byTool.set(c.scenario.tool, [c.request]);
  }
  return byTool;
}

/**
 * The one JSON-RPC error code every answered call of `tool` drew (scenario calls and the invalid-arguments
 * probe), when none of them was a result; undefined otherwise (no answered call, a result, mixed codes).
 */
function uniformProtocolError(requests: RequestRecord[]): number | undefined {
  const answered = requests.filter((r) => responseKind(r) !== 'none');
  if (answered.length === 0 || answered.some((r) => responseKind(r) !== 'protocol-error')) return undefined;
  const codes = new Set(answered.map((r) => rpcError(r)?.code));
  const [code] = codes;
  return codes.size === 1 && typeof code === 'number' ? code : undefined;
}

type Reporter = (finding: FindingDescriptor) => void;

/**
 * Results that flag a failure in a misspelled isError member (`misspelledIsError`: is_error, iserror...), which no
 * client reads: a warning once per tool, from a scenario call's answer or a probe's (a tool whose valid calls succeed
 * may misspell the flag only when it refuses invalid arguments). Its message names only the tool, so the finding reads
 * the same from every shard that saw such an answer; the first answer's scenario or probe is its evidence. Other
 * scenario calls answered as a success whose body says it failed: a note once per tool (`failureAsSuccess`), for the
 * tools with no misspelled flag. Neither depends on the order of the scenarios.
 */
function judgeFailuresAsSuccess(observation: SurfaceObservation, report: Reporter): void {
  const misspelled = new Set<string>();
  const flag = (tool: string, call: string) => {
    if (misspelled.has(tool)) return;
    misspelled.add(tool);
    // a misspelled flag is a failure the server meant to flag, not a heuristic reading of its words: a warning
    report({ messageId: 'misspelledIsError', severity: 'warning', tool, pointer: '/result/isError', data: { tool }, evidence: { answer: call } });
  };
  const isMisspelled = (request: RequestRecord) => responseKind(request) === 'result' && misspelledIsError(resultOf(request) ?? {});
  for (const c of observation.calls) if (isMisspelled(c.request)) flag(c.scenario.tool, `scenario '${c.scenario.name}'`);
  for (const p of observation.probes) if (p.probe.tool !== undefined && isMisspelled(p.request)) flag(p.probe.tool, `probe '${p.probe.id}'`);
  const noted = new Set<string>();
  for (const call of observation.calls) {
    const tool = call.scenario.tool;
    if (misspelled.has(tool) || noted.has(tool) || responseKind(call.request) !== 'result') continue;
    const result = resultOf(call.request);
    const how = result ? failureShape(result) : undefined;
    if (!how) continue;
    noted.add(tool);
    report({ messageId: 'failureAsSuccess', severity: 'info', tool, pointer: '/result/isError', data: { tool, scenario: call.scenario.name, how } });
  }
}

/**
 * The sentence toolFailuresAsProtocolErrors ends with when the failing tools' JSON-RPC error messages name a failed
 * network lookup or connection (all of them, or how many of them do) (util/stderr.ts `networkFailure`: a fixed name such as EAI_AGAIN, never the host or the
 * text), else ''. Message data, not part of the finding's id: the channel is the server's choice either way, but why no
 * call succeeded may be the run's (no network, a service not started). Not the stderr tail: whether a line reached it
 * before the session closed depends on timing, and the message must not.
 */
function failureCause(observation: SurfaceObservation, tools: readonly string[]): string {
  const messagesOf = (tool: string): string[] =>
    observation.calls.filter((c) => c.scenario.tool === tool).map((c) => rpcError(c.request)?.message).filter((m): m is string => typeof m === 'string');
  // per tool: a sentence that says "their errors" of every tool when one of three named the network overclaims (sweep
  // 35: nano-banana-mcp 1.0.3, one tool's "fetch failed" beside a missing file and "No previous image found")
  const named = tools.filter((tool) => networkFailure(messagesOf(tool)) !== undefined);
  if (named.length === 0) return '';
  const failure = networkFailure(named.flatMap(messagesOf));
  if (named.length === tools.length) return ` Their errors name a failed network lookup or connection (${failure}): the run may lack a network or service the tools need.`;
  return ` The errors of ${named.length} of them name a failed network lookup or connection (${failure}): the run may lack a network or service those tools need.`;
}

/**
 * The `{{kind}}` of unknownToolNotProtocolError: what a result that answered the unknown-tool probe was. A result that
 * is not a CallToolResult (no content array: SDK 0.6's `{"toolResult": {...}}`, @cloudflare/mcp-server-cloudflare 0.2.0,
 * sweep 18) is named as such, not as a success; the verdict is the same (no JSON-RPC error).
 */
function answeredAs(request: RequestRecord): string {
  if (notCallToolResult(request)) return 'a result that is not a CallToolResult (no content array)';
  return responseKind(request) === 'tool-error' ? 'an isError result' : 'a success result';
}

/** The unknown-tool probe: -32602 expected. */
function judgeUnknownTool(observation: SurfaceObservation, report: Reporter): void {
  const unknown = probeRecord(observation, UNKNOWN);
  if (!unknown) return;
  const kind = responseKind(unknown.request);
  const code = rpcError(unknown.request)?.code;
  if (kind === 'tool-error' && isSdk1WrappedUnknownTool(unknown.request)) return report({ messageId: 'unknownToolSdk1Wrapped', pointer: '/params/name' });
  const params = unknown.request.params;
  const name = params !== null && typeof params === 'object' ? (params as Record<string, unknown>).name : undefined;
  const probeName = typeof name === 'string' ? name : undefined;
  if (kind === 'tool-error' && !notCallToolResult(unknown.request) && !namesUnknownTool(resultText(unknown.request), probeName)) {
    // an isError gate before the name lookup (sweep 38: @microsoft/workiq 1.0.0's "You must accept the EULA before using
    // this tool" answers every call): what the server does with an unknown name where the call can run is unknown
    report({ messageId: 'unknownToolNotProtocolError', severity: 'warning', data: { kind: answeredAs(unknown.request), why: GATED_WHY }, pointer: '/params/name' });
  } else if (kind === 'tool-error' || kind === 'result') report({ messageId: 'unknownToolNotProtocolError', data: { kind: answeredAs(unknown.request), why: '' }, pointer: '/params/name' });
  else if (kind === 'protocol-error' && code !== -32602) {
    const message = rpcError(unknown.request)?.message;
    const failedFirst = code !== -32601 && !namesUnknownTool(message, probeName);
    report({ messageId: 'unknownToolWrongCode', severity: 'warning', data: { code: String(code), why: failedFirst ? WRONG_CODE_WHY : '' }, pointer: '/error/code' });
  }
}

/**
 * What an unknown-tool error adds when its message does not say the tool is unknown (and its code is not -32601, a
 * server that routes an unknown tool as an unknown method): the server may have failed before it looked the name up
 * (sweep 14: server-puppeteer answers -32603 "Could not find Chrome" for any tool, a browser launch that comes first),
 * so the code says nothing of how it answers an unknown tool where the tool can run. Under 200 characters (a data value
 * past that is cut, define.ts `formatMessage`).
 */
const WRONG_CODE_WHY = ' Its message does not say the tool is unknown: the server may have failed before it looked the name up (a missing browser, key or service).';

/**
 * What an isError answer to the unknown-tool probe adds when its text does not say the tool is unknown: like
 * WRONG_CODE_WHY, the server may have answered from a gate it puts before the name lookup (sweep 38: @microsoft/workiq
 * 1.0.0 answers every tools/call, an unknown name's too, "You must accept the EULA before using this tool" until
 * accept_eula is called), so the answer says nothing of how it treats an unknown tool where a call can run: a warning,
 * not the error. Under 200 characters (define.ts `formatMessage`).
 */
const GATED_WHY = ' Its text does not say the tool is unknown: the server may have failed before it looked the name up (a gate, a missing key or service).';

/** The text blocks of a CallToolResult answer, joined by newlines ('' when there are none). */
function resultText(request: RequestRecord): string {
  const content = resultOf(request)?.content;
  if (!Array.isArray(content)) return '';
  return content.map((b) => (b !== null && typeof b === 'object' && typeof (b as { text?: unknown }).text === 'string' ? (b as { text: string }).text : '')).join('\n');
}

/**
 * True when an error message says a tool is unknown or missing, in one of two ways:
 * - a word for "tool" and one for "unknown" or "missing", with the probe's own tool name `name` taken out first (it is
 *   `mcp_harness_unknown_tool_...`, whose "unknown" says nothing), e.g. "Unknown tool: x", "Tool x not found",
 *   "unknown tool \"x\"", "No such tool";
 * - the probe's name itself next to such a phrase, whatever noun the server uses (sweep 15: @notionhq/notion-mcp-server
 *   2.5.2 answers -32603 "Method <name> not found"), e.g. "<name> not found", "Unknown method: <name>", "No such
 *   function '<name>'", "<name> does not exist" (`namesProbeAsUnknown`).
 * "Not implemented" counts as "not there" in both (sweep 19: fast-filesystem-mcp 3.5.2 answers -32603 "Tool not
 * implemented: <name>"); after a colon it does not ("Tool call failed: streaming not implemented").
 * A phrase for "unknown" elsewhere in the text does not count: "Tool execution failed: invalid API key", "Error calling
 * tool: API key not found" and "Failed to launch the browser for <name>: Could not find Chrome" name no unknown tool.
 */
const UNKNOWN_BEFORE_TOOL = /\b(unknown|invalid|unrecogni[sz]ed|no\s+such|nonexistent|non-existent|missing|undefined)\s+tool\b/i;
const TOOL_BEFORE_UNKNOWN = /\btool\b[^.:;,]{0,40}?\b(is\s+unknown|not\s+found|does\s*n[o']t\s+exist|does\s+not\s+exist|not\s+exist|not\s+registered|not\s+available|not\s+defined|not\s+implemented|unknown)\b/i;

/** Before the probe's name: a word for "unknown", at most one noun for what was called, an optional colon and quote. */
const UNKNOWN_BEFORE_NAME = String.raw`\b(?:unknown|unrecogni[sz]ed|no\s+such|nonexistent|non-existent)(?:\s+(?:tool|method|function|command|name|action|operation|procedure|handler|capability))?\s*:?\s*['"\u0060]?`;
/** After the probe's name: an optional closing quote and auxiliary, then a phrase for "not there" (no colon between: "<name>: API key not found" is no unknown tool). */
const NAME_BEFORE_UNKNOWN = String.raw`['"\u0060]?\s+(?:(?:is|was|could|can|has)\s+)?(?:unknown|not\s+found|not\s+be\s+found|not\s+been\s+found|does\s*n[o']t\s+exist|do\s+not\s+exist|not\s+exist|not\s+registered|not\s+defined|not\s+available|not\s+implemented|not\s+recogni[sz]ed)\b`;

/** True when the probe's tool name `name` stands right after a word for "unknown" or right before a phrase for "not found". */
function namesProbeAsUnknown(message: string, name: string): boolean {
  const quoted = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`${UNKNOWN_BEFORE_NAME}${quoted}`, 'i').test(message) || new RegExp(`${quoted}${NAME_BEFORE_UNKNOWN}`, 'i').test(message);
}

/** Whether a JSON-RPC error `message` says the tool is unknown (the two ways above); `name`: the probe's tool name. */
function namesUnknownTool(message: unknown, name: string | undefined): boolean {
  if (typeof message !== 'string') return false;
  if (name && namesProbeAsUnknown(message, name)) return true;
  const text = name ? message.split(name).join(' ') : message;
  // the word for unknown next to "tool" (either order, nothing but a name or quotes between), not anywhere in the text:
  // "Tool execution failed: invalid API key" and "Error calling tool: API key not found" are no unknown tool
  return UNKNOWN_BEFORE_TOOL.test(text) || TOOL_BEFORE_UNKNOWN.test(text);
}

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'error',
    description: 'An unknown tool is JSON-RPC -32602; invalid arguments (2025-11-25+) and tool failures are isError results.',
    rationale: 'A model can only self-correct from an isError result it sees; a JSON-RPC error is swallowed by the host. An unknown tool is a protocol error so that clients can tell a missing tool from a failing one.',
    spec: 'spec:2025-11-25/server/tools.mdx §Error Handling; SEP-1303',
    messages: {
      unknownToolNotProtocolError: 'Calling a tool that does not exist was answered with {{kind}}; it must be a JSON-RPC error with code -32602 (unknown tool).{{why}}',
      unknownToolWrongCode: 'Calling a tool that does not exist was answered with JSON-RPC error code {{code}}; the channel is right, but the spec uses -32602 (unknown tool).{{why}}',
      unknownToolSdk1Wrapped:
        'Calling a tool that does not exist was answered with an isError result whose text is the SDK 1.x McpServer wrapping its own -32602 error ("MCP error -32602: Tool ... not found"); it must be a JSON-RPC error with code -32602. Fix: see docs/checks.md#errorsclassification.',
      failureAsSuccess:
        "Tool {{tool}}: scenario '{{scenario}}' got a result without isError but with {{how}}; a tool that fails should set isError: true so clients and the model can tell.",
      misspelledIsError:
        'Tool {{tool}} answered with a result that flags its failure in a member spelled like isError but not isError (is_error or the like) set to true; clients read only isError, so they take the failure for a success.',
      toolFailuresAsProtocolErrors:
        'Tool failures come back as JSON-RPC errors: {{count}} tool(s) ({{tools}}) answered every call, valid arguments included, with JSON-RPC error {{codes}} and no call succeeded; a tool that fails should return a CallToolResult with isError: true so the model sees the failure.{{cause}}',
      invalidArgumentsProtocolError: 'Tool {{tool}}: arguments that fail its inputSchema were answered with JSON-RPC error {{code}}; from protocol 2025-11-25 they must come back as a CallToolResult with isError: true and a readable message.',
      toolErrorAsProtocolError: 'Tool {{tool}}: scenario {{scenario}} expects a tool error but got JSON-RPC error {{code}}; a tool that fails must return a CallToolResult with isError: true.',
    },
    fixes: {
      unknownToolSdk1Wrapped:
        "The 1.x `McpServer` (`@modelcontextprotocol/sdk`) catches the McpError it throws for an unknown tool and returns it as `isError` text. Move to the 2.x `McpServer` (`@modelcontextprotocol/server`), which answers a real -32602; or, on 1.x, register your own `tools/call` handler (`server.server.setRequestHandler(CallToolRequestSchema, ...)`) that throws `new McpError(ErrorCode.InvalidParams, 'Unknown tool: ' + name)` for a name you do not serve before delegating.",
      failureAsSuccess:
        "Tool {{tool}}: scenario '{{scenario}}' got a result without isError but with {{how}}; a tool that fails should set isError: true so clients and the model can tell.",
      misspelledIsError:
        'Spell the member `isError` (camel case, as CallToolResult defines it): `{ content: [...], isError: true }`. If the result comes from your own output schema (a zod object with `is_error`, say), rename the field there; a member no client reads is a failure every client shows as a success.',
      toolFailuresAsProtocolErrors:
        'When the message ends with a sentence on a failed network lookup or connection, the failing tools\' own error messages named one (EAI_AGAIN, fetch failed...): give the run the network or service they need to see them succeed; the channel is to fix either way. Catch failures inside the tool handler and return `{ content: [{ type: "text", text: <what went wrong> }], isError: true }`; keep JSON-RPC errors for unknown tools and malformed requests. If every call fails because the server lacks configuration (an API key, a file), configure the surface (`env`, `setup`) so valid calls can succeed.',
    },
    examples: {
      fail: '{"method":"tools/call","params":{"name":"lookup_user","arguments":{"id":"u1","foobar":1}}} -> {"error":{"code":0,"message":"decode failed"}}',
      pass: '-> {"result":{"content":[{"type":"text","text":"Invalid arguments: unknown field"}],"isError":true}}',
    },
  },
  plan({ observation }) {
    const probes: ProbeRequest[] = [toolCallProbe(ID, UNKNOWN, unknownToolName(observation), { probe: makeSentinel(UNKNOWN) })];
    for (const tool of listedTools(observation)) {
      if (!mayProbe(observation, tool)) continue;
      const probe = invalidArgumentsProbe(observation, tool.name, tool.inputSchema);
      if (probe) probes.push(probe);
    }
    return probes;
  },
  check({ observation }, report) {
    judgeUnknownTool(observation, report);
    judgeFailuresAsSuccess(observation, report);
    const modernRule = atLeastRevision(observation.negotiation?.protocolVersion, '2025-11-25');
    const failing = new Map<string, number>();
    for (const tool of listedTools(observation)) {
      const valid = validCalls(observation, tool.name);
      const record = probeRecord(observation, invalidId(tool.name));
      const code = taskRequired(tool) ? undefined : uniformProtocolError([...valid, ...(record ? [record.request] : [])]);
      // -32602 is an argument rejection (errors/input-enforcement's validCallRejected), not a tool failure
      if (code !== undefined && code !== -32602 && valid.some((r) => responseKind(r) === 'protocol-error')) failing.set(tool.name, code);
      // only a valid call that was not a protocol error makes the probe's JSON-RPC error about the arguments
      const judged = valid.some((r) => responseKind(r) === 'result' || responseKind(r) === 'tool-error');
      if (!record || !judged || responseKind(record.request) !== 'protocol-error') continue;
      // what was sent and the JSON-RPC error that came back are evidence (--show-values)
      const evidence = { params: record.probe.params, error: rpcError(record.request) };
      report({ messageId: 'invalidArgumentsProtocolError', tool: tool.name, pointer: '/error/code', data: { tool: tool.name, code: String(rpcError(record.request)?.code) }, ...(modernRule ? {} : { severity: 'info' }), evidence });
    }
    if (failing.size > 0) {
      const tools = [...failing.keys()].sort();
      const codes = [...new Set(failing.values())].sort((a, b) => a - b).join(', ');
      report({ messageId: 'toolFailuresAsProtocolErrors', severity: 'warning', pointer: '/error/code', data: { count: tools.length, tools: boundNameList(tools), codes, cause: failureCause(observation, tools) } });
    }
    for (const call of observation.calls) {
      if (call.scenario.expect !== 'tool-error' || responseKind(call.request) !== 'protocol-error') continue;
      report({ messageId: 'toolErrorAsProtocolError', tool: call.scenario.tool, pointer: '/error/code', data: { tool: call.scenario.tool, scenario: call.scenario.name, code: String(rpcError(call.request)?.code) } });
    }
  },
});
