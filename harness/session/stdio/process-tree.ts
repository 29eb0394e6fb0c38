/**
 * Process-tree bookkeeping: every server is spawned detached as the leader of its own process group, so the
 * whole tree is signalled with `process.kill(-pgid, sig)`. On Linux, /proc is read to count group members and to
 * find descendants that escaped the group (setsid). A process 'exit' hook SIGKILLs every tracked tree, so the
 * harness never leaves orphans behind even when it dies.
 */
import { readdirSync, readFileSync } from 'node:fs';

interface ProcStat {
  pid: number;
  ppid: number;
  pgrp: number;
  state: string;
}

const tracked = new Map<number, Set<number>>();
/** Tree (leader pid) -> the per-process marker in its environment (see `markedProcesses`). */
const markers = new Map<number, string>();

/** The environment variable carrying a server process's marker; inherited by every descendant. */
export const MARKER_VAR = 'MCP_HARNESS_PROCESS';

/**
 * Live processes whose initial environment holds `MARKER_VAR=marker` (Linux /proc/<pid>/environ), the
 * harness itself excluded: every descendant of a server, however it left the process group or its
 * parent (double fork, setsid, re-parented to init), unless it rewrote its environment on exec.
 * `[]` without /proc. Synchronous, O(processes on the host).
 */
export function markedProcesses(marker: string): number[] {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return [];
  }
  const needle = `${MARKER_VAR}=${marker}`;
  const found: number[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    let env: string;
    try {
      env = readFileSync(`/proc/${name}/environ`, 'latin1');
    } catch {
      continue;
    }
    if (env.split('\0').includes(needle) && isAlive(Number(name))) found.push(Number(name));
  }
  return found;
}

/** Remember the marker of a tracked tree, so the exit hook sweeps for it too. */
export function trackMarker(pgid: number, marker: string): void {
  markers.set(pgid, marker);
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
    return { pid, state: fields[0], ppid: Number(fields[1]), pgrp: Number(fields[2]) };
  } catch {
    return undefined;
  }
}

/** Every live (non-zombie) process on a Linux host; undefined where /proc is not available. */
function liveProcesses(): ProcStat[] | undefined {
  let names: string[];
  try {
    names = readdirSync('/proc');
  } catch {
    return undefined;
  }
  const stats: ProcStat[] = [];
  for (const name of names) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(Number(name));
    if (stat && stat.state !== 'Z' && stat.state !== 'X') stats.push(stat);
  }
  return stats;
}

/** True when the pid exists and is not a zombie. */
export function isAlive(pid: number): boolean {
  const stat = readStat(pid);
  if (stat) return stat.state !== 'Z' && stat.state !== 'X';
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
    signalTree(pgid, 'SIGKILL', [...extra, ...(marker === undefined ? [] : markedProcesses(marker))]);
  }
  tracked.clear();
  markers.clear();
}
