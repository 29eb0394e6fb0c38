/**
 * Classification of one stdout line (spec basic/transports stdio: the server MUST NOT write anything to
 * stdout that is not a valid MCP message). Pure.
 */
import { isJsonObject as isObject } from '../json.ts';
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
 * A JSON-RPC 2.0 message: an object with `jsonrpc: "2.0"` that is a request/notification (string `method`)
 * or a response (`id` plus `result` or `error`). Batches (arrays) are not: batching was removed in 2025-06-18.
 */
export function isJsonRpcMessage(value: unknown): boolean {
  if (!isObject(value) || value.jsonrpc !== '2.0') return false;
  if (typeof value.method === 'string') return true;
  // a response with its id missing is still a JSON-RPC response (a reply to a notification, say): the
  // session names it as unmatched (protocol/wire-schema), not as a non-JSON-RPC line (transport/stdout)
  return 'result' in value || 'error' in value;
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

/** The first 80 characters of a line (evidence for non-JSON-RPC lines). */
export function headOf(text: string): string {
  return Array.from(text).slice(0, 80).join('');
}
