/**
 * result/structured-content: a tool that declares an outputSchema returns, on success, a
 * structuredContent that is present and valid against it (spec:2025-11-25/server/tools.mdx §Output Schema;
 * object-only on 2025 revisions, any JSON value on 2026-07-28 per SEP-2106). An `isError` result that is
 * really the server's own output-validation failure (the v2 SDK server's behaviour) is reported too,
 * and so (a warning) is an `isError` result that carries a structuredContent failing the outputSchema:
 * clients that validate every structuredContent reject it, and the model loses the error text.
 *
 * Revisions: outputSchema and structuredContent come from 2025-06-18 ("Servers MUST provide structured
 * results that conform to this schema", spec:2025-06-18/server/tools.mdx §Output Schema). On 2024-11-05 and
 * 2025-03-26, whose Tool and CallToolResult define neither, the findings are warnings whose message says the
 * rule is 2025-06-18's: clients such as the MCP SDKs validate structuredContent against an advertised
 * outputSchema whatever the revision, so the call still fails there. A tool whose outputSchema the user's
 * contract declares (`observation.contract`, a module or a lock) stays an error on every revision: the
 * contract is the user's rule. Its structuredContent is still validated against the advertised outputSchema
 * (tools/input-narrowing holds that to the contract's); on those older revisions a non-object structuredContent
 * of a contract tool is judged by the schema itself (`invalid`), the object rule being 2025-06-18's.
 * Answers to probes whose arguments break the inputSchema on purpose (`ProbeRequest.invalidArguments`) are not judged
 * here: a structuredContent that fails the outputSchema there mirrors the probe's own input (sweep 17: a wrong-type
 * `database_id` echoed back drew an error beside errors/input-enforcement's `accepted`, one fault twice).
 * A result without structuredContent that is not a CallToolResult either (no `content` array: SDK 0.6's
 * `{"toolResult": {...}}`, @cloudflare/mcp-server-cloudflare 0.2.0, sweep 18) is result/shape's: it says neither success
 * nor failure, so it is not called a successful result missing its structuredContent (`missing`).
 */
import { defineCheck, type CheckContext } from '../define.ts';
import { isModernRevision, isToolError, listedTool, resultObject, toolCalls, type ToolCallView } from '../util/calls.ts';
import { isJsonObject } from '../util/json.ts';
import { dedupeReport, type Report } from '../util/report.ts';
import { atLeastRevision, STRUCTURED_OUTPUT_REVISION } from '../../wire/revision.ts';
import { schemasIdentical } from '../../schema/compare.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import { outputValidationText } from '../util/output-validation.ts';
import type { ValidationIssue } from '../../schema/service.ts';
import { notEvaluated } from '../../schema/stack-guard.ts';
import { failureShape } from '../../probes/result-text.ts';

/** `missing`'s words for a result without isError whose body reports a failure (probes/result-text.ts `failureShape`). */
const FAILED_RESULT = { result: 'result without isError whose body reports a failure', advice: ' A failed call must say isError: true; it then needs no structuredContent.' };

/** Validation issues reported per call before a summary finding. */
const MAX_ISSUES_PER_CALL = 20;

export default defineCheck({
  meta: {
    id: 'result/structured-content',
    defaultSeverity: 'error',
    description: 'A tool with an outputSchema returns structuredContent that is present and valid against it on every successful call.',
    rationale:
      'SDK clients validate structuredContent against the advertised outputSchema and fail the call when it is missing or does not conform; a server whose own output validation fails and turns that into an isError result hides a broken tool behind what looks like a decline. On 2024-11-05 and 2025-03-26, which define no outputSchema, the findings are warnings naming 2025-06-18 (the SDKs validate whatever the revision), unless the contract declares the outputSchema: the contract holds on every revision.',
    spec: 'spec:2025-11-25/server/tools.mdx §Output Schema; SEP-2106 (2026-07-28 structuredContent any JSON value)',
    messages: {
      missing: "'{{tool}}' declares an outputSchema but its {{result}} ({{call}}) has no structuredContent at {{pointer}}{{basis}}.{{advice}}",
      notObject: "'{{tool}}' returned a structuredContent ({{call}}) at {{pointer}} that is not a JSON object{{basis}}.",
      invalid: "structuredContent of '{{tool}}' ({{call}}) fails the outputSchema at {{pointer}}: keyword '{{keyword}}' ({{expectation}}; schema {{schemaPointer}}){{basis}}.",
      moreIssues: "structuredContent of '{{tool}}' ({{call}}) has {{count}} more outputSchema violations than listed{{basis}}.",
      errorResultInvalid:
        "'{{tool}}' answered {{call}} with an isError result whose structuredContent fails the outputSchema at {{pointer}} (keyword '{{keyword}}'); clients that validate structuredContent reject it; omit structuredContent on errors or make it conform.",
      serverOutputValidation:
        "'{{tool}}' answered {{call}} with an isError result reporting the server's own output-schema validation failure: the tool's structuredContent does not match its outputSchema{{basis}}.",
    },
    examples: {
      fail: 'outputSchema {"type":"object","properties":{"price":{"type":"number"}}}; result {"content":[...],"structuredContent":{"price":null}}',
      pass: 'outputSchema {"type":"object","properties":{"price":{"type":["number","null"]}}}; result {"content":[...],"structuredContent":{"price":null}}',
    },
  },
  check(ctx, report) {
    const deduped = dedupeReport(report);
    const pass: Pass = { validations: new Map(), failureTexts: new WeakMap() };
    for (const view of toolCalls(ctx.observation)) checkCall(ctx, view, deduped, pass);
  },
});

/**
 * Per validator, for one judging pass (see `validateOnce`): the first instance and its issues, then, from the
 * second instance on, the issues by the JSON of each instance.
 */
interface Memo {
  first: { instance: unknown; issues: ValidationIssue[] } | undefined;
  byJson: Map<string, ValidationIssue[]> | undefined;
}
type Validations = Map<(instance: unknown) => ValidationIssue[], Memo>;

/**
 * One judging pass: the validations (see `validateOnce`), and `outputValidationText` by content array, a pure
 * function of it: the rejected probes of a large surface share a few result objects (harness/session/exchange.ts
 * `shareToolError`: ~14,000 of a 1,000-tool run's answers), each content array read once per pass.
 */
interface Pass {
  validations: Validations;
  failureTexts: WeakMap<object, { text: string | undefined }>;
}

/** `outputValidationText(content)`, once per content array of a pass. */
function failureText(content: unknown, pass: Pass): string | undefined {
  if (content === null || typeof content !== 'object') return outputValidationText(content);
  let known = pass.failureTexts.get(content);
  if (known === undefined) pass.failureTexts.set(content, (known = { text: outputValidationText(content) }));
  return known.text;
}

/**
 * `validate(instance)`, computed once per validator and instance JSON: the calls and accepted probes of a
 * tool often answer the same structuredContent. Validation is a pure function of the JSON value, and the
 * instance was parsed from the wire (plain JSON), so an equal serialisation (same keys in the same order)
 * is an equal instance with the same issues in the same order. One exception: JSON.parse turns a number
 * that overflows (`1e400`) into Infinity, which serialises as `null` like JSON null does, so an instance
 * whose text holds `null` is validated without the memo. A validator's first instance is validated without
 * serialising it (most tools of a large surface answer once); it is serialised into the memo only when a
 * second instance reaches the same validator, so the answers are those of serialising every instance.
 */
function validateOnce(validate: (instance: unknown) => ValidationIssue[], instance: unknown, validations: Validations): ValidationIssue[] {
  const memo = validations.get(validate);
  if (!memo) {
    const issues = validate(instance);
    validations.set(validate, { first: { instance, issues }, byJson: undefined });
    return issues;
  }
  let byJson = memo.byJson;
  if (!byJson) {
    memo.byJson = byJson = new Map();
    const first = memo.first;
    memo.first = undefined;
    const firstJson = first ? JSON.stringify(first.instance) : undefined;
    if (first && firstJson !== undefined && !firstJson.includes('null')) byJson.set(firstJson, first.issues);
  }
  const json = JSON.stringify(instance);
  if (json === undefined || json.includes('null')) return validate(instance);
  let issues = byJson.get(json);
  if (!issues) byJson.set(json, (issues = validate(instance)));
  return issues;
}

/**
 * Whose rule an outputSchema finding of `tool` states: `negotiated`, the negotiated revision's (2025-06-18 or
 * later, or none negotiated); `contract`, the user's contract, which declares the tool's outputSchema, on a
 * revision before 2025-06-18; `later`, revision 2025-06-18's, on an earlier revision without that contract.
 * Spec: spec:2025-06-18/server/tools.mdx §Output Schema (the revision that introduced outputSchema).
 */
export type OutputRuleBasis = 'negotiated' | 'contract' | 'later';

/**
 * The basis of `tool`'s outputSchema findings on `observation` (see `OutputRuleBasis`). `contract` only when the
 * outputSchema the server advertises, which the findings validate against, is the contract's own (`schemasIdentical`:
 * equal in canonical form, so a `$schema` written on one side only or a zod conversion's key order does not count): a
 * structuredContent that fails an advertised schema the contract does not declare may still satisfy the contract's
 * (a reviewer's case: the contract's `{type: object}` against an advertised schema with a typed property), so
 * there the rule is only 2025-06-18's (`later`). How the two schemas differ is tools/input-narrowing's finding.
 */
export function outputRuleBasis(observation: SurfaceObservation, tool: string): OutputRuleBasis {
  const version = observation.negotiation?.protocolVersion;
  if (version === undefined || atLeastRevision(version, STRUCTURED_OUTPUT_REVISION)) return 'negotiated';
  const declared = observation.contract?.tools.find((t) => t.name === tool)?.outputSchema;
  const advertised = listedTool(observation, tool)?.outputSchema;
  return declared !== undefined && advertised !== undefined && schemasIdentical(declared, advertised) ? 'contract' : 'later';
}

/**
 * The `{{basis}}` of a message: nothing on the negotiated revision (but notObject's `as revision X requires`);
 * on an earlier one, that the rule is 2025-06-18's, or the contract's. Fixed phrases and the revision only,
 * within the 200-unit budget of a placeholder (define.ts `formatMessage`).
 */
function basisText(messageId: string, basis: OutputRuleBasis, version: string): string {
  if (basis === 'negotiated') return messageId === 'notObject' ? `, as revision ${version} requires` : '';
  if (basis === 'contract') return `; the outputSchema is the contract's, which holds on every revision (the negotiated ${version} defines none)`;
  if (messageId === 'serverOutputValidation') return `; outputSchema is a rule of revision ${STRUCTURED_OUTPUT_REVISION}, not of the negotiated ${version}, but the server enforces it and the call fails`;
  return `; outputSchema is a rule of revision ${STRUCTURED_OUTPUT_REVISION}, not of the negotiated ${version}, but clients such as the MCP SDKs check structuredContent against it whatever the revision`;
}

/** Judge one call of a tool that declares an outputSchema. */
function checkCall(ctx: CheckContext, view: ToolCallView, report: Report, pass: Pass): void {
  // arguments that break the inputSchema on purpose: what comes back mirrors the probe's own input (ProbeRequest.invalidArguments)
  if (view.invalidArguments === true) return;
  const outputSchema = listedTool(ctx.observation, view.tool)?.outputSchema;
  const result = resultObject(view.record);
  if (outputSchema === undefined || result === undefined) return;
  const basis = outputRuleBasis(ctx.observation, view.tool);
  const version = ctx.observation.negotiation?.protocolVersion ?? 'unknown';
  const say = (messageId: string, pointer: string, data: Record<string, string | number> = {}, evidence?: unknown, only?: OutputRuleBasis): void =>
    report({
      messageId,
      pointer,
      tool: view.tool,
      data: { tool: view.tool, call: view.label, pointer, ...data, basis: basisText(messageId, only ?? basis, version) },
      ...((only ?? basis) === 'later' ? { severity: 'warning' as const } : {}),
      ...(evidence !== undefined ? { evidence } : {}),
    });
  if (isToolError(result)) {
    const text = failureText(result.content, pass);
    if (text !== undefined) say('serverOutputValidation', '/isError', {}, text);
    else if (result.structuredContent !== undefined) {
      const issue = firstViolation(ctx, outputSchema, result.structuredContent);
      const pointer = `/structuredContent${issue?.instancePointer ?? ''}`;
      if (issue) report({ messageId: 'errorResultInvalid', severity: 'warning', pointer, tool: view.tool, data: { tool: view.tool, call: view.label, pointer, keyword: issue.keyword } });
    }
    return;
  }
  // a failure reported in the body without isError (sweep 17: "❌ Search error: ..."): the fix is isError, not a structuredContent;
  // a result that is not a CallToolResult (no content array: SDK 0.6's {"toolResult": {...}}, sweep 18) says neither
  // success nor failure, and result/shape reports it: no successful result to miss a structuredContent
  if (!('structuredContent' in result) || result.structuredContent === undefined) {
    if (!Array.isArray(result.content)) return;
    return say('missing', '/structuredContent', failureShape(result) === undefined ? { result: 'successful result', advice: '' } : FAILED_RESULT);
  }
  const structured = result.structuredContent;
  const objectRule = !isModernRevision(ctx.observation) && !isJsonObject(structured);
  // the object rule is 2025-06-18's: a contract tool's non-object on an earlier revision is judged by its schema
  if (objectRule && basis !== 'contract') return say('notObject', '/structuredContent');
  const compiled = ctx.schemas.compile(outputSchema);
  if (!compiled.ok) return; // schema/compile reports the schema itself
  const issues = validateOnce(compiled.validate, structured, pass.validations);
  if (notEvaluated(issues)) return; // its validator overflowed the stack: schema/compile reports the schema
  if (objectRule && issues.length === 0) return say('notObject', '/structuredContent', {}, undefined, 'later');
  for (const issue of issues.slice(0, MAX_ISSUES_PER_CALL)) {
    say('invalid', `/structuredContent${issue.instancePointer}`, { keyword: issue.keyword, expectation: issue.message, schemaPointer: `/outputSchema${issue.schemaPointer}` });
  }
  if (issues.length > MAX_ISSUES_PER_CALL) say('moreIssues', '/structuredContent', { count: issues.length - MAX_ISSUES_PER_CALL });
}

/** The first outputSchema violation of a structuredContent (undefined when valid or the schema does not compile). */
function firstViolation(ctx: CheckContext, outputSchema: Record<string, unknown>, structured: unknown): ValidationIssue | undefined {
  const compiled = ctx.schemas.compile(outputSchema);
  if (!compiled.ok) return undefined;
  const issues = compiled.validate(structured);
  return notEvaluated(issues) ? undefined : issues[0];
}
