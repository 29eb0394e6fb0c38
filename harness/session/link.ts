/**
 * A link is one spawned process plus its JSON-RPC channel. The spawner creates links for a session (the first
 * one and every respawn), sharing one wire tap and one exit list.
 */
import type { ExitInfo } from '../model/wire.ts';
import type { ResolvedSessionOptions, SpawnSpec } from './options.ts';
import { RpcChannel } from './rpc-channel.ts';
import { ServerProcess } from './server-process.ts';
import type { WireTapRecorder } from './wire-tap.ts';

/** One process and its channel. */
export interface Link {
  proc: ServerProcess;
  channel: RpcChannel;
}

/** Spawns links and records their exits (in exit order) into `exits`. */
export class Spawner {
  private readonly procs: ServerProcess[] = [];

  constructor(
    private readonly spec: SpawnSpec,
    readonly options: ResolvedSessionOptions,
    readonly tap: WireTapRecorder,
    readonly exits: ExitInfo[],
  ) {}

  /** Spawn a new process. @throws SpawnFailure when it cannot be started. */
  async spawn(): Promise<Link> {
    const proc = await ServerProcess.spawn(this.spec, this.tap, this.options.maxLineBytes);
    void proc.exited.then((info) => this.exits.push(info));
    this.procs.push(proc);
    return { proc, channel: new RpcChannel(proc, this.tap) };
  }

  /** Processes of this spawner that have not exited yet. */
  live(): ServerProcess[] {
    return this.procs.filter((p) => p.alive);
  }
}
