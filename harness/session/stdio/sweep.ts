/**
 * The converging sweep of a process tree (issue B3 of the hostile-server review): end every live member of a
 * tree even while members keep forking. A single snapshot followed by SIGKILL loses to a lineage that forks a
 * copy of itself and exits every few milliseconds (the copy forked between the snapshot and the kill, or after
 * the listing of the snapshot, is never seen). So the sweep works in rounds, each on a fresh scan:
 *
 * 1. **Freeze.** Every member found running gets SIGSTOP (the process group as a whole, then each pid). A stopped
 *    process cannot fork; a child it forked before the stop is a new member that the next scan finds.
 * 2. **Kill.** Once a scan finds every live member stopped, nothing of the tree can start a process any more:
 *    all of them get SIGKILL (which ends a stopped process too; no SIGCONT needed). A member that stays running
 *    through `STOP_ATTEMPTS` rounds of SIGSTOP (in uninterruptible sleep, such as a parent waiting in vfork, which
 *    SIGSTOP does not stop but SIGKILL ends) does not hold the kill back: once every running member is such a one,
 *    all live members get SIGKILL.
 * 3. **Confirm.** The sweep ends when a scan finds no live member and is certain (see `TreeScan.uncertain`).
 *
 * Bounded by a time and a round cap (`SweepLimits`); at the cap whatever is live gets SIGKILL once more and the
 * result says the sweep did not converge, so a report never implies processes were all ended when that was not
 * seen. Zombies are dead: the scanner never returns them as members. The well-behaved case (nothing left) costs
 * one scan and no wait.
 *
 * Pure policy: the scan and the signals come from the caller (process-tree.ts binds them to /proc and
 * process.kill), so this module starts and reads nothing itself.
 */

/** One live (not zombie) member of a tree, as one scan saw it. */
export interface TreeMember {
  pid: number;
  /** Stopped (state T or t): it cannot fork until continued. */
  stopped: boolean;
  /** A member of the tree's process group (signalled through the group as well as by pid). */
  inGroup: boolean;
}

/** What one scan saw of a tree. */
export interface TreeScan {
  /** The tree's live members. */
  live: TreeMember[];
  /**
   * True when the scan could not rule out an unseen member: a process that may have been a member exited (or
   * was in the middle of execve) while it was read, and the scan's own further looks (proc-table.ts
   * `scanTree`) did not settle it. "No live member" is then not conclusive, and the sweep looks again.
   */
  uncertain: boolean;
}

/** The scan and the signals a sweep works with. */
export interface SweepOps {
  /** One scan of the tree. Must not throw. */
  scan(): TreeScan;
  /** Send `signal` to `members` (their group too when one is `inGroup`). Must not throw (ESRCH, EPERM ignored). */
  signal(members: readonly TreeMember[], signal: 'SIGSTOP' | 'SIGKILL'): void;
}

/** The caps of a sweep. */
export interface SweepLimits {
  /** Give up after this many ms (performance.now()), counted from the first scan. */
  maxMs: number;
  /** Give up after this many scans. */
  maxRounds: number;
  /** The wait after signalling, ms, before the next scan (a signal takes effect when its target is next scheduled). */
  pauseMs: number;
}

/** Rounds of SIGSTOP a running member gets before it no longer holds back the kill (see the module doc). */
export const STOP_ATTEMPTS = 3;

/** The default caps: 2 s, 1,000 scans, 5 ms between signalling rounds. */
export const SWEEP_LIMITS: SweepLimits = { maxMs: 2000, maxRounds: 1000, pauseMs: 5 };

/** How a sweep ended. */
export interface SweepResult {
  /** Distinct processes found alive (and signalled) over the whole sweep. */
  found: number;
  /**
   * True when the last scan found no live member and was certain: nothing of the tree is left. False when a cap
   * ended the sweep first: processes of the tree may still be running.
   */
  converged: boolean;
  /** Scans made. */
  rounds: number;
}

/**
 * One sweep, driven round by round by `sweepAsync` or `sweepSync`. `step()` runs one round and returns the ms to
 * wait before the next one, or `undefined` once the sweep ended (then `result` is set).
 */
export class Sweep {
  private readonly seen = new Set<number>();
  /** pid -> SIGSTOPs sent to it while it was seen running. */
  private readonly stops = new Map<number, number>();
  private rounds = 0;
  private startedAt: number | undefined;
  /** Set once the sweep ended. */
  result: SweepResult | undefined;

  constructor(private readonly ops: SweepOps, private readonly limits: SweepLimits = SWEEP_LIMITS) {}

  /** One round: scan; freeze the running members, or kill them all once all are stopped; or end. */
  step(): number | undefined {
    if (this.result) return undefined;
    this.startedAt ??= performance.now();
    this.rounds++;
    const scan = this.ops.scan();
    for (const member of scan.live) this.seen.add(member.pid);
    if (scan.live.length === 0 && !scan.uncertain) return this.end(true);
    if (this.rounds >= this.limits.maxRounds || performance.now() - this.startedAt >= this.limits.maxMs) {
      if (scan.live.length > 0) this.ops.signal(scan.live, 'SIGKILL'); // a last blow; not confirmed
      return this.end(false);
    }
    if (scan.live.length === 0) return 0; // nothing seen, but the scan was not conclusive: look again at once
    const running = scan.live.filter((member) => !member.stopped);
    if (running.some((member) => (this.stops.get(member.pid) ?? 0) < STOP_ATTEMPTS)) {
      for (const member of running) this.stops.set(member.pid, (this.stops.get(member.pid) ?? 0) + 1);
      this.ops.signal(running, 'SIGSTOP');
    } else {
      this.ops.signal(scan.live, 'SIGKILL'); // all stopped, or the running ones do not stop
    }
    return this.limits.pauseMs;
  }

  private end(converged: boolean): undefined {
    this.result = { found: this.seen.size, converged, rounds: this.rounds };
    return undefined;
  }
}

/**
 * Sweep a tree to the end, waiting between rounds on timers (the event loop keeps running: other surfaces'
 * timers fire). Resolves with the result; never rejects (the ops must not throw).
 */
export async function sweepAsync(ops: SweepOps, limits: SweepLimits = SWEEP_LIMITS): Promise<SweepResult> {
  const sweep = new Sweep(ops, limits);
  for (let wait = sweep.step(); wait !== undefined; wait = sweep.step()) {
    await new Promise<void>((resolve) => (wait > 0 ? setTimeout(resolve, wait) : setImmediate(resolve)));
  }
  return sweep.result as SweepResult;
}

/** A 4-byte buffer to block on with Atomics.wait (a synchronous sleep). */
const sleeper = new Int32Array(new SharedArrayBuffer(4));

/**
 * Sweep a tree to the end synchronously, blocking between rounds (Atomics.wait): for a process 'exit' hook or
 * a second interrupt, where no timer will fire again. Never throws (the ops must not).
 */
export function sweepSync(ops: SweepOps, limits: SweepLimits = SWEEP_LIMITS): SweepResult {
  const sweep = new Sweep(ops, limits);
  for (let wait = sweep.step(); wait !== undefined; wait = sweep.step()) if (wait > 0) Atomics.wait(sleeper, 0, 0, wait);
  return sweep.result as SweepResult;
}
