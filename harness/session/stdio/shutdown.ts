/**
 * Shutdown of one server process (spec basic/transports stdio §Shutdown; 2025-11-25 basic/lifecycle §Shutdown):
 * close stdin, wait; SIGTERM the tree, wait; SIGKILL the tree. Then count the tree's survivors and SIGKILL them.
 */
import type { ShutdownInfo } from '../../model/wire.ts';
import { isAlive, leaderStart, markerOf, signalTree, trackedEscaped, treeProcesses } from './process-tree.ts';
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
 * and how many processes of its tree were still alive after the leader exited (they are then SIGKILLed).
 * Never throws.
 */
export async function shutdownProcess(proc: ServerProcess, timeouts: ShutdownTimeouts): Promise<ShutdownInfo> {
  const start = performance.now();
  const stdinGraceMs = timeouts.stdinGraceMs;
  if (!proc.alive) return { endedBy: 'already-exited', durationMs: 0, survivors: await reapSurvivors(proc), stdinGraceMs };
  proc.expectingExit = true;
  proc.rememberEscaped();
  proc.closeStdin();
  let endedBy: ShutdownInfo['endedBy'] = 'stdin-close';
  // the budgets judge the leader's exit event (leaderExited), not the stdout drain that follows it
  if (!(await settlesWithin(proc.leaderExited, timeouts.stdinGraceMs))) {
    endedBy = 'sigterm';
    proc.signal('SIGTERM');
    if (!(await settlesWithin(proc.leaderExited, timeouts.termGraceMs))) {
      endedBy = 'sigkill';
      proc.signal('SIGKILL');
      await settlesWithin(proc.leaderExited, KILL_WAIT_MS);
    }
  }
  const durationMs = since(start);
  await settlesWithin(proc.exited, KILL_WAIT_MS);
  return { endedBy, durationMs, survivors: await reapSurvivors(proc), stdinGraceMs };
}

/**
 * Stop a process that is not served over stdio (a Streamable HTTP server the harness started, like
 * Playwright's webServer): SIGTERM the tree, wait `termGraceMs`, SIGKILL it, then reap the tree's survivors.
 * Resolves with which step ended it; never throws.
 */
export async function terminateProcess(proc: ServerProcess, termGraceMs: number): Promise<ShutdownInfo> {
  const start = performance.now();
  if (!proc.alive) return { endedBy: 'already-exited', durationMs: 0, survivors: await reapSurvivors(proc), stdinGraceMs: 0 };
  let endedBy: ShutdownInfo['endedBy'] = 'sigterm';
  proc.signal('SIGTERM');
  if (!(await settlesWithin(proc.exited, termGraceMs))) {
    endedBy = 'sigkill';
    proc.signal('SIGKILL');
    await settlesWithin(proc.exited, KILL_WAIT_MS);
  }
  const durationMs = since(start);
  return { endedBy, durationMs, survivors: await reapSurvivors(proc), stdinGraceMs: 0 };
}

/** Kill a process tree right away (a wedged server); resolves once the leader exited (bounded wait). */
export async function killTree(proc: ServerProcess): Promise<void> {
  if (!proc.alive) return;
  proc.signal('SIGKILL');
  await settlesWithin(proc.exited, KILL_WAIT_MS);
  await reapSurvivors(proc);
}

/** Count live members of the tree (after a short settle), SIGKILL them, release the pipes. */
async function reapSurvivors(proc: ServerProcess): Promise<number> {
  let members = treeMembers(proc);
  for (let waited = 0; members.length > 0 && waited < SURVIVOR_SETTLE_MS; waited += 20) {
    await sleep(20);
    members = treeMembers(proc);
  }
  if (members.length > 0) {
    signalTree(proc.pid, 'SIGKILL', members);
    for (let waited = 0; members.some(isAlive) && waited < KILL_WAIT_MS; waited += 20) await sleep(20);
  }
  proc.release();
  return members.length;
}

/**
 * The tree's live members: its process group, descendants seen outside it, and every process carrying its
 * marker (one /proc pass; environments read only of processes not older than the leader).
 */
function treeMembers(proc: ServerProcess): number[] {
  const escaped = trackedEscaped(proc.pid).filter(isAlive);
  return [...new Set([...treeProcesses(proc.pid, markerOf(proc.pid), leaderStart(proc.pid)), ...escaped])];
}
