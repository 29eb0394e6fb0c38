/**
 * The protocol's own vocabulary: the revisions and eras the harness knows, and the shapes the MCP
 * spec and JSON-RPC 2.0 define (`Implementation`, `Tool`, error and response objects), kept raw as
 * the server sent them. Changes when the spec does. Plain data, no I/O.
 */
import { boundServerText } from './text-budget.ts';

/** Protocol era: `modern` is the stateless 2026-07-28 revision (`server/discover`), `legacy` the `initialize` handshake. */
export type Era = 'modern' | 'legacy';

/** The transports a surface may be served over (spec basic/transports); the harness drives `stdio` today. */
export type TransportKind = 'stdio' | 'streamable-http';

/** The protocol revisions the harness knows, newest first. */
export const KNOWN_PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;

/** The modern revision (stateless, `_meta` envelope per request). */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';

/** The newest legacy revision; offered in `initialize`. */
export const LATEST_LEGACY_PROTOCOL_VERSION = '2025-11-25';

/*
 * The `_meta` keys of the 2026-07-28 envelope (spec 2026-07-28 basic/index §_meta; the SDK's
 * `@modelcontextprotocol/client` exports the same constants). Inlined: importing the client package
 * only for these four strings cost ~28 MB of start-up memory. test/unit/meta-keys.test.ts holds them
 * equal to the SDK's exports.
 */
/** `_meta` key of the negotiated protocol version on every modern request. */
export const PROTOCOL_VERSION_META_KEY = 'io.modelcontextprotocol/protocolVersion';
/** `_meta` key of the client's capabilities on every modern request. */
export const CLIENT_CAPABILITIES_META_KEY = 'io.modelcontextprotocol/clientCapabilities';

/**
 * The server-to-client requests of the legacy revisions that need a client capability, and the capability each
 * needs (spec:2025-11-25/client/roots.mdx, client/sampling.mdx, client/elicitation.mdx §Capabilities). The wire tap
 * counts these apart from its bounded list of server requests (`WireTap.capabilityRequests`).
 */
export const CAPABILITY_OF_SERVER_REQUEST: Readonly<Record<string, string>> = Object.freeze({
  'roots/list': 'roots',
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicitation',
});
/** `_meta` key of the client's implementation info on every modern request. */
export const CLIENT_INFO_META_KEY = 'io.modelcontextprotocol/clientInfo';
/** `_meta` key of the server's implementation info in a modern result. */
export const SERVER_INFO_META_KEY = 'io.modelcontextprotocol/serverInfo';

/** A JSON value as parsed from the wire. */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** A JSON Schema document (or a boolean schema), kept raw as the server sent it. */
export type JsonSchema = Record<string, unknown> | boolean;

/** `Implementation` (serverInfo): `{ name, version, title? }` as the server reported it. */
export interface Implementation {
  name: string;
  version: string;
  title?: string;
  [key: string]: unknown;
}

/**
 * A tool as `tools/list` advertised it (the `Tool` object), schemas kept raw, never rewritten.
 * Unknown fields are preserved so that shape checks can see them.
 */
export interface ListedTool {
  name: string;
  title?: string;
  description?: string;
  /** The advertised input JSON Schema; `properties` modelled so the comparator has something to read. */
  inputSchema: { type?: unknown; properties?: Record<string, unknown>; required?: unknown; [key: string]: unknown };
  outputSchema?: { [key: string]: unknown };
  annotations?: ToolAnnotations;
  [key: string]: unknown;
}

/** What a tool with no `name` member is called wherever it is shown (see `toolLabel`). */
export const NO_TOOL_NAME = '(no name)';

/**
 * A listed tool's `name` as text, for everything that names the tool (report rows, findings, masks): a string
 * as it is; a name that is not a string (the schema requires one; tools/advertised-shape reports it) as its
 * JSON text (`123`, `true`, `null`, `{"a":1}`), `NO_TOOL_NAME` when absent. The JSON text is cut at the
 * server-text budget (./text-budget.ts) like other server text. Never throws.
 */
export function toolLabel(name: unknown): string {
  if (typeof name === 'string') return name;
  if (name === undefined) return NO_TOOL_NAME;
  let text: string | undefined;
  try {
    text = JSON.stringify(name);
  } catch {
    text = undefined;
  }
  if (typeof text !== 'string') return typeof name === 'bigint' ? String(name) : NO_TOOL_NAME;
  return boundServerText(text);
}

/** `ToolAnnotations` (hints only; identical across 2025-06-18, 2025-11-25 and 2026-07-28). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/** A JSON-RPC 2.0 error object. */
export interface JsonRpcError {
  code: number;
  message: string;
  data?: unknown;
}

/** A response frame as it came off the wire (parsed), with either `result` or `error`. */
export interface JsonRpcResponse {
  jsonrpc?: unknown;
  id?: string | number | null;
  result?: unknown;
  error?: JsonRpcError;
  [key: string]: unknown;
}

/**
 * Whether a JSON value is shaped like a JSON-RPC message, well-formed or not: an object with a `jsonrpc`
 * member, or with an `id` next to `result`, `error` or a string `method`. Such a line claims to be a
 * protocol message, and its shape is judged once, by its revision's wire schema (protocol/wire-schema:
 * `{"jsonrpc":"2.0","id":1}` lacks `result`, `{"jsonrpc":"1.0",...}` has the wrong version). Any other
 * JSON value on stdout (a `{"level":"info","msg":"..."}` log line, a batch array) is not JSON-RPC at all,
 * judged once by transport/stdout (spec:2025-11-25/basic/transports.mdx §stdio). One line, one judge.
 */
export function isJsonRpcShaped(value: unknown): boolean {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const v = value as Record<string, unknown>;
  if ('jsonrpc' in v) return true;
  return 'id' in v && ('result' in v || 'error' in v || typeof v.method === 'string');
}

/**
 * Whether the negotiated revision has JSON-RPC batches: 2025-03-26 only. spec:2025-03-26/basic/index.mdx
 * §Batching: "MCP implementations MAY support sending JSON-RPC batches, but MUST support receiving JSON-RPC
 * batches" (its schema's JSONRPCMessage includes JSONRPCBatchRequest and JSONRPCBatchResponse). 2024-11-05
 * defines three message types (basic/messages.mdx: requests, responses, notifications; 2025-03-26
 * lifecycle.mdx speaks of "prior protocol versions that do not explicitly support JSON-RPC batches"), and
 * spec:2025-06-18/changelog.mdx removed batching again.
 */
export function revisionHasBatches(protocolVersion: string | undefined): boolean {
  return protocolVersion === '2025-03-26';
}

/**
 * Whether a JSON value is a JSON-RPC batch (JSON-RPC 2.0 §6): a non-empty array whose every member is shaped
 * like a JSON-RPC message (`isJsonRpcShaped`; each member's own shape is judged by protocol/wire-schema). An
 * empty array, or one holding anything else, is not a batch (JSON-RPC 2.0 §6: an empty array is invalid).
 */
export function isJsonRpcBatch(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0 && value.every(isJsonRpcShaped);
}
