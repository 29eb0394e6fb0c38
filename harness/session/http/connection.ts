/**
 * One Streamable HTTP connection (spec 2025-06-18 / 2025-11-25 basic/transports §Streamable HTTP; 2026-07-28
 * transports/streamable-http): every frame the session sends is its own POST with
 * `Accept: application/json, text/event-stream`; the answer is a JSON body or an SSE stream (read by the bounded
 * sse-reader.ts) whose JSON-RPC messages are routed like stdout lines. The legacy era's session
 * (`Mcp-Session-Id` from the initialize answer, `MCP-Protocol-Version` after it, DELETE at the end) and the
 * modern era's mirrored headers (`MCP-Protocol-Version`, `Mcp-Method`, `Mcp-Name` from the body) are this
 * module's job. Every exchange is tapped (status, content type, body bytes, SSE events) and every message the
 * server sent goes through the env mask before anything parses it. Judges nothing.
 */
import type { Agent as HttpAgent, ClientRequest, IncomingMessage, OutgoingHttpHeaders } from 'node:http';
import { isUtf8 } from 'node:buffer';
import { createHash, randomUUID } from 'node:crypto';
import { PROTOCOL_VERSION_META_KEY } from '../../model/protocol.ts';
import type { ExitInfo, HttpExchange, HttpSendOptions, ShutdownInfo } from '../../model/wire.ts';
import { LINE_DEPTH, classifyLine, framesOf, isObject } from '../classify.ts';
import { parseJsonBounded } from '../../json-bounded.ts';
import type { EnvMask } from '../env-mask.ts';
import { idKey } from '../rpc-channel.ts';
import { settlesWithin } from '../timing.ts';
import { nodeHttp, nodeHttps } from './node-http.ts';
import { detachedHead, notTheResponse } from '../oversize-head.ts';
import { SseReader } from './sse-reader.ts';
import type { Connection, FrameListener, SendOptions, UnansweredListener } from '../transport.ts';
import type { WireTapRecorder } from '../wire-tap.ts';

/** What a connection needs: the endpoint, the configured headers, the tap and its bounds. */
export interface HttpConnectionOptions {
  url: URL;
  /** Configured headers (secret values). */
  headers: Record<string, string>;
  tap: WireTapRecorder;
  mask: EnvMask;
  /** 1-based connection number (`HttpExchange.connection`). */
  index: number;
  /** A body or SSE event's data larger than this is not buffered (bytes). */
  maxLineBytes: number;
  /**
   * How many bytes of answers to the server's requests may wait for one of the MAX_ANSWERS_IN_FLIGHT POSTs to end
   * (SessionOptions.maxPendingStdinBytes; default 16 MiB); an answer past it is dropped (ExitInfo.answersStalled).
   */
  maxPendingAnswerBytes?: number;
  /** How long the DELETE that ends a session may take, ms. */
  stopGraceMs: number;
  /** Resolves when the server process the harness started exits (then the connection ends with it). */
  serverExit?: Promise<ExitInfo>;
}

/** The `Accept` header every POST carries (spec §Sending Messages to the Server, 2). */
export const ACCEPT = 'application/json, text/event-stream';

/**
 * How long, ms, a keep-alive socket may sit idle in the harness's pool before the harness closes it. A server closes
 * idle connections after its own timeout (Node's http server: 5 s); a request written on a socket the server has just
 * closed fails with a reset before any byte of an answer, which transport/http-status `noHttpResponse` would blame on
 * the server. Node 20's agent honours a server's `Keep-Alive: timeout=N` hint only when the agent has a timeout of its
 * own (http.Agent keepSocketAlive), and without one keeps idle sockets for ever: with this bound the harness drops
 * them first, so a request never goes out on a socket a server with an idle timeout above it could have closed.
 * Only idle pooled sockets are destroyed on it (an active request's socket only emits 'timeout', which nothing here
 * acts on).
 */
export const IDLE_SOCKET_MS = 1000;

/**
 * How many POSTs of answers to the server's own requests a connection keeps open at once; the rest wait in a queue bounded
 * in bytes (`maxPendingAnswerBytes`). One POST per answer, all at once, let a server that sent 200,000 `ping`s on a stream
 * and answered none of the POSTs hold 20,000 sockets of the harness open (its whole file-descriptor limit; hostile review).
 */
export const MAX_ANSWERS_IN_FLIGHT = 16;

/** The bytes of answers a connection queues at most when `maxPendingAnswerBytes` is not given (16 MiB, as stdio's stdin backlog). */
const DEFAULT_MAX_PENDING_ANSWER_BYTES = 16 * 1024 * 1024;
/** How many distinct SSE event ids a connection remembers (bounds memory with MAX_KEPT_ID_CHARS; later new ids are not compared). */
const MAX_EVENT_IDS = 10_000;
/**
 * What a connection still buffers of one message on the answer of a request the harness stopped waiting for (a
 * timeout), bytes: every timed-out call kept its stream, and the partial event on it, until the session ended (60
 * timed-out calls, each holding 15 MiB of an unfinished event, took a run to 2 GB; hostile review).
 */
export const RELEASED_LINE_BYTES = 64 * 1024;
/** The longest SSE event id a connection remembers as it is (UTF-16 code units); a longer one is kept as its digest. */
const MAX_KEPT_ID_CHARS = 64;

/** Methods whose `params.name` (or `params.uri`) the modern era mirrors into `Mcp-Name` (spec 2026-07-28 §Standard Request Headers). */
const NAME_HEADER_METHODS: Record<string, 'name' | 'uri'> = { 'tools/call': 'name', 'prompts/get': 'name', 'resources/read': 'uri' };

type Described = NonNullable<HttpExchange['message']>;

/** A Streamable HTTP connection: one MCP session (legacy) or a series of independent requests (modern). */
export class HttpConnection implements Connection {
  readonly closed: Promise<ExitInfo>;
  private resolveClosed!: (info: ExitInfo) => void;
  private ended: ExitInfo | undefined;
  private frameListener: FrameListener = () => {};
  private oversizeListener: (head: string, bytes: number) => void = () => {};
  private unansweredListener: UnansweredListener = () => {};
  private readonly inflight = new Set<ClientRequest>();
  /** SSE streams still open, each resolving when it ends: stop() lets answered ones end before it closes them. */
  private readonly streams = new Map<HttpExchange, Promise<void>>();
  /**
   * POSTed notifications and responses whose answer has not ended (no status yet, or a body still being read),
   * each resolving when it has: stop() waits for them as for answered streams, so whether a body after a 202 is seen
   * (transport/http-status notAccepted) never depends on how soon after the POST the session ended (a hostile
   * review: a 202 whose headers and body came 50 ms later was never seen).
   */
  private readonly inputs = new Map<HttpExchange, Promise<void>>();
  private readonly initializeIds = new Set<string>();
  /** SSE event ids seen on this connection (one session), for `HttpExchange.sse.repeatedIds`; at most MAX_EVENT_IDS. */
  private readonly eventIds = new Set<string>();
  private readonly agent: HttpAgent;
  private sessionId: string | undefined;
  private protocolVersion: string | undefined;
  /** POSTs of answers to server requests not yet ended (at most MAX_ANSWERS_IN_FLIGHT). */
  private answersInFlight = 0;
  /** Answers waiting for one of those POSTs to end, and their bytes. */
  private answerQueue: string[] = [];
  private answerQueueBytes = 0;
  private answersStalled: ExitInfo['answersStalled'];
  /** For each request whose answer is being read (by idKey): lowers what that read buffers (`release`). */
  private readonly limiters = new Map<string, (bytes: number) => void>();

  constructor(private readonly options: HttpConnectionOptions) {
    this.closed = new Promise((resolve) => (this.resolveClosed = resolve));
    const agentOptions = { keepAlive: true, timeout: IDLE_SOCKET_MS };
    this.agent = options.url.protocol === 'https:' ? new (nodeHttps().Agent)(agentOptions) : new (nodeHttp().Agent)(agentOptions);
    void options.serverExit?.then((info) => this.end({ ...info, atMs: options.tap.now(), unexpected: this.ended === undefined }));
  }

  get alive(): boolean {
    return this.ended === undefined;
  }

  onFrame(listener: FrameListener): void {
    this.frameListener = listener;
  }

  onOversize(listener: (head: string, bytes: number) => void): void {
    this.oversizeListener = listener;
  }

  onUnanswered(listener: UnansweredListener): void {
    this.unansweredListener = listener;
  }

  /**
   * POST one frame (answered asynchronously). False once the connection ended. An answer to a server request (`answer`)
   * is POSTed while fewer than MAX_ANSWERS_IN_FLIGHT such POSTs are open, else queued (in order) while the queue holds at
   * most `maxPendingAnswerBytes`, else dropped and the stall recorded (ExitInfo.answersStalled); still true, as a stdio
   * line dropped for a stalled stdin is.
   */
  send(frame: string, options: SendOptions = {}): boolean {
    if (!this.alive) return false;
    if (options.answer === true && this.answersInFlight >= MAX_ANSWERS_IN_FLIGHT) {
      const bytes = Buffer.byteLength(frame, 'utf8');
      const cap = this.options.maxPendingAnswerBytes ?? DEFAULT_MAX_PENDING_ANSWER_BYTES;
      if (this.answerQueueBytes + bytes > cap) {
        if (this.answersStalled !== undefined) this.answersStalled.droppedLines += 1;
        else this.answersStalled = { atMs: this.options.tap.now(), waitingBytes: this.answerQueueBytes, capBytes: cap, inFlight: this.answersInFlight, droppedLines: 1 };
      } else {
        this.answerQueue.push(frame);
        this.answerQueueBytes += bytes;
      }
      return true;
    }
    this.options.tap.stdin();
    const message = describe(frame);
    if (message.kind === 'request' && message.method === 'initialize' && message.id !== undefined) this.initializeIds.add(idKey(message.id) ?? '');
    const { headers, session, omitted } = this.headersFor(frame, message, options.http);
    const get = options.http?.method === 'GET';
    if (get) asGet(headers);
    const exchange = this.options.tap.httpExchange({
      connection: this.options.index, method: get ? 'GET' : 'POST', message, ...(message.kind === 'request' ? { answered: false } : {}), ...(options.tag ? { tag: options.tag } : {}), session,
      ...(typeof headers['mcp-protocol-version'] === 'string' ? { protocolVersionHeader: headers['mcp-protocol-version'] } : {}),
      ...(omitted.length > 0 ? { omitted } : {}), bodyBytes: 0, messages: 0,
    });
    if (get) this.getOnce(headers, exchange, message);
    else if (options.answer === true) {
      this.answersInFlight += 1;
      this.post(frame, headers, exchange, message, options.http === undefined, () => this.answerEnded());
    } else this.post(frame, headers, exchange, message, options.http === undefined);
    return true;
  }

  /**
   * The harness stopped waiting for request `id` (a timeout) and reads nothing more that answers it: the answer still
   * being read for it buffers at most RELEASED_LINE_BYTES of any one message from now on (what it holds past that is
   * dropped; such a message counts as one over the limit). Its stream is still read: notifications and server requests
   * on it are handled as before.
   */
  release(id: number | string): void {
    const key = idKey(id);
    if (key !== undefined) this.limiters.get(key)?.(RELEASED_LINE_BYTES);
  }

  /** A POST of an answer ended (answered, failed or aborted): the next queued answer goes out. */
  private answerEnded(): void {
    this.answersInFlight -= 1;
    const next = this.answerQueue.shift();
    if (next === undefined) return;
    this.answerQueueBytes -= Buffer.byteLength(next, 'utf8');
    if (this.alive) this.send(next, { answer: true });
  }

  /**
   * A probe's GET of the MCP endpoint: record the status and the content type, close the answer at once
   * (a stream the server opened is not read), and settle the probe's request as unanswered.
   */
  private getOnce(headers: OutgoingHttpHeaders, exchange: HttpExchange, message: Described): void {
    const started = performance.now();
    const req = this.open('GET', headers);
    let settled = false;
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      this.settle(req, exchange, started, error);
      if (message.id !== undefined && this.alive) this.unansweredListener(message.id, undefined);
    };
    req.on('response', (res) => {
      recordHead(exchange, res, this.options.mask);
      res.on('error', () => {});
      req.destroy();
      finish();
    });
    req.on('error', (err: NodeJS.ErrnoException) => finish(!this.alive ? 'aborted' : errorName(err)));
    req.end();
  }

  /** End the session: DELETE it when the server issued one (spec §Session Management 5), close every open stream. */
  async stop(): Promise<ShutdownInfo> {
    const start = performance.now();
    if (!this.alive) return { endedBy: 'already-exited', durationMs: 0, survivors: 0, stdinGraceMs: 0 };
    // an SSE stream whose answer came is given the grace to end by itself (the server SHOULD end it), so
    // whether it was left open never depends on how close to the end of the session its request ran
    // answers still queued (MAX_ANSWERS_IN_FLIGHT) go out as the open ones end, within the same grace; so does what
    // an answered stream brings meanwhile (an answer to a server request, POSTed as an input)
    const deadline = performance.now() + this.options.stopGraceMs;
    for (;;) {
      const answered = [...this.streams].filter(([exchange]) => exchange.answered === true || exchange.message?.kind !== 'request').map(([, ended]) => ended);
      const ending = [...answered, ...this.inputs.values()];
      const left = deadline - performance.now();
      // what ended may have sent a queued answer (a new input): look again until nothing is left to wait for
      if (ending.length === 0 || left <= 0 || !(await settlesWithin(Promise.all(ending), left))) break;
    }
    if (this.sessionId !== undefined) await settlesWithin(this.deleteSession(), this.options.stopGraceMs);
    this.end({ atMs: this.options.tap.now(), code: null, signal: null, unexpected: false });
    return { endedBy: 'session-end', durationMs: Math.round(performance.now() - start), survivors: 0, stdinGraceMs: 0 };
  }

  /** Abort every open exchange at once. */
  kill(): Promise<void> {
    this.end({ atMs: this.options.tap.now(), code: null, signal: null, unexpected: false });
    return Promise.resolve();
  }

  /** The headers of one POST: configured ones, the protocol's, then a probe's changes. */
  private headersFor(frame: string, message: Described, changes?: HttpSendOptions): { headers: OutgoingHttpHeaders; session: HttpExchange['session']; omitted: string[] } {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(this.options.headers)) headers[name.toLowerCase()] = value;
    headers['content-type'] = 'application/json';
    headers.accept = ACCEPT;
    Object.assign(headers, this.protocolHeaders(frame, message));
    let session: HttpExchange['session'] = 'none';
    if (changes?.session === 'unknown') {
      headers['mcp-session-id'] = randomUUID();
      session = 'unknown';
    } else if (changes?.session !== 'none' && this.sessionId !== undefined) {
      headers['mcp-session-id'] = this.sessionId;
      session = 'sent';
    }
    const omitted: string[] = [];
    for (const [name, value] of Object.entries(changes?.headers ?? {})) {
      if (value === null) {
        if (delete headers[name.toLowerCase()]) omitted.push(name.toLowerCase());
      } else headers[name.toLowerCase()] = value;
    }
    headers['content-length'] = String(Buffer.byteLength(frame, 'utf8'));
    return { headers, session, omitted };
  }

  /**
   * Modern era (a `_meta` protocol version in the body): `MCP-Protocol-Version`, `Mcp-Method` and `Mcp-Name`
   * mirrored from it (spec 2026-07-28 §Request Metadata). Legacy: `MCP-Protocol-Version` once initialize
   * negotiated one (spec 2025-06-18 §Protocol Version Header).
   */
  private protocolHeaders(frame: string, message: Described): Record<string, string> {
    const body = parseObject(frame);
    const params = body && isObject(body.params) ? body.params : undefined;
    const meta = params && isObject(params._meta) ? params._meta : undefined;
    const modernVersion = meta?.[PROTOCOL_VERSION_META_KEY];
    if (typeof modernVersion === 'string') {
      const out: Record<string, string> = { 'mcp-protocol-version': modernVersion };
      if (message.method !== undefined) out['mcp-method'] = message.method;
      const nameField = message.method === undefined ? undefined : NAME_HEADER_METHODS[message.method];
      const name = nameField === undefined ? undefined : params?.[nameField];
      if (typeof name === 'string' && isHeaderSafe(name)) out['mcp-name'] = name;
      return out;
    }
    return this.protocolVersion === undefined ? {} : { 'mcp-protocol-version': this.protocolVersion };
  }

  /** POST `frame`; `ended` runs once when the exchange is over (answered, failed or aborted). */
  private post(frame: string, headers: OutgoingHttpHeaders, exchange: HttpExchange, message: Described, adoptSession: boolean, ended?: () => void): void {
    const started = performance.now();
    const req = this.open('POST', headers);
    const state: AnswerState = { answered: false, errorFrame: undefined };
    let settled = false;
    let inputDone = () => {};
    if (message.kind !== 'request') this.inputs.set(exchange, new Promise<void>((resolve) => (inputDone = resolve)));
    const finish = (error?: string) => {
      if (settled) return;
      settled = true;
      this.inputs.delete(exchange);
      inputDone();
      this.settle(req, exchange, started, error);
      ended?.();
      if (message.kind === 'request' && message.id !== undefined) {
        exchange.answered = state.answered;
        if (!state.answered && error !== 'aborted' && this.alive) this.unansweredListener(message.id, state.errorFrame);
      }
      // nothing listens any more (the server is gone); a reset is one exchange's fault (a reused keep-alive socket)
      if (error === 'refused') this.end({ atMs: this.options.tap.now(), code: null, signal: null, unexpected: true });
    };
    req.on('response', (res) => {
      const type = recordHead(exchange, res, this.options.mask);
      const issued = headerValue(res.headers['mcp-session-id']);
      if (issued !== undefined) {
        exchange.sessionIdIssued = true;
        if (adoptSession && this.sessionId === undefined) this.sessionId = issued;
      }
      const read = type === 'text/event-stream' ? this.readSse(res, exchange, message, state) : this.readJson(res, exchange, message, state);
      const done = read.then(() => finish(), () => finish(this.alive ? 'reset' : 'aborted'));
      if (type === 'text/event-stream') {
        this.streams.set(exchange, done);
        void done.then(() => this.streams.delete(exchange));
      }
    });
    req.on('error', (err: NodeJS.ErrnoException) => finish(!this.alive ? 'aborted' : errorName(err)));
    req.end(frame);
  }

  /** A JSON body: one message (or an array of them), buffered up to the frame limit. */
  private async readJson(res: IncomingMessage, exchange: HttpExchange, message: Described, state: AnswerState): Promise<void> {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let limit = this.options.maxLineBytes;
    const key = message.kind === 'request' && message.id !== undefined ? idKey(message.id) : undefined;
    const lower = (n: number) => {
      limit = Math.min(limit, n);
      if (bytes > limit) chunks.length = 0;
    };
    if (key !== undefined) this.limiters.set(key, lower);
    try {
      for await (const chunk of res as AsyncIterable<Buffer>) {
        bytes += chunk.length;
        exchange.bodyBytes = bytes;
        if (bytes <= limit) chunks.push(chunk);
      }
    } finally {
      if (key !== undefined && this.limiters.get(key) === lower) this.limiters.delete(key);
    }
    if (bytes === 0) return;
    const body = Buffer.concat(chunks);
    if (bytes > limit) {
      exchange.error = 'oversize';
      // a string of its own, from the first bytes only: a slice of the body's text would keep the whole text alive
      const head = detachedHead(body.subarray(0, 1024).toString('utf8'), 200);
      this.options.tap.line(this.options.mask.line(head), bytes, { kind: 'oversize' });
      // the raw head: read for the id of the request it answers (rpc-channel.ts idFromHead), never shown
      this.oversizeListener(head, bytes);
      return;
    }
    // JSON text exchanged between systems MUST be UTF-8 (RFC 8259 §8.1): noted here, judged by transport/http-status
    if (!isUtf8(body)) exchange.invalidUtf8 = true;
    let text = body.toString('utf8');
    // a byte order mark before the JSON (a PHP include saved with one, a .NET writer's preamble): read after it, as
    // fetch's Response.json() does, and noted (transport/http-status byteOrderMark); before, the message was lost
    if (text.charCodeAt(0) === 0xfeff) {
      exchange.byteOrderMark = true;
      text = text.slice(1);
    }
    // masked before anything parses it (env-mask.ts): the items of an array are re-serialised from masked values
    const masked = this.options.mask.line(text);
    // bounded like a stdout line (classify.ts LINE_DEPTH): a body nested millions of levels deep is never built whole
    const bounded = parseJsonBounded(masked, LINE_DEPTH);
    const parsed = bounded.ok ? bounded.value : undefined;
    if (Array.isArray(parsed)) for (const item of parsed) this.deliver(JSON.stringify(item), exchange, message, state);
    else this.deliver(masked, exchange, message, state);
  }

  /**
   * An SSE body: every event's `data` is one message (spec §Sending Messages to the Server, 5), read by a bounded
   * reader (sse-reader.ts). An event over the frame limit is discarded up to its end and recorded like an oversize
   * line (`HttpExchange.sse.oversize`, a tap line of kind `oversize`, the request its head names failed at once); the
   * events after it are read as usual, so the stream has not broken off.
   */
  private async readSse(res: IncomingMessage, exchange: HttpExchange, message: Described, state: AnswerState): Promise<void> {
    const sse: NonNullable<HttpExchange['sse']> = { events: 0, ended: false };
    exchange.sse = sse;
    const reader = new SseReader(this.options.maxLineBytes, {
      event: (event) => {
        sse.events += 1;
        if (event.id !== undefined && event.id !== '') {
          sse.withId = true;
          this.noteEventId(event.id, sse);
        }
        if (event.data !== '') this.deliver(this.options.mask.line(event.data), exchange, message, state);
      },
      oversize: (head, bytes) => {
        sse.oversize = (sse.oversize ?? 0) + 1;
        // a notification or a server request (a `method` member), or another request's id, was not this POST's response
        if (message.kind === 'request' && notTheResponse(head, message.id)) sse.oversizeOthers = (sse.oversizeOthers ?? 0) + 1;
        this.options.tap.line(this.options.mask.line(head), bytes, { kind: 'oversize' });
        // the raw head: read for the id of the request it answers (rpc-channel.ts idFromHead), never shown
        this.oversizeListener(head, bytes);
      },
    });
    // an event stream is UTF-8 (WHATWG HTML §9.2.5): a strict decoder notes the first bad byte (the reader decodes
    // each line replacing bad bytes, as the stream's decoder would: CR and LF never fall inside a UTF-8 sequence)
    const strict = new TextDecoder('utf-8', { fatal: true });
    const strictly = (chunk?: Buffer) => {
      try {
        strict.decode(chunk, { stream: chunk !== undefined });
      } catch {
        exchange.invalidUtf8 = true;
      }
    };
    const key = message.kind === 'request' && message.id !== undefined ? idKey(message.id) : undefined;
    const lower = (n: number) => reader.lower(n);
    if (key !== undefined) this.limiters.set(key, lower);
    try {
      for await (const chunk of res as AsyncIterable<Buffer>) {
        exchange.bodyBytes += chunk.length;
        if (exchange.invalidUtf8 === undefined) strictly(chunk);
        reader.push(chunk);
      }
    } finally {
      if (key !== undefined && this.limiters.get(key) === lower) this.limiters.delete(key);
    }
    if (exchange.invalidUtf8 === undefined) strictly(); // a sequence cut off by the end of the stream
    reader.end();
    sse.ended = true;
  }

  /** The UTF-16 code units of the event ids this connection remembers (for tests; O(ids remembered)). */
  get eventIdChars(): number {
    let n = 0;
    for (const id of this.eventIds) n += id.length;
    return n;
  }

  /**
   * Count an event id this connection saw before (the ids themselves are never recorded). An id longer than
   * MAX_KEPT_ID_CHARS is remembered by its SHA-256 digest: an id may be as long as the frame limit, and 8 MiB ids kept
   * whole filled a 4 GB heap in 16 s (exit 134, no report; hostile review). The digest's key starts with LF, which no
   * id holds (an SSE line ends there), so it never equals a short id kept as it is.
   */
  private noteEventId(id: string, sse: NonNullable<HttpExchange['sse']>): void {
    const key = id.length <= MAX_KEPT_ID_CHARS ? id : `\n${createHash('sha256').update(id, 'utf8').digest('base64')}`;
    if (this.eventIds.has(key)) sse.repeatedIds = (sse.repeatedIds ?? 0) + 1;
    else if (this.eventIds.size < MAX_EVENT_IDS) this.eventIds.add(key);
  }

  /** One message the server sent, already masked (`EnvMask.line`): tapped like a stdout line, routed to the channel. */
  private deliver(text: string, exchange: HttpExchange, message: Described, state: AnswerState): void {
    const bytes = Buffer.byteLength(text, 'utf8');
    // a JSON-RPC batch is a message only once the session negotiated 2025-03-26 (classify.ts); its members are routed one by one
    const classified = classifyLine(text, this.options.tap.batches);
    this.options.tap.line(text, bytes, classified);
    if (classified.value === undefined) {
      exchange.unparsed = (exchange.unparsed ?? 0) + 1;
      return;
    }
    exchange.messages += 1;
    for (const { value, bytes: size } of framesOf(classified, bytes)) {
      if (isObject(value) && typeof value.method !== 'string') {
        if (message.id !== undefined && 'id' in value && idKey(value.id) === idKey(message.id)) {
          state.answered = true;
          exchange.answered = true;
          this.adoptVersion(value);
        } else if ((value.id === null || !('id' in value)) && isObject(value.error)) state.errorFrame ??= { frame: value, bytes: size };
      }
      this.frameListener(value, size, message.kind === 'request' ? message.id : undefined);
    }
  }

  /** The legacy era's negotiated version, from the initialize result (sent as `MCP-Protocol-Version` from then on). */
  private adoptVersion(answer: Record<string, unknown>): void {
    const key = idKey(answer.id);
    if (key === undefined || !this.initializeIds.has(key)) return;
    const result = isObject(answer.result) ? answer.result : undefined;
    if (typeof result?.protocolVersion === 'string' && isHeaderSafe(result.protocolVersion)) this.protocolVersion = result.protocolVersion;
  }

  /** DELETE the session (recorded like every exchange); resolves when answered or failed. */
  private deleteSession(): Promise<void> {
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(this.options.headers)) headers[name.toLowerCase()] = value;
    headers['mcp-session-id'] = this.sessionId ?? '';
    if (this.protocolVersion !== undefined) headers['mcp-protocol-version'] = this.protocolVersion;
    const exchange = this.options.tap.httpExchange({ connection: this.options.index, method: 'DELETE', session: 'sent', bodyBytes: 0, messages: 0 });
    const started = performance.now();
    return new Promise<void>((resolve) => {
      const req = this.open('DELETE', headers);
      const done = (error?: string) => {
        this.settle(req, exchange, started, error);
        resolve();
      };
      req.on('response', (res) => {
        recordHead(exchange, res, this.options.mask);
        res.on('data', (chunk: Buffer) => (exchange.bodyBytes += chunk.length));
        res.on('end', () => done());
        res.on('error', () => done('reset'));
      });
      req.on('error', (err: NodeJS.ErrnoException) => done(errorName(err)));
      req.end();
    });
  }

  /** An exchange is over: no longer in flight, its duration (ms) and failure (if any) recorded. */
  private settle(req: ClientRequest, exchange: HttpExchange, started: number, error: string | undefined): void {
    this.inflight.delete(req);
    exchange.durationMs = Math.round(performance.now() - started);
    if (error !== undefined) exchange.error = error;
  }

  private open(method: HttpExchange['method'], headers: OutgoingHttpHeaders): ClientRequest {
    const url = this.options.url;
    const make = url.protocol === 'https:' ? nodeHttps().request : nodeHttp().request;
    const req = make(url, { method, headers, agent: this.agent });
    this.inflight.add(req);
    return req;
  }

  private end(exit: ExitInfo): void {
    if (this.ended !== undefined) return;
    const info: ExitInfo = this.answersStalled === undefined ? exit : { ...exit, answersStalled: this.answersStalled };
    this.ended = info;
    this.answerQueue = [];
    this.answerQueueBytes = 0;
    for (const req of this.inflight) req.destroy();
    this.inflight.clear();
    this.agent.destroy();
    this.resolveClosed(info);
  }
}

/**
 * Record the status and the media type of an answer's head on its exchange; returns the media type (what the body is
 * read as). The recorded one, which findings quote, goes through the env mask (env-mask.ts): a server can echo a
 * configured header value or a stolen secret as its Content-Type. A header that held one is recorded masked, its
 * case kept (lower-casing would turn a value into one the mask no longer knows, and a label into another name); one
 * that did not is recorded lower-cased and masked again case-insensitively (`display`: lower-casing can make a value).
 */
function recordHead(exchange: HttpExchange, res: IncomingMessage, mask: EnvMask): string | undefined {
  exchange.status = res.statusCode;
  const header = res.headers['content-type'];
  const type = mediaType(header);
  const masked = header === undefined ? undefined : mask.text(header);
  // lower-casing can also reveal a value (a lowercase token sent upper-cased): the lower-cased type is masked again
  const recorded = masked === header ? (type === undefined ? undefined : mask.display(type)) : masked?.split(';')[0]?.trim();
  if (recorded !== undefined && recorded !== '') exchange.contentType = recorded;
  return type;
}

/**
 * The headers of a POST made those of a GET of the endpoint: no body (no Content-Type, Content-Length or the
 * headers mirrored from a body), `Accept: text/event-stream` (spec 2025-11-25 §Listening for Messages from the Server, 2).
 */
function asGet(headers: OutgoingHttpHeaders): void {
  for (const name of ['content-type', 'content-length', 'mcp-method', 'mcp-name']) delete headers[name];
  headers.accept = 'text/event-stream';
}

/** What the body of one POST answered so far. */
interface AnswerState {
  answered: boolean;
  /** A JSON-RPC error with `id: null` or no id in the body (the answer to a refused POST). */
  errorFrame: { frame: Record<string, unknown>; bytes: number } | undefined;
}

/** What a POSTed frame is (from its JSON; `other` when it does not parse as one JSON-RPC message). */
function describe(frame: string): Described {
  const value = parseObject(frame);
  if (!value) return { kind: 'other' };
  const id = typeof value.id === 'number' || typeof value.id === 'string' ? value.id : undefined;
  if (typeof value.method === 'string') {
    return id !== undefined ? { kind: 'request', id, method: value.method } : 'id' in value ? { kind: 'other', method: value.method } : { kind: 'notification', method: value.method };
  }
  return 'result' in value || 'error' in value ? { kind: 'response', ...(id !== undefined ? { id } : {}) } : { kind: 'other' };
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function parseObject(text: string): Record<string, unknown> | undefined {
  const value = parseJson(text);
  return isObject(value) ? value : undefined;
}

/** The media type of a Content-Type header, lower case, without parameters. */
export function mediaType(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const type = value.split(';')[0]?.trim().toLowerCase();
  return type === '' ? undefined : type;
}

function headerValue(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Visible ASCII and spaces only, no leading or trailing space (RFC 9110 field values; spec 2026-07-28 §Value Encoding). */
function isHeaderSafe(value: string): boolean {
  return /^[\x21-\x7e]([\x20-\x7e]*[\x21-\x7e])?$/.test(value);
}

function errorName(err: NodeJS.ErrnoException): string {
  if (err.code === 'ECONNREFUSED') return 'refused';
  if (err.code === 'ECONNRESET' || err.code === 'EPIPE') return 'reset';
  return err.code ?? 'error';
}
