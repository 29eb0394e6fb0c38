/**
 * A link is one connection plus its JSON-RPC channel. The connector starts links over a transport for a
 * session (the first one and every respawn), sharing one wire tap and one exit list.
 */
import type { ExitInfo } from '../model/wire.ts';
import type { ResolvedSessionOptions } from './options.ts';
import { RpcChannel } from './rpc-channel.ts';
import { interruptedFailure, type Connection, type Transport } from './transport.ts';
import type { WireTapRecorder } from './wire-tap.ts';

/** One connection and its channel. */
export interface Link {
  connection: Connection;
  channel: RpcChannel;
}

/** Starts links over a transport and records their ends (in order) into `exits`. */
export class Connector {
  private readonly connections: Connection[] = [];
  readonly tap: WireTapRecorder;

  constructor(
    private readonly transport: Transport,
    readonly options: ResolvedSessionOptions,
    readonly exits: ExitInfo[],
  ) {
    this.tap = transport.tap;
  }

  /**
   * Start a new connection. Once `options.signal` (the run's interrupt) aborts, the connection is ended at once
   * (`Connection.kill`: stdio SIGKILLs its whole tree), so every wait on it ends (an exchange with `exit`).
   * @throws StartFailure when it cannot be started, or (reason `interrupted`) once the signal aborted.
   */
  async spawn(): Promise<Link> {
    const signal = this.options.signal;
    if (signal?.aborted) throw interruptedFailure();
    const connection = await this.transport.start();
    if (signal) {
      const kill = () => void connection.kill();
      if (signal.aborted) kill(); // aborted while it started
      else {
        signal.addEventListener('abort', kill, { once: true });
        void connection.closed.then(() => signal.removeEventListener('abort', kill));
      }
    }
    void connection.closed.then((info) => this.exits.push(info));
    this.connections.push(connection);
    return { connection, channel: new RpcChannel(connection, this.tap) };
  }

  /** Connections of this connector that have not ended yet. */
  live(): Connection[] {
    return this.connections.filter((c) => c.alive);
  }
}
