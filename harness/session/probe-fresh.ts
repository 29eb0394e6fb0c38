/**
 * Opening-message probes on a separate, short-lived process (e.g. `initialize` against a modern server, a
 * missing `_meta`, a batch array): spawn, write the raw lines, collect the answers, shut it down.
 */
import type { JsonRpcResponse } from '../model/protocol.ts';
import type { WireTap } from '../model/wire.ts';
import { Connector, type Link } from './link.ts';
import { spawnOrThrow } from './open.ts';
import { isHttpSpec, resolveOptions, type ConnectSpec, type ResolvedSessionOptions, type SessionOptions } from './options.ts';
import { settlesWithin } from './timing.ts';
import { createTransport, type TransportContext } from './transports.ts';
import { freshRetentionBudget } from '../retention-budget.ts';

/** What a fresh-process probe saw. `responses` are in arrival order; frames without an expected id are in `tap.frames`. */
export interface FreshProbeResult {
  responses: JsonRpcResponse[];
  /**
   * Whether the process was still running when the wait for its answers ended (all answered, the timeout, an
   * exit or the abort), read at that moment: no extra observation window is waited out (issue 12: a 100 ms
   * window sat on every run's critical path, and no check reads this field). A process that exits on its
   * opening line is seen as ended, because its exit is what ends the wait.
   */
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

/**
 * Shutdowns of fresh-probe processes nobody waits for inline (issue 12: the main session closes while the
 * probes' processes stop, not after). Pass one as `context.stops` to `probeFresh`; whoever passed it must
 * await `settled()` before it is done, so no probe process outlives the observation.
 */
export class FreshStops {
  private readonly pending = new Set<Promise<void>>();

  /** Track `stop` (a process shutdown, which never rejects). */
  add(stop: Promise<unknown>): void {
    const tracked: Promise<void> = stop.then(() => {}, () => {}).finally(() => this.pending.delete(tracked));
    this.pending.add(tracked);
  }

  /** Resolves once every shutdown added so far, and any added while waiting, has ended. Never rejects. */
  async settled(): Promise<void> {
    while (this.pending.size > 0) await Promise.all(this.pending);
  }
}

/**
 * When the processes of one surface's fresh-process probes (and the spares started for them) ran, so that the run
 * layer can tell which ran beside the main session's process when it died (transport/exit: a server that kills other
 * instances of itself at start-up, by port or pid file, SIGKILLed the main process of @browsermcp/mcp 0.1.3 when the
 * harness started its fresh-probe process; sweep 13). Pass one as `context.lives` to `spawnFresh` and `probeFresh`;
 * read it (`onClock`) once every one of those processes was stopped. Stdio only: a Streamable HTTP probe opens no process.
 */
export class FreshLives {
  /** Each tracked process: when its clock started (its spawn) and, once it exited, when; performance.now() ms. */
  private readonly lives: { startedAt: number; endedAt?: number }[] = [];

  /** Track the process of `link`, just started by `connector` (its wire tap's clock starts at its spawn). */
  track(connector: Connector, link: Link): void {
    const life: { startedAt: number; endedAt?: number } = { startedAt: connector.tap.startedAt };
    this.lives.push(life);
    void link.connection.closed.then((info) => (life.endedAt = life.startedAt + info.atMs));
  }

  /**
   * Every tracked process in start order, in ms on a clock that starts at `origin` (performance.now() ms: the main
   * session's, `Session.clockOrigin()`, which ExitInfo.atMs counts from), rounded: `startMs` (negative when it started
   * before the origin) and `endMs` (absent while it runs).
   */
  onClock(origin: number): { startMs: number; endMs?: number }[] {
    return this.lives.map(({ startedAt, endedAt }) => ({
      startMs: Math.round(startedAt - origin),
      ...(endedAt === undefined ? {} : { endMs: Math.round(endedAt - origin) }),
    }));
  }
}

/**
 * A process started ahead of a fresh-process probe (issue 12: its start-up overlaps the harness's own work),
 * nothing written to it yet: `probeFresh` writes the probe's opening line into it, so the probe still sees a
 * process of its own whose first line is the probe. Stop it with `stop()` (the normal shutdown) if no probe takes it.
 */
export interface FreshProcess {
  /** False once the process ended (a spare that died before use is not used: the probe spawns its own). */
  readonly alive: boolean;
  /** Shut it down (stdin close, SIGTERM, SIGKILL, the whole tree). Never rejects; idempotent. */
  stop(): Promise<void>;
}

/** The one implementation of FreshProcess: a connector with its first link, nothing sent. */
class SpareProcess implements FreshProcess {
  used = false;
  constructor(readonly connector: Connector, readonly link: Link) {}
  get alive(): boolean {
    return this.link.connection.alive;
  }
  async stop(): Promise<void> {
    await this.link.connection.stop();
  }
}

/**
 * Start a process for a later `probeFresh` (stdio surfaces only: a Streamable HTTP probe opens no process).
 * @throws SessionBootError phase `spawn` when the command cannot be started.
 * @throws TypeError for an HTTP spec.
 */
export async function spawnFresh(spec: ConnectSpec, options: SessionOptions, context: TransportContext & { lives?: FreshLives } = {}): Promise<FreshProcess> {
  if (isHttpSpec(spec)) throw new TypeError('spawnFresh: a Streamable HTTP surface has no process to start ahead');
  const resolved = freshOptions(options);
  const connector = new Connector(createTransport(spec, resolved, context), resolved, []);
  const link = await spawnOrThrow(connector);
  context.lives?.track(connector, link);
  return new SpareProcess(connector, link);
}

/**
 * Spawn `spec`, write `lines` (each as one stdin line, verbatim), wait up to `freshProbeTimeoutMs` for a frame
 * for each of `expectIds` (or the process exiting, or `signal` aborting: an interrupt or the surface budget
 * ends the wait at once), then shut the process down. With `spare` (from `spawnFresh` with the same spec and
 * options, still alive, never used), the lines go to that process instead of a new one; the budget counts from
 * the first line written either way. A spare that ended before use is stopped and a process spawned as without one.
 * With `context.stops`, the result comes as soon as the wait for the answers ended and the shutdown goes to
 * `stops` (the tap is then taken at that moment); without, the result comes after the shutdown. With
 * `context.lives`, a process spawned here is tracked there (a spare is tracked by whoever spawned it).
 * @throws SessionBootError phase `spawn` when the command cannot be started.
 * @throws TypeError when `spare` was used before.
 */
export async function probeFresh(spec: ConnectSpec, options: SessionOptions, lines: string[], expectIds: (number | string)[], context: TransportContext & { stops?: FreshStops; lives?: FreshLives } = {}, signal?: AbortSignal, spare?: FreshProcess): Promise<FreshProbeResult> {
  const resolved = freshOptions(options);
  const { connector, link } = await startOrTake(spec, resolved, context, spare);
  const { connection, channel } = link;
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
  const aliveAfter = connection.alive;
  if (context.stops) context.stops.add(connection.stop());
  else await connection.stop();
  return { responses, aliveAfter, tap: connector.tap.snapshot(), timeoutMs, unanswered };
}

/**
 * `options` resolved for a fresh-process session: its retention budget is the surface's at most FRESH_RETAINED_BYTES
 * (`freshRetentionBudget`, harness/retention-budget.ts: nothing it keeps beyond its answers is read), everything else
 * as given. @throws TypeError as `resolveOptions`.
 */
function freshOptions(options: SessionOptions): ResolvedSessionOptions {
  const resolved = resolveOptions(options);
  return { ...resolved, maxRetainedBytes: freshRetentionBudget(resolved.maxRetainedBytes) };
}

/** The spare's connector and link when it can be used, else a new process's. */
async function startOrTake(spec: ConnectSpec, resolved: ResolvedSessionOptions, context: TransportContext & { lives?: FreshLives }, spare?: FreshProcess): Promise<{ connector: Connector; link: Link }> {
  if (spare !== undefined) {
    if (!(spare instanceof SpareProcess) || spare.used) throw new TypeError('probeFresh: a spare process serves one probe, and must come from spawnFresh');
    spare.used = true;
    if (spare.alive) return spare;
    await spare.stop(); // ended before its probe: the probe gets a process of its own, as without a spare
  }
  const connector = new Connector(createTransport(spec, resolved, context), resolved, []);
  const link = await spawnOrThrow(connector);
  if (!isHttpSpec(spec)) context.lives?.track(connector, link);
  return { connector, link };
}
