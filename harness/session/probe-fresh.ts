/**
 * Opening-message probes on a separate, short-lived process (e.g. `initialize` against a modern server, a
 * missing `_meta`, a batch array): spawn, write the raw lines, collect the answers, shut it down.
 */
import type { JsonRpcResponse } from '../model/protocol.ts';
import type { WireTap } from '../model/wire.ts';
import { Connector } from './link.ts';
import { spawnOrThrow } from './open.ts';
import { resolveOptions, type SessionOptions, type SpawnSpec } from './options.ts';
import { settlesWithin } from './timing.ts';
import { createTransport } from './transports.ts';

/** What a fresh-process probe saw. `responses` are in arrival order; frames without an expected id are in `tap.frames`. */
export interface FreshProbeResult {
  responses: JsonRpcResponse[];
  /** Whether the process was still running shortly after the answers (or the timeout). */
  aliveAfter: boolean;
  tap: WireTap;
}

/** How long to watch for an exit after the answers, ms. */
const SETTLE_MS = 100;

/**
 * Spawn `spec`, write `lines` (each as one stdin line, verbatim), wait up to `timeouts.requestMs` for a frame
 * for each of `expectIds` (or the process exiting), then shut the process down.
 * @throws SessionBootError phase `spawn` when the command cannot be started.
 */
export async function probeFresh(spec: SpawnSpec, options: SessionOptions, lines: string[], expectIds: (number | string)[]): Promise<FreshProbeResult> {
  const resolved = resolveOptions(options);
  const connector = new Connector(createTransport(spec, resolved), resolved, []);
  const { connection, channel } = await spawnOrThrow(connector);
  const responses: JsonRpcResponse[] = [];
  const answered = expectIds.map((id) => channel.expect(id).settled.then((s) => {
    if (s.kind === 'response') responses.push(s.frame);
  }));
  for (const line of lines) channel.sendLine(line);
  await settlesWithin(Promise.all(answered), resolved.timeouts.requestMs);
  await settlesWithin(connection.closed, SETTLE_MS);
  const aliveAfter = connection.alive;
  await connection.stop();
  return { responses, aliveAfter, tap: connector.tap.snapshot() };
}
