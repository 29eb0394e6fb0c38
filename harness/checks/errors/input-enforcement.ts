/**
 * errors/input-enforcement: the handler rejects arguments its inputSchema forbids (one negative
 * probe per constraint) and accepts the boundary values it allows; and a call (generated or from a
 * scenario expecting success) whose arguments are valid per the advertised inputSchema but are
 * rejected as invalid means the inputSchema under-states what the handler enforces (once per tool,
 * naming the property where the error does). Probes are derived from a call that succeeded (a result whose body
 * does not report a failure: harness/probes/targets.ts `successfulArguments`), and a forbidden value refused in the
 * body of a result without `isError` (`{"success": false, "message": ...}`, "Error: ...", or a JSON body whose only or
 * leading string member refuses the probed argument, `{"hint": "query is required"}`: harness/probes/result-text.ts)
 * is a refusal on the wrong channel, not an acceptance (`refusedWithoutIsError`, a note once per tool); an allowed value
 * refused so, in words of validation that name the probed property, is `rejected` as an isError one is. A tool it may
 * probe that was called but never succeeded gets no probes, and a note names it (`unprobed`), so a run whose calls
 * all failed (a dummy key, no network) does not read as enforcement that held. A tool whose base call and every probe,
 * valid or not, got the very same result, a text that reads as a failure (`ALIKE_FAILURE`) with no structuredContent,
 * failed whatever its arguments, with a failure text the shapes above miss ("⚠️ **Metadata client not enabled.**",
 * sweep 17: 103 false `accepted` warnings on metabase-ai-assistant 4.2.0, whose unconfigured tools answered every call
 * so). Its probes are not judged; a note names it (`answeredAlike`).
 * A valid call that left out an optional property and was refused in words that offer where the server runs as the
 * alternative ("folder_path is required. Provide folder_path or run from a project directory": harness/probes/rejection.ts
 * `refusesWorkingDirectory`) is no validCallRejected: the run's directory is refused, which no schema can state (sweep 37);
 * nor is one whose every answer text names a failed network request ("Unable to validate projectId against the project
 * registry: fetch failed": `refusesForNetwork`), the run's missing network or service.
 * A result that is not a CallToolResult (no `content` array: harness/probes/records.ts `notCallToolResult`; result/shape
 * reports it) says neither success nor failure: SDK 0.6's `{"toolResult": {"content": [...], "isError": true}}`
 * (@cloudflare/mcp-server-cloudflare 0.2.0, sweep 18: 305 false `accepted` warnings on 76 tools). A call answered so is
 * no base for probes (a tool with no other call that succeeded is `unprobed`), and a probe answered so is undecided:
 * neither `accepted` nor `rejected` nor `refusedWithoutIsError`.
 * A string's allowed length bounds (a's exactly at minLength or maxLength) are probed only on a property the successful
 * call carried (harness/probes/negative.ts `stringProbes`): elsewhere the handler may check the content the schema leaves
 * free (a time zone in a plain string) and refuse the a's for that, which is no refusal of the bound (sweep 19).
 * Two probes of requests that are valid on the wire but that the harness's own calls never spelled
 * (issue 9 §3), each judged only against a call of the same tool with the same arguments that succeeded (as the
 * harness reads success: a result without isError whose body reports no failure in a shape it knows). Their messages
 * say what that call got, a result without isError, and not that it succeeded: on a published server the `{}` call's
 * plain text was a failure no shape matches ("INTERNAL_ERROR: ... failed, reason: getaddrinfo EAI_AGAIN", sweep 13),
 * which still shows that `{}` was not refused as invalid where the absent arguments were:
 * - `tools/call` without `arguments` for a tool whose inputSchema requires nothing, after a call with
 *   `arguments: {}` succeeded: `arguments` is optional in every revision (schema.ts CallToolRequest
 *   `arguments?:`), so a rejection is a warning (`omittedArgumentsRejected`).
 * - the first top-level integer property of the successful arguments written as `N.0` (a raw float on
 *   the wire): JSON has one number type (RFC 8259 §6) and JSON Schema's `integer` is any number with a
 *   zero fractional part (JSON Schema 2020-12 Validation §6.1.1), so a rejection is a warning
 *   (`wholeFloatRejected`; no MUST names it: the tools page only says servers MUST validate inputs).
 * Spec: spec:2025-11-25/server/tools.mdx §Error Handling, §Security Considerations (servers MUST validate all tool inputs);
 * schema/2025-11-25/schema.ts CallToolRequest; JSON Schema 2020-12 Validation §6.1.1.
 */
import { defineCheck } from '../define.ts';
import { argumentProbePrefix, deriveArgumentProbes, EXTRA_PROPERTY, type ArgumentProbe } from '../../probes/negative.ts';
import { looksLikeValidationError, notCallToolResult, probeRecord, readsAsValidation, refusesCredentialOnly, responseKind, resultOf, rpcError } from '../../probes/records.ts';
import { bodyFailure, failureShape, NAMED_REFUSAL_SHAPE, refusalNaming, textBlocks, type FailureShape } from '../../probes/result-text.ts';
import { listedTools, mayProbe, mayRepeat, successfulArguments, toolCallProbe } from '../../probes/targets.ts';
import { argumentRejection, namesPropertyIn, refusesForNetwork, refusesWorkingDirectory } from '../../probes/rejection.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import type { ListedTool } from '../../model/protocol.ts';
import type { ProbeRecord, ProbeRequest } from '../../model/wire.ts';
import type { SchemaService } from '../../schema/service.ts';
import type { FindingDescriptor } from '../define.ts';
import { joinPointer } from '../util/pointer.ts';

const ID = 'errors/input-enforcement';
const prefix = (tool: string) => `${ID}:${tool}`;
/**
 * `<check>:<tool>:<probe key>`, the id of the request probe planned for `p` on `tool`, built flat: `join` writes one
 * string, where a template literal of a template literal makes a chain of concatenations that is kept with the
 * request (~16,000 of them at 1,000 tools) and flattened again by every Map lookup of the judging pass.
 */
const probeId = (tool: string, p: ArgumentProbe): string => [ID, tool, p.key].join(':');

/** Every (tool, argument probe) pair this check plans: probe-able tools with a successful call. */
function planned(observation: SurfaceObservation): Array<{ tool: string; probe: ArgumentProbe }> {
  const out: Array<{ tool: string; probe: ArgumentProbe }> = [];
  for (const tool of listedTools(observation)) {
    const base = mayProbe(observation, tool) ? successfulArguments(observation, tool.name) : undefined;
    if (!base) continue;
    for (const probe of deriveArgumentProbes(tool.inputSchema, base, argumentProbePrefix(tool.name))) out.push({ tool: tool.name, probe });
  }
  return out;
}

/**
 * What makes a text's first line (the first that is not a markdown heading) read as a failure once every call of the
 * tool got that same text (`answeredAlike`): opening, or opening after a short label ("Metabase API: "), with a sign of
 * failure (❌ ✖ ✗ ✘ ⛔ ⚠ ❗ ‼ 🚫 🛑) or "cannot", "can't", "could not", "unable to", "failed to"; saying a thing is
 * "not enabled/configured/initialised/set up/...", "isn't configured", "has not been configured", or a project,
 * repository, workspace, codebase, directory or folder that "isn't indexed" (sweep 28: @colbymchenry/codegraph 1.6.1
 * without an index answers every call "The project at ... isn't indexed ..., so codegraph cannot query it."; a
 * guide's "a column that is not indexed is scanned" names none of those); a JavaScript exception's "is not a function/defined"; or a setting
 * "is missing", or "is required" or "not set" where it names a key, token, secret, credential, URL or endpoint, or an
 * environment variable (ENV_NAME_UNSET). Never words a normal output holds as data or prose: "Error rate: 0.2%",
 * "Not Found" or "Service Unavailable" in a link checker's or a status page's answer (test/e2e/configs/verdicts.ts), a
 * guide's "a name cannot start with a digit" or "a description is required" (two reviewers' `--guide` servers).
 */
const ALIKE_FAILURE = /^[\s*_#>`]*(?:[^:\n]{1,40}:\s*)?(?:[\u274C\u2716\u2717\u2718\u26D4\u26A0\u2757\u203C]|\u{1F6AB}|\u{1F6D1}|(?:cannot|can't|could not|couldn't|unable to|failed to)\b)|(?:\bnot|n['\u2019]t) (?:yet |been )*(?:enabled|configured|initiali[sz]ed|set up|connected|authenticated|authori[sz]ed|installed|implemented)\b|\b(?:project|repo(?:sitory)?|workspace|codebase|directory|folder)\b[^.\n]{0,80}\b(?:is|has)(?:n['\u2019]t| not) (?:yet |been )*indexed\b|\bis missing\b|\b(?:api[ _-]?key|access[ _-]?key|key|token|secret|credentials?|password|url|endpoint)s? (?:is|are) (?:required|not set)\b|\bis not (?:a function|defined)\b/iu;
/** An environment variable's name (upper case, with an underscore) said to be required or not set. Case-sensitive. */
const ENV_NAME_UNSET = /\b[A-Z][A-Z0-9]*_[A-Z0-9_]+ (?:is|are) (?:required|not set)\b/u;

/** The first line of `text` that is not empty and not a markdown heading (`# ...`), at most 500 characters. */
function firstProseLine(text: string): string | undefined {
  for (const line of text.split('\n', 20)) if (line.trim() !== '' && !/^\s*#{1,6}\s/.test(line)) return line.slice(0, 500);
  return undefined;
}

/**
 * The tools whose probes cannot say how they validate arguments: the call the probes started from (the first that
 * succeeded, `successfulArguments`) got a result without isError and structuredContent whose text reads as a failure
 * (ALIKE_FAILURE), and each of the tool's probes planned here, valid or not, got the very same result (JSON text
 * equal): the call was no success to probe from (a backend it could not reach, a feature not set up), whatever it did
 * with the arguments before it failed (sweep 17: one tool logged the probe's value in the URL it could not fetch). Pure.
 */
function answeredAlike(observation: SurfaceObservation, plannedProbes: ReadonlyArray<{ tool: string; probe: ArgumentProbe }>): Set<string> {
  const byTool = new Map<string, ArgumentProbe[]>();
  for (const { tool, probe } of plannedProbes) {
    const list = byTool.get(tool);
    if (list) list.push(probe);
    else byTool.set(tool, [probe]);
  }
  const alike = new Set<string>();
  for (const [tool, probes] of byTool) {
    const args = successfulArguments(observation, tool);
    const base = args && observation.calls.find((c) => c.scenario.tool === tool && c.scenario.arguments === args);
    const result = base && responseKind(base.request) === 'result' ? resultOf(base.request) : undefined;
    if (!result || result.structuredContent !== undefined) continue;
    const first = textBlocks(result.content)[0];
    const line = first === undefined ? undefined : firstProseLine(first.text);
    if (line === undefined || !(ALIKE_FAILURE.test(line) || ENV_NAME_UNSET.test(line))) continue;
    const text = JSON.stringify(result);
    const same = (p: ArgumentProbe): boolean => {
      const record = probeRecord(observation, probeId(tool, p));
      const answer = record && responseKind(record.request) === 'result' ? resultOf(record.request) : undefined;
      return answer !== undefined && (answer === result || JSON.stringify(answer) === text);
    };
    if (probes.every(same)) alike.add(tool);
  }
  return alike;
}

const OMITTED = 'omitted-arguments';
const FLOAT = 'whole-float';

/** A request probe of a tool with the successful arguments it is judged against. */
interface RequestProbe {
  tool: ListedTool;
  kind: typeof OMITTED | typeof FLOAT;
  property?: string;
  base: Record<string, unknown>;
}

/** Whether a property schema says integer (and not number): `type: "integer"` or a type list with it. */
function isIntegerSchema(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object') return false;
  const type = (schema as { type?: unknown }).type;
  const types = typeof type === 'string' ? [type] : Array.isArray(type) ? type : [];
  return types.includes('integer') && !types.includes('number');
}

/**
 * The omitted-arguments and whole-float probes: tools a probe may repeat (`mayRepeat`: these probes expect the
 * base call's success again) with a successful call to compare with.
 */
function requestProbes(observation: SurfaceObservation): RequestProbe[] {
  const out: RequestProbe[] = [];
  for (const tool of listedTools(observation)) {
    const base = mayRepeat(observation, tool) ? successfulArguments(observation, tool.name) : undefined;
    if (!base) continue;
    const required = tool.inputSchema?.required;
    if (Object.keys(base).length === 0 && !(Array.isArray(required) && required.length > 0)) out.push({ tool, kind: OMITTED, base });
    const properties = (tool.inputSchema?.properties ?? {}) as Record<string, unknown>;
    const property = Object.keys(base).find((name) => Number.isInteger(base[name]) && Object.hasOwn(properties, name) && isIntegerSchema(properties[name]));
    if (property !== undefined) out.push({ tool, kind: FLOAT, property, base });
  }
  return out;
}

const requestProbeId = (p: RequestProbe) => `${prefix(p.tool.name)}:${p.kind}`;

/**
 * The probe request: `tools/call` without `arguments`, or the base arguments with one integer written as `N.0`.
 * `early`: it depends only on the listing and the base call's arguments, and is judged only when that call
 * succeeded (`requestProbes` on the final observation), so the runner may send it beside the calls (a long
 * tool's probe then runs while its own call runs, issue 12).
 */
function requestProbeRequest(p: RequestProbe): ProbeRequest {
  const id = requestProbeId(p);
  if (p.kind === OMITTED) return { id, check: ID, tool: p.tool.name, method: 'tools/call', params: { name: p.tool.name }, early: true };
  return { ...toolCallProbe(ID, id, p.tool.name, p.base), floatPaths: [['arguments', p.property as string]], early: true };
}

/** Rejections of the request probes (answers that say the arguments are invalid), once per tool and kind. */
function judgeRequestProbes(observation: SurfaceObservation, report: (f: FindingDescriptor) => void): void {
  for (const p of requestProbes(observation)) {
    const record = probeRecord(observation, requestProbeId(p));
    const rejection = record && argumentRejection(record.request, propertyNames(p.tool));
    if (!rejection) continue;
    if (p.kind === OMITTED) report({ messageId: 'omittedArgumentsRejected', tool: p.tool.name, pointer: '/inputSchema', data: { tool: p.tool.name, answer: rejection.answer } });
    else report({ messageId: 'wholeFloatRejected', tool: p.tool.name, pointer: joinPointer('/inputSchema/properties', p.property as string), data: { tool: p.tool.name, property: p.property as string, answer: rejection.answer } });
  }
}

/**
 * How a result without `isError` says in its body that the call failed (../../probes/result-text.ts
 * `failureShape`), or that it refused the argument the probe touched (`refusalNaming`: a JSON body whose only or
 * leading string member says "query is required", "missing query", "invalid limit"), if it does: the handler refused
 * the arguments, on the wrong channel (`refusedWithoutIsError`, a note once per tool, as errors/classification's
 * `failureAsSuccess` on the scenario calls); it did not accept them.
 */
function refusedInBody(request: ProbeRecord['request'], probe: ArgumentProbe): FailureShape | undefined {
  const result = resultOf(request);
  if (result === undefined) return undefined;
  return failureShape(result) ?? (refusalNaming(result, touchedName(probe)) ? NAMED_REFUSAL_SHAPE : undefined);
}

/** The argument name a forbidden-value probe touched: its property, or the undeclared one it added. */
function touchedName(probe: ArgumentProbe): string {
  return probe.key === 'additional-property' ? EXTRA_PROPERTY : probedProperty(probe);
}

/**
 * Whether a result without isError refuses in its body (`bodyFailure`) in words of validation that name `property`,
 * read in the failure's own words only: a JSON body's member names and data never count (`{"code": 511, "status":
 * 511, "message": "Network Authentication Required"}` is no refusal of a property `code`).
 */
function refusedInWordsNaming(request: ProbeRecord['request'], property: string): boolean {
  const result = resultOf(request);
  const failure = result === undefined ? undefined : bodyFailure(result);
  return failure !== undefined && failure.messages.some(readsAsValidation) && namesPropertyIn(failure.messages, property);
}

/** The top-level property an argument probe changed (its key is `<kind>:<property>`). */
function probedProperty(probe: ArgumentProbe): string {
  return probe.key.slice(probe.key.indexOf(':') + 1);
}

/** Top-level property names of an inputSchema (own keys only). */
function propertyNames(tool: ListedTool): string[] {
  const properties = tool.inputSchema?.properties;
  return properties !== null && typeof properties === 'object' && !Array.isArray(properties) ? Object.keys(properties) : [];
}

/**
 * Tools the check may probe (`mayProbe`) that the harness called with arguments meant to succeed (a generated call,
 * or a scenario expecting success), none of whose calls succeeded (each answer a JSON-RPC error, an isError result,
 * a result whose body reports a failure, or a result that is not a CallToolResult: `successfulArguments`), in listing order: they got no argument probes,
 * so nothing is known of how they validate. Each is named in a note (`unprobed`), so a run whose calls all failed
 * (a dummy key, no network) does not read as enforcement that held. A tool whose calls all expect an error (the
 * user's negative scenarios) is left alone. A call shard (`--shard` of one surface) holds all of a tool's calls
 * (report/shard.ts `callShardId`), so the note is the same as in a full run.
 */
function unprobedTools(observation: SurfaceObservation): string[] {
  const meant = new Set(observation.calls.filter((c) => c.scenario.expect === 'success').map((c) => c.scenario.tool));
  return listedTools(observation)
    .filter((tool) => meant.has(tool.name) && mayProbe(observation, tool) && successfulArguments(observation, tool.name) === undefined)
    .map((tool) => tool.name);
}

/** Calls with arguments valid per the advertised inputSchema that came back rejected as invalid: one finding per tool. */
function judgeValidCalls(observation: SurfaceObservation, schemas: SchemaService, report: (f: FindingDescriptor) => void): void {
  const tools = new Map(listedTools(observation).map((t) => [t.name, t]));
  const reported = new Set<string>();
  for (const call of observation.calls) {
    const tool = tools.get(call.scenario.tool);
    if (!tool || reported.has(tool.name) || call.scenario.expect !== 'success') continue;
    const rejection = argumentRejection(call.request, propertyNames(tool));
    // an optional argument the handler takes from where the server runs, left out: the run's directory; a check of the
    // arguments that failed on the network: the run's network (sweep 37)
    if (!rejection || refusesWorkingDirectory(call.request, rejection, call.scenario.arguments) || refusesForNetwork(call.request)) continue;
    const compiled = schemas.compile(tool.inputSchema);
    if (!compiled.ok || compiled.validate(call.scenario.arguments).length > 0) continue;
    reported.add(tool.name);
    const pointer = rejection.property ? joinPointer('/inputSchema/properties', rejection.property) : '/inputSchema';
    const where = rejection.property ? `; the error names property '${rejection.property}'` : '';
    report({ messageId: 'validCallRejected', tool: tool.name, pointer, data: { tool: tool.name, answer: rejection.answer, where }, evidence: { scenario: call.scenario.name, arguments: call.scenario.arguments } });
  }
}

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'warning',
    description: 'The handler rejects arguments its inputSchema forbids and accepts the values it allows.',
    rationale: 'A schema the handler does not enforce is a promise the server does not keep: out-of-range or unexpected input reaches the implementation, and hosts that trust the schema are misled. Rejecting allowed values is the opposite drift.',
    spec: 'spec:2025-11-25/server/tools.mdx §Error Handling, §Security Considerations; schema/2025-11-25/schema.ts CallToolRequest; JSON Schema 2020-12 Validation §6.1.1',
    messages: {
      accepted: 'Tool {{tool}} accepted a call with {{probe}}, which its inputSchema forbids; it must reject it (an isError result, or -32602).',
      rejected: 'Tool {{tool}} rejected a call with {{probe}}, which its inputSchema allows ({{answer}}).',
      refusedWithoutIsError:
        'Tool {{tool}} refused arguments its inputSchema forbids in a result without isError ({{how}}): the right answer on the wrong channel; since 2025-11-25 invalid arguments come back as a CallToolResult with isError: true, so clients and the model can tell.',
      validCallRejected:
        'Tool {{tool}} rejected arguments that are valid per its advertised inputSchema as invalid ({{answer}}){{where}}: the inputSchema under-states what the handler enforces.',
      omittedArgumentsRejected:
        'Tool {{tool}} rejected a tools/call without arguments as invalid ({{answer}}), though its inputSchema requires nothing and the same call with arguments {} got a result without isError (not refused as invalid); arguments is optional in every revision (CallToolRequest), so treat an absent arguments as {}.',
      answeredAlike:
        'Tool {{tool}} answered the call its probes started from and every probe, valid or not, with the same result: a text that reads as a failure, without isError or structuredContent. Its calls did not succeed, so how it validates arguments was not judged; give the surface what valid calls need (env, setup, scenarios).',
      unprobed:
        'Tool {{tool}} got no input-enforcement probes: none of its calls succeeded (a JSON-RPC error, an isError result, a body that reports a failure, or a result that is not a CallToolResult, without a content array), and probes start from arguments a call succeeded with. How it validates arguments was not tested; give the surface what valid calls need (env, setup, scenarios).',
      wholeFloatRejected:
        "Tool {{tool}} rejected the integer property '{{property}}' written as a whole-number float (N.0) as invalid ({{answer}}), though the same call with N got a result without isError (not refused as invalid); JSON has one number type and JSON Schema's integer accepts any number with a zero fractional part.",
    },
    examples: {
      fail: 'inputSchema {"properties":{"limit":{"type":"integer","maximum":50}}}; a call with limit above 50 returns a normal result',
      pass: 'the same call returns {"isError":true,"content":[{"type":"text","text":"limit must be at most 50"}]}',
    },
  },
  plan({ observation }) {
    return [...planned(observation).map(({ tool, probe }) => toolCallProbe(ID, probeId(tool, probe), tool, probe.arguments, probe.expect === 'reject')), ...requestProbes(observation).map(requestProbeRequest)];
  },
  planEarly({ observation }) {
    return requestProbes(observation).map(requestProbeRequest);
  },
  check({ observation, schemas }, report) {
    judgeValidCalls(observation, schemas, report);
    for (const tool of unprobedTools(observation)) report({ messageId: 'unprobed', severity: 'info', tool, pointer: '/inputSchema', data: { tool } });
    judgeRequestProbes(observation, report);
    const refusedOnResult = new Set<string>();
    const all = planned(observation);
    const alike = answeredAlike(observation, all);
    for (const tool of alike) report({ messageId: 'answeredAlike', severity: 'info', tool, pointer: '/inputSchema', data: { tool } });
    for (const { tool, probe } of all) {
      if (alike.has(tool)) continue;
      const record = probeRecord(observation, probeId(tool, probe));
      // a result that is not a CallToolResult (no content array) says neither acceptance nor rejection: undecided
      if (!record || notCallToolResult(record.request)) continue;
      const kind = responseKind(record.request);
      const data = { tool, probe: probe.label };
      // the probe's arguments are evidence (--show-values): what to send to see it again
      const evidence = { arguments: probe.arguments };
      if (probe.expect === 'reject' && kind === 'result') {
        const refusal = refusedInBody(record.request, probe);
        if (refusal === undefined) report({ messageId: 'accepted', tool, pointer: probe.pointer, data, evidence });
        else if (!refusedOnResult.has(tool)) {
          refusedOnResult.add(tool);
          report({ messageId: 'refusedWithoutIsError', severity: 'info', tool, pointer: '/result/isError', data: { tool, how: refusal }, evidence });
        }
      }
      if (probe.expect !== 'accept') continue;
      // a -32602 that refuses a credential and nothing else is the service's verdict on it, not on the value (as below)
      const error = kind === 'protocol-error' ? rpcError(record.request) : undefined;
      const invalidParams = error?.code === -32602 && !(typeof error.message === 'string' && refusesCredentialOnly(error.message));
      // a refusal in a result body counts only when the failure's own words (its report, or its JSON body's
      // messages: not the body's member names) are words of validation that name the probed property; the
      // words of the whole answer first: an accepted value's result body is read (parsed) only when they match
      const validationError =
        kind === 'tool-error'
          ? looksLikeValidationError(record.request)
          : kind === 'result' && looksLikeValidationError(record.request) && refusedInWordsNaming(record.request, probedProperty(probe));
      if (invalidParams || validationError) {
        const answer = invalidParams ? 'JSON-RPC -32602' : kind === 'tool-error' ? 'an isError result' : 'a result without isError whose body reports a failure';
        report({ messageId: 'rejected', tool, pointer: probe.pointer, data: { ...data, answer }, evidence });
      }
    }
  },
});
