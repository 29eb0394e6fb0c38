/**
 * Server processes started ahead (issue 12): the CLI's executable (dist/bin.js, harness/bin-loader.ts) starts the
 * stdio server(s) of a default ad-hoc run before it reads the bundled CLI (harness/run/launch-ahead.ts), so the
 * servers boot while the harness's own code loads; `ServerProcess.spawn` then ADOPTS such a process instead of
 * spawning one, when the spec it was about to spawn is exactly the one the process was started with.
 *
 * - **Nothing the server sees changes.** A process is started with the options `ServerProcess.spawn` uses
 *   (`serverSpawnOptions`: the same command, args, cwd, exact env plus its marker, detached) and gets no input
 *   before it is adopted; only the moment of its spawn moves, as with the era hint's spares (docs/determinism.md).
 *   Request budgets start at each request's write, as always, so a process started ahead is judged by the same
 *   budgets.
 * - **Shared state.** The loader and the bundle each carry a copy of this module; the processes live on
 *   `globalThis` under one `Symbol.for` key, so both copies see the same registry. In-process runs (tests, the
 *   library) have no registry and spawn as always.
 * - **Never an orphan.** Until a process is adopted it belongs to the registry: `releaseAhead` (the run, once the
 *   surface's opening settled; again when the run ends) SIGKILLs every process nobody adopted and sweeps its tree
 *   (process-tree.ts `sweepTree`: marked descendants outside the group too, however they fork), and a process
 *   'exit' hook does the same, synchronously, for whatever is left. The registry also listens for SIGINT, SIGTERM and SIGHUP
 *   from the start to the end of the process: a signal the CLI handles (it has its own listener when the signal is
 *   dispatched: the CLI's SIGINT/SIGTERM/SIGHUP interrupt, which closes what the run adopted and stops the rest through
 *   `releaseAhead`) is left to it; any other kills the processes nobody adopted and then ends the harness by that
 *   signal, as it would have without the listener. The listeners stay for the life of the process: removing the last
 *   listener of a signal closes Node's handle for it, and a signal already received but not yet dispatched is then
 *   lost (a SIGHUP at the moment of the release was ignored). An adopted process is tracked by the session as any
 *   other (process-tree.ts).
 * - **Events before adoption.** Each process has its `spawn` and `error` events recorded from its start (an
 *   `error` without a listener would crash the harness) and no-op error listeners on its pipes; its output waits
 *   in the paused pipes. `ServerProcess` replays what happened before it took over (a spawn failure, an exit).
 */
import { spawn, type ChildProcessWithoutNullStreams, type SpawnOptionsWithoutStdio } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { constants } from 'node:os';
import type { SpawnSpec } from '../options.ts';
import { MARKER_VAR, sweepTree, sweepTreeSync } from './process-tree.ts';

/** A server process started ahead, until adopted or stopped. */
export interface AheadProcess {
  /** What it was started with: adopted only by a spawn of an equal spec (`sameSpawnSpec`). */
  readonly spec: SpawnSpec;
  /** When it was spawned, performance.now() ms (the session's wire tap is timed from it: WireTapRecorder.backdate). */
  readonly spawnedAt: number;
  readonly child: ChildProcessWithoutNullStreams;
  /** Its MARKER_VAR value (process-tree.ts). */
  readonly marker: string;
  /** Its `spawn` event came (the process runs; `child.pid` is set). */
  spawned: boolean;
  /** Its `error` event before `spawn` (the command could not be started: ENOENT, EACCES...). */
  error?: NodeJS.ErrnoException;
  /** When its `exit` event came, performance.now() ms (an exit before adoption is replayed at this time). */
  exitedAt?: number;
  /** A `ServerProcess` took it over. */
  adopted: boolean;
  /** Stopped by the registry (released or at exit) without being adopted. */
  stopped: boolean;
}

interface AheadRegistry {
  processes: AheadProcess[];
  /** Set by `releaseAhead`: nothing more is adopted. */
  released: boolean;
}

const KEY = Symbol.for('mcp-harness.ahead');
/** Signals that would end the harness before the CLI's own handlers exist. */
const SIGNALS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

function registry(): AheadRegistry | undefined {
  return (globalThis as { [KEY]?: AheadRegistry })[KEY];
}

/**
 * The node:child_process options a server process is spawned with (the one place both `ServerProcess.spawn`
 * and `startAhead` take them from): `spec`'s cwd, exactly `spec.env` plus MARKER_VAR = `marker`, detached (own
 * process group), as `spec.user` when set, three pipes.
 */
export function serverSpawnOptions(spec: SpawnSpec, marker: string): SpawnOptionsWithoutStdio & { stdio: ['pipe', 'pipe', 'pipe'] } {
  return {
    cwd: spec.cwd, env: { ...spec.env, [MARKER_VAR]: marker }, detached: true,
    ...(spec.user ? { uid: spec.user.uid, gid: spec.user.gid } : {}),
    stdio: ['pipe', 'pipe', 'pipe'], windowsHide: true,
  };
}

/** A fresh per-process marker (MARKER_VAR), 24 hex characters. */
export function newMarker(): string {
  return randomBytes(12).toString('hex');
}

/** Whether two spawn specs start exactly the same process (command, args, cwd, env, user). */
export function sameSpawnSpec(a: SpawnSpec, b: SpawnSpec): boolean {
  const envA = Object.entries(a.env);
  return a.command === b.command && a.cwd === b.cwd
    && a.args.length === b.args.length && a.args.every((arg, i) => arg === b.args[i])
    && envA.length === Object.keys(b.env).length && envA.every(([k, v]) => Object.hasOwn(b.env, k) && b.env[k] === v)
    && a.user?.uid === b.user?.uid && a.user?.gid === b.user?.gid;
}

/**
 * Start `count` processes of `spec` now and register them for adoption (see the module doc). A spawn that
 * throws synchronously (an invalid argument) ends it there: the run meets the same error when it spawns. Installs
 * the exit hook and the signal handlers once. Never throws.
 */
export function startAhead(spec: SpawnSpec, count: number): void {
  let reg = registry();
  if (!reg) {
    reg = { processes: [], released: false };
    (globalThis as { [KEY]?: AheadRegistry })[KEY] = reg;
    for (const signal of SIGNALS) process.on(signal, function onSignal() {
      if (process.listenerCount(signal) > 1) return; // the CLI handles it (what it adopted it closes, the rest it releases)
      sweepSync(stopUnadopted());
      process.off(signal, onSignal);
      reraise(signal); // no listener left: the default action, as if none had been installed
    });
    process.on('exit', () => sweepSync(stopUnadopted()));
  }
  for (let i = 0; i < count; i++) {
    const marker = newMarker();
    let child: ChildProcessWithoutNullStreams;
    try {
      child = spawn(spec.command, spec.args, serverSpawnOptions(spec, marker));
    } catch {
      return;
    }
    const entry: AheadProcess = { spec, spawnedAt: performance.now(), child, marker, spawned: false, adopted: false, stopped: false };
    child.once('spawn', () => (entry.spawned = true));
    child.once('exit', () => (entry.exitedAt = performance.now()));
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (!entry.spawned) entry.error ??= error;
    });
    for (const stream of [child.stdin, child.stdout, child.stderr]) stream.on('error', () => {});
    reg.processes.push(entry);
  }
}

/**
 * Take over the first process started ahead with exactly `spec` (`sameSpawnSpec`), if any and not released:
 * the caller owns it from then on. Undefined without a registry (in-process runs).
 */
export function adoptAhead(spec: SpawnSpec): AheadProcess | undefined {
  const reg = registry();
  if (!reg || reg.released) return undefined;
  const entry = reg.processes.find((p) => !p.adopted && !p.stopped && sameSpawnSpec(p.spec, spec));
  if (entry) entry.adopted = true;
  return entry;
}

/**
 * End adoption: SIGKILL the process group of every process started ahead that nobody adopted, then sweep its tree
 * (marked processes outside the group, `sweepTree`). Resolves once those processes exited and their trees were
 * swept (bounded). Idempotent; never rejects; a no-op without a registry.
 */
export async function releaseAhead(): Promise<void> {
  const reg = registry();
  if (!reg) return;
  reg.released = true;
  const stopped = stopUnadopted();
  await Promise.all(stopped.map(({ child }) => new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) resolve();
    else child.once('exit', () => resolve());
  })));
  // what their trees left (a descendant that left the group, one that forks while it is swept): process-tree.ts
  await Promise.all(stopped.map((entry) => sweepTree({ pgid: entry.child.pid as number, marker: entry.marker })));
}

/** Sweep the trees of stopped processes synchronously (an exit hook, a signal about to end the harness). */
function sweepSync(stopped: readonly AheadProcess[]): void {
  for (const entry of stopped) sweepTreeSync({ pgid: entry.child.pid as number, marker: entry.marker });
}

/**
 * End this process by `signal`'s default action (the caller removed its listener); where a process cannot signal
 * itself so (Windows has no SIGHUP for `process.kill`), exit with 128 + the signal's number, as a shell reports it.
 */
function reraise(signal: NodeJS.Signals): void {
  try {
    process.kill(process.pid, signal);
  } catch {
    process.exit(128 + (constants.signals[signal] ?? 1));
  }
}

/**
 * SIGKILL the process group and the leader of every unadopted, unstopped, started process; returns those entries
 * (a pid each). Their marked descendants outside the group are the caller's to sweep (`sweepTree`, `sweepSync`).
 */
function stopUnadopted(): AheadProcess[] {
  const stopped: AheadProcess[] = [];
  for (const entry of registry()?.processes ?? []) {
    if (entry.adopted || entry.stopped) continue;
    entry.stopped = true;
    const pid = entry.child.pid;
    if (pid === undefined || entry.error) continue;
    stopped.push(entry);
    if (entry.child.exitCode !== null || entry.child.signalCode !== null) continue;
    for (const kill of [() => process.kill(-pid, 'SIGKILL'), () => entry.child.kill('SIGKILL')]) {
      try {
        kill();
      } catch {
        /* already gone (or no process groups here) */
      }
    }
  }
  return stopped;
}
