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
import { closeSync, existsSync, openSync, readdirSync, readSync } from 'node:fs';
import type { TreeMember, TreeScan } from './sweep.ts';

/** What the harness reads of /proc/<pid>/stat (`parseStat`). */
export interface ProcStat {
  pid: number;
  ppid: number;
  pgrp: number;
  state: string;
  /** The kernel's per-process flags (stat field 9): PF_KTHREAD (0x00200000) marks a kernel thread. */
  flags: number;
  /** Start time, clock ticks after boot (stat field 22). */
  start: number;
  /**
   * The current image's `end_code` (stat field 27) and environment bounds `env_start`, `env_end` (fields 50, 51;
   * addresses, as numbers): 0 while an execve has not yet set the new image up, when the process has no memory
   * (a kernel thread, or one exiting past releasing it), or when the reader may not see them. See `emptyEnvironment`.
   */
  endCode: number;
  envStart: number;
  envEnd: number;
}


/** The buffer every /proc read goes through (a stat line is ~300 bytes; most environments fit). */
const READ_BUFFER = Buffer.allocUnsafe(16 * 1024);

/**
 * The whole of a /proc file as latin1 text: open, read until end of file, close; no `fstat` and no buffer per read.
 * `readFileSync` costs about twice as much on /proc: its files report size 0, so it takes the unknown-size path
 * (an `fstat`, then reads into buffers it allocates), and a tree scan reads every process's stat (issue 12: ~9 ms per
 * pass of 110 processes against ~18-27 ms). Latin1 maps each byte to one character, so the text is the bytes; what
 * is parsed of it (numbers, a state letter, `NAME=value` entries) is ASCII.
 * @throws the `open`/`read` error (ENOENT or ESRCH when the process is gone; see `vanished`)
 */
function readProcFile(path: string): string {
  const fd = openSync(path, 'r');
  try {
    let length = readSync(fd, READ_BUFFER, 0, READ_BUFFER.length, null);
    if (length < READ_BUFFER.length) return READ_BUFFER.toString('latin1', 0, length);
    // a larger file (a long environment): the rest in chunks of their own
    const chunks = [Buffer.from(READ_BUFFER.subarray(0, length))];
    for (;;) {
      const chunk = Buffer.allocUnsafe(64 * 1024);
      length = readSync(fd, chunk, 0, chunk.length, null);
      if (length === 0) break;
      chunks.push(chunk.subarray(0, length));
    }
    return Buffer.concat(chunks).toString('latin1');
  } finally {
    closeSync(fd);
  }
}

/** The PF_KTHREAD bit of a process's kernel flags (include/linux/sched.h): a kernel thread (no environment). */
const PF_KTHREAD = 0x00200000;
/** The PF_EXITING bit (include/linux/sched.h): set when the process began to exit (do_exit); it forks no more. */
const PF_EXITING = 0x00000004;


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
    env = readProcFile(`/proc/${pid}/environ`);
  } catch {
    return false;
  }
  return holdsEntry(env, needle);
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

/** Listings of /proc one scan makes at most (see `scanTree`). */
const MAX_PASSES = 4;

/** What one read of one pid says about a tree (see `scanTree`). */
type Verdict = TreeMember | 'not' | 'unresolved' | 'recheck';

/**
 * One scan of a tree (Linux): its live members (process group `pgid`, marked processes started at or after
 * `since`, `extra` pids), each with whether it is stopped, and whether the scan is conclusive
 * (`TreeScan.uncertain`).
 *
 * The members alive at the moment of the listing of /proc are all read in the first pass, except one that
 * exited (or turned zombie, or began to exit: its environment is gone) before its read: such a member may have
 * forked a successor after the listing. So when a pass met such a process, /proc is listed again and only the
 * pids that are new since the listings before are read (a successor forked after a listing is new in the next
 * one), until a pass meets none: then every member alive at that pass's listing was seen. A live process whose
 * environment reads empty is judged by its image (`emptyEnvironment`): one in the middle of execve (its new image
 * not set up yet, for as long as that takes: a loaded machine can hold it there for milliseconds) or whose
 * environment was set up since the read is read again in the next pass, never dropped after a count of reads (a
 * member mid-execve is often the only live process of a hopping lineage: dropping it let one escape the sweep);
 * one that began to exit is settled like one that exited; only one whose set-up image has a really empty
 * environment is not a member. A scan still unresolved after `MAX_PASSES` listings is `uncertain`. The process group
 * counts only while its id is not a new group's (`groupStillOurs`: after a pid reuse, the marker alone counts). Pids are read
 * newest-first (descending), so a short-lived member is read right after its listing. The harness itself is
 * never a member; zombies are never members. Without /proc: the group alone, by signal 0, reported stopped
 * (nothing can be followed there, so the sweep kills at once). Never throws.
 */
export function scanTree(target: TreeTarget): TreeScan {
  const first = procPids();
  if (!first) return { live: groupMembers(target.pgid).map((pid) => ({ pid, stopped: true, inGroup: true })), uncertain: false };
  const judge = judgeFor(target);
  const members = new Map<number, TreeMember>();
  const listed = new Set(first);
  let batch = first;
  let recheck: number[] = [];
  for (let pass = 1; ; pass++) {
    let unresolved = false;
    const again: number[] = [];
    for (const pid of [...batch.sort((a, b) => b - a), ...recheck]) {
      const verdict = judge(pid);
      if (verdict === 'unresolved') unresolved = true;
      else if (verdict === 'recheck') again.push(pid);
      else if (verdict !== 'not') members.set(pid, verdict);
    }
    if (!unresolved && again.length === 0) return { live: [...members.values()], uncertain: false };
    if (pass >= MAX_PASSES) return { live: [...members.values()], uncertain: true };
    batch = (procPids() ?? []).filter((pid) => !listed.has(pid));
    for (const pid of batch) listed.add(pid);
    recheck = again;
  }
}

/** Reads one pid for `scanTree`: a member, not one, `'unresolved'` (gone, zombie, exiting), `'recheck'` (live, in the middle of execve). */
function judgeFor(target: TreeTarget): (pid: number) => Verdict {
  const needle = target.marker === undefined ? undefined : `${MARKER_VAR}=${target.marker}`;
  const extra = new Set(target.extra ?? []);
  const group = groupStillOurs(target) ? target.pgid : undefined;
  return (pid) => {
    if (pid === process.pid) return 'not';
    const stat = statOf(pid);
    if (stat === 'gone') return 'unresolved'; // its start is unknown: it may have been a member
    if (stat === 'unreadable') return 'not';
    const inGroup = stat.pgrp === group;
    const newer = target.since === undefined || stat.start >= target.since;
    if (!inGroup && !(newer && (extra.has(pid) || needle !== undefined))) return 'not';
    if (!live(stat)) return 'unresolved'; // dead, its environment unreadable: a member's fork may be unseen
    const member = { pid, stopped: isStopped(stat), inGroup };
    if (inGroup || extra.has(pid)) return member;
    const marked = carriesNow(pid, needle as string);
    if (marked === 'yes') return member;
    if (marked === 'gone') return 'unresolved';
    if (marked === 'no' || (stat.flags & PF_KTHREAD) !== 0) return 'not';
    const again = statOf(pid); // read empty: exiting, in the middle of execve, or really empty
    if (again === 'gone') return 'unresolved';
    if (again === 'unreadable') return 'not';
    const why = emptyEnvironment(again);
    return why === 'exiting' ? 'unresolved' : why === 'empty' ? 'not' : 'recheck';
  };
}

/**
 * What an environment read empty means, by the process's /proc/<pid>/stat read after that read (Linux
 * fs/proc/array.c, fs/binfmt_elf.c):
 * - `'exiting'`: it is dead or began to exit (PF_EXITING; its memory, with its environment, may be gone). It forks
 *   no more, but may have forked before: settle it as one that exited.
 * - `'unset'`: its image is not set up (`env_end` or `end_code` still 0: execve installs the new, empty memory
 *   first and fills in the environment bounds, then `end_code`, only once the image is loaded): in the middle of
 *   execve. It may be a member: read it again.
 * - `'set'`: its image has an environment now (`env_end` past `env_start`): an execve ended since the read. Read
 *   it again.
 * - `'empty'`: its set-up image has no environment at all (`env_start` = `env_end`): not a member.
 * A process whose fields the reader may not see shows them as 0 (`'unset'`), but its environment is then
 * unreadable too, which `carriesNow` answers as not a member before this is asked.
 */
export function emptyEnvironment(stat: ProcStat): 'exiting' | 'unset' | 'set' | 'empty' {
  if (!live(stat) || (stat.flags & PF_EXITING) !== 0) return 'exiting';
  if (stat.envEnd === 0 || stat.endCode === 0) return 'unset';
  return stat.envEnd > stat.envStart ? 'set' : 'empty';
}

/**
 * False when the process group id is someone else's now: a process whose pid is `pgid` lives but started at
 * another time than the leader (`since`). The leader is gone and its pid was reused by a new group leader (pids
 * wrap: 32,768 by default), whose group must not be swept. True when `since` is unknown (as before) or no such
 * process exists (the leader exited; its group's remaining members are still the tree's).
 */
function groupStillOurs(target: TreeTarget): boolean {
  if (target.since === undefined) return true;
  const holder = statOf(target.pgid);
  return typeof holder !== 'object' || holder.start === target.since;
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
    if (env !== '') return holdsEntry(env, needle) ? 'yes' : 'no';
  }
  return 'empty';
}

/**
 * Whether the NUL-separated environment `env` (/proc/<pid>/environ) holds the entry `needle` exactly (`NAME=value`,
 * bounded by NULs or the text's ends): what `env.split('\0').includes(needle)` answers, without the array.
 */
export function holdsEntry(env: string, needle: string): boolean {
  // past the end, indexOf answers env.length again for an empty needle: stop there, not loop
  for (let at = env.indexOf(needle); at !== -1; at = at < env.length ? env.indexOf(needle, at + 1) : -1) {
    const end = at + needle.length;
    if ((at === 0 || env.charCodeAt(at - 1) === 0) && (end === env.length || env.charCodeAt(end) === 0)) return true;
  }
  return false;
}

/** True for a stopped process (state T, or t under a tracer): it cannot fork until continued. */
function isStopped(stat: ProcStat): boolean {
  return stat.state === 'T' || stat.state === 't';
}


/** /proc/<pid>/stat, parsed (`parseStat`); undefined when it cannot be read. */
export function readStat(pid: number): ProcStat | undefined {
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
    return parseStat(pid, readProcFile(`/proc/${pid}/stat`));
  } catch (err) {
    return vanished(err) ? 'gone' : 'unreadable';
  }
}

/**
 * Parse the text of /proc/<pid>/stat ("pid (comm) state ppid pgrp ..."; comm may hold spaces and parentheses).
 * A field the kernel does not show (the image fields before Linux 3.5) reads 0.
 */
export function parseStat(pid: number, text: string): ProcStat {
  const fields = text.slice(text.lastIndexOf(')') + 2).trimEnd().split(' ');
  const field = (n: number) => Number(fields[n - 3] ?? 0); // fields[0] is field 3 (state)
  return { pid, state: fields[0], ppid: field(4), pgrp: field(5), flags: field(9), start: field(22), endCode: field(27), envStart: field(50), envEnd: field(51) };
}

/** What `environOf` answers for a process that exited before the read. */
const GONE = Symbol('gone');

/** The initial environment of `pid`; `GONE` when it exited before the read; `undefined` when unreadable (not ours). */
function environOf(pid: number): string | typeof GONE | undefined {
  try {
    return readProcFile(`/proc/${pid}/environ`);
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

/**
 * Whether `pid` runs and has not begun to exit, read from /proc/<pid>/stat: false when it is gone, a zombie, or its
 * PF_EXITING flag is set (the kernel sets it at the start of do_exit, before the process's files are closed, so a pipe
 * end a process's exit closed is never seen closed while that process still reads as running); undefined where /proc
 * does not answer (not Linux, or not ours).
 */
export function runningNotExiting(pid: number): boolean | undefined {
  const stat = statOf(pid);
  if (stat === 'gone') return false;
  if (stat === 'unreadable') return undefined;
  return live(stat) && (stat.flags & PF_EXITING) === 0;
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

/**
 * The pids of `pid`'s children (Linux /proc/<pid>/task/<tid>/children, every thread's: a child belongs to the thread
 * that forked it, and moves to another thread of the process when that one exits), zombies included; undefined when
 * the kernel has no such files (CONFIG_PROC_CHILDREN unset) or `pid` cannot be read. A snapshot, as a listing of /proc is.
 */
function childrenOf(pid: number): number[] | undefined {
  let threads: string[];
  try {
    threads = readdirSync(`/proc/${pid}/task`);
  } catch (err) {
    return vanished(err) ? [] : undefined;
  }
  const out: number[] = [];
  for (const tid of threads) {
    let text: string;
    try {
      text = readProcFile(`/proc/${pid}/task/${tid}/children`);
    } catch (err) {
      // the thread (or the process) ended: its children moved on, or are gone; but a thread whose directory is still
      // there has no children file at all (CONFIG_PROC_CHILDREN unset): the caller must list /proc instead
      if (vanished(err) && !existsSync(`/proc/${pid}/task/${tid}`)) continue;
      return undefined;
    }
    for (const child of text.split(' ')) if (child !== '' && child !== '\n') out.push(Number(child));
  }
  return out;
}

/**
 * Live descendants of `pid` outside group `pgid` (escaped via setsid/setpgid), found by following each process's
 * children files from `pid` down (the tree's own few files, not every process's stat); `undefined` where the kernel
 * has no children files. A descendant that cannot be read (it ended meanwhile) is skipped with its subtree, as a
 * listing of /proc would have missed it.
 */
function descendantsByChildren(pid: number, pgid: number): number[] | undefined {
  const found: number[] = [];
  const seen = new Set<number>([pid]);
  const queue = [pid];
  while (queue.length > 0) {
    const children = childrenOf(queue.shift() as number);
    if (children === undefined) return undefined;
    for (const child of children) {
      if (seen.has(child)) continue;
      seen.add(child);
      const stat = readStat(child);
      if (!stat) continue;
      if (live(stat) && stat.pgrp !== pgid) found.push(child);
      queue.push(child); // a zombie has no children left: its own files say so
    }
  }
  return found;
}

/**
 * Live descendants of `pid` outside group `pgid` (escaped via setsid/setpgid); `[]` without /proc. Follows the
 * children files where the kernel has them (`descendantsByChildren`), else every process's parent (a listing of /proc).
 */
export function escapedDescendants(pid: number, pgid: number): number[] {
  const byChildren = descendantsByChildren(pid, pgid);
  if (byChildren !== undefined) return byChildren;
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
