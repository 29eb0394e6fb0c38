/**
 * Starting the server of a Streamable HTTP surface, when the harness owns it (`command` + `url`): the
 * session-layer entry every command that boots a surface goes through once per surface, before any
 * connection (`withServer`), and stopping it after the last.
 */
import { isHttpSpec, MAX_STDOUT_ENTRIES, resolveOptions, type ConnectSpec, type HttpSpec, type SessionOptions } from '../options.ts';
import type { ShutdownInfo } from '../../model/wire.ts';
import type { TransportContext } from '../transports.ts';
import { SessionBootError } from '../errors.ts';
import { StartFailure } from '../transport.ts';
import { ServerStartFailure, WebServer } from './web-server.ts';

/**
 * Start `spec.server` and wait until it is ready (budget `timeouts.startMs`; stop grace `timeouts.termGraceMs`).
 * Resolves undefined when the surface has no server of its own.
 * @throws SessionBootError phase `spawn` (command not found, exited or not ready in time; nothing is left running).
 */
export async function startServer(spec: HttpSpec, options: SessionOptions): Promise<WebServer | undefined> {
  if (!spec.server) return undefined;
  const resolved = resolveOptions(options);
  const limits = { stderrLimitBytes: resolved.stderrLimitBytes, keepFrames: 0, maxStdoutEntries: MAX_STDOUT_ENTRIES };
  try {
    return await WebServer.start(spec.server, new URL(spec.url), { startMs: resolved.timeouts.startMs, termGraceMs: resolved.timeouts.termGraceMs, limits, ...(resolved.signal ? { signal: resolved.signal } : {}) });
  } catch (err) {
    if (!(err instanceof StartFailure)) throw err;
    const tail = err instanceof ServerStartFailure ? err.output : undefined;
    const wire = { stdout: [], stdoutNonJsonRpc: 0, stdinLines: 0, stderrTail: tail?.tail ?? '', ...(tail?.labels ? { stderrLabels: tail.labels } : {}), ...(tail?.networkLines ? { stderrNetworkLines: tail.networkLines } : {}), stderrBytes: tail?.bytes ?? 0, unmatchedFrames: 0, serverRequests: [] };
    throw new SessionBootError({ phase: 'spawn', ...err.detail, ...(tail && tail.tail !== '' ? { stderrTail: tail.tail } : {}), message: err.message }, wire, [], { cause: err });
  }
}

/**
 * Run `use` with the surface's server started when `spec` is a Streamable HTTP surface the harness owns
 * (`command` + `url`), and stop it (SIGTERM, then SIGKILL of the whole tree after `timeouts.termGraceMs`)
 * when `use` settles, also when it throws. `use` gets the server (undefined: stdio, or a running `url`) and
 * the transport context every connection to it needs (its exit). `stopped` sees the server once it is
 * stopped (its output complete), with how its stop went (`ShutdownInfo`: `survivors`, the processes of its tree
 * still alive once it exited, swept as a stdio server's are: harness/session/stdio/shutdown.ts `terminateProcess`). The one server lifecycle of every command that boots a surface (`run`,
 * `snapshot`, `diff`), issue 14 §1.
 * @throws SessionBootError phase `spawn` when the server cannot be started (nothing is left running);
 *   whatever `use` throws.
 */
export async function withServer<T>(
  spec: ConnectSpec,
  options: SessionOptions,
  use: (server: WebServer | undefined, context: TransportContext) => Promise<T>,
  stopped?: (server: WebServer, shutdown: ShutdownInfo) => void,
): Promise<T> {
  const server = isHttpSpec(spec) ? await startServer(spec, options) : undefined;
  try {
    return await use(server, server ? { serverExit: server.exited } : {});
  } finally {
    if (server) {
      const shutdown = await server.stop();
      stopped?.(server, shutdown);
    }
  }
}
