/**
 * The wire records: what the harness planned to send (scenarios, probes), every request it sent and
 * what came back, and what the tap saw of the server process (stdout lines, exits, shutdown).
 * Written by the session, read by checks. Plain data, no I/O.
 */
import type { JsonRpcResponse } from './protocol.ts';

/** The outcome class of one request. */
export type Outcome =
  /** A result; for `tools/call` a result without `isError: true`. */
  | 'success'
  /** A `tools/call` result with `isError: true`. */
  | 'tool-error'
  /** A JSON-RPC error response. */
  | 'protocol-error'
  /** No answer within the request timeout (or none could come: `endedByHarness`, `stdoutClosed`). */
  | 'timeout'
  /** The process exited (or stdout closed) while the request was in flight. */
  | 'exit'
  /** The request was cancelled by the harness (cancellation probes); no answer expected. */
  | 'cancelled'
  /** The answer was a stdout line longer than the frame limit (`maxLineBytes`): never parsed, failed at once. */
  | 'oversize'
  /** The transport ended the request without a JSON-RPC answer (Streamable HTTP: the POST's response carried none). */
  | 'unanswered';

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
  /** Outcome `timeout`: the budget that ran out, ms (the message names it, not the wall time). */
  timeoutMs?: number;
  /**
   * Outcome `timeout`: the stderr lines naming a network failure the session's tap had read when the request was written
   * (session/wire-tap.ts `networkLinesEnded`, read once the event loop's poll that wrote it is done, so a line the
   * server wrote before the answer that led to this request always counts); absent when the tap had read no stderr then. transport/timeout blames
   * the environment only for a failure logged after it (`WireTap.stderrNetworkSeen` greater).
   */
  networkLinesAtSend?: number;
  /**
   * Outcome `timeout` of a request whose wait the harness cut short by ending the process itself (session/exchange.ts
   * `unanswered`: the surface budget `timeouts.surfaceMs` closed the session, or a wedged server was killed after a failed
   * liveness check) rather than by its own timeout: no `timeoutMs`, and no timeout of its own (transport/timeout
   * `cutShort`; sweep 32).
   */
  endedByHarness?: true;
  /**
   * Outcome `timeout` of a request that got no answer because the server process had closed its stdout while it kept
   * running (ExitInfo.stdoutClosed): ended at once, when stdout ended or (a later request, then never written) when it
   * was made, not after its own timeout; no `timeoutMs`. Not a timeout of its own (transport/timeout `cutShort`), and,
   * as any timeout, evidence for no other check: transport/exit's `stdoutClosed` names the fault once.
   */
  stdoutClosed?: true;
  /**
   * Outcome `exit` of a request the session never wrote (docs/determinism.md, "Crashes"):
   * `crashes` when requests of its tool (or method) had crashed the server process CRASHES_PER_REQUEST_KEY
   * times alone (harness/session/session.ts); `restarts` when the session's restart budget (`maxRestarts`) was spent;
   * `budget` when the server's frames had passed the session's retention budget (`maxRetainedBytes`, WireTap.retention);
   * `closed` when the harness had closed the session (an interrupt, the surface budget `timeouts.surfaceMs`) before
   * it was written: the server never saw it, so it is no call made and nothing to judge. `crashes` and `budget` also
   * end a request a crash took while pipelined whose attempt alone was then not sent for that reason: its first write
   * counts for nothing, so which requests of a tool read "not sent" (transport/exit's count) does not depend on how
   * many the in-flight window had written before the crash (test/e2e/crash-neighbours.test.ts: 1, 8 and 64).
   */
  unsent?: 'crashes' | 'restarts' | 'budget' | 'closed';
  /**
   * Set on the first attempt of a request that ended with a crash while it was pipelined (outcome `exit`, or a
   * `cancelled`/`timeout` exchange that saw the process die) beside other requests the crash took, when its second
   * attempt alone, the one that tells whether it crashed the server (docs/determinism.md, "Crashes"), was never sent:
   * `closed` when the session closed first (an interrupt, the surface budget), `restarts` when no process could be had
   * (a restart failed, or the restart budget was spent). It was written, so it counts as a call made; the crash is not
   * attributed to it: no check names it as the request the server died with (transport/exit's `unexpectedExit` still
   * names the exit). A request the crash took alone keeps its plain `exit` record in both cases: it crashed the server.
   */
  retryUnsent?: 'closed' | 'restarts';
  /** Byte length of the response line (UTF-8), when there was one. */
  responseBytes?: number;
  /** Frames the server sent tied to this request before the answer (progress, log messages): the first MAX_KEPT_NOTIFICATIONS. */
  notifications?: unknown[];
  /** How many notifications were tied to this request in all, when more than were kept (a flood). */
  notificationCount?: number;
  /** After a cancellation: frames that still arrived for this id. */
  lateFrames?: unknown[];
  /** After a cancellation: ms from writing `notifications/cancelled` to the first late frame. */
  lateAfterMs?: number;
  /**
   * After a cancellation with a marker request written right behind it (cancellation probes): whether the
   * first late frame came after the marker's answer, i.e. the server answered the cancelled request after it
   * had read the cancellation (stdin is read in order, stdout written in order: exact at any load).
   */
  lateAfterMarker?: boolean;
  /**
   * After a cancellation: what ended the window for late frames (value-free evidence). `late-frame`: the first
   * frame for the cancelled id came (one more poll phase collects the rest); `twin`: the answer to the twin
   * (an identical request written behind the cancellation and the marker, `ProbeRequest.cancelTwin`) came
   * first, so the server had finished the same work started after the cancelled call without answering it,
   * and no late frame came in the settle after it (one twin duration, at least 20 ms, within the cap; when it
   * would end well before `ProbeRequest.lateCountsFromMs`, no settle: a `tools/list` written at the twin's answer
   * was answered, or the process ended);
   * `grace`: neither came within the `lateGraceMs` cap.
   */
  lateWindowEnd?: 'late-frame' | 'twin' | 'grace';
  /**
   * Set (to the limit, in JSON levels) when the response or a notification was nested deeper than the
   * harness evaluates: the response then keeps only `jsonrpc` and `id` (harness/run/depth-guard.ts).
   */
  tooDeep?: number;
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
   * With `cancelTwin`: a late frame sooner than this many ms after the cancellation counts for nothing to the
   * planning check (protocol/cancellation reports none sooner than MIN_LATE_MARGIN_MS), so the settle after the
   * twin's answer is skipped when it would end before half this mark (a timer's lateness stays far from it): the
   * session writes a `tools/list` at the twin's answer instead, and the window ends at its answer, or at the end of
   * the process (one that exits right behind the twin's answer: its crash stays the cancelled request's). Default 0:
   * every settle runs.
   */
  lateCountsFromMs?: number;
  /** With `cancelAfterMs`: write a `tools/list` marker right after the cancellation (sets `lateAfterMarker`). */
  cancelMarker?: boolean;
  /**
   * With `cancelMarker`: also write a twin, the same request (method and params) with its own id, right behind
   * the marker. The late window then ends one twin duration (at least 20 ms) after the twin's answer (any
   * answer) when no late frame came before it (`lateWindowEnd: 'twin'`; a late frame in that settle ends it as
   * `late-frame`), with `lateGraceMs` only as the cap; a twin unanswered when the window ends is
   * cancelled and forgotten. The twin's answer is recorded nowhere and judged by no check. Only for requests
   * a probe may repeat (protocol/cancellation: read-only or idempotent tools).
   */
  cancelTwin?: boolean;
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
  /**
   * A `tools/call` whose arguments break the tool's inputSchema on purpose (a probe of how the tool refuses them:
   * `ArgumentProbe.expect: 'reject'`, harness/probes/negative.ts). Its answer is judged for the refusal, never
   * against the tool's outputSchema: a structuredContent that fails it there mirrors the probe's own input, and
   * the acceptance is errors/input-enforcement's finding (result/structured-content; sweep 17: metabase's
   * `db_tables` echoed a wrong-type `database_id` into its structuredContent, one fault reported twice, once as an
   * error). Not a sending option: two plain probes with the same arguments are still one request (shared-probes.ts).
   */
  invalidArguments?: true;
  /**
   * The request depends only on the listing and the ARGUMENTS of the planned calls, never on their answers,
   * and the check judges its record only under conditions it re-checks on the final observation (e.g. "the
   * call with these arguments succeeded"). The runner may then send it beside the calls, planned from an
   * observation that assumes every planned call succeeded (issue 12: a probe of a long tool no longer waits
   * the tool's full duration after the calls); the final plan takes that record only for an identical probe.
   * Honoured for read-only tools on the main connection only (see harness/run/early-probes.ts).
   */
  early?: boolean;
  /**
   * Paths (property names from `params` down) of whole numbers to write as `N.0` on the wire (JSON has one
   * number type: `30.0` is the integer 30 to JSON Schema, spec JSON Schema 2020-12 Validation §6.1.1). The
   * record's params keep the number; only the written line spells it as a float.
   */
  floatPaths?: string[][];
  /**
   * A list method: follow `result.nextCursor` (spec server/utilities/pagination) up to `maxPages` pages
   * (default 20); the pages after the first land in `ProbeRecord.pages`. `key` names the result's item array.
   */
  paginate?: { key: string; maxPages?: number };
  /**
   * Streamable HTTP only (`transport/http-*` checks): send this probe's POST with these header changes
   * (a value sets the header, `null` removes it) and this session handling; the exchange is recorded in
   * `WireTap.http` tagged with the probe's id. Ignored by stdio.
   */
  http?: HttpSendOptions;
}

/** How one POST deviates from the transport's normal headers (probes of the `transport/http-*` checks). */
export interface HttpSendOptions {
  /** Header name (case-insensitive) to value, or `null` to leave the header out. */
  headers?: Record<string, string | null>;
  /** `none`: send no `Mcp-Session-Id`; `unknown`: send a made-up one the server never issued. Default: the session's. */
  session?: 'none' | 'unknown';
  /**
   * `GET`: instead of POSTing the probe's request, GET the MCP endpoint with `Accept: text/event-stream`
   * (spec 2025-11-25 basic/transports §Listening for Messages from the Server), with the session's id and
   * protocol version header; only the status and content type are recorded, an SSE stream the server opens
   * is closed at once, and the probe's request settles as `unanswered`. Default: POST.
   */
  method?: 'GET';
}

/** A probe and its record. */
export interface ProbeRecord {
  probe: ProbeRequest;
  request: RequestRecord;
  /** For `freshProcess` probes: whether the probe process was still running when its answer (or the timeout) came; read then, no window waited out. */
  aliveAfter?: boolean;
  /**
   * For `freshProcess` probes that got no answer (no response, none cut short): the probe process's own stderr said
   * an address or port was already in use (harness/model/address-in-use.ts). The harness starts that process while its
   * main session runs the same server, so a server that holds a fixed port or socket fails there for the harness's own
   * conflict (transport/timeout `probeAddressInUse`; drawio-mcp-server 2.3.0, sweep 25).
   */
  addressInUse?: true;
  /**
   * `paginate` probes: every page in order (the first is `request`), and why the walk ended: `end` (no
   * nextCursor), `error` (a page was not a success), `cursor-repeat` (a nextCursor seen before; `repeatedCursor`
   * names the pages, 0-based) or `page-limit`.
   */
  pages?: RequestRecord[];
  pageStop?: 'end' | 'error' | 'cursor-repeat' | 'page-limit';
  repeatedCursor?: { page: number; firstPage: number };
}

/** Classification of one stdout line. */
export interface StdoutLine {
  /** 1-based line number on stdout since spawn. */
  line: number;
  /** ms since spawn. */
  atMs: number;
  /**
   * `jsonrpc`: a JSON-RPC 2.0 message, or a JSON-RPC batch after the session negotiated 2025-03-26 (the one
   * revision with batches, spec:2025-03-26/basic/index.mdx §Batching); `json`: JSON but not JSON-RPC (an array
   * line on any other revision, or before the revision was known); `text`: not JSON; `oversize`: over the
   * frame limit, never parsed.
   */
  kind: 'jsonrpc' | 'json' | 'text' | 'oversize';
  /** Byte length of the line. */
  bytes: number;
  /** The first 80 characters of a non-JSON-RPC line (evidence; only shown with --show-values). */
  head?: string;
  /**
   * The last step the harness had taken to end the process when it read this line (`HarnessEnding`); absent for a
   * line read before any. The order of events in the harness, not wall time: a line read after the step may have
   * been written just before it (the pipe is read in the harness's own time), never one read before it after it.
   */
  ending?: HarnessEnding;
}

/**
 * A step the harness takes to end a stdio server process, in the order it takes them:
 * `shutdown-stdin-close` (its orderly shutdown closed stdin; spec basic/transports stdio §Shutdown),
 * `shutdown-sigterm` / `shutdown-sigkill` (the shutdown then sent that signal: the process had not exited),
 * `terminated` (SIGTERM to a server the harness started and stops outside a stdio session: an HTTP server),
 * `killed` (SIGKILL outside the orderly shutdown: a wedged process, a timed-out probe's, one replaced).
 */
export type HarnessEnding = 'shutdown-stdin-close' | 'shutdown-sigterm' | 'shutdown-sigkill' | 'terminated' | 'killed';

/** How the process ended. */
export interface ExitInfo {
  /** ms since spawn. */
  atMs: number;
  code: number | null;
  signal: string | null;
  /** True when the process exited before the harness began shutting it down. */
  unexpected: boolean;
  /**
   * The process's number in its session (1 for the first, each restart the next): the number its stderr lines are
   * labelled with (`stderrProcessLabel`, `WireTap.stderrOpenedBy`), so a finding on this exit shows this process's
   * stderr, not the session's last lines (sweep 17: three crashes of task-master-ai each showed the stderr of the
   * process after them, which exited normally). Absent for a process outside a stdio session.
   */
  processNo?: number;
  /**
   * Set when a write to the process's stdin failed (EPIPE: nothing reads the pipe any more) while it was still
   * running and before the harness began ending it: the server closed its stdin, or stopped reading it, mid-session.
   * `atMs`: ms since spawn; `code`: the write's errno code. Judged by transport/exit when the exit was expected
   * (on an unexpected one the crash explains it).
   */
  stdinLost?: { atMs: number; code: string };
  /**
   * Set when the server left more than the harness's stdin backlog cap unread while it ran (SessionOptions
   * .maxPendingStdinBytes): the harness dropped the lines it would have queued past the cap (answers to the server's
   * own requests, requests of its own) instead of buffering them without bound. `atMs`: ms since spawn of the first
   * drop; `waitingBytes`: the bytes then waiting unread; `capBytes`: the cap; `droppedLines`: lines dropped in all.
   * Judged by transport/exit (`stdinStalled`).
   */
  stdinStalled?: { atMs: number; waitingBytes: number; capBytes: number; droppedLines: number };
  /**
   * Set when the process's stdout ended (EOF: it closed it, e.g. `exec 1>&-` or `fs.closeSync(1)`) while it kept
   * running and before the harness began ending it: it could answer nothing more, so the session ended every request
   * waiting then, and every later one, at once (RequestRecord.stdoutClosed). `atMs`: ms since spawn. Judged by
   * transport/exit (`stdoutClosed`) when the exit was expected (on an unexpected one the crash is the finding).
   */
  stdoutClosed?: { atMs: number };
  /**
   * Set on an unexpected exit when, with the leader gone and its tree swept, the process's stdout or stderr was still
   * open (ServerProcess.stdioHeldOpen): a process the sweep cannot find (no marker, another session) holds it, as
   * ShutdownInfo.stdioHeld says after a shutdown. The pipes are released at once; that process is left running.
   * Judged by transport/shutdown (`stdioHeld`).
   */
  stdioHeld?: true;
  /**
   * Streamable HTTP: set when the server left `inFlight` (MAX_ANSWERS_IN_FLIGHT) of the harness's POSTs of answers to its
   * requests without an HTTP answer while more than the backlog cap (SessionOptions.maxPendingStdinBytes) of further
   * answers waited: the harness dropped the answers past the cap instead of queueing them, or opening a connection for
   * each, without bound. `atMs`: the first drop's time on the session's tap clock (ms); `waitingBytes`: the bytes then queued;
   * `capBytes`: the cap; `droppedLines`: answers dropped in all. Judged by transport/exit (`answersStalled`).
   */
  answersStalled?: { atMs: number; waitingBytes: number; capBytes: number; inFlight: number; droppedLines: number };
}

/** How shutdown went: which step ended the process (spec basic/transports stdio §Shutdown). */
export interface ShutdownInfo {
  /**
   * `stdin-close`: exited after stdin closed; `sigterm`/`sigkill`: needed the signal; `already-exited`;
   * `session-end`: a Streamable HTTP connection ended by the harness (DELETE of its session, streams closed).
   */
  endedBy: 'stdin-close' | 'sigterm' | 'sigkill' | 'already-exited' | 'session-end';
  /** ms from the start of shutdown to exit. */
  durationMs: number;
  /**
   * Processes of the tree found alive after the leader exited (should be 0): the harness then swept the tree
   * (froze, killed and looked again until none was left; harness/session/stdio/sweep.ts). For a tree that kept
   * forking while it was swept, every distinct process the sweep saw. On a Streamable HTTP surface: those of the
   * server the harness started (command + url), after its stop (SIGTERM to its tree; harness/run/observe.ts).
   */
  survivors: number;
  /**
   * True when the sweep of those survivors hit its bounds before a look found none left: processes of the tree
   * may still be running. Absent (or false) when nothing was left.
   */
  survivorsMayRemain?: boolean;
  /**
   * True when, the leader gone and its tree swept, the server's stdout or stderr pipe was still open: a process the
   * sweep could not find (it left the process group and has no marker in its environment, docs/security.md) still
   * holds it, and is left running. Absent otherwise (also when the pipes were released before the shutdown: an
   * unexpected exit's own sweep).
   */
  stdioHeld?: true;
  /** The configured wait after closing stdin before SIGTERM (`timeouts.stdinGraceMs`), ms. */
  stdinGraceMs: number;
  /**
   * True when the process stopped was a restart still negotiating when the harness closed the session (an interrupt,
   * the surface budget; harness/session/session.ts `close`): stopped mid-handshake, so `endedBy` says nothing of how the
   * server shuts down (transport/shutdown judges only `survivors`). Absent otherwise.
   */
  abandoned?: boolean;
}

/** A label line of `WireTap.stderrTail`: its first character's index, and the session's process number it names. */
export interface StderrLabel {
  at: number;
  processNo: number;
}

/**
 * The line the stderr tail gets before the bytes of a process of the session that started writing after another
 * had written (its number in the session, from 1): harness text, never server bytes, so a reader of a boot
 * failure's tail sees which lines came from the probe's process and which from the restart's.
 */
export function stderrProcessLabel(processNo: number): string {
  return `[mcp-harness] stderr of server process ${processNo} of this session:`;
}

/** Everything the wire tap saw for one surface process. */
export interface WireTap {
  stdout: StdoutLine[];
  /** Count of non-JSON-RPC stdout lines (kept even when `stdout` is truncated). */
  stdoutNonJsonRpc: number;
  /** Lines the harness wrote to stdin. */
  stdinLines: number;
  /**
   * The last bytes of stderr (bounded, see `stderrLimitBytes`: the server's bytes, labels not counted), with a label
   * line (`stderrProcessLabel`) before each run of a process that started writing after another had written.
   */
  stderrTail: string;
  /**
   * Where each label line of `stderrTail` starts (UTF-16 index) and the process it names; absent when one process
   * wrote. A reader of the tail tells the harness's labels from server text that looks like one by these positions
   * alone (checks/util/stderr.ts).
   */
  stderrLabels?: StderrLabel[];
  /**
   * The process (its number in the session, `ExitInfo.processNo`) whose bytes open `stderrTail` before any label;
   * absent when the tail is empty or opens with a label.
   */
  stderrOpenedBy?: number;
  /**
   * The first stderr lines (at most 4, each its first 4,096 characters, env values masked) that named a failed network
   * lookup or connection (model/network-failure.ts: `ENOTFOUND`, `fetch failed`...), read as stderr arrived, so they
   * stay however much stderr followed; absent when none. Never shown: a check names only the failure's fixed name, and
   * only after masking the strings the harness sent (a server that logs its arguments is not offline).
   */
  stderrNetworkLines?: string[];
  /**
   * How many stderr lines named a network failure (every one, not only the kept `stderrNetworkLines`; within the first
   * 16 MiB of stderr), compared with a request's `networkLinesAtSend` (transport/timeout: was a failure logged after
   * the request was sent?). Absent when this tap read no stderr.
   */
  stderrNetworkSeen?: number;
  stderrBytes: number;
  /** Frames the server sent that matched no in-flight request id. */
  unmatchedFrames: number;
  /**
   * The unmatched responses by kind: `unknownId` (an id the harness never sent or already had answered:
   * a rewritten id), `noId` (a response with no id, or id null with a result: e.g. a reply to a
   * notification); `inHandshake` counts those that came before the session was open (initialize /
   * server/discover). Absent when nothing was unmatched.
   */
  unmatched?: { unknownId: number; noId: number; inHandshake: number };
  /** Server-to-client requests received (the first 1000). */
  serverRequests: string[];
  /**
   * Methods of the server-to-client requests other than `ping` read before the answer to the session's first
   * `initialize` (`WireTapRecorder.initializeAnswered`), distinct, in the order read, at most 16; absent when none. Such a
   * request was sent before the server could have received `notifications/initialized` (legacy eras: the server SHOULD
   * NOT send requests other than pings before it, spec:2025-11-25/basic/lifecycle.mdx §Initialization). Read in the
   * server's own write order, so the same in every run.
   */
  requestsBeforeInitialize?: string[];
  /**
   * Every server-to-client request that needs a client capability (model/protocol.ts CAPABILITY_OF_SERVER_REQUEST),
   * counted by method, without a bound. Absent when none came.
   */
  capabilityRequests?: Record<string, number>;
  /**
   * When each method of `capabilityRequests` came (`CapabilityRequestTiming`), by method: absent when none came.
   * Which requests were in flight is timing (the stdio transport ties a server request to no client request):
   * shown in a finding's message, never in its identity.
   */
  capabilityRequestTiming?: Record<string, CapabilityRequestTiming>;
  /**
   * Notifications the server sent, counted by method (the first MAX_NOTIFICATION_METHODS distinct
   * methods, and always those of COUNTED_NOTIFICATION_METHODS; later new methods are not counted). Absent when none came.
   */
  notifications?: Record<string, number>;
  /**
   * Notifications that named no request (neither `progressToken` nor `requestId`), all methods: counted for the
   * session, never tied to a request (which ones were in flight is timing). Absent when none came.
   */
  untiedNotifications?: number;
  /** Every frame the server sent (for the wire-schema check; an accepted batch's members one by one); bounded by the session. */
  frames?: unknown[];
  /**
   * Set once the server frames the session kept passed its retention budget (SessionOptions.maxRetainedBytes, bytes):
   * from then on it kept no more frames here nor notifications in records, and sent no further request (those
   * records say `unsent: 'budget'`). `budgetBytes`: the budget; `keptBytes`: what the frames kept cost when the session closed (their text and
   * structure, `retainedCost` in harness/retention-budget.ts)
   * (the budget plus the answers that were in flight); `atMs`: when it passed, ms since the session's first spawn;
   * `heapLimitBytes`: set when the budget was the derived default (not configured), the V8 heap limit of the harness's
   * process it was derived from (harness/retention-budget.ts). Absent while within it.
   */
  retention?: { budgetBytes: number; keptBytes: number; atMs: number; heapLimitBytes?: number };
  /** Streamable HTTP surfaces: every HTTP exchange, in order (the first MAX_HTTP_EXCHANGES). */
  http?: HttpExchange[];
  /**
   * stdio: stdout lines whose bytes were not valid UTF-8 (spec 2025-03-26 and later basic/transports: "JSON-RPC
   * messages MUST be UTF-8 encoded"), counted, with the first: its line number and what it was (never its bytes).
   * Absent when every line was valid.
   */
  invalidUtf8?: { lines: number; first: InvalidUtf8Line };
  /**
   * stdio: stdout lines that began with a byte order mark (U+FEFF) before a JSON-RPC message (RFC 8259 §8.1:
   * JSON exchanged between systems MUST NOT begin with one), counted, with the first described as `invalidUtf8`'s.
   * The message after the mark was read and routed. Absent when no line had one.
   */
  byteOrderMark?: { lines: number; first: InvalidUtf8Line };
}

/**
 * The first stdout line that was not valid UTF-8 (`WireTap.invalidUtf8`), or that began with a byte order mark
 * (`WireTap.byteOrderMark`): its 1-based line number, its kind
 * (`StdoutLine.kind`), and for a JSON-RPC message its `method` (a request or notification) and `id` (a response's is
 * the id of the harness request it answers), when they are a string / a number or string.
 */
export interface InvalidUtf8Line {
  line: number;
  kind: StdoutLine['kind'];
  method?: string;
  id?: number | string;
}

/**
 * What the harness had in flight when a server-to-client request of one method came (`WireTap.capabilityRequestTiming`):
 * `tools`, the tools named (`toolLabel`, sorted, the first MAX_TIMING_TOOLS) of the requests that came while the
 * harness's requests in flight were `tools/call`s of that one tool, or that a Streamable HTTP server sent on a
 * `tools/call`'s answer stream (spec:2025-11-25/basic/transports.mdx §Sending Messages to the Server: such a
 * request relates to that call); `several`, one came while requests of several tools, or a call and another
 * request, were in flight (no tool named: the stdio transport carries no related-request field, and guessing by
 * timing would blame a tool at random); `idle`, one came while no `tools/call` was in flight (between requests, in
 * the handshake, or after the session's last answer while the process was shutting down).
 */
export interface CapabilityRequestTiming {
  tools: string[];
  several: boolean;
  idle: boolean;
}

/** Tools kept per method in `CapabilityRequestTiming.tools`. */
export const MAX_TIMING_TOOLS = 16;

/** Distinct notification methods counted in `WireTap.notifications` (besides COUNTED_NOTIFICATION_METHODS). */
export const MAX_NOTIFICATION_METHODS = 64;

/**
 * Notification methods the harness acts on or judges (the re-list on tools/list_changed, harness/run/relist.ts;
 * protocol/wire-schema's progress and cancellation rules): always counted, past MAX_NOTIFICATION_METHODS too. A server
 * that sent 64 made-up methods first hid its list_changed, and the tool it then added was never listed or called, with
 * no finding (hostile review 29).
 */
export const COUNTED_NOTIFICATION_METHODS: ReadonlySet<string> = new Set(['notifications/tools/list_changed', 'notifications/progress', 'notifications/cancelled']);

/** Exchanges kept in `WireTap.http`. */
export const MAX_HTTP_EXCHANGES = 2000;

/**
 * One HTTP exchange of a Streamable HTTP connection (spec basic/transports §Streamable HTTP), value-free:
 * no header value is recorded but the protocol version the harness sent and the content type it got.
 */
export interface HttpExchange {
  /** 1-based order within the surface. */
  seq: number;
  /** Which connection (1-based, in start order) it belongs to. */
  connection: number;
  /** ms since the tap started, when it was sent. */
  atMs: number;
  method: 'POST' | 'DELETE' | 'GET';
  /** What a POST carried: a request (with its id and method), a notification, a response to a server request, or anything else. */
  message?: { kind: 'request' | 'notification' | 'response' | 'other'; id?: number | string; method?: string };
  /** The probe whose header changes this POST carried (`ProbeRequest.http`). */
  tag?: string;
  /** The `Mcp-Session-Id` sent: the session's (`sent`), none (`none`), or a made-up one (`unknown`). */
  session: 'sent' | 'none' | 'unknown';
  /** The `MCP-Protocol-Version` header sent, if any. */
  protocolVersionHeader?: string;
  /** Header names the harness left out of this POST on purpose (probes). */
  omitted?: string[];
  /** HTTP status of the answer (absent when the exchange failed before one came). */
  status?: number;
  /** The media type of the answer (`Content-Type` without parameters, lower case). */
  contentType?: string;
  /** The answer named a session id (`Mcp-Session-Id`). */
  sessionIdIssued?: boolean;
  /** Body bytes received. */
  bodyBytes: number;
  /** JSON-RPC messages read from the body (a JSON body, or SSE `data` events that parsed). */
  messages: number;
  /** The body did not parse as JSON (a JSON answer) or an SSE event's data did not. */
  unparsed?: number;
  /** A POSTed request: the body carried the answer to its id. */
  answered?: boolean;
  /** An SSE answer: its events, and whether the stream ended by itself (`ended`) or was still open when the harness closed it. */
  sse?: {
    events: number;
    ended: boolean;
    /**
     * Events whose SSE `id` an earlier event on the same connection (one session) already carried; absent
     * when none (spec 2025-11-25 basic/transports §Resumability and Redelivery: an id MUST be unique across
     * all streams of the session). Only the count is kept, never an id.
     */
    repeatedIds?: number;
    /**
     * Some event carried an `id`: the server may then close the stream before the response and expect the client to
     * resume it with `Last-Event-ID` (2025-11-25 basic/transports §Sending Messages to the Server, SSE polling), which
     * the harness does not do.
     */
    withId?: boolean;
    /**
     * Events over the frame limit (`maxLineBytes`), discarded up to their end (each also a tap line of kind
     * `oversize`); the events after one are read as usual. Absent when none.
     */
    oversize?: number;
    /**
     * Of the `oversize` events, those whose head shows they were not the response to this POST's request: a top-level
     * `method` member (a notification or a server request) or another request's `id` (session/oversize-head.ts).
     * The others (`result` or `error` before any `method`, or a head that decides nothing) may have been it.
     * Absent when none.
     */
    oversizeOthers?: number;
  };
  /**
   * The answer's body held bytes that are not valid UTF-8 (a JSON body, or an SSE stream: any of its bytes); the
   * harness decoded them as U+FFFD. Absent when the body was valid UTF-8 or empty, and for a JSON body over the frame
   * limit (not read whole); an SSE stream is checked as it streams, an event over the limit included.
   */
  invalidUtf8?: true;
  /**
   * A JSON body (application/json, read whole) began with a byte order mark (U+FEFF; RFC 8259 §8.1: JSON exchanged
   * between systems MUST NOT begin with one): the harness read the body after it, as fetch's Response.json() does
   * (its UTF-8 decode drops one leading mark). Absent otherwise; an SSE stream's leading mark is the event-stream
   * format's own (WHATWG HTML §9.2.5) and never noted.
   */
  byteOrderMark?: true;
  /** ms from sending to the end of the body (or to the failure). */
  durationMs?: number;
  /** The exchange failed below HTTP: `refused`, `reset`, `aborted` (the harness closed it), `oversize` (a JSON body over the frame limit; an SSE event over it is `sse.oversize`), or another errno. */
  error?: string;
}

/** The era probe exchange (`Negotiation.probe`): what `server/discover` drew, and how the era was settled. */
export interface EraProbe {
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
   * process with a probe in flight whose answer could still decide the era). Outcome `exit`: the first process
   * exited before it answered, and a fresh one was probed the same way; the fields above are then the second
   * probe's (outcome `exit` again: the probe ends the server, the process exits on it each time; any other: the
   * first exit was a crash on start, not the probe's).
   */
  firstProbe?: { outcome: 'timeout' | 'not-json' | 'exit'; durationMs: number; timeoutMs: number };
  /**
   * The re-probe timed out too and `initialize` was sent; the probe's answer then still came, this many
   * ms after it was sent. Recorded, never obeyed: a process that got `initialize` is legacy for its life.
   */
  lateAnswerMs?: number;
}
