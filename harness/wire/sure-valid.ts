/**
 * A one-sided fast path in front of the wire validators (./validate.ts, issue 12): `surelyValidWire` says "valid"
 * only where the revision's generated validator (./generated/<rev>.cjs: ajv's build-time code for
 * ./schemas/<rev>.json, the spec's schema.json reduced to the definitions used) accepts the value, and "not sure" for
 * everything else, which that validator then judges as before. It covers the frames a large surface sends by the
 * thousand: the JSON-RPC result and error envelopes, Result, and a CallToolResult made of text blocks. At 1,000 tools
 * protocol/wire-schema validated ~17,000 envelopes and ~5,000 call results through the generated code (78-237 KB per
 * revision, 130 KB for 2025-11-25), most of it still unoptimised when the judge ran (88 ms of a cold run, ~25-40 ms
 * warm).
 *
 * What it reads, it reads as the generated code does: members by plain property access (`value.x`, inherited ones
 * included: ajv's `properties` and `required` do the same, `ownProperties` being off), `type: "object"` as a non-null
 * non-array object, `type: "integer"` as a finite integer (`Number.isInteger`: stricter than ajv, which also takes
 * Infinity), `const` by `===`. Members a definition does not constrain are ignored, as the definitions do (none of
 * these has `additionalProperties: false`). Anything the fast path does not model (a content block other than
 * text, `annotations`, a `_meta`, an id that is not a string or integer) answers "not sure".
 *
 * The definitions it models, per revision (harness/wire/schemas/<rev>.json; test/wire/sure-valid.test.ts compares
 * it with the validators on every revision):
 * - `JSONRPCResponse` (up to 2025-06-18) / `JSONRPCResultResponse` (2025-11-25 on): `jsonrpc` const "2.0",
 *   `id` RequestId (string or integer), `result` Result: an object whose `_meta` is absent (or, up to 2025-11-25, any
 *   object) and which, on 2026-07-28, has a string `resultType`.
 * - `JSONRPCError` / `JSONRPCErrorResponse`: `jsonrpc` "2.0", `id` a string or integer (required here even where
 *   the revision makes it optional), `error` an object with an integer `code` and a string `message` (`data`: any).
 * - `Result`: as in the envelope.
 * - `CallToolResult`: `content` an array of `{type: "text", text: string}` blocks (no `annotations`, no `_meta`),
 *   `isError` absent or boolean, `structuredContent` absent or an object, `_meta` absent, and on 2026-07-28 a
 *   string `resultType`.
 */
import type { WireRevision } from './revision.ts';

/** A non-null, non-array object: JSON Schema's `type: "object"` as ajv tests it. */
function isObjectValue(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** RequestId (`type: ["string", "integer"]`), finite integers only. */
function isRequestId(id: unknown): boolean {
  return typeof id === 'string' || Number.isInteger(id);
}

/** The revision whose Result requires `resultType` and types `_meta` as ResultMetaObject. */
const MODERN: WireRevision = '2026-07-28';

/** The revisions whose definitions the rules below were written from; a revision added later gets no fast path until it is read. */
const MODELED_REVISIONS: ReadonlySet<string> = new Set(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', MODERN]);

/** Result: an object; `_meta` absent, or (before 2026-07-28) any object; `resultType` a string on 2026-07-28. */
function surelyResult(revision: WireRevision, result: unknown): boolean {
  if (!isObjectValue(result)) return false;
  if (revision === MODERN) return result._meta === undefined && typeof result.resultType === 'string';
  return result._meta === undefined || isObjectValue(result._meta);
}

/** The result envelope: `jsonrpc` "2.0", a string or integer `id`, a Result. */
function surelyResultEnvelope(revision: WireRevision, frame: unknown): boolean {
  return isObjectValue(frame) && frame.jsonrpc === '2.0' && isRequestId(frame.id) && surelyResult(revision, frame.result);
}

/** The error envelope: `jsonrpc` "2.0", a string or integer `id`, an error with an integer code and a string message. */
function surelyErrorEnvelope(frame: unknown): boolean {
  if (!isObjectValue(frame) || frame.jsonrpc !== '2.0' || !isRequestId(frame.id)) return false;
  const error = frame.error;
  return isObjectValue(error) && Number.isInteger(error.code) && typeof error.message === 'string';
}

/** A TextContent block with nothing but `type` "text" and a string `text` that the definition constrains. */
function surelyTextBlock(block: unknown): boolean {
  return isObjectValue(block) && block.type === 'text' && typeof block.text === 'string' && block.annotations === undefined && block._meta === undefined;
}

/** CallToolResult made of text blocks (see the module comment). */
function surelyCallToolResult(revision: WireRevision, result: unknown): boolean {
  if (!isObjectValue(result) || result._meta !== undefined) return false;
  const content = result.content;
  if (!Array.isArray(content)) return false;
  for (let i = 0; i < content.length; i++) if (!surelyTextBlock(content[i])) return false;
  const isError = result.isError;
  if (isError !== undefined && typeof isError !== 'boolean') return false;
  const structured = result.structuredContent;
  if (structured !== undefined && !isObjectValue(structured)) return false;
  return revision !== MODERN || typeof result.resultType === 'string';
}

/**
 * True only when the revision's generated validator of `definition` (`generatedFor(revision)[definition]`, which
 * `validateWire` runs when this says false) accepts `value` (see the module comment); false means "not sure", never
 * "invalid". Never throws on parsed JSON (a getter that throws would: no frame holds one).
 */
export function surelyValidWire(revision: WireRevision, definition: string, value: unknown): boolean {
  if (!MODELED_REVISIONS.has(revision)) return false;
  // the envelopes' names: JSONRPCResponse / JSONRPCError up to 2025-06-18, JSONRPC{Result,Error}Response after
  const renamed = revision >= '2025-11-25';
  switch (definition) {
    case 'JSONRPCResultResponse':
    case 'JSONRPCResponse':
      return renamed === (definition === 'JSONRPCResultResponse') && surelyResultEnvelope(revision, value);
    case 'JSONRPCErrorResponse':
    case 'JSONRPCError':
      return renamed === (definition === 'JSONRPCErrorResponse') && surelyErrorEnvelope(value);
    case 'Result':
      return surelyResult(revision, value);
    case 'CallToolResult':
      return surelyCallToolResult(revision, value);
    default:
      return false;
  }
}
