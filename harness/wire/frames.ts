/**
 * Wire-schema validation of one server frame: the JSON-RPC envelope, then the result against the
 * result type of the method it answers (spec:<rev>/basic/index.mdx §Messages; schema/<rev>/schema.json).
 */
import { isJsonObject as isObject } from '../json.ts';
import { validateWire, type WireIssue } from './validate.ts';
import { envelopeNames, RESULT_DEFINITIONS, type WireSchemaDocument } from './schemas.ts';
import type { WireRevision } from './revision.ts';

/** A wire issue tied to the method of the message (the request's method for responses). */
export interface FrameIssue extends WireIssue {
  /** The method answered or sent, or `(response)` when unknown. */
  method: string;
}

/** Label for frames whose request could not be identified. */
export const UNKNOWN_METHOD = '(response)';

/** The result definition for `method` in `revision`, by the result's own `resultType` on 2026-07-28. */
export function resultDefinition(revision: WireRevision, method: string | undefined, result: unknown): (typeof RESULT_DEFINITIONS)[number] {
  const modern = revision === '2026-07-28';
  if (modern && isObject(result) && result.resultType === 'input_required' && method === 'tools/call') return 'InputRequiredResult';
  if (method === 'tools/list') return 'ListToolsResult';
  if (method === 'prompts/list') return 'ListPromptsResult';
  if (method === 'resources/list') return 'ListResourcesResult';
  if (method === 'resources/templates/list') return 'ListResourceTemplatesResult';
  if (method === 'tools/call') return 'CallToolResult';
  if (method === 'initialize' && !modern) return 'InitializeResult';
  if (method === 'server/discover' && modern) return 'DiscoverResult';
  return 'Result';
}

/**
 * Issues of tool-error results already validated in one judging pass: a 1,000-tool surface answers ~14,000 of its
 * ~19,000 calls and probes with the same few `isError` results. Create one per pass (`createResultIssueMemo()`); it
 * holds that pass's distinct tool-error results only.
 * - `byTextBlock`: by revision, definition, block type and block text, for a result of exactly the shape
 *   `{"content":[{"type":T,"text":S}],"isError":true}` (those members, in that order, T and S strings): its value is
 *   fixed by (T, S), so it is found without serialising it.
 * - `byText`: by revision, definition and the JSON text of any other tool-error result.
 */
export interface ResultIssueMemo {
  byTextBlock: Map<WireRevision, Map<string, Map<string, Map<string, WireIssue[]>>>>;
  byText: Map<WireRevision, Map<string, Map<string, WireIssue[]>>>;
}

/** An empty memo for one judging pass. */
export function createResultIssueMemo(): ResultIssueMemo {
  return { byTextBlock: new Map(), byText: new Map() };
}

/** `map.get(key)`, set to a new Map first when absent. */
function inner<K, V>(map: Map<K, Map<string, V>>, key: K): Map<string, V> {
  let found = map.get(key);
  if (!found) map.set(key, (found = new Map()));
  return found;
}

/**
 * The one text block of a result shaped exactly `{"content":[{"type":T,"text":S}],"isError":true}` (own enumerable
 * members in that order, T and S strings, as JSON.parse makes it), else undefined. Two such results with the same
 * T and S are the same JSON value.
 */
function soleTextBlock(result: Record<string, unknown>): { type: string; text: string } | undefined {
  const members = Object.keys(result);
  if (members.length !== 2 || members[0] !== 'content' || members[1] !== 'isError') return undefined;
  const content = result.content;
  if (!Array.isArray(content) || content.length !== 1) return undefined;
  const block: unknown = content[0];
  if (!isObject(block)) return undefined;
  const keys = Object.keys(block);
  if (keys.length !== 2 || keys[0] !== 'type' || keys[1] !== 'text') return undefined;
  const { type, text } = block;
  return typeof type === 'string' && typeof text === 'string' ? { type, text } : undefined;
}

/**
 * The issues of `result` against `definition`: for a tool-error result (`isError: true`) with a memo,
 * validated once per distinct value. Validation is a pure function of the value. A result of the one-text-block
 * shape is keyed by its block's type and text (see `soleTextBlock`); any other by its JSON text: equal text means an
 * equal value (same members in the same order, so ajv reports the same errors in the same order) for what
 * JSON.parse makes, except that a number that overflows to Infinity and JSON null both print as `null`, so a text
 * that contains `null` anywhere is validated without the memo. Other results are validated directly: their text
 * (structuredContent and its text mirror) costs more to serialise than ajv's shallow CallToolResult check, and they
 * repeat less.
 */
function definitionIssues(revision: WireRevision, definition: string, result: unknown, memo: ResultIssueMemo | undefined): WireIssue[] {
  if (memo === undefined || !isObject(result) || result.isError !== true) return validateWire(revision, definition, result);
  const block = soleTextBlock(result);
  if (block) {
    const byText = inner(inner(inner(memo.byTextBlock, revision), definition), block.type);
    let issues = byText.get(block.text);
    if (issues === undefined) byText.set(block.text, (issues = validateWire(revision, definition, result)));
    return issues;
  }
  const text = JSON.stringify(result);
  if (text.includes('null')) return validateWire(revision, definition, result);
  const byText = inner(inner(memo.byText, revision), definition);
  let issues = byText.get(text);
  if (issues === undefined) byText.set(text, (issues = validateWire(revision, definition, result)));
  return issues;
}

/**
 * Validate a bare result (no envelope) of `method`; pointers are prefixed with `/result`.
 * `memo`: see ResultIssueMemo (the same issues, validated once per distinct result).
 */
export function resultIssues(revision: WireRevision, method: string, result: unknown, memo?: ResultIssueMemo): FrameIssue[] {
  return definitionIssues(revision, resultDefinition(revision, method, result), result, memo).map((i) => ({ ...i, pointer: `/result${i.pointer}`, method }));
}

/**
 * Validate one frame the server sent. `method` is the method of the request it answers, when known.
 * A frame with both `result` and `error` is an issue of its own (keyword `oneOf`).
 * Never throws on bad input: a non-object frame is a `type` issue at ''. `memo` is passed to `resultIssues`.
 */
export function frameIssues(revision: WireRevision, frame: unknown, method?: string, memo?: ResultIssueMemo): FrameIssue[] {
  const names = envelopeNames(revision);
  if (!isObject(frame)) return [{ method: method ?? UNKNOWN_METHOD, pointer: '', keyword: 'type', message: 'must be object' }];
  if (typeof frame.method === 'string') {
    const kind = 'id' in frame ? names.request : names.notification;
    return validateWire(revision, kind, frame).map((i) => ({ ...i, method: frame.method as string }));
  }
  const label = method ?? UNKNOWN_METHOD;
  if ('result' in frame && 'error' in frame) {
    return [{ method: label, pointer: '', keyword: 'oneOf', message: 'must have either result or error, not both' }];
  }
  const envelope = validateWire(revision, 'error' in frame ? names.error : names.result, frame).map((i) => ({ ...i, method: label }));
  if (!('result' in frame) || method === undefined) return envelope;
  return [...envelope, ...resultIssues(revision, method, frame.result, memo)];
}

/** Re-exported for callers that report the schema's provenance. */
export type { WireSchemaDocument };
