/**
 * Process-tree bookkeeping: every server is spawned detached as the leader of its own process group, so the
 * whole tree is signalled with `process.kill(-pgid, sig)`. On Linux, /proc is read to count group members and to
 * find descendants that escaped the group (setsid). A process 'exit' hook SIGKILLs every tracked tree, so the
 * harness never leaves orphans behind even when it dies.
 *
 * The marker sweeps read /proc/<pid>/environ only of processes started no earlier than the tree's leader
 * (stat field 22, `starttime`, clock ticks since boot): a descendant is forked after its ancestor, so an
 * older process can never carry the marker of a tree it is not part of. Without a known start every
 * process is read, as before.
 */
import { readdirSync, readFileSync } from 'node:fs';

interface ProcStat {
  pid: number;
  ppid: number;
  pgrp: number;
  state: string;
  /** Start time, clock ticks after boot (stat field 22). */
  start: number;
}

const tracked = new Map<number, Set<number>>();
/** Tree (leader pid) -> the per-process marker in its environment (see `markedProcesses`). */
const markers = new Map<number, string>();
/** Tree (leader pid) -> the leader's start time (ticks after boot), when /proc answered at spawn. */
const starts = new Map<number, number>();

/** The environment variable carrying a server process's marker; inherited by every descendant. */
export const MARKER_VAR = 'MCP_HARNESS_PROCESS';

/** Numeric /proc entries (pids), the harness itself excluded; undefined without /proc. */
function procPids(): number[] | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const pids: number[] = [];
  for (const name of names) if (/^\d+$/.test(name)) pids.push(Number(name));
  return pids;
}

/** True when the initial environment of `pid` holds `needle` (`MARKER_VAR=<marker>`); false when unreadable. */
function carries(pid: number, needle: string): boolean {
  let env: string;
  try {
    env = readFileSync(`/proc/${pid}/environ`, 'latin1');
  } catch {
    return false;
  }
  return env.split('\0').includes(needle);
}

/**
 * Live processes whose initial environment holds `MARKER_VAR=marker` (Linux /proc/<pid>/environ), the
 * harness itself excluded: every descendant of a server, however it left the process group or its
 * parent (double fork, setsid, re-parented to init), unless it rewrote its environment on exec.
 * `[]` without /proc. Synchronous, O(processes on the host).
 * @param since a start time (ticks after boot, stat field 22; `leaderStart`): processes started
 *   earlier are skipped unread. Default: every process is read.
 */
export function markedProcesses(marker: string, since?: number): number[] {
  const needle = `${MARKER_VAR}=${marker}`;
  const found: number[] = [];
  for (const pid of procPids() ?? []) {
    if (pid === process.pid) continue;
    if (since !== undefined) {
      const stat = readStat(pid);
      if (!stat || stat.start < since || !live(stat)) continue;
      if (carries(pid, needle)) found.push(pid);
    } else if (carries(pid, needle) && isAlive(pid)) found.push(pid);
  }
  return found;
}

/**
 * The live members of a tree in one /proc pass: its process group `pgid`, and (with `marker`) every
 * process carrying the marker, read only among processes started at or after `since` (see
 * `markedProcesses`). Without /proc: `[pgid]` when the group answers signal 0, else `[]`.
 */
export function treeProcesses(pgid: number, marker?: string, since?: number): number[] {
  const pids = procPids();
  if (!pids) return groupMembers(pgid);
  const needle = marker === undefined ? undefined : `${MARKER_VAR}=${marker}`;
  const found: number[] = [];
  for (const pid of pids) {
    const stat = readStat(pid);
    if (!stat || !live(stat)) continue;
    if (stat.pgrp === pgid) found.push(pid);
    else if (needle !== undefined && pid !== process.pid && (since === undefined || stat.start >= since) && carries(pid, needle)) found.push(pid);
  }
  return found;
}

/**
 * Remember the marker of a tracked tree, so the exit hook sweeps for it too, and its leader's start time
 * (call it right after the spawn, while the leader's /proc entry exists: a zombie's still does).
 */
export function trackMarker(pgid: number, marker: string): void {
  markers.set(pgid, marker);
  const start = readStat(pgid)?.start;
  if (start !== undefined) starts.set(pgid, start);
}

/** The start time of a tracked tree's leader (ticks after boot), when it was read at spawn. */
export function leaderStart(pgid: number): number | undefined {
  return starts.get(pgid);
}

/** The marker of a tracked tree, if any. */
export function markerOf(pgid: number): string | undefined {
  return markers.get(pgid);
}
let hookInstalled = false;

/** Parse /proc/<pid>/stat ("pid (comm) state ppid pgrp ..."; comm may hold spaces and parentheses). */
function readStat(pid: number): ProcStat | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid, state: fields[0], ppid: Number(fields[1]), pgrp: Number(fields[2]), start: Number(fields[19]) };
  } catch {
    return undefined;
  }
}

/** True for a process that is neither a zombie nor dead. */
function live(stat: ProcStat): boolean {
  return stat.state !== 'Z' && stat.state !== 'X';
}

/** Every live (non-zombie) process on a Linux host; undefined where /proc is not available. */
function liveProcesses(): ProcStat[] | undefined {
  const pids = procPids();
  if (!pids) return undefined;
  const stats: ProcStat[] = [];
  for (const pid of pids) {
    const stat = readStat(pid);
    if (stat && live(stat)) stats.push(stat);
  }
  return stats;
}

/** True when the pid exists and is not a zombie. */
export function isAlive(pid: number): boolean {
  const stat = readStat(pid);
  if (stat) return live(stat);
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Live members of process group `pgid` (without /proc: `[pgid]` when the group answers signal 0, else `[]`). */
export function groupMembers(pgid: number): number[] {
  const all = liveProcesses();
  if (all) return all.filter((p) => p.pgrp === pgid).map((p) => p.pid);
  try {
    process.kill(-pgid, 0);
    return [pgid];
  } catch {
    return [];
  }
}

/** Live descendants of `pid` outside group `pgid` (escaped via setsid/setpgid); `[]` without /proc. */
export function escapedDescendants(pid: number, pgid: number): number[] {
  const all = liveProcesses() ?? [];
  const children = new Map<number, ProcStat[]>();
  for (const p of all) children.set(p.ppid, [...(children.get(p.ppid) ?? []), p]);
  const found: number[] = [];
  const walk = (parent: number): void => {
    for (const child of children.get(parent) ?? []) {
      if (child.pgrp !== pgid) found.push(child.pid);
      walk(child.pid);
    }
  };
  walk(pid);
  return found;
}

/** Signal a whole process group and any extra pids; never throws (ESRCH/EPERM ignored). */
export function signalTree(pgid: number, signal: NodeJS.Signals, extra: Iterable<number> = []): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    /* group already gone */
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
 * SIGKILL every tracked tree, synchronously. Installed as a process 'exit' hook; call it from a signal
 * handler (SIGINT/SIGTERM) too, since Node does not emit 'exit' when a signal kills it.
 */
export function killAllTrees(): void {
  for (const [pgid, extra] of tracked) {
    const marker = markers.get(pgid);
    signalTree(pgid, 'SIGKILL', [...extra, ...(marker === undefined ? [] : markedProcesses(marker, starts.get(pgid)))]);
  }
  tracked.clear();
  markers.clear();
  starts.clear();
}
