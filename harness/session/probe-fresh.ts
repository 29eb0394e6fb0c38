/**
 * Opening-message probes on a separate, short-lived process (e.g. `initialize` against a modern server, a
 * missing `_meta`, a batch array): spawn, write the raw lines, collect the answers, shut it down.
 */
import type { JsonRpcResponse } from '../model/protocol.ts';
import type { WireTap } from '../model/wire.ts';
import { Connector } from './link.ts';
import { spawnOrThrow } from './open.ts';
import { resolveOptions, type ConnectSpec, type SessionOptions } from './options.ts';
import { settlesWithin } from './timing.ts';
import { createTransport, type TransportContext } from './transports.ts';

/** What a fresh-process probe saw. `responses` are in arrival order; frames without an expected id are in `tap.frames`. */
export interface FreshProbeResult {
  responses: JsonRpcResponse[];
  /** Whether the process was still running shortly after the answers (or the timeout). */
  aliveAfter: boolean;
  tap: WireTap;
  /** How long the answers were waited for, ms (see `freshProbeTimeoutMs`). */
  timeoutMs: number;
  /** Ids the transport ended without an answer (Streamable HTTP: a POST answered without one). */
  unanswered: (number | string)[];
}

/**
 * The budget of a fresh-process probe, ms: its first answer includes the process's start-up, so the server's
 * start budget bounds it (`startMs`, as for `initialize` on a respawn), never less than `requestMs`. A budget
 * of `requestMs` alone let a loaded machine's slow node start-up turn into transport/timeout findings.
 */
export function freshProbeTimeoutMs(timeouts: SessionOptions['timeouts']): number {
  return Math.max(timeouts.requestMs, timeouts.startMs);
}

/** How long to watch for an exit after the answers, ms. */
const SETTLE_MS = 100;

/**
 * Spawn `spec`, write `lines` (each as one stdin line, verbatim), wait up to `freshProbeTimeoutMs` for a frame
 * for each of `expectIds` (or the process exiting, or `signal` aborting: an interrupt or the surface budget
 * ends the wait at once), then shut the process down.
 * @throws SessionBootError phase `spawn` when the command cannot be started.
 */
export async function probeFresh(spec: ConnectSpec, options: SessionOptions, lines: string[], expectIds: (number | string)[], context: TransportContext = {}, signal?: AbortSignal): Promise<FreshProbeResult> {
  const resolved = resolveOptions(options);
  const connector = new Connector(createTransport(spec, resolved, context), resolved, []);
  const { connection, channel } = await spawnOrThrow(connector);
  const responses: JsonRpcResponse[] = [];
  const unanswered: (number | string)[] = [];
  const answered = expectIds.map((id) => channel.expect(id).settled.then((s) => {
    if (s.kind === 'response') responses.push(s.frame);
    if (s.kind === 'unanswered') unanswered.push(id);
  }));
  for (const line of lines) channel.sendLine(line);
  const timeoutMs = freshProbeTimeoutMs(resolved.timeouts);
  let onAbort: (() => void) | undefined;
  const aborted = new Promise<void>((resolve) => {
    onAbort = resolve;
    if (signal?.aborted) resolve();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  await settlesWithin(Promise.race([Promise.all(answered), aborted]), timeoutMs);
  if (onAbort) signal?.removeEventListener('abort', onAbort);
  await settlesWithin(connection.closed, SETTLE_MS);
  const aliveAfter = connection.alive;
  await connection.stop();
  return { responses, aliveAfter, tap: connector.tap.snapshot(), timeoutMs, unanswered };
}
