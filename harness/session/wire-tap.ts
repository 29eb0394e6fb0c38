/**
 * The wire tap recorder: counts and classifies everything that crosses a surface's stdio, with bounded memory.
 * One recorder spans every process of a session (respawns continue its line numbers and clock).
 */
import { COUNTED_NOTIFICATION_METHODS, MAX_HTTP_EXCHANGES, MAX_NOTIFICATION_METHODS, MAX_TIMING_TOOLS, stderrProcessLabel, type CapabilityRequestTiming, type HarnessEnding, type HttpExchange, type InvalidUtf8Line, type StderrLabel, type StdoutLine, type WireTap } from '../model/wire.ts';
import { headOf, isObject, type Classified } from './classify.ts';
import { CAPABILITY_OF_SERVER_REQUEST } from '../model/protocol.ts';
import { mayNameNetworkFailure, networkFailure } from '../model/network-failure.ts';
import { stripTerminalControls } from '../model/reader-view.ts';
import type { EnvMask } from './env-mask.ts';
import { MAX_STDOUT_ENTRIES } from './options.ts';
import { defaultRetentionBudget, retainedCost, type DerivedRetentionBudget } from '../retention-budget.ts';

export { stderrProcessLabel };

/** Distinct methods of server requests read before the first `initialize` answer that are kept (`requestsBeforeInitialize`). */
const MAX_EARLY_METHODS = 16;

/** Stderr bytes read for a network failure (`scanStderr`): past this a flood is only kept, not read. */
const MAX_SCANNED_STDERR = 16 * 1024 * 1024;
/** Characters of a stderr line read for a network failure (its first ones). */
const MAX_SCANNED_LINE = 4096;
/** Stderr lines naming a network failure kept (`scanStderr`). */
const MAX_NETWORK_LINES = 4;

/** One process's run of bytes in the kept stderr tail; `labelled` when another process had written before it. */
interface StderrRun {
  processNo: number;
  labelled: boolean;
  chunks: Buffer[];
  bytes: number;
}

/** Bounds of a recorder (bytes / entries). */
export interface TapLimits {
  stderrLimitBytes: number;
  keepFrames: number;
  /** Entries kept in `stdout` (default MAX_STDOUT_ENTRIES). JSON-RPC lines may use only the first 4/5. */
  maxStdoutEntries?: number;
  /** The retention budget, bytes (SessionOptions.maxRetainedBytes; default `defaultRetentionBudget()`): see `retain`. */
  maxRetainedBytes?: number;
  /** Set when that budget is the derived default: the V8 heap limit it came from, bytes (`WireTap.retention`). */
  retentionHeapLimitBytes?: number;
}

/** Mutable recorder behind `WireTap` snapshots. `startedAt` is the clock origin of `atMs` (performance.now() ms). */
export class WireTapRecorder {
  private origin = performance.now();
  private readonly stdout: StdoutLine[] = [];
  private readonly frames: unknown[] = [];
  private readonly serverRequests: string[] = [];
  /** Server requests that need a client capability, by method (`serverRequest`). */
  private readonly capabilityRequests = new Map<string, number>();
  /** When each of those came (`serverRequest`'s `during`), by method. */
  private readonly capabilityTiming = new Map<string, CapabilityRequestTiming>();
  private readonly notifications = new Map<string, number>();
  private untied = 0;
  /** The kept stderr tail: runs of one process's bytes, oldest first (`stderr`). */
  private stderrRuns: StderrRun[] = [];
  /** Server bytes in `stderrRuns` (labels are rendered by `snapshot`, never kept or counted). */
  private stderrKept = 0;
  private stderrBytes = 0;
  /** The first stderr lines that named a network failure (`scanStderr`), as written: they stick however much follows. */
  private readonly stderrNetworkLines: string[] = [];
  /** Each process's stderr line not ended yet (its first MAX_SCANNED_LINE characters), for `scanStderr`. */
  private readonly stderrPending = new Map<number, string>();
  /** Ended stderr lines that named a network failure (`lineRead`), all of them (not only the kept ones): `networkLinesEnded`. */
  private networkSeen = 0;
  /** Bytes `scanStderr` has read. */
  private stderrScanned = 0;
  /** Processes of the session started so far (`stderrBoundary`), numbered from 1. */
  private processes = 0;
  /** The process that wrote the last stderr bytes; 0 while none wrote. */
  private stderrWriter = 0;
  private lines = 0;
  private nonJsonRpc = 0;
  /** stdout lines that were not valid UTF-8, and the first of them (`WireTap.invalidUtf8`). */
  private invalidUtf8: WireTap['invalidUtf8'];
  /** stdout lines with a byte order mark before their JSON-RPC message, and the first of them (`WireTap.byteOrderMark`). */
  private byteOrderMark: WireTap['byteOrderMark'];
  private stdinLines = 0;
  private unmatched = 0;
  private readonly unmatchedKinds = { unknownId: 0, noId: 0, inHandshake: 0 };
  private handshakeDone = false;
  /** The first process's `initialize` was answered (`initializeAnswered`): server requests read later are not early. */
  private initializeAnsweredFlag = false;
  /** Methods of the server requests (other than ping) read before the first `initialize` answer, distinct, in order. */
  private readonly early: string[] = [];
  private batchesAccepted = false;
  private readonly http: HttpExchange[] = [];
  private httpSeq = 0;
  private readonly maxStdout: number;
  private readonly maxRetained: number;
  /** The V8 heap limit the budget was derived from, bytes; undefined when the budget was given. */
  private readonly retentionHeapLimit: number | undefined;
  /** What the server frames kept so far cost (`retain`, `retainedCost`: text and structure), bytes, each frame counted once. */
  private retainedBytes = 0;
  /** The frames counted in `retainedBytes` (a response the tap keeps is also its request record's). */
  private readonly counted = new WeakSet<object>();
  /** When the retention budget passed (ms since the origin); undefined while within it. */
  private budgetPassedAt: number | undefined;
  /**
   * Masks the harness's environment in the stderr tail (set by the process that spawns the server): as written, as
   * read (so the cleaning of checks/util/stderr.ts never puts a value back together) and in escaped JSON strings.
   */
  mask: EnvMask | undefined;

  constructor(private readonly limits: TapLimits) {
    this.maxStdout = limits.maxStdoutEntries ?? MAX_STDOUT_ENTRIES;
    const derived = limits.maxRetainedBytes === undefined ? defaultRetentionBudget() : undefined;
    this.maxRetained = limits.maxRetainedBytes ?? (derived as DerivedRetentionBudget).bytes;
    this.retentionHeapLimit = derived?.heapLimitBytes ?? limits.retentionHeapLimitBytes;
  }

  /** The snapshot's `retention`, once the budget passed at `atMs`. */
  private retention(atMs: number): NonNullable<WireTap['retention']> {
    const heapLimitBytes = this.retentionHeapLimit;
    return { budgetBytes: this.maxRetained, keptBytes: this.retainedBytes, atMs, ...(heapLimitBytes !== undefined ? { heapLimitBytes } : {}) };
  }

  /** True once the kept frames passed the retention budget: the session sends no further request (session.ts). */
  get overBudget(): boolean {
    return this.budgetPassedAt !== undefined;
  }

  /**
   * Count a server frame of `bytes` bytes (its line's UTF-8 length) that the session is about to keep, once per
   * frame object, against the retention budget (`maxRetainedBytes`), and say whether to keep it. It counts
   * `retainedCost(frame, bytes)`: the text plus an estimate of the heap its objects and arrays take (retention-budget.ts). Past the budget,
   * only a `required` frame is kept (the answer to a request in flight: its record needs it) and counted; anything
   * else (a tap frame, a notification, a late frame) is dropped. A frame already counted is always kept.
   */
  retain(frame: object, bytes: number, required = false): boolean {
    if (this.counted.has(frame)) return true;
    if (this.budgetPassedAt !== undefined && !required) return false;
    this.counted.add(frame);
    this.retainedBytes += retainedCost(frame, bytes);
    if (this.budgetPassedAt === undefined && this.retainedBytes > this.maxRetained) this.budgetPassedAt = this.now();
    return true;
  }

  /**
   * Whether the session negotiated a revision with JSON-RPC batches (2025-03-26, `revisionHasBatches`): from
   * then on the connections classify a batch line as JSON-RPC and route its members (classify.ts). Lines
   * before it (the handshake) are classified as on every other revision.
   */
  get batches(): boolean {
    return this.batchesAccepted;
  }

  /** The negotiated revision has JSON-RPC batches (spec:2025-03-26/basic/index.mdx §Batching); set when it is known. */
  acceptBatches(): void {
    this.batchesAccepted = true;
  }

  /** A new process of the session starts: its lines are batches only once its own initialize answer says so. */
  resetBatches(): void {
    this.batchesAccepted = false;
  }

  /** Count of non-JSON-RPC stdout lines so far. */
  get nonJsonRpcCount(): number {
    return this.nonJsonRpc;
  }

  /** The clock origin of `atMs` (performance.now() ms): when the recorder started, or the backdated spawn. */
  get startedAt(): number {
    return this.origin;
  }

  /**
   * Move the clock origin back to `at` (performance.now() ms) when that is earlier and nothing crossed the wire
   * yet: a process started ahead of its session (stdio/ahead.ts) is timed from its real spawn, as any other is.
   */
  backdate(at: number): void {
    if (at < this.origin && this.lines === 0 && this.stdinLines === 0 && this.stderrBytes === 0) this.origin = at;
  }

  /** ms since the recorder started. */
  now(): number {
    return Math.round(performance.now() - this.origin);
  }

  /** Count a stdout line that was not valid UTF-8; the first is described by its line number, kind, method and id. */
  private noteInvalidUtf8(classified: Classified): void {
    if (this.invalidUtf8 !== undefined) return void (this.invalidUtf8.lines += 1);
    this.invalidUtf8 = { lines: 1, first: this.describe(classified) };
  }

  /** Count a stdout line with a byte order mark before its JSON-RPC message; the first is described as `noteInvalidUtf8`'s. */
  private noteByteOrderMark(classified: Classified): void {
    if (this.byteOrderMark !== undefined) return void (this.byteOrderMark.lines += 1);
    this.byteOrderMark = { lines: 1, first: this.describe(classified) };
  }

  /** The current line, described by its line number, kind, and a JSON-RPC message's method and id (never its values). */
  private describe(classified: Classified): InvalidUtf8Line {
    const value = Array.isArray(classified.value) ? classified.value.find(isObject) : classified.value;
    const first: InvalidUtf8Line = { line: this.lines, kind: classified.kind };
    if (classified.kind === 'jsonrpc' && isObject(value)) {
      if (typeof value.method === 'string') first.method = value.method;
      if (typeof value.id === 'number' || typeof value.id === 'string') first.id = value.id;
    }
    return first;
  }

  /**
   * Record one stdout line (its text may be a head only, when oversize). `invalidUtf8`: its bytes were not valid UTF-8
   * (stdio/line-splitter.ts; `text` holds U+FFFD for them): counted, the first one described (`WireTap.invalidUtf8`).
   * `ending`: the step the harness had taken to end the process when it read the line (`StdoutLine.ending`).
   * `byteOrderMark`: a U+FEFF came before the JSON-RPC message `classified` holds (read without it): counted, the first
   * one described (`WireTap.byteOrderMark`).
   */
  line(text: string, bytes: number, classified: Classified, invalidUtf8 = false, ending?: HarnessEnding, byteOrderMark = false): void {
    this.lines += 1;
    if (invalidUtf8) this.noteInvalidUtf8(classified);
    if (byteOrderMark) this.noteByteOrderMark(classified);
    const jsonRpc = classified.kind === 'jsonrpc';
    if (!jsonRpc) this.nonJsonRpc += 1;
    // the entry (and a non-JSON-RPC line's head) is built only when it is kept: past the first entries a line is only counted
    const room = jsonRpc ? Math.floor((this.maxStdout * 4) / 5) : this.maxStdout;
    if (this.stdout.length < room) {
      const entry: StdoutLine = { line: this.lines, atMs: this.now(), kind: classified.kind, bytes };
      if (!jsonRpc) entry.head = headOf(text);
      if (ending !== undefined) entry.ending = ending;
      this.stdout.push(entry);
    }
    if (classified.batch === true) {
      // an accepted batch: its members are the messages (judged one by one by protocol/wire-schema); the line's
      // bytes count once, against the first member kept
      let count = bytes;
      for (const member of classified.value as unknown[]) {
        if (isObject(member) && this.frames.length < this.limits.keepFrames && this.retain(member, count)) {
          this.frames.push(member);
          count = 0;
        }
      }
    } else if (isObject(classified.value) && this.frames.length < this.limits.keepFrames && this.retain(classified.value, bytes)) this.frames.push(classified.value);
  }

  /** Count one line written to stdin. */
  stdin(): void {
    this.stdinLines += 1;
  }

  /**
   * Append stderr bytes of process `processNo` (its number from `stderrBoundary`; default the latest process). Only
   * the last `stderrLimitBytes` of the server's bytes are kept. Bytes of a process other than the one that wrote
   * last start a run of their own; a run started once some process had written is shown behind
   * `stderrProcessLabel(processNo)` (`snapshot`): one tail, several processes (the probe's and the restart's), each
   * one's lines labelled. Labels are rendered, never kept: they count no byte, use none of the limit, and trimming
   * never cuts one.
   */
  stderr(chunk: Buffer | string, processNo = this.processes): void {
    const buf = typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
    this.stderrBytes += buf.length;
    if (buf.length === 0) return;
    let run = this.stderrRuns.at(-1);
    if (run === undefined || processNo !== this.stderrWriter) {
      run = { processNo, labelled: this.stderrWriter !== 0, chunks: [], bytes: 0 };
      this.stderrRuns.push(run);
      this.stderrWriter = processNo;
    }
    run.chunks.push(buf);
    run.bytes += buf.length;
    this.stderrKept += buf.length;
    if (this.stderrScanned < MAX_SCANNED_STDERR) this.scanStderr(buf, processNo);
    if (this.stderrKept > this.limits.stderrLimitBytes * 2) this.trimStderr();
  }

  /**
   * A new process of the session (a restart after a crash or a failed start) is about to write: its stderr is a
   * run of its own, shown on a line of its own, so the tail never joins the last line of one process to the first
   * of the next (a server whose fatal message ends without a newline, started twice: "...index.jsFatal error..."),
   * and behind a label naming it once an earlier process wrote (`stderr`). Counts no byte.
   * @returns the new process's number in the session (1 for the first), for its `stderr` chunks
   */
  stderrBoundary(): number {
    this.processes += 1;
    return this.processes;
  }

  /**
   * Read a stderr chunk for lines that name a failed network lookup or connection (model/network-failure.ts, each line
   * as a terminal shows it) and keep the first MAX_NETWORK_LINES of them, as written (a reviewer: a server offline that
   * logs the lookup once and then minutes of retries; 1 of 4 runs named it when only the kept tail was read). A line
   * is its first MAX_SCANNED_LINE characters whatever chunks it came in, so what is kept never hangs on how the pipe
   * split the bytes. A chunk (with its line so far) that holds none of the failures' words is not split into lines:
   * a flood of other output costs one scan. Reads at most MAX_SCANNED_STDERR bytes. The checks mask each kept line
   * with the strings the harness sent before they name its failure (checks/util/stderr.ts `stderrNetworkCause`).
   */
  private scanStderr(buf: Buffer, processNo: number): void {
    this.stderrScanned += buf.length;
    const text = buf.toString('utf8');
    let line = this.stderrPending.get(processNo) ?? '';
    if (!mayNameNetworkFailure(line + text)) {
      const last = text.lastIndexOf('\n');
      this.stderrPending.set(processNo, (last === -1 ? line + text : text.slice(last + 1)).slice(0, MAX_SCANNED_LINE));
      return;
    }
    for (let from = 0; ; ) {
      const end = text.indexOf('\n', from);
      const piece = end === -1 ? text.slice(from) : text.slice(from, end);
      if (line.length < MAX_SCANNED_LINE) line += piece.slice(0, MAX_SCANNED_LINE - line.length);
      if (end === -1) break;
      this.lineRead(line);
      line = '';
      from = end + 1;
    }
    this.stderrPending.set(processNo, line);
  }

  /** Count an ended stderr line that names a network failure, and keep it among the first MAX_NETWORK_LINES (`scanStderr`). */
  private lineRead(line: string): void {
    if (!mayNameNetworkFailure(line) || networkFailure([stripTerminalControls(line)]) === undefined) return;
    this.networkSeen += 1;
    if (this.stderrNetworkLines.length < MAX_NETWORK_LINES) this.stderrNetworkLines.push(line);
  }

  /**
   * The ended stderr lines read so far that named a network failure (every one, within the first MAX_SCANNED_STDERR
   * bytes), or undefined while no stderr byte was read (a tap that hears no server stderr: the Streamable HTTP
   * session's, whose server's stderr goes to the start's own tap). A request's record keeps it as of its write
   * (exchange.ts, read once that poll of the event loop is done; RequestRecord.networkLinesAtSend), so
   * transport/timeout can tell a failure logged after the request from one logged before it (a telemetry exporter's
   * at start). A field read: one per request.
   */
  networkLinesEnded(): number | undefined {
    return this.stderrBytes === 0 ? undefined : this.networkSeen;
  }

  /** The kept lines that name a network failure, then the lines not ended yet that do (at most MAX_NETWORK_LINES). */
  private networkLines(): string[] {
    return [...this.stderrNetworkLines, ...this.openNetworkLines()].slice(0, MAX_NETWORK_LINES);
  }

  /** The lines not ended yet that name a network failure (`scanStderr`'s pending lines). */
  private openNetworkLines(): string[] {
    return [...this.stderrPending.values()].filter((l) => mayNameNetworkFailure(l) && networkFailure([stripTerminalControls(l)]) !== undefined);
  }

  /** Drop the oldest server bytes beyond `stderrLimitBytes`: whole runs, then the front of the oldest run kept. */
  private trimStderr(): void {
    let excess = this.stderrKept - this.limits.stderrLimitBytes;
    while (excess > 0 && this.stderrRuns.length > 0) {
      const first = this.stderrRuns[0];
      if (first.bytes <= excess) {
        this.stderrRuns.shift();
        this.stderrKept -= first.bytes;
        excess -= first.bytes;
        continue;
      }
      first.chunks = [Buffer.from(Buffer.concat(first.chunks).subarray(excess))];
      first.bytes -= excess;
      this.stderrKept -= excess;
      excess = 0;
    }
  }

  /**
   * The kept tail as text: each run masked on its own (`mask.lines`), a labelled run behind its label line (a
   * newline first when the text so far does not end its last line), and where each label line starts.
   */
  private renderStderr(): { text: string; labels: StderrLabel[]; openedBy?: number } {
    let text = '';
    const labels: StderrLabel[] = [];
    const first = this.stderrRuns[0];
    const openedBy = first !== undefined && !first.labelled ? first.processNo : undefined;
    for (const run of this.stderrRuns) {
      const raw = Buffer.concat(run.chunks).toString('utf8');
      if (run.labelled) {
        if (text !== '' && !text.endsWith('\n')) text += '\n';
        labels.push({ at: text.length, processNo: run.processNo });
        text += `${stderrProcessLabel(run.processNo)}\n`;
      }
      text += this.mask ? this.mask.lines(raw) : raw;
    }
    return openedBy === undefined ? { text, labels } : { text, labels, openedBy };
  }

  /**
   * Record one HTTP exchange (Streamable HTTP connections); returns the record, which the connection
   * keeps filling in as the answer arrives (status, body, SSE events). Only the first MAX_HTTP_EXCHANGES are kept.
   */
  httpExchange(exchange: Omit<HttpExchange, 'seq' | 'atMs'>): HttpExchange {
    this.httpSeq += 1;
    const record: HttpExchange = { seq: this.httpSeq, atMs: this.now(), ...exchange };
    if (this.http.length < MAX_HTTP_EXCHANGES) this.http.push(record);
    return record;
  }

  /**
   * Count a response frame whose id matched no in-flight request: `unknown-id` (an id not awaited) or
   * `no-id` (a result with no id, or id null). Before `handshakeOver()` it also counts as in the handshake.
   */
  unmatchedFrame(kind: 'unknown-id' | 'no-id' = 'unknown-id'): void {
    this.unmatched += 1;
    if (kind === 'no-id') this.unmatchedKinds.noId += 1;
    else this.unmatchedKinds.unknownId += 1;
    if (!this.handshakeDone) this.unmatchedKinds.inHandshake += 1;
  }

  /** The era is negotiated and the session open: later unmatched responses are not the handshake's. */
  handshakeOver(): void {
    this.handshakeDone = true;
  }

  /**
   * The answer to the session's first `initialize` was routed (harness/session/handshake.ts, synchronously as it is
   * read): a server request read before it was sent before the server could have received `notifications/initialized`
   * (`WireTap.requestsBeforeInitialize`). Requests read after it are not judged so, even those the server wrote before
   * it read `initialized`: whether one is read before or after the harness writes that notification is timing.
   */
  initializeAnswered(): void {
    this.initializeAnsweredFlag = true;
  }

  /**
   * Record a server-to-client request by method: the first 1000 in `serverRequests`, and every request that needs a
   * client capability (CAPABILITY_OF_SERVER_REQUEST) counted by method without a bound, so no flood of other
   * requests hides one (a reviewer's 1000 pings ahead of a roots/list). `during` (such requests only): the one tool
   * whose `tools/call` the request came in (its label), `'several'` when more than one request was in flight and
   * they were not all calls of one tool, `'idle'` when no `tools/call` was (CapabilityRequestTiming).
   */
  serverRequest(method: string, during: { tool: string } | 'several' | 'idle' = 'idle'): void {
    if (this.serverRequests.length < 1000) this.serverRequests.push(method);
    if (!this.initializeAnsweredFlag && method !== 'ping' && this.early.length < MAX_EARLY_METHODS && !this.early.includes(method)) this.early.push(method);
    if (!Object.hasOwn(CAPABILITY_OF_SERVER_REQUEST, method)) return;
    this.capabilityRequests.set(method, (this.capabilityRequests.get(method) ?? 0) + 1);
    let timing = this.capabilityTiming.get(method);
    if (timing === undefined) this.capabilityTiming.set(method, (timing = { tools: [], several: false, idle: false }));
    if (during === 'several') timing.several = true;
    else if (during === 'idle') timing.idle = true;
    else if (!timing.tools.includes(during.tool) && timing.tools.length < MAX_TIMING_TOOLS) timing.tools.push(during.tool);
  }

  /**
   * Count one notification from the server by its method (any method: the channel routes every frame
   * with a string `method` and no id here). Bounded to MAX_NOTIFICATION_METHODS distinct methods, plus those the
   * harness acts on or judges (COUNTED_NOTIFICATION_METHODS), which are always counted.
   */
  notification(method: string): void {
    const count = this.notifications.get(method);
    if (count !== undefined) this.notifications.set(method, count + 1);
    else if (this.notifications.size < MAX_NOTIFICATION_METHODS || COUNTED_NOTIFICATION_METHODS.has(method)) this.notifications.set(method, 1);
  }

  /** Count one notification that names no request (no `progressToken` or `requestId` of an in-flight request's kind). */
  untiedNotification(): void {
    this.untied += 1;
  }

  /** How many notifications with this method the server has sent so far (all processes of the session). */
  notificationCount(method: string): number {
    return this.notifications.get(method) ?? 0;
  }

  /** A copy of everything recorded so far. */
  snapshot(): WireTap {
    this.trimStderr();
    const stderr = this.renderStderr();
    const networkLines = this.networkLines().map((l) => (this.mask ? this.mask.lines(l) : l));
    return {
      stdout: this.stdout.slice(),
      stdoutNonJsonRpc: this.nonJsonRpc,
      stdinLines: this.stdinLines,
      stderrTail: stderr.text,
      ...(stderr.labels.length > 0 ? { stderrLabels: stderr.labels } : {}),
      ...(stderr.openedBy !== undefined ? { stderrOpenedBy: stderr.openedBy } : {}),
      ...(networkLines.length > 0 ? { stderrNetworkLines: networkLines } : {}),
      // the lines ended so far and those not ended yet that name a failure
      ...(this.stderrBytes > 0 ? { stderrNetworkSeen: this.networkSeen + this.openNetworkLines().length } : {}),
      stderrBytes: this.stderrBytes,
      unmatchedFrames: this.unmatched,
      ...(this.unmatched > 0 ? { unmatched: { ...this.unmatchedKinds } } : {}),
      serverRequests: this.serverRequests.slice(),
      ...(this.early.length > 0 ? { requestsBeforeInitialize: this.early.slice() } : {}),
      ...(this.capabilityRequests.size > 0 ? { capabilityRequests: Object.fromEntries(this.capabilityRequests) } : {}),
      ...(this.capabilityTiming.size > 0 ? { capabilityRequestTiming: Object.fromEntries([...this.capabilityTiming].map(([m, t]) => [m, { ...t, tools: [...t.tools].sort() }])) } : {}),
      ...(this.notifications.size > 0 ? { notifications: Object.fromEntries(this.notifications) } : {}),
      ...(this.untied > 0 ? { untiedNotifications: this.untied } : {}),
      frames: this.frames.slice(),
      ...(this.budgetPassedAt !== undefined ? { retention: this.retention(this.budgetPassedAt) } : {}),
      ...(this.httpSeq > 0 ? { http: this.http.map((e) => structuredClone(e)) } : {}),
      ...(this.invalidUtf8 !== undefined ? { invalidUtf8: { lines: this.invalidUtf8.lines, first: { ...this.invalidUtf8.first } } } : {}),
      ...(this.byteOrderMark !== undefined ? { byteOrderMark: { lines: this.byteOrderMark.lines, first: { ...this.byteOrderMark.first } } } : {}),
    };
  }
}
