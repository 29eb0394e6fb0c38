/**
 * A link is one connection plus its JSON-RPC channel. The connector starts links over a transport for a
 * session (the first one and every respawn), sharing one wire tap and one exit list.
 */
import type { ExitInfo } from '../model/wire.ts';
import type { ResolvedSessionOptions } from './options.ts';
import { RpcChannel } from './rpc-channel.ts';
import type { Connection, Transport } from './transport.ts';
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

  /** Start a new connection. @throws StartFailure when it cannot be started. */
  async spawn(): Promise<Link> {
    const connection = await this.transport.start();
    void connection.closed.then((info) => this.exits.push(info));
    this.connections.push(connection);
    return { connection, channel: new RpcChannel(connection, this.tap) };
  }

  /** Connections of this connector that have not ended yet. */
  live(): Connection[] {
    return this.connections.filter((c) => c.alive);
  }
}
