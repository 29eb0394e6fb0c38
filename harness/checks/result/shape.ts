/**
 * result/shape: every tools/call result is a CallToolResult per the negotiated revision
 * (schema/2025-11-25/schema.ts CallToolResult, ContentBlock; schema/2026-07-28/schema.ts Result.resultType).
 *
 * Division of labour: a non-object structuredContent of a tool that declares an outputSchema is
 * reported by result/structured-content; this check reports it for tools without one. structuredContent
 * came with revision 2025-06-18 (a JSON object, schema/2025-06-18/schema.ts CallToolResult): on 2024-11-05 and
 * 2025-03-26, which do not define it (their Result allows extra members), a non-object one is a warning whose
 * message names 2025-06-18 as the rule's revision (clients such as the MCP SDKs parse it as an object whatever
 * the revision, and reject the result).
 */
import { defineCheck } from '../define.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import { CONTENT_BLOCK_TYPES, validateContentBlock, type BlockIssue } from '../util/content.ts';
import { hasResult, isModernRevision, listedTool, toolCalls, type ToolCallView } from '../util/calls.ts';
import { isJsonObject } from '../util/json.ts';
import { dedupeReport, type Report } from '../util/report.ts';
import { atLeastRevision, STRUCTURED_OUTPUT_REVISION } from '../../wire/revision.ts';

const BLOCK_MESSAGE: Record<BlockIssue['kind'], string> = { notObject: 'blockNotObject', unknownType: 'blockUnknownType', field: 'blockField' };

export default defineCheck({
  meta: {
    id: 'result/shape',
    defaultSeverity: 'error',
    description: 'Every tools/call result is a CallToolResult per the negotiated revision.',
    rationale:
      'Clients parse results with typed schemas: a result without a content array, a malformed content block or (on 2026-07-28) a missing resultType makes strict clients reject every reply, while lenient SDKs silently patch it, hiding the fault. A non-object structuredContent is a warning on 2024-11-05 and 2025-03-26, which do not define structuredContent.',
    spec: 'schema/2025-11-25/schema.ts CallToolResult, ContentBlock; schema/2026-07-28/schema.ts Result.resultType',
    messages: {
      resultNotObject: "The tools/call result of '{{tool}}' ({{call}}) at {{pointer}} is not a JSON object; a JSON-RPC result of an MCP method must be an object.",
      contentMissing: "The tools/call result of '{{tool}}' ({{call}}) has no 'content' array at {{pointer}} (CallToolResult.content is required).",
      contentNotArray: "The tools/call result of '{{tool}}' ({{call}}) has a 'content' at {{pointer}} that is not an array of content blocks.",
      blockNotObject: "Content block {{pointer}} of the tools/call result of '{{tool}}' ({{call}}) is not an object.",
      blockUnknownType: `Content block type at {{pointer}} of the tools/call result of '{{tool}}' ({{call}}) is not one of ${CONTENT_BLOCK_TYPES.join(', ')}.`,
      blockField: "The {{blockType}} content block of the tools/call result of '{{tool}}' ({{call}}) needs {{expectation}} at {{pointer}}.",
      isErrorNotBoolean: "The tools/call result of '{{tool}}' ({{call}}) has an 'isError' at {{pointer}} that is not a boolean.",
      structuredContentNotObject: "The tools/call result of '{{tool}}' ({{call}}) has a structuredContent at {{pointer}} that is not a JSON object{{basis}}.",
      resultTypeMissing: "The tools/call result of '{{tool}}' ({{call}}) has no string 'resultType' at {{pointer}} (required on every 2026-07-28 result).",
      resultTypeUnknown: "The tools/call result of '{{tool}}' ({{call}}) has a resultType at {{pointer}} that is neither 'complete' nor 'input_required' (no extension was negotiated).",
      inputRequiredEmpty: "The input_required result of '{{tool}}' ({{call}}) carries neither 'inputRequests' nor 'requestState' at {{pointer}}.",
    },
    examples: {
      fail: '{"isError": false, "structuredContent": {"id": "node-7"}}  // no content array',
      pass: '{"content": [{"type": "text", "text": "{\\"id\\":\\"node-7\\"}"}], "structuredContent": {"id": "node-7"}}',
    },
  },
  check(ctx, report) {
    const deduped = dedupeReport(report);
    const pass: Pass = { modern: isModernRevision(ctx.observation), clean: new WeakSet() };
    for (const view of toolCalls(ctx.observation)) {
      if (hasResult(view.record)) checkResult(ctx.observation, view, deduped, pass);
    }
  },
});

/**
 * One judging pass: the negotiated revision's rule, and the result objects found without an issue that no other
 * view of the same object could find one in (no structuredContent: the only rule that depends on the tool). The
 * rejected probes of a large surface share a few result objects (harness/session/exchange.ts `shareToolError`:
 * ~14,000 of a 1,000-tool run's answers), each judged once per pass.
 */
interface Pass {
  modern: boolean;
  clean: WeakSet<object>;
}

/** Judge one result frame's `result` member. */
function checkResult(observation: SurfaceObservation, view: ToolCallView, report: Report, pass: Pass): void {
  let reported = false;
  const say = (messageId: string, pointer: string, data: Record<string, string> = {}, severity?: 'warning'): void => {
    reported = true;
    report({ messageId, pointer, tool: view.tool, data: { tool: view.tool, call: view.label, pointer, ...data }, ...(severity ? { severity } : {}) });
  };
  const result = view.record.response?.result;
  if (!isJsonObject(result)) return say('resultNotObject', '/result');
  if (pass.clean.has(result)) return;
  const modern = pass.modern;
  if (modern && !checkResultType(result, say)) return;
  checkContent(result.content, say);
  if ('isError' in result && result.isError !== undefined && typeof result.isError !== 'boolean') say('isErrorNotBoolean', '/result/isError');
  if (result.structuredContent === undefined) {
    if (!reported) pass.clean.add(result);
    return;
  }
  const declaresOutput = listedTool(observation, view.tool)?.outputSchema !== undefined;
  if (!modern && !declaresOutput && !isJsonObject(result.structuredContent)) {
    const { basis, severity } = structuredContentBasis(observation.negotiation?.protocolVersion);
    say('structuredContentNotObject', '/result/structuredContent', { basis }, severity);
  }
}

/**
 * The `{{basis}}` of structuredContentNotObject and its severity: the negotiated revision's rule from 2025-06-18
 * on (or when none was negotiated), else a warning naming 2025-06-18, the revision that defines structuredContent
 * as an object (schema/2025-06-18/schema.ts CallToolResult.structuredContent).
 */
export function structuredContentBasis(version: string | undefined): { basis: string; severity?: 'warning' } {
  if (version === undefined || atLeastRevision(version, STRUCTURED_OUTPUT_REVISION)) return { basis: `, as revision ${version ?? 'unknown'} requires` };
  return {
    basis: `; structuredContent (a JSON object) is a rule of revision ${STRUCTURED_OUTPUT_REVISION}, not of the negotiated ${version}, but clients such as the MCP SDKs parse it as one whatever the revision`,
    severity: 'warning',
  };
}

type Say = (messageId: string, pointer: string, data?: Record<string, string>) => void;

/**
 * 2026-07-28 `resultType`: required; `input_required` results (MRTR) carry no content.
 * @returns true when the content checks apply (a `complete` result).
 */
function checkResultType(result: Record<string, unknown>, say: Say): boolean {
  const resultType = result.resultType;
  if (typeof resultType !== 'string') {
    say('resultTypeMissing', '/result/resultType');
    return true;
  }
  if (resultType === 'input_required') {
    if (result.inputRequests === undefined && result.requestState === undefined) say('inputRequiredEmpty', '/result');
    return false;
  }
  if (resultType !== 'complete') say('resultTypeUnknown', '/result/resultType');
  return resultType === 'complete';
}

/** `content`: required array of valid ContentBlocks. */
function checkContent(content: unknown, say: Say): void {
  if (content === undefined) return say('contentMissing', '/result/content');
  if (!Array.isArray(content)) return say('contentNotArray', '/result/content');
  content.forEach((block, index) => {
    for (const issue of validateContentBlock(block, `/result/content/${index}`)) {
      say(BLOCK_MESSAGE[issue.kind], issue.pointer, issue.kind === 'field' ? { blockType: issue.type ?? '', expectation: issue.expectation ?? '' } : {});
    }
  });
}
