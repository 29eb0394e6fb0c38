/**
 * Classification of one stdout line (spec basic/transports stdio: the server MUST NOT write anything to
 * stdout that is not a valid MCP message). Pure.
 */
import { isJsonObject as isObject } from '../json.ts';
import { isJsonRpcShaped } from '../model/protocol.ts';
import type { StdoutLine } from '../model/wire.ts';

/** A classified line: its kind and, when it parsed as JSON, the value. */
export interface Classified {
  kind: StdoutLine['kind'];
  /** The parsed JSON value (`jsonrpc` and `json` kinds only). */
  value?: unknown;
}

/** A JSON object (non-null, non-array): one definition, in harness/json.ts. */
export { isJsonObject as isObject } from '../json.ts';

/**
 * A line the stdio tap counts as JSON-RPC: a value shaped like a JSON-RPC message (`isJsonRpcShaped`,
 * model/protocol.ts), well-formed or not. A malformed one (a response with its id missing, the wrong
 * `jsonrpc` version, neither result nor error) is named by protocol/wire-schema, not again as a
 * non-JSON-RPC line by transport/stdout. Batches (arrays) are not: batching was removed in 2025-06-18.
 */
export function isJsonRpcMessage(value: unknown): boolean {
  return isJsonRpcShaped(value);
}

/** Classify a line's text: `jsonrpc`, `json` (valid JSON, not JSON-RPC) or `text` (not JSON). */
export function classifyLine(text: string): Classified {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { kind: 'text' };
  }
  return { kind: isJsonRpcMessage(value) ? 'jsonrpc' : 'json', value };
}

/**
 * The first 80 characters (code points) of a line (evidence for non-JSON-RPC lines). Only the first 160
 * UTF-16 units are split: 80 code points never take more, so a line of any length costs the same.
 */
export function headOf(text: string): string {
  return Array.from(text.length > 160 ? text.slice(0, 160) : text).slice(0, 80).join('');
}
