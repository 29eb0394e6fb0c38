/**
 * Reading the Linux process table (/proc) for process trees: a tree's members are its process group, every
 * process carrying its marker (MARKER_VAR in the initial environment, /proc/<pid>/environ) and descendants seen
 * outside the group. Reads only; signalling, tracking and sweeping are ./process-tree.ts's. Every read races the
 * process's exit: ENOENT/ESRCH mean it is gone, never an error. Zombies are dead (never members).
 *
 * The marker is looked for only in processes started no earlier than the tree's leader (stat field 22,
 * `starttime`, clock ticks since boot): a descendant is forked after its ancestor, so an older process can never
 * carry the marker of a tree it is not part of. Without a known start every process is read.
 */
import { readdirSync, readFileSync } from 'node:fs';
import type { TreeMember, TreeScan } from './sweep.ts';

/** What the harness reads of /proc/<pid>/stat. */
interface ProcStat {
  pid: number;
  ppid: number;
  pgrp: number;
  state: string;
  /** The kernel's per-process flags (stat field 9): PF_KTHREAD (0x00200000) marks a kernel thread. */
  flags: number;
  /** Start time, clock ticks after boot (stat field 22). */
  start: number;
}


/** The PF_KTHREAD bit of a process's kernel flags (include/linux/sched.h): a kernel thread (no environment). */
const PF_KTHREAD = 0x00200000;


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


/** A process tree to scan or sweep. */
export interface TreeTarget {
  /** Its process group: the leader's pid (the leader is spawned detached, so it leads a group of its own). */
  pgid: number;
  /** Its MARKER_VAR value: every process carrying it is a member, wherever it went. */
  marker?: string;
  /** The leader's start time (ticks after boot, `leaderStart`): older processes are never members. */
  since?: number;
  /** Pids seen outside the group as descendants (`trackedEscaped`): members while alive and not older than `since`. */
  extra?: readonly number[];
}

/** How many times one pid may make a scan of the same sweep inconclusive (see `scanTree`). */
const INCONCLUSIVE_PER_PID = 3;

/**
 * One /proc pass over a tree (Linux): its live members (process group `pgid`, marked processes started at or
 * after `since`, `extra` pids), each with whether it is stopped, and whether the pass was conclusive
 * (`TreeScan.uncertain`). A pass is not conclusive when a process that may have been a member could not be read
 * whole: listed but gone before its read, a zombie or an exiting process (its environment is gone), or a live
 * process whose environment read empty (a process in the middle of execve reads so): a member it forked after
 * the listing would be unseen. `memo` (one per sweep) counts those per pid, so a lasting zombie or a process
 * with a really empty environment makes at most `INCONCLUSIVE_PER_PID` passes inconclusive. Pids are read
 * newest-first (descending), so a short-lived member is read right after the listing. The harness itself is
 * never a member. Without /proc: the group alone, by signal 0, reported stopped (nothing can be followed
 * there, so the sweep kills at once). Never throws.
 */
export function scanTree(target: TreeTarget, memo: Map<number, number> = new Map()): TreeScan {
  const pids = procPids();
  if (!pids) return { live: groupMembers(target.pgid).map((pid) => ({ pid, stopped: true, inGroup: true })), uncertain: false };
  const needle = target.marker === undefined ? undefined : `${MARKER_VAR}=${target.marker}`;
  const extra = new Set(target.extra ?? []);
  const members: TreeMember[] = [];
  let uncertain = false;
  const inconclusive = (pid: number): void => {
    const count = memo.get(pid) ?? 0;
    if (count >= INCONCLUSIVE_PER_PID) return;
    memo.set(pid, count + 1);
    uncertain = true;
  };
  for (const pid of pids.sort((a, b) => b - a)) {
    if (pid === process.pid) continue;
    const stat = statOf(pid);
    if (stat === 'gone') {
      uncertain = true; // its start is unknown: it may have been a member
      continue;
    }
    if (stat === 'unreadable') continue;
    const inGroup = stat.pgrp === target.pgid;
    const newer = target.since === undefined || stat.start >= target.since;
    if (!inGroup && !(newer && (extra.has(pid) || needle !== undefined))) continue;
    if (!live(stat)) {
      inconclusive(pid); // dead, its environment unreadable: a member's fork may be unseen
      continue;
    }
    if (inGroup || extra.has(pid)) {
      members.push({ pid, stopped: isStopped(stat), inGroup });
      continue;
    }
    const marked = carriesNow(pid, needle as string);
    if (marked === 'yes') members.push({ pid, stopped: isStopped(stat), inGroup });
    else if (marked === 'gone') uncertain = true;
    else if (marked === 'empty' && (statOf(pid) === 'gone' || (stat.flags & PF_KTHREAD) === 0)) inconclusive(pid);
  }
  return { live: members, uncertain };
}

/**
 * Whether the environment of `pid` holds `needle`: `'yes'`, `'no'`, `'gone'` (exited before the read),
 * `'empty'` (read empty twice: exiting, in the middle of execve, a kernel thread, or really empty). An
 * unreadable environment (another user's process) is `'no'`.
 */
function carriesNow(pid: number, needle: string): 'yes' | 'no' | 'gone' | 'empty' {
  for (let attempt = 0; attempt < 2; attempt++) {
    const env = environOf(pid);
    if (env === GONE) return 'gone';
    if (env === undefined) return 'no';
    if (env !== '') return env.split('\0').includes(needle) ? 'yes' : 'no';
  }
  return 'empty';
}

/** True for a stopped process (state T, or t under a tracer): it cannot fork until continued. */
function isStopped(stat: ProcStat): boolean {
  return stat.state === 'T' || stat.state === 't';
}


/** Parse /proc/<pid>/stat ("pid (comm) state ppid pgrp ..."; comm may hold spaces and parentheses). */
function readStat(pid: number): ProcStat | undefined {
  const stat = statOf(pid);
  return typeof stat === 'object' ? stat : undefined;
}

/** The start time of `pid` (ticks after boot, stat field 22); undefined when /proc does not answer. */
export function processStart(pid: number): number | undefined {
  return readStat(pid)?.start;
}

/** True for the errors of a /proc read racing the process's exit. */
function vanished(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ESRCH';
}

/** /proc/<pid>/stat parsed; `'gone'` when the process exited before the read; `'unreadable'` otherwise (not ours). */
function statOf(pid: number): ProcStat | 'gone' | 'unreadable' {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { pid, state: fields[0], ppid: Number(fields[1]), pgrp: Number(fields[2]), flags: Number(fields[6]), start: Number(fields[19]) };
  } catch (err) {
    return vanished(err) ? 'gone' : 'unreadable';
  }
}

/** What `environOf` answers for a process that exited before the read. */
const GONE = Symbol('gone');

/** The initial environment of `pid`; `GONE` when it exited before the read; `undefined` when unreadable (not ours). */
function environOf(pid: number): string | typeof GONE | undefined {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'latin1');
  } catch (err) {
    return vanished(err) ? GONE : undefined;
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
