/**
 * Shutdown of one server process (spec basic/transports stdio §Shutdown; 2025-11-25 basic/lifecycle §Shutdown):
 * close stdin, wait; SIGTERM the tree, wait; SIGKILL the tree. Then count the tree's survivors and sweep them
 * (process-tree.ts `sweepTree`: freeze, kill, look again until none is left, bounded).
 */
import type { ShutdownInfo } from '../../model/wire.ts';
import { scanTree, sweepTree } from './process-tree.ts';
import type { ServerProcess } from './server-process.ts';
import { settlesWithin, since, sleep } from '../timing.ts';

/** Grace periods of the three steps, ms. */
export interface ShutdownTimeouts {
  stdinGraceMs: number;
  termGraceMs: number;
}

/** How long to wait for the process to die after SIGKILL, ms. */
const KILL_WAIT_MS = 2000;
/** How long tree members get to exit on their own once the leader is gone, ms. */
const SURVIVOR_SETTLE_MS = 100;

/**
 * Shut `proc` down. Resolves with which step ended it, the duration (ms, from the start of shutdown to exit)
 * and how many processes of its tree were still alive after the leader exited (they are then SIGKILLed): after a
 * SIGTERM (sent to the whole tree) its members get what is left of `termGraceMs` to exit, otherwise 100 ms.
 * Never throws.
 */
export async function shutdownProcess(proc: ServerProcess, timeouts: ShutdownTimeouts): Promise<ShutdownInfo> {
  const start = performance.now();
  const stdinGraceMs = timeouts.stdinGraceMs;
  if (!proc.alive) return { endedBy: 'already-exited', durationMs: 0, ...(await reapSurvivors(proc)), stdinGraceMs };
  proc.expectingExit = true;
  proc.rememberEscaped();
  proc.closeStdin();
  let endedBy: ShutdownInfo['endedBy'] = 'stdin-close';
  let termSentAt: number | undefined;
  // the budgets judge the leader's exit event (leaderExited), not the stdout drain that follows it
  if (!(await settlesWithin(proc.leaderExited, timeouts.stdinGraceMs))) {
    endedBy = 'sigterm';
    termSentAt = performance.now();
    proc.signal('SIGTERM');
    if (!(await settlesWithin(proc.leaderExited, timeouts.termGraceMs))) {
      endedBy = 'sigkill';
      proc.signal('SIGKILL');
      await settlesWithin(proc.leaderExited, KILL_WAIT_MS);
    }
  }
  const durationMs = since(start);
  await settlesWithin(proc.exited, KILL_WAIT_MS);
  // every member of the tree got the SIGTERM with the leader: each has what is left of termGraceMs to exit on its own
  // once the leader did, as on a stop (terminateProcess): a child still cleaning up (`npm exec`, ~500 ms: claude-mermaid
  // 1.3.0, sweep 28) is no orphan, and whether it was counted one no longer depends on how fast the leader went
  const settleMs = endedBy === 'sigterm' && termSentAt !== undefined ? Math.max(SURVIVOR_SETTLE_MS, timeouts.termGraceMs - since(termSentAt)) : SURVIVOR_SETTLE_MS;
  return { endedBy, durationMs, ...(await reapSurvivors(proc, settleMs)), stdinGraceMs };
}

/**
 * Stop a process that is not served over stdio (a Streamable HTTP server the harness started, like
 * Playwright's webServer): SIGTERM the tree, wait `termGraceMs` (ms), SIGKILL it, then reap the tree's survivors.
 * Every member of the tree got the SIGTERM, so each has what is left of `termGraceMs` to exit on its own once the
 * leader did (a child draining after a launcher that exits at once is no orphan): only what outlives the grace
 * counts as a survivor; `signal` (the run's interrupt) ends that wait at once (what is left is swept). Resolves with
 * which step ended it; never throws.
 */
export async function terminateProcess(proc: ServerProcess, termGraceMs: number, signal?: AbortSignal): Promise<ShutdownInfo> {
  const start = performance.now();
  if (!proc.alive) return { endedBy: 'already-exited', durationMs: 0, ...(await reapSurvivors(proc)), stdinGraceMs: 0 };
  let endedBy: ShutdownInfo['endedBy'] = 'sigterm';
  proc.signal('SIGTERM');
  if (!(await settlesWithin(proc.exited, termGraceMs))) {
    endedBy = 'sigkill';
    proc.signal('SIGKILL');
    await settlesWithin(proc.exited, KILL_WAIT_MS);
  }
  const durationMs = since(start);
  const settleMs = endedBy === 'sigterm' ? Math.max(SURVIVOR_SETTLE_MS, termGraceMs - durationMs) : SURVIVOR_SETTLE_MS;
  return { endedBy, durationMs, ...(await reapSurvivors(proc, settleMs, signal)), stdinGraceMs: 0 };
}

/** Kill a process tree right away (a wedged server); resolves once the leader exited (bounded wait). */
export async function killTree(proc: ServerProcess): Promise<void> {
  if (!proc.alive) return;
  proc.signal('SIGKILL');
  await settlesWithin(proc.exited, KILL_WAIT_MS);
  await reapSurvivors(proc);
}

/**
 * The tree's survivors once the leader is gone: its live members (process group, descendants seen outside it,
 * every process carrying its marker) get `settleMs` (default `SURVIVOR_SETTLE_MS`; cut short once `signal` aborts) to exit on
 * their own; whatever is still there (or
 * a look that was not conclusive) is swept (`sweepTree`). Then the pipes are released. `survivors` counts the
 * processes the sweep found; `survivorsMayRemain` is set when it hit its bounds with processes found; `stdioHeld` when,
 * with the leader gone and the sweep done, its stdout or stderr was still open (`ServerProcess.stdioHeldOpen`). A tree
 * with nothing left costs one /proc pass and no wait.
 */
async function reapSurvivors(proc: ServerProcess, settleMs = SURVIVOR_SETTLE_MS, signal?: AbortSignal): Promise<Pick<ShutdownInfo, 'survivors' | 'survivorsMayRemain' | 'stdioHeld'>> {
  if (proc.exitInfo?.unexpected) await proc.exited; // the exit's own sweep (ServerProcess) ends first: bounded
  const tree = proc.tree();
  let scan = scanTree(tree);
  for (let waited = 0; scan.live.length > 0 && waited < settleMs && !signal?.aborted; waited += 20) {
    await sleep(20);
    scan = scanTree(tree);
  }
  const swept = scan.live.length > 0 || scan.uncertain ? await sweepTree(tree) : undefined;
  // a process outside the tree (no marker, its own session) that still holds the server's stdout or stderr
  const held = proc.alive ? false : await proc.stdioHeldOpen();
  proc.release();
  const stdioHeld = held ? { stdioHeld: true as const } : {};
  if (!swept || swept.found === 0) return { survivors: 0, ...stdioHeld };
  return swept.converged ? { survivors: swept.found, ...stdioHeld } : { survivors: swept.found, survivorsMayRemain: true, ...stdioHeld };
}
