/**
 * Process-tree bookkeeping: every server is spawned detached as the leader of its own process group, so the
 * whole tree is signalled with `process.kill(-pgid, sig)`; each tree's marker and leader start are remembered
 * (the members are read from /proc by ./proc-table.ts). Ending a tree is a converging sweep (`sweepTree`,
 * ./sweep.ts): freeze, kill, scan again until nothing is left, so a member that forks while it is being swept
 * is ended too. A process 'exit' hook sweeps every tracked tree, so the harness leaves no orphan behind even
 * when it dies (unless SIGKILLed itself: see docs/security.md).
 */
import { processStart, scanTree, type TreeTarget } from './proc-table.ts';
import { sweepAsync, sweepSync, SWEEP_LIMITS, type SweepLimits, type SweepResult, type TreeMember } from './sweep.ts';

export { escapedDescendants, groupMembers, isAlive, MARKER_VAR, markedProcesses, scanTree, type TreeTarget } from './proc-table.ts';

const tracked = new Map<number, Set<number>>();
/** Tree (leader pid) -> the per-process marker in its environment (MARKER_VAR, ./proc-table.ts). */
const markers = new Map<number, string>();
/** Tree (leader pid) -> the leader's start time (ticks after boot), when /proc answered at spawn. */
const starts = new Map<number, number>();

/**
 * Remember the marker of a tracked tree, so the exit hook sweeps for it too, and its leader's start time
 * (call it right after the spawn, while the leader's /proc entry exists: a zombie's still does).
 */
export function trackMarker(pgid: number, marker: string): void {
  markers.set(pgid, marker);
  const start = processStart(pgid);
  if (start !== undefined) starts.set(pgid, start);
}

/** The start time of a tracked tree's leader (ticks after boot), when it was read at spawn. */
export function leaderStart(pgid: number): number | undefined {
  return starts.get(pgid);
}

let hookInstalled = false;

/** Send `signal` to a tree's members: the group (when a member is in it), then each pid. Never throws. */
function signalMembers(pgid: number, members: readonly TreeMember[], signal: NodeJS.Signals): void {
  signalTree(pgid, signal, members.map((member) => member.pid), members.some((member) => member.inGroup));
}

/**
 * Sweep a tree until nothing of it is left (./sweep.ts: freeze with SIGSTOP until a scan finds no new running
 * member, SIGKILL them all, scan until none is left), within `limits` (default 2 s). Resolves with how many
 * processes were found and whether the sweep converged; never rejects. A tree with nothing left costs one scan.
 */
export function sweepTree(target: TreeTarget, limits: SweepLimits = SWEEP_LIMITS): Promise<SweepResult> {
  return sweepAsync({ scan: () => scanTree(target), signal: (members, signal) => signalMembers(target.pgid, members, signal) }, limits);
}

/** `sweepTree`, synchronously (blocking between rounds): for exit hooks and signal handlers. Never throws. */
export function sweepTreeSync(target: TreeTarget, limits: SweepLimits = SWEEP_LIMITS): SweepResult {
  return sweepSync({ scan: () => scanTree(target), signal: (members, signal) => signalMembers(target.pgid, members, signal) }, limits);
}

/** Signal a whole process group (unless `group` is false) and any extra pids; never throws (ESRCH/EPERM ignored). */
export function signalTree(pgid: number, signal: NodeJS.Signals, extra: Iterable<number> = [], group = true): void {
  if (group) {
    try {
      process.kill(-pgid, signal);
    } catch {
      /* group already gone */
    }
  }
  for (const pid of extra) {
    try {
      process.kill(pid, signal);
    } catch {
      /* already gone */
    }
  }
}

/** Start tracking a tree for the exit hook (installs the hook once). */
export function trackTree(pgid: number): void {
  if (!tracked.has(pgid)) tracked.set(pgid, new Set());
  if (!hookInstalled) {
    hookInstalled = true;
    process.on('exit', killAllTrees);
  }
}

/** Remember escaped descendants of a tracked tree so the exit hook kills them too. */
export function trackEscaped(pgid: number, pids: number[]): void {
  const set = tracked.get(pgid);
  if (set) for (const pid of pids) set.add(pid);
}

/** Stop tracking a tree (it is gone). */
export function untrackTree(pgid: number): void {
  tracked.delete(pgid);
  markers.delete(pgid);
  starts.delete(pgid);
}

/** The extra (escaped) pids tracked for a tree. */
export function trackedEscaped(pgid: number): number[] {
  return [...(tracked.get(pgid) ?? [])];
}

/**
 * End every tracked tree, synchronously: each is swept (`sweepTreeSync`: frozen, killed, scanned until nothing
 * is left), all within `SWEEP_LIMITS.maxMs` together (a tree met after that gets one scan and SIGKILL). Installed
 * as a process 'exit' hook; call it from a signal handler (SIGINT/SIGTERM) too, since Node does not emit 'exit'
 * when a signal kills it.
 */
export function killAllTrees(): void {
  const deadline = performance.now() + SWEEP_LIMITS.maxMs;
  for (const [pgid, extra] of tracked) {
    const maxMs = Math.max(0, deadline - performance.now());
    sweepTreeSync({ pgid, marker: markers.get(pgid), since: starts.get(pgid), extra: [...extra] }, { ...SWEEP_LIMITS, maxMs });
  }
  tracked.clear();
  markers.clear();
  starts.clear();
}
