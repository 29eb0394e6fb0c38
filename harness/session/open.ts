/**
 * Booting a session: spawn, negotiate the era, hand back a LiveSession. Boot failures shut every spawned
 * process down (nothing is left running) and throw SessionBootError with the tap and exits as evidence.
 */
import type { Era } from '../model/protocol.ts';
import type { ExitInfo } from '../model/wire.ts';
import { SessionBootError } from './errors.ts';
import { Connector, type Link } from './link.ts';
import { negotiate, NegotiationFailure } from './negotiate.ts';
import { resolveOptions, type ConnectSpec, type SessionOptions } from './options.ts';
import { LiveSession, type Session } from './session.ts';
import { StartFailure } from './transport.ts';
import { createTransport, type TransportContext } from './transports.ts';

/** What the opener of a session may be told while it opens. */
export interface OpenEvents {
  /** The era, as soon as the negotiation knows it, before its handshake ends (see NegotiateDeps.onEra): a hint only. */
  onEra?: (era: Era) => void;
}

/**
 * Connect to `spec` (stdio: spawn it; HTTP: its endpoint) and negotiate its era (see negotiate.ts).
 * @throws SessionBootError phase `spawn` (the command cannot be started; the message names it) or `negotiate`.
 * @throws TypeError on invalid options (see resolveOptions).
 */
export async function openSession(spec: ConnectSpec, options: SessionOptions, context: TransportContext = {}, events: OpenEvents = {}): Promise<Session> {
  const resolved = resolveOptions(options);
  const connector = new Connector(createTransport(spec, resolved, context), resolved, [] as ExitInfo[]);
  let nextId = 1;
  const ids = (): number => nextId++;
  const first = await spawnOrThrow(connector);
  try {
    const { negotiation, link } = await negotiate(first, { connector, options: resolved, nextId: ids, ...(events.onEra ? { onEra: events.onEra } : {}) });
    connector.tap.handshakeOver();
    return new LiveSession(negotiation, link, connector, resolved, ids);
  } catch (err) {
    await shutdownAll(connector);
    if (err instanceof StartFailure) throw bootError('spawn', err, connector);
    if (err instanceof NegotiationFailure) throw bootError('negotiate', err, connector);
    throw err;
  }
}

/** Start a connection (stdio: spawn a process). @throws SessionBootError phase `spawn` when it cannot be started. */
export async function spawnOrThrow(connector: Connector): Promise<Link> {
  try {
    return await connector.spawn();
  } catch (err) {
    if (err instanceof StartFailure) throw bootError('spawn', err, connector);
    throw err;
  }
}

/** Stop every connection of the connector that is still alive (stdio: stdin close, SIGTERM, SIGKILL). */
export async function shutdownAll(connector: Connector): Promise<void> {
  await Promise.all(connector.live().map((connection) => connection.stop()));
}

function bootError(phase: 'spawn' | 'negotiate', err: StartFailure | NegotiationFailure, connector: Connector): SessionBootError {
  const tap = connector.tap.snapshot();
  const stderrTail = tap.stderrTail === '' ? {} : { stderrTail: tap.stderrTail };
  return new SessionBootError({ phase, ...err.detail, ...stderrTail, message: err.message }, tap, connector.exits.slice(), { cause: err });
}
