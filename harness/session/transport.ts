/**
 * The transport seam under the session (Playwright's webServerPlugin: the runner starts a server, waits
 * for it, and tears it down without knowing how it runs). A `Transport` starts `Connection`s; a
 * connection carries JSON-RPC frames both ways, records what crosses it into the session's wire tap,
 * and stops. `RpcChannel`, negotiation and `LiveSession` talk to these interfaces only; the stdio
 * transport lives in `./stdio/`, a second one (Streamable HTTP) would live beside it.
 */
import type { BootFailure } from '../model/observation.ts';
import type { TransportKind } from '../model/protocol.ts';
import type { ExitInfo, HttpSendOptions, ShutdownInfo } from '../model/wire.ts';
import type { WireTapRecorder } from './wire-tap.ts';


/**
 * Receives every incoming message that parsed as JSON (any kind), with its byte length (UTF-8), and `related`: the
 * id of the request whose answer stream carried it (Streamable HTTP: a POST's SSE response), undefined when the
 * transport relates it to none (stdio, the standalone GET stream).
 */
export type FrameListener = (value: unknown, bytes: number, related?: number | string) => void;

/**
 * Receives a request the transport knows will never be answered (Streamable HTTP: the POST's response
 * ended without an answer to its id). `error` is a JSON-RPC error without a usable id that came in that
 * response instead (servers answer a refused POST with `{"id":null,"error":...}`), with its byte length.
 */
export type UnansweredListener = (id: number | string, error?: { frame: Record<string, unknown>; bytes: number }) => void;

/** Per-frame options of `Connection.send`: HTTP header changes a probe asked for, tagged with its id (stdio ignores them). */
export interface SendOptions {
  http?: HttpSendOptions;
  /** The probe id the exchange is recorded under (`HttpExchange.tag`). */
  tag?: string;
  /**
   * An answer to a server-to-client request: the only line the stdio backlog cap may drop (ServerProcess.write), and over
   * Streamable HTTP the only POST that waits in a bounded queue behind MAX_ANSWERS_IN_FLIGHT open ones (HttpConnection.send).
   * The harness's own requests are bounded by its in-flight window; a server's requests are not.
   */
  answer?: boolean;
}

/**
 * One live connection to a server (stdio: one process). Never throws for server faults: a write to a
 * gone connection returns false, `closed` resolves (never rejects) when it ends for any reason.
 */
export interface Connection {
  /** True until the end of the connection was recorded. */
  readonly alive: boolean;
  /** Resolves with how the connection ended (stdio: the process exit), expected or not. */
  readonly closed: Promise<ExitInfo>;
  /** Send one frame (a serialised JSON-RPC message, or a raw line for malformed-input probes). False when it can no longer be sent. */
  send(frame: string, options?: SendOptions): boolean;
  /** Route every received JSON frame to one listener (the JSON-RPC channel). */
  onFrame(listener: FrameListener): void;
  /**
   * Route every incoming message over the frame limit (its head, its byte length, and its last bytes where the transport
   * keeps them: stdio) to one listener: never parsed.
   */
  onOversize(listener: (head: string, bytes: number, tail?: string) => void): void;
  /**
   * Call `listener` once the connection can deliver no message any more while it stays open (stdio: the server closed
   * its stdout and kept running, ExitInfo.stdoutClosed); at most once, never for its end (`closed`). Optional.
   */
  onSilenced?(listener: () => void): void;
  /** Route requests that can no longer be answered to one listener (transports that know; stdio never calls it). */
  onUnanswered?(listener: UnansweredListener): void;
  /**
   * The harness stopped waiting for request `id` (a timeout) and ignores whatever still comes for it: a transport that
   * buffers its answer (Streamable HTTP) keeps at most a small part of what is still on its way. Optional (stdio: no-op).
   */
  release?(id: number | string): void;
  /**
   * End the connection politely, then firmly (stdio §Shutdown: stdin close, SIGTERM, SIGKILL, the whole
   * tree). Resolves with which step ended it; never throws. Idempotent on an ended connection.
   */
  stop(): Promise<ShutdownInfo>;
  /** End a wedged connection at once (stdio: SIGKILL the tree); resolves once it ended (bounded wait). */
  kill(): Promise<void>;
}

/** Starts connections to one surface's server; every connection records into the same `tap`. */
export interface Transport {
  readonly kind: TransportKind;
  /** The session's wire tap (one recorder spans every connection: respawns continue its clock). */
  readonly tap: WireTapRecorder;
  /** Start a new connection. @throws StartFailure when the server cannot be started or reached. */
  start(): Promise<Connection>;
}

/** What a failure tells the boot-failure record besides its phase and sentence. */
export type FailureDetail = Omit<BootFailure, 'phase' | 'message' | 'stderrTail'>;

/** The server could not be started or reached (stdio: spawn failed); `detail` says why, as data. */
export class StartFailure extends Error {
  override readonly name: string = 'StartFailure';

  constructor(message: string, readonly detail: FailureDetail) {
    super(message);
  }

  /** The errno code (stdio), when there is one. */
  get code(): string | undefined {
    return this.detail.errno;
  }
}

/** The StartFailure (reason `interrupted`) of a server the run's interrupt kept from starting: never the server's fault. */
export function interruptedFailure(): StartFailure {
  return new StartFailure('the run was interrupted before the server was started', { reason: 'interrupted' });
}
