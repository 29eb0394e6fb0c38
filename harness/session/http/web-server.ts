/**
 * A Streamable HTTP server the harness starts itself, the way Playwright's `webServer` does: spawn the
 * command (node:child_process, own process group, exact env, the whole tree tracked like a stdio server), wait until it
 * is ready (the URL answers an HTTP request, or a stdout/stderr line matches a pattern) within the start
 * budget, and stop it afterwards (SIGTERM, then SIGKILL, the whole tree). A server that exits or never gets
 * ready is torn down before the failure is thrown: nothing is left running.
 */
import type { ExitInfo, ShutdownInfo, StderrLabel } from '../../model/wire.ts';
import type { ServerSpec } from '../options.ts';
import { ServerProcess } from '../stdio/server-process.ts';
import { killTree, terminateProcess } from '../stdio/shutdown.ts';
import { sleep } from '../timing.ts';
import { interruptedFailure, StartFailure } from '../transport.ts';
import { nodeHttp, nodeHttps } from './node-http.ts';
import { WireTapRecorder, type TapLimits } from '../wire-tap.ts';

/** Poll intervals of the URL readiness rule, ms (Playwright's webServer: 100, 250, 500, then 500). */
const POLL_MS = [100, 250, 500];
/** How long one readiness request may take, ms (wall clock, the whole request; never past the start budget). */
const READY_REQUEST_MS = 1000;

/** A tap that also hands every stdout line and every stderr line (masked) to a listener: the server's log. */
class LogTap extends WireTapRecorder {
  private stderrRest = '';
  onLine: (line: string) => void = () => {};

  /** A stdout line (masked by the process): kept in the output tail beside stderr, never parsed as a frame. */
  override line(text: string): void {
    super.stderr(`${text}\n`);
    this.onLine(text);
  }

  override stderr(chunk: Buffer | string, processNo?: number): void {
    super.stderr(chunk, processNo);
    const text = this.stderrRest + (typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
    const lines = text.split(/\r?\n/);
    this.stderrRest = lines.pop() ?? '';
    for (const line of lines) this.onLine(this.mask ? this.mask.line(line) : line);
  }
}

/** A StartFailure of a server that ran: carries its output (masked) as evidence. */
export class ServerStartFailure extends StartFailure {
  override readonly name = 'ServerStartFailure';

  constructor(message: string, detail: StartFailure['detail'], readonly output: { tail: string; labels?: StderrLabel[]; networkLines?: string[]; bytes: number }) {
    super(message, detail);
  }
}

/** A started server. */
export class WebServer {
  private constructor(private readonly proc: ServerProcess, private readonly log: LogTap, private readonly termGraceMs: number, private readonly signal?: AbortSignal) {}

  /**
   * Spawn `spec.spawn` and wait for `spec.ready` against `url`, at most `startMs`. Once `signal` (the run's
   * interrupt) aborts, the server's tree is killed at once (SIGKILL), while it starts or after.
   * @throws StartFailure (SpawnFailure: reason `command-not-found`...; ServerStartFailure: `exited`, `ready-timeout`, after
   *   tearing the tree down; reason `interrupted` when `signal` aborted before it was ready).
   */
  static async start(spec: ServerSpec, url: URL, opts: { startMs: number; termGraceMs: number; limits: TapLimits; signal?: AbortSignal }): Promise<WebServer> {
    const { signal } = opts;
    if (signal?.aborted) throw interruptedFailure();
    const log = new LogTap(opts.limits);
    const pattern = spec.ready.kind === 'line' ? new RegExp(spec.ready.pattern) : undefined;
    let sawLine = false;
    log.onLine = (line) => {
      if (pattern?.test(line)) sawLine = true;
    };
    const proc = await ServerProcess.spawn(spec.spawn, log, 64 * 1024);
    const server = new WebServer(proc, log, opts.termGraceMs, signal);
    if (signal) {
      const kill = () => void killTree(proc);
      if (signal.aborted) kill();
      else {
        signal.addEventListener('abort', kill, { once: true });
        void proc.exited.then(() => signal.removeEventListener('abort', kill));
      }
    }
    const deadline = performance.now() + opts.startMs;
    let exited = false;
    void proc.exited.then(() => (exited = true));
    for (let attempt = 0; ; attempt += 1) {
      if (signal?.aborted) {
        await server.stop();
        throw interruptedFailure();
      }
      if (pattern ? sawLine : await answers(url, Math.min(READY_REQUEST_MS, deadline - performance.now()))) return server;
      if (exited) {
        const info = await proc.exited;
        await server.stop();
        throw new ServerStartFailure(`the server exited before it was ready (code ${String(info.code)}, signal ${String(info.signal)})`, {
          reason: 'exited', command: spec.spawn.command, exitCode: info.code, signal: info.signal,
        }, server.output());
      }
      if (performance.now() >= deadline) {
        await server.stop();
        const what = pattern ? `no line of its output matched /${spec.ready.kind === 'line' ? spec.ready.pattern : ''}/` : `${url.origin} did not answer`;
        throw new ServerStartFailure(`the server was not ready within ${opts.startMs} ms: ${what}`, { reason: 'ready-timeout', command: spec.spawn.command, timeoutMs: opts.startMs }, server.output());
      }
      await sleep(pattern ? 20 : POLL_MS[Math.min(attempt, POLL_MS.length - 1)] ?? 500);
    }
  }

  /** Resolves when the server process exits (expected or not). */
  get exited(): Promise<ExitInfo> {
    return this.proc.exited;
  }

  /** True until the process exited. */
  get alive(): boolean {
    return this.proc.alive;
  }

  /**
   * The server's output so far (stdout and stderr, masked), as the stderr tail of the surface's wire record: the
   * text, its label lines (`WireTap.stderrLabels`, when more than one process wrote) and the bytes written.
   */
  output(): { tail: string; labels?: StderrLabel[]; networkLines?: string[]; bytes: number } {
    const snap = this.log.snapshot();
    return {
      tail: snap.stderrTail,
      ...(snap.stderrLabels ? { labels: snap.stderrLabels } : {}),
      ...(snap.stderrNetworkLines ? { networkLines: snap.stderrNetworkLines } : {}),
      bytes: snap.stderrBytes,
    };
  }

  /**
   * Stop the server: SIGTERM, then SIGKILL after termGraceMs, the whole tree; a member still alive after termGraceMs (or
   * once the run's interrupt aborted) is swept and counted (terminateProcess). Idempotent; never throws.
   */
  stop(): Promise<ShutdownInfo> {
    return terminateProcess(this.proc, this.termGraceMs, this.signal);
  }
}

/**
 * True when `url` answers an HTTP request (any status: its whole head read) within `ms` of wall-clock time. The bound is
 * on the whole request, not on idleness: a server that writes its head a byte at a time, never idle for long, kept an
 * idle-only timeout from ever firing and held the start past `startMs` for as long as it trickled (hostile review).
 */
function answers(url: URL, ms: number): Promise<boolean> {
  return new Promise((resolve) => {
    const make = url.protocol === 'https:' ? nodeHttps().request : nodeHttp().request;
    const req = make(url, { method: 'GET', headers: { accept: 'text/event-stream, application/json' } }, (res) => {
      clearTimeout(timer);
      resolve(true);
      res.destroy();
    });
    const timer = setTimeout(() => req.destroy(), Math.max(1, ms));
    req.on('error', () => {
      clearTimeout(timer);
      resolve(false);
    });
    req.end();
  });
}
