/**
 * Session inputs: what to spawn and how patient to be. Resolved once (defaults filled) at the session boundary.
 */
import { RETENTION_FLOOR_BYTES, defaultRetentionBudget } from '../retention-budget.ts';

/** What to spawn. `env` is already the resolved allow-list: the child gets exactly it (the parent env is NOT merged). */
export interface SpawnSpec {
  /** Executable; looked up on `env.PATH` when not absolute. */
  command: string;
  args: string[];
  /** Working directory (absolute). */
  cwd: string;
  env: Record<string, string>;
  /** Run the server as this user (`--isolate`: nobody, when the harness runs as root); absent = the harness's user. */
  user?: { uid: number; gid: number };
}

/**
 * A surface served over Streamable HTTP (spec basic/transports §Streamable HTTP): the MCP endpoint's
 * `url`, extra request `headers` (e.g. `Authorization`; their values are secrets: masked in everything
 * the server says and never recorded), and optionally the server the harness starts itself.
 */
export interface HttpSpec {
  transport: 'streamable-http';
  /** The MCP endpoint, `http:` or `https:`. */
  url: string;
  /** Header name to value, sent on every request; never written to a report. */
  headers: Record<string, string>;
  /** The server process the harness starts before connecting and stops after (Playwright's webServer); absent = already running. */
  server?: ServerSpec;
}

/** A Streamable HTTP server the harness starts: what to spawn and when it counts as ready. */
export interface ServerSpec {
  spawn: SpawnSpec;
  /**
   * `url`: ready once the URL answers an HTTP request (any status); `line`: once a line of its stdout or
   * stderr matches `pattern` (a regular expression source, no flags).
   */
  ready: { kind: 'url' } | { kind: 'line'; pattern: string };
}

/** What a session connects to: a process over stdio, or an HTTP endpoint. */
export type ConnectSpec = SpawnSpec | HttpSpec;

/** True for a Streamable HTTP surface. */
export function isHttpSpec(spec: ConnectSpec): spec is HttpSpec {
  return (spec as Partial<HttpSpec>).transport === 'streamable-http';
}

/** Session knobs. All durations in ms, sizes in bytes. */
export interface SessionOptions {
  timeouts: {
    /** Default per-request timeout. */
    requestMs: number;
    /** The `server/discover` era probe and the liveness check after a timeout. */
    probeMs: number;
    /** The legacy `initialize` answer (the server's start budget). */
    startMs: number;
    /** Shutdown: wait this long for an exit after closing stdin. */
    stdinGraceMs: number;
    /** Shutdown: wait this long for an exit after SIGTERM before SIGKILL. */
    termGraceMs: number;
  };
  clientInfo: { name: string; version: string };
  /** `auto` (default) probes with `server/discover` then falls back; `legacy` skips the probe; `modern` fails boot unless modern. */
  era?: 'auto' | 'modern' | 'legacy';
  /** Bounded in-flight window for pipelined requests (default 8). */
  callConcurrency?: number;
  /** The window once the probes start (`Session.resizeWindow`, harness/run/observe.ts; default callConcurrency). */
  probeConcurrency?: number;
  /** Bytes of stderr kept (the tail), default 64 KiB. */
  stderrLimitBytes?: number;
  /** Raw server frames kept in the tap (default 2000). */
  keepFrames?: number;
  /** A stdout line longer than this is recorded (count, head) but never buffered whole (default 16 MiB). */
  maxLineBytes?: number;
  /**
   * The surface's retention budget, bytes (default: derived from this process's V8 heap limit, `defaultRetentionBudget`
   * in harness/retention-budget.ts: the limit / 8 within 256 MiB to 1 GiB; given, it is used as it is): the server frames the session
   * keeps (responses and notifications in request records, frames in the wire tap), each counted once by the byte
   * length of its line plus an estimate of what its objects and arrays hold (`retainedCost`, harness/retention-budget.ts). Past it the session keeps no more tap frames or notifications and sends no further request
   * (`RequestRecord.unsent: 'budget'`; `WireTap.retention` says when); the answers already in flight are still kept,
   * so the bound is the budget plus one in-flight window of answers (each at most `maxLineBytes`). Every process of
   * the session counts against it; a fresh-process probe's session (and a spare started for one) has its own, at most
   * FRESH_RETAINED_BYTES (16 MiB; harness/session/probe-fresh.ts: nothing it keeps beyond its answer is read).
   */
  maxRetainedBytes?: number;
  /**
   * Bytes the harness lets wait in a server's stdin pipe (stdio; default DEFAULT_MAX_PENDING_STDIN_BYTES, 16 MiB): a
   * line written while more than this waits unread (the server stopped reading stdin) is dropped, not queued
   * (`ExitInfo.stdinStalled`), so a server that floods requests and reads nothing never makes the harness buffer
   * their answers without bound. A request whose line was dropped times out; the liveness check then ends the
   * process as wedged. The backlog is thus bounded by the cap plus one line.
   */
  maxPendingStdinBytes?: number;
  /**
   * Respawns allowed after crashes or wedges before requests resolve `exit` straight away, unsent (default 20:
   * the first crash and two more for each of nine tools that crash the server on bad input: CRASHES_PER_REQUEST_KEY).
   */
  maxRestarts?: number;
  /** How long after a cancellation frames for that id are still collected as `lateFrames` (default 300). */
  lateGraceMs?: number;
  /**
   * The run's interrupt (SIGINT/SIGTERM/SIGHUP; never a surface budget): once it aborts, every connection of the
   * session (its processes, spares and fresh-process probes, their whole trees) is ended at once (`Connection.kill`:
   * stdio SIGKILLs the tree) and no new one starts (StartFailure, reason `interrupted`), so every wait on the
   * server ends with it (harness/session/link.ts `Connector`).
   */
  signal?: AbortSignal;
}

/**
 * The smallest retention budget when `maxRetainedBytes` is not given, bytes (256 MiB): the default itself is derived
 * from the heap limit (`defaultRetentionBudget`, harness/retention-budget.ts), never below this.
 */
export const DEFAULT_MAX_RETAINED_BYTES = RETENTION_FLOOR_BYTES;

/** The stdin backlog cap when `maxPendingStdinBytes` is not given, bytes (16 MiB). */
export const DEFAULT_MAX_PENDING_STDIN_BYTES = 16 * 1024 * 1024;

/** The in-flight window when `callConcurrency` is not given (requests). */
export const DEFAULT_CALL_CONCURRENCY = 8;

/**
 * SessionOptions with every default filled in (`signal` stays optional: no interrupt without one).
 * `retentionHeapLimitBytes`: set when `maxRetainedBytes` was not given, the V8 heap limit (bytes) it was derived from.
 */
export type ResolvedSessionOptions = Required<Omit<SessionOptions, 'signal'>> & Pick<SessionOptions, 'signal'> & { retentionHeapLimitBytes?: number };

/** Entries kept in `WireTap.stdout`; the last fifth is reserved for non-JSON-RPC lines (evidence). */
export const MAX_STDOUT_ENTRIES = 5000;

/**
 * Fill defaults. @throws TypeError when a timeout is not a positive finite number (a caller bug, not a server fault).
 */
export function resolveOptions(options: SessionOptions): ResolvedSessionOptions {
  for (const [name, value] of Object.entries(options.timeouts)) {
    if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
      throw new TypeError(`session option timeouts.${name} must be a positive number of ms`);
    }
  }
  return {
    timeouts: options.timeouts,
    clientInfo: options.clientInfo,
    era: options.era ?? 'auto',
    callConcurrency: Math.max(1, options.callConcurrency ?? DEFAULT_CALL_CONCURRENCY),
    probeConcurrency: Math.max(1, options.probeConcurrency ?? options.callConcurrency ?? DEFAULT_CALL_CONCURRENCY),
    stderrLimitBytes: options.stderrLimitBytes ?? 64 * 1024,
    keepFrames: options.keepFrames ?? 2000,
    maxLineBytes: options.maxLineBytes ?? 16 * 1024 * 1024,
    ...retention(options.maxRetainedBytes),
    maxPendingStdinBytes: options.maxPendingStdinBytes ?? DEFAULT_MAX_PENDING_STDIN_BYTES,
    maxRestarts: options.maxRestarts ?? 20,
    lateGraceMs: options.lateGraceMs ?? 300,
    ...(options.signal ? { signal: options.signal } : {}),
  };
}

/** The retention budget: the one given, else the derived default and the heap limit it came from. */
function retention(given: number | undefined): { maxRetainedBytes: number; retentionHeapLimitBytes?: number } {
  if (given !== undefined) return { maxRetainedBytes: given };
  const derived = defaultRetentionBudget();
  return { maxRetainedBytes: derived.bytes, retentionHeapLimitBytes: derived.heapLimitBytes };
}
