/**
 * The stdio transport (spec basic/transports §stdio): each connection is one spawned server process
 * (node:child_process, own process group, exact env), newline-delimited JSON-RPC on stdin/stdout, stderr tapped;
 * stopping it is the stdio shutdown sequence over the whole process tree.
 */
import type { ExitInfo, ShutdownInfo } from '../../model/wire.ts';
import type { SpawnSpec } from '../options.ts';
import type { Connection, FrameListener, SendOptions, Transport } from '../transport.ts';
import type { WireTapRecorder } from '../wire-tap.ts';
import { ServerProcess } from './server-process.ts';
import { killTree, shutdownProcess, type ShutdownTimeouts } from './shutdown.ts';

/**
 * What the stdio transport needs besides the spec: the longest stdout line it frames (bytes), the stdin backlog cap
 * (bytes, SessionOptions.maxPendingStdinBytes; default DEFAULT_MAX_PENDING_STDIN_BYTES) and the shutdown grace periods (ms).
 */
export interface StdioOptions {
  maxLineBytes: number;
  maxPendingStdinBytes?: number;
  timeouts: ShutdownTimeouts;
}

/** Spawns one process per connection. */
export class StdioTransport implements Transport {
  readonly kind = 'stdio' as const;

  constructor(private readonly spec: SpawnSpec, readonly tap: WireTapRecorder, private readonly options: StdioOptions) {}

  /** Spawn the server. @throws SpawnFailure (a StartFailure) when the command cannot be started. */
  async start(): Promise<StdioConnection> {
    const proc = await ServerProcess.spawn(this.spec, this.tap, this.options.maxLineBytes, this.options.maxPendingStdinBytes);
    return new StdioConnection(proc, this.options.timeouts);
  }
}

/** One server process as a Connection. */
export class StdioConnection implements Connection {
  constructor(readonly proc: ServerProcess, private readonly timeouts: ShutdownTimeouts) {}

  get alive(): boolean {
    return this.proc.alive;
  }

  get closed(): Promise<ExitInfo> {
    return this.proc.exited;
  }

  send(frame: string, options?: SendOptions): boolean {
    return this.proc.write(frame, options?.answer === true);
  }

  onFrame(listener: FrameListener): void {
    this.proc.onFrame(listener);
  }

  onOversize(listener: (head: string, bytes: number, tail?: string) => void): void {
    this.proc.onOversize(listener);
  }

  onSilenced(listener: () => void): void {
    this.proc.onStdoutClosed(listener);
  }

  stop(): Promise<ShutdownInfo> {
    return shutdownProcess(this.proc, this.timeouts);
  }

  kill(): Promise<void> {
    return killTree(this.proc);
  }
}
