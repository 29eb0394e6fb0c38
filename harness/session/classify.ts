/**
 * Classification of one stdout line (spec basic/transports stdio: the server MUST NOT write anything to
 * stdout that is not a valid MCP message). A JSON-RPC batch (an array of messages) is a valid MCP message
 * only on a session that negotiated 2025-03-26 (spec:2025-03-26/basic/index.mdx §Batching; `revisionHasBatches`):
 * there the caller passes `batches` once the revision is known, and the batch's members are routed one by
 * one (`framesOf`). Before that, and on every other revision, an array line is `json`. Text nested deeper than LINE_DEPTH
 * levels is parsed without its deeper containers (json-bounded.ts): the same kind, id and shape, still too deep for
 * the depth guard (run/depth-guard.ts), which drops it before any check. Pure.
 */
import { isJsonObject as isObject } from '../json.ts';
import { MAX_NESTING, parseJsonBounded } from '../json-bounded.ts';
import { isJsonRpcBatch, isJsonRpcShaped } from '../model/protocol.ts';
import type { StdoutLine } from '../model/wire.ts';

/**
 * Levels of a line parsed as they are (MAX_NESTING, run/depth-guard.ts's MAX_VALUE_DEPTH, plus one): a line
 * nested deeper is parsed with its containers at level LINE_DEPTH + 1 emptied (json-bounded.ts), so neither the line
 * nor a batch member (one level down) ever grows past what the depth guard measures, and both stay too deep for it.
 */
export const LINE_DEPTH = MAX_NESTING + 1;

/** A classified line: its kind and, when it parsed as JSON, the value. */
export interface Classified {
  kind: StdoutLine['kind'];
  /** The parsed JSON value (`jsonrpc` and `json` kinds only). */
  value?: unknown;
  /** True when the value is a JSON-RPC batch the session accepts (kind `jsonrpc`): its members are the frames. */
  batch?: true;
}

/** A JSON object (non-null, non-array): one definition, in harness/json.ts. */
export { isJsonObject as isObject } from '../json.ts';

/**
 * A line the stdio tap counts as JSON-RPC: a value shaped like a JSON-RPC message (`isJsonRpcShaped`,
 * model/protocol.ts), well-formed or not. A malformed one (a response with its id missing, the wrong
 * `jsonrpc` version, neither result nor error) is named by protocol/wire-schema, not again as a
 * non-JSON-RPC line by transport/stdout. Batches (arrays) are not (see `classifyLine`).
 */
export function isJsonRpcMessage(value: unknown): boolean {
  return isJsonRpcShaped(value);
}

/**
 * Classify a line's text: `jsonrpc`, `json` (valid JSON, not JSON-RPC) or `text` (not JSON). `batches`: the
 * session negotiated a revision with JSON-RPC batches (2025-03-26), so a batch (`isJsonRpcBatch`: a non-empty
 * array of JSON-RPC-shaped members) is `jsonrpc` too, marked `batch`; otherwise an array is `json`.
 */
export function classifyLine(text: string, batches = false): Classified {
  // RFC 8259 §9: a value nested deeper than the harness's limit is not built whole (an 8-million-level line of
  // 16 MB costs ~3 GB of heap); the cut value is deeper than the guard's limit, which drops it as before
  const parsed = parseJsonBounded(text, LINE_DEPTH);
  if (!parsed.ok) return { kind: 'text' };
  const value = parsed.value;
  if (isJsonRpcMessage(value)) return { kind: 'jsonrpc', value };
  if (batches && isJsonRpcBatch(value)) return { kind: 'jsonrpc', value, batch: true };
  return { kind: 'json', value };
}

/**
 * The frames a classified line carries, in order, each with its byte length: an accepted batch's members
 * (each member's own serialised length, JSON-RPC 2.0 §6: every member is handled as if sent alone), or the one
 * parsed value with the line's length; none for a line that did not parse.
 */
export function framesOf(classified: Classified, bytes: number): Array<{ value: unknown; bytes: number }> {
  if (classified.value === undefined) return [];
  if (classified.batch !== true) return [{ value: classified.value, bytes }];
  return (classified.value as unknown[]).map((value) => ({ value, bytes: Buffer.byteLength(JSON.stringify(value), 'utf8') }));
}

/**
 * The first 80 characters (code points) of a line (evidence for non-JSON-RPC lines). Only the first 160
 * UTF-16 units are split: 80 code points never take more, so a line of any length costs the same.
 */
export function headOf(text: string): string {
  return Array.from(text.length > 160 ? text.slice(0, 160) : text).slice(0, 80).join('');
}
