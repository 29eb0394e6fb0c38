/**
 * Starting the server of a Streamable HTTP surface, when the harness owns it (`command` + `url`): the
 * session-layer entry the runner calls once per surface, before any connection.
 */
import { MAX_STDOUT_ENTRIES, resolveOptions, type HttpSpec, type SessionOptions } from '../options.ts';
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
    return await WebServer.start(spec.server, new URL(spec.url), { startMs: resolved.timeouts.startMs, termGraceMs: resolved.timeouts.termGraceMs, limits });
  } catch (err) {
    if (!(err instanceof StartFailure)) throw err;
    const tail = err instanceof ServerStartFailure ? err.output : undefined;
    const wire = { stdout: [], stdoutNonJsonRpc: 0, stdinLines: 0, stderrTail: tail?.tail ?? '', stderrBytes: tail?.bytes ?? 0, unmatchedFrames: 0, serverRequests: [] };
    throw new SessionBootError({ phase: 'spawn', ...err.detail, ...(tail && tail.tail !== '' ? { stderrTail: tail.tail } : {}), message: err.message }, wire, [], { cause: err });
  }
}
