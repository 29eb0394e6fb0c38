/**
 * The harness's data model: plain data that flows one way through the pipeline
 * (config -> session -> observation -> checks -> findings -> report -> reporters).
 *
 * Nothing in this module does I/O. Every other layer imports its vocabulary from here.
 * See docs/architecture.md for the pipeline and the vocabulary.
 */

/** A finding's severity. `off` exists only in config (it disables a check) and never appears in a finding. */
export type Severity = 'error' | 'warning' | 'info';
/** A severity as the config may set it per check. */
export type SeverityOrOff = Severity | 'off';

/** Protocol era: `modern` is the stateless 2026-07-28 revision (`server/discover`), `legacy` the `initialize` handshake. */
export type Era = 'modern' | 'legacy';

/** The protocol revisions the harness knows, newest first. */
export const KNOWN_PROTOCOL_VERSIONS = ['2026-07-28', '2025-11-25', '2025-06-18', '2025-03-26', '2024-11-05'] as const;
/** The modern revision (stateless, `_meta` envelope per request). */
export const MODERN_PROTOCOL_VERSION = '2026-07-28';
/** The newest legacy revision; offered in `initialize`. */
export const LATEST_LEGACY_PROTOCOL_VERSION = '2025-11-25';

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

/** `ToolAnnotations` (hints only; identical across 2025-06-18, 2025-11-25 and 2026-07-28). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint?: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
  [key: string]: unknown;
}

/**
 * A contract tool: what a surface is expected to advertise, schemas as projected JSON Schema
 * (never zod objects). Comes from a contract package or a lock file.
 */
export interface ContractTool {
  name: string;
  title?: string;
  description?: string;
  inputSchema: Record<string, unknown>;
  outputSchema?: Record<string, unknown>;
  annotations?: ToolAnnotations;
}

/** A surface's contract: the expected tools plus, for locks, the identity they were recorded from. */
export interface Contract {
  /** Where it came from (a module or lock file path, relative to the config's directory). */
  source: string;
  kind: 'module' | 'lock';
  tools: ContractTool[];
  /** Lock files only: the server identity at recording time. */
  serverInfo?: Implementation;
  /** Lock files only: sha256 (hex) of the canonical tool schemas at recording time. */
  schemaHash?: string;
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

/** The outcome class of one request. */
export type Outcome =
  /** A result; for `tools/call` a result without `isError: true`. */
  | 'success'
  /** A `tools/call` result with `isError: true`. */
  | 'tool-error'
  /** A JSON-RPC error response. */
  | 'protocol-error'
  /** No answer within the request timeout. */
  | 'timeout'
  /** The process exited (or stdout closed) while the request was in flight. */
  | 'exit'
  /** The request was cancelled by the harness (cancellation probes); no answer expected. */
  | 'cancelled';

/**
 * One request the harness sent and what came back. Used for tool calls, list pages and probes alike.
 * `response` is the raw parsed frame; nothing is normalised.
 */
export interface RequestRecord {
  /** JSON-RPC id the harness used. */
  id: number | string;
  method: string;
  /** The params as sent (including the `_meta` envelope on the modern era). */
  params?: unknown;
  response?: JsonRpcResponse;
  outcome: Outcome;
  /** Wall time from write to answer (or to giving up), ms. */
  durationMs: number;
  /** Byte length of the response line (UTF-8), when there was one. */
  responseBytes?: number;
  /** Frames the server sent tied to this request before the answer (progress, log messages). */
  notifications?: unknown[];
  /** After a cancellation: frames that still arrived for this id. */
  lateFrames?: unknown[];
  /** After a cancellation: ms from writing `notifications/cancelled` to the first late frame. */
  lateAfterMs?: number;
}

/** The expected outcome of a scenario. */
export type ExpectedOutcome = 'success' | 'tool-error' | 'protocol-error';

/** A named call of one tool (from `scenarios/*.json` or generated from the inputSchema). */
export interface Scenario {
  /** Unique per tool within a surface. */
  name: string;
  tool: string;
  arguments: Record<string, unknown>;
  expect: ExpectedOutcome;
  /** Where the scenario came from: `file` = scenario file, `generated` = from the inputSchema. */
  origin: 'file' | 'generated';
  /** Scenario file path (relative to the config dir) for `file` scenarios. */
  file?: string;
  /** Optional extra assertions on the result: JSON pointers into structuredContent that must exist. */
  assert?: { structuredContentHas?: string[]; textIncludes?: string[] };
  /** Per-call timeout override, ms. */
  timeoutMs?: number;
}

/** One `tools/call` with its scenario. */
export interface CallRecord {
  scenario: Scenario;
  request: RequestRecord;
}

/** A probe: a request a check planned (pure) and the runner executed. */
export interface ProbeRequest {
  /** Stable ID, unique within the surface, e.g. `errors/classification:unknown-tool`. */
  id: string;
  /** The check that planned it. */
  check: string;
  tool?: string;
  method: string;
  params?: Record<string, unknown>;
  /**
   * `envelope: false` sends params exactly as given on the modern era (no `_meta` added);
   * default true. Use `protocolVersion` to override only the envelope's version.
   */
  envelope?: boolean;
  protocolVersion?: string;
  /** Send `notifications/cancelled` for this request after this many ms (cancellation probes). */
  cancelAfterMs?: number;
  /** After the cancellation, keep collecting frames for the id this long, ms (default: the session's). */
  lateGraceMs?: number;
  /**
   * Timing-sensitive probe: run alone on the connection, after the pipelined probes, in planned order
   * (so no other answer queues in front of it).
   */
  exclusive?: boolean;
  timeoutMs?: number;
  /** A raw line to write instead of a JSON-RPC frame built from method/params (still gets an id if it has one). */
  raw?: string;
  /** Run on a fresh process (for opening-message probes such as `initialize` against a modern server). */
  freshProcess?: boolean;
}

/** A probe and its record. */
export interface ProbeRecord {
  probe: ProbeRequest;
  request: RequestRecord;
  /** For `freshProcess` probes: whether the probe process was still alive after the answer. */
  aliveAfter?: boolean;
}

/** Classification of one stdout line. */
export interface StdoutLine {
  /** 1-based line number on stdout since spawn. */
  line: number;
  /** ms since spawn. */
  atMs: number;
  /** `jsonrpc`: a JSON-RPC 2.0 message; `json`: JSON but not JSON-RPC; `text`: not JSON. */
  kind: 'jsonrpc' | 'json' | 'text';
  /** Byte length of the line. */
  bytes: number;
  /** The first 80 characters of a non-JSON-RPC line (evidence; only shown with --show-values). */
  head?: string;
}

/** How the process ended. */
export interface ExitInfo {
  /** ms since spawn. */
  atMs: number;
  code: number | null;
  signal: string | null;
  /** True when the process exited before the harness began shutting it down. */
  unexpected: boolean;
}

/** How shutdown went: which step ended the process (spec basic/transports stdio §Shutdown). */
export interface ShutdownInfo {
  /** `stdin-close`: exited after stdin closed; `sigterm`/`sigkill`: needed the signal; `already-exited`. */
  endedBy: 'stdin-close' | 'sigterm' | 'sigkill' | 'already-exited';
  /** ms from the start of shutdown to exit. */
  durationMs: number;
  /** Processes of the tree still alive after shutdown (should be 0). */
  survivors: number;
  /** The configured wait after closing stdin before SIGTERM (`timeouts.stdinGraceMs`), ms. */
  stdinGraceMs: number;
}

/** Everything the wire tap saw for one surface process. */
export interface WireTap {
  stdout: StdoutLine[];
  /** Count of non-JSON-RPC stdout lines (kept even when `stdout` is truncated). */
  stdoutNonJsonRpc: number;
  /** Lines the harness wrote to stdin. */
  stdinLines: number;
  /** The last bytes of stderr (bounded, see `stderrLimitBytes`). */
  stderrTail: string;
  stderrBytes: number;
  /** Frames the server sent that matched no in-flight request id. */
  unmatchedFrames: number;
  /** Server-to-client requests received. */
  serverRequests: string[];
  /** Every frame the server sent (for the wire-schema check); bounded by the session. */
  frames?: unknown[];
}

/** What the session learnt about the server's era. */
export interface Negotiation {
  era: Era;
  /** The negotiated protocol revision (`2026-07-28` on modern). */
  protocolVersion: string;
  /** The protocol version the harness offered. */
  offeredVersion: string;
  serverInfo?: Implementation;
  capabilities?: Record<string, unknown>;
  instructions?: string;
  /** Modern only: the raw `server/discover` result. */
  discover?: unknown;
  /** The probe exchange: what `server/discover` drew. */
  probe: {
    /**
     * `skipped`: the surface is configured `era: 'legacy'`, no probe was sent. `invalid-discover`: an
     * object result that is not a usable DiscoverResult (then legacy is tried; if that fails too, the
     * session goes modern with that answer so protocol/discover can judge it).
     */
    outcome: 'discover-result' | 'modern-error' | 'other-error' | 'timeout' | 'exit' | 'not-json' | 'skipped' | 'invalid-discover';
    errorCode?: number;
    durationMs: number;
    /** The budget of the probe that decided, ms (`timeouts.probeMs`, or `timeouts.startMs` for the re-probe). */
    timeoutMs?: number;
    /**
     * True when negotiation went on on a fresh process: the probe killed the process (outcome `exit`), or
     * the first probe got no answer within probeMs (`firstProbe`) and the process was replaced.
     */
    restarted: boolean;
    /**
     * The first probe, when it got no answer within `timeouts.probeMs` (a slow start or a silent server):
     * that process was killed and a fresh one re-probed with `timeouts.startMs` (never `initialize` on a
     * process with a probe in flight whose answer could still decide the era).
     */
    firstProbe?: { outcome: 'timeout' | 'not-json'; durationMs: number; timeoutMs: number };
    /**
     * The re-probe timed out too and `initialize` was sent; the probe's answer then still came, this many
     * ms after it was sent. Recorded, never obeyed: a process that got `initialize` is legacy for its life.
     */
    lateAnswerMs?: number;
  };
  /** Legacy only: the raw `initialize` result. */
  initialize?: unknown;
}

/** The listing: every `tools/list` page. */
export interface Listing {
  pages: RequestRecord[];
  tools: ListedTool[];
  /** True when pagination stopped because of a repeated cursor or the page limit. */
  truncated: boolean;
}

/**
 * Everything observed for one surface: the input to every check. Pure data.
 */
export interface SurfaceObservation {
  surface: string;
  /** The surface's resolved options (see SurfaceConfig). */
  options: SurfaceOptions;
  negotiation?: Negotiation;
  /** Set when the surface could not be booted or negotiated; checks needing a session skip. */
  bootError?: { phase: 'spawn' | 'negotiate' | 'list'; message: string };
  listing?: Listing;
  contract?: Contract;
  /** Set when the contract could not be loaded: the finding is reported by the runner. */
  contractError?: string;
  calls: CallRecord[];
  probes: ProbeRecord[];
  wire: WireTap;
  /** Every exit of a surface process: unexpected ones (crashes) and the final one. The session restarts after a crash. */
  exits: ExitInfo[];
  shutdown?: ShutdownInfo;
  /** The surface's package manifest (package.json) when the surface names one. */
  manifest?: { path: string; json: Record<string, unknown> };
  /** contract/watched-paths: each configured watched path (glob) with the number of files it matched. */
  watchedPathMatches?: Record<string, number>;
  /** Tools this run deliberately did not call (excluded by `--tool`, or all their calls are in another shard). */
  outOfScopeTools?: string[];
  /** Tools for which argument generation was refused (destructive, not allowed). */
  skippedTools: { tool: string; reason: string }[];
  durationMs: number;
}

/** Per-surface options the checks read (resolved from config with defaults). */
export interface SurfaceOptions {
  /** Generate arguments for destructive tools (`annotations.destructiveHint` not false). */
  allowDestructive: boolean;
  /** `forbid`: an echoed sentinel is an error; `warn` (default): a warning. */
  echo: 'forbid' | 'warn';
  /** Result size budget in bytes (result/size). */
  maxResultBytes: number;
  /** Result size budget in estimated tokens (result/size; ~4 bytes per token). */
  maxResultTokens: number;
  /** Tool name length budget for hosts that prefix names (tools/name). */
  maxToolNameLength: number;
  /** Paths (globs relative to the config dir) that must each match at least one file. */
  watchedPaths: string[];
  /** The version the surface declares (e.g. from its package manifest), for contract/version-lock. */
  declaredVersion?: string;
  /** Whether the surface may override the contract (narrowing only). */
  overrides: 'narrow' | 'none';
}

/** A finding: one problem (or note) a check reports. Value-free by default. */
export interface Finding {
  /** Check ID (`area/name`). */
  check: string;
  severity: Severity;
  surface: string;
  tool?: string;
  /** JSON pointer (RFC 6901) into the thing the message is about, prefixed with its root (e.g. `/outputSchema/properties/x`). */
  pointer?: string;
  /** The message: names the tool, the pointer and the expectation; never argument or result values. */
  message: string;
  /** The message ID in the check's catalogue. */
  messageId?: string;
  /** Spec section or rule this implements. */
  spec?: string;
  /** Values, only kept when --show-values is given. */
  evidence?: unknown;
  /** Stable identity: hash of surface, tool, check, pointer (and messageId). Filled by the runner. */
  id?: string;
  /** Set when a baseline accepts the finding: it is kept in the report but does not fail the run. */
  baselined?: boolean;
}

/** One tool's entry in the report. */
export interface ReportTool {
  name: string;
  calls: { scenario: string; origin: Scenario['origin']; expect: ExpectedOutcome; outcome: Outcome; durationMs: number }[];
}

/** One surface's entry in the report. */
export interface ReportSurface {
  name: string;
  era?: Era;
  protocolVersion?: string;
  serverInfo?: Implementation;
  /**
   * How the era was settled (the `server/discover` probe as recorded in Negotiation.probe): its outcome,
   * whether the first probe timed out and a fresh process was re-probed, and when a late answer came
   * (recorded, never obeyed). Timing data: never part of a finding.
   */
  eraProbe?: Negotiation['probe'];
  durationMs: number;
  /** `failed`: did not boot; `interrupted`: the run was stopped while it ran (its partial observation is not judged). */
  status: 'ok' | 'failed' | 'interrupted';
  /** The config file that declares the surface, relative to the working directory (SARIF locations). */
  configFile?: string;
  tools: ReportTool[];
}

/** Counts by severity. */
export interface SeverityCounts {
  error: number;
  warning: number;
  info: number;
}

/** The canonical, versioned raw result from which every format is rendered (and which `merge` combines). */
export interface Report {
  schemaVersion: 1;
  harnessVersion: string;
  startedAt: string;
  durationMs: number;
  /** Set when the run was cut short (SIGINT/SIGTERM) or partial. */
  interrupted?: boolean;
  shard?: { index: number; total: number };
  surfaces: ReportSurface[];
  findings: Finding[];
  /** Checks that were skipped for a surface, and why (e.g. no contract in ad-hoc mode). */
  skipped: { surface: string; check: string; reason: string }[];
  summary: { surfaces: number; tools: number; calls: number; findings: SeverityCounts };
}
