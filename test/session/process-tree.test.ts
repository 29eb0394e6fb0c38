/**
 * The /proc sweeps of harness/session/stdio/process-tree.ts on real processes: a tree's members are its
 * process group plus every process carrying its marker, and the marker is looked for only among processes
 * started no earlier than the tree's leader (a descendant is never older than its ancestor); `sweepTree` ends a
 * tree whose members fork while it is swept (the hostile-server review's B3: a pid-hopping lineage), touches no
 * process of another marker, is not held up by a zombie, and says when its cap ended it first. Linux only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { emptyEnvironment, holdsEntry, parseStat, processStart, readStat } from '../../harness/session/stdio/proc-table.ts';
import { escapedDescendants, isAlive, leaderStart, MARKER_VAR, markedProcesses, scanTree, sweepTree, trackMarker, trackTree, untrackTree, type TreeTarget } from '../../harness/session/stdio/process-tree.ts';
import { CAN_HOP, exitedPid, lineageFiles, lineageRuns, startLineage, type LineageFiles } from '../helpers/lineage.ts';

const children: ChildProcess[] = [];
const escapedPids: number[] = [];
/** Process groups to end whole (a leader's children that stay in its group outlive a SIGKILL to the leader alone). */
const groups: number[] = [];
const lineages: LineageFiles[] = [];

afterEach(async () => {
  await Promise.all(lineages.splice(0).map((files) => files.cleanup()));
  for (const pgid of groups.splice(0)) {
    try {
      process.kill(-pgid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  for (const pid of escapedPids.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  for (const child of children.splice(0)) {
    if (child.pid !== undefined) untrackTree(child.pid);
    child.kill('SIGKILL');
  }
});

/**
 * A detached leader (own process group) carrying `marker`, which starts a grandchild in a session of its
 * own (it leaves the group, keeps the marker) and prints the grandchild's pid.
 */
async function treeWithEscapee(marker: string): Promise<{ leader: number; escaped: number }> {
  const code = [
    "const { spawn } = require('node:child_process');",
    "const c = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });",
    'c.unref(); console.log(c.pid); setInterval(() => {}, 1000);',
  ].join(' ');
  const child = spawn(process.execPath, ['-e', code], { detached: true, stdio: ['ignore', 'pipe', 'ignore'], env: { ...process.env, [MARKER_VAR]: marker } });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  trackTree(child.pid as number);
  trackMarker(child.pid as number, marker);
  const escaped = await new Promise<number>((resolve) => child.stdout?.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))));
  escapedPids.push(escaped);
  return { leader: child.pid as number, escaped };
}

describe.runIf(existsSync('/proc/self/stat'))('process-tree sweeps', () => {
  it('reads the leader start at trackMarker and finds a marked process started at or after it', async () => {
    const marker = `pt-${process.pid}-${Date.now()}-a`;
    const { leader, escaped } = await treeWithEscapee(marker);
    const start = leaderStart(leader);
    expect(typeof start).toBe('number');
    expect(markedProcesses(marker, start).sort()).toEqual([leader, escaped].sort());
    expect(markedProcesses(marker).sort()).toEqual([leader, escaped].sort());
  });

  it('finds the marker behind an environment larger than one read buffer (200 KB of variables before it)', async () => {
    const marker = `pt-${process.pid}-${Date.now()}-big`;
    const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore', env: { A_BIG1: 'x'.repeat(50_000), A_BIG2: 'y'.repeat(50_000), A_BIG3: 'z'.repeat(50_000), A_BIG4: 'w'.repeat(50_000), ...process.env, [MARKER_VAR]: marker } });
    children.push(child);
    await new Promise((resolve) => child.once('spawn', resolve));
    // a child's environ is readable once its exec set the image up
    for (let i = 0; i < 200 && !readFileSync(`/proc/${child.pid}/environ`, 'latin1').includes(marker); i++) await new Promise((r) => setTimeout(r, 10));
    expect(markedProcesses(marker)).toEqual([child.pid]);
    expect(markedProcesses(marker, leaderStart(child.pid as number))).toEqual([child.pid]);
  });

  it('escapedDescendants: the leader\'s descendants outside its group (its children files), as every process\'s parent says', async () => {
    // leader (own group) -> a child in the group, and an escapee (own session) -> a grandchild in the escapee's session
    const code = [
      "const { spawn } = require('node:child_process');",
      "spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });",
      "const e = spawn(process.execPath, ['-e', \"require('node:child_process').spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' }); setInterval(() => {}, 1000)\"], { detached: true, stdio: 'ignore' });",
      'console.log(e.pid); setInterval(() => {}, 1000);',
    ].join(' ');
    const leader = spawn(process.execPath, ['-e', code], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(leader);
    groups.push(leader.pid as number); // its child in the group
    const escapee = await new Promise<number>((resolve) => leader.stdout?.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))));
    escapedPids.push(escapee);
    const pid = leader.pid as number;
    // by every process's parent: the reference the children files must agree with
    const byParent = () => {
      const stats = readdirSync('/proc').filter((n) => /^\d+$/.test(n)).map((n) => readStat(Number(n))).filter((st) => st !== undefined && st.state !== 'Z');
      const out: number[] = [];
      const walk = (parent: number) => { for (const st of stats) if (st?.ppid === parent) { if (st.pgrp !== pid) out.push(st.pid); walk(st.pid); } };
      walk(pid);
      return out.sort();
    };
    let expected: number[] = [];
    for (let i = 0; i < 300 && expected.length < 2; i++) {
      await new Promise((r) => setTimeout(r, 10));
      expected = byParent();
    }
    expect(expected).toHaveLength(2);
    expect(expected).toContain(escapee);
    for (const p of expected) if (p !== escapee) escapedPids.push(p);
    expect(escapedDescendants(pid, pid).sort()).toEqual(expected);
  });

  it('skips marked processes older than `since` unread', async () => {
    const marker = `pt-${process.pid}-${Date.now()}-b`;
    const { leader } = await treeWithEscapee(marker);
    const later = (leaderStart(leader) as number) + 1e9;
    expect(markedProcesses(marker, later)).toEqual([]);
  });

  it('scanTree: the group and the marked escapee in one pass; only the group when the marker is not looked for', async () => {
    const marker = `pt-${process.pid}-${Date.now()}-c`;
    const { leader, escaped } = await treeWithEscapee(marker);
    const pids = (target: TreeTarget) => scanTree(target).live.map((member) => member.pid).sort();
    expect(pids({ pgid: leader, marker, since: leaderStart(leader) })).toEqual([leader, escaped].sort());
    expect(pids({ pgid: leader, marker })).toEqual([leader, escaped].sort());
    expect(pids({ pgid: leader })).toEqual([leader]);
    // a `since` that is not the leader's start: the escapee is older than it, and the group id is held by a
    // process started at another time (what a reused pid looks like), so nothing counts
    expect(pids({ pgid: leader, marker, since: (leaderStart(leader) as number) + 1e9 })).toEqual([]);
    expect(scanTree({ pgid: leader, marker }).live.find((member) => member.pid === escaped)).toMatchObject({ stopped: false, inGroup: false });
  });
});

/** /proc/<pid>/stat once `pid`'s execve is done (its image set up: end_code and env_end no longer 0; bounded wait). */
async function setUpStat(pid: number): Promise<ReturnType<typeof parseStat>> {
  let stat = readStat(pid);
  for (let i = 0; i < 250 && (!stat || stat.endCode === 0 || stat.envEnd === 0); i++) {
    await new Promise((r) => setTimeout(r, 20));
    stat = readStat(pid);
  }
  expect(stat?.endCode, 'its execve is done').toBeGreaterThan(0);
  return stat as ReturnType<typeof parseStat>;
}

/** The text of /proc/<pid>/stat with stat fields `fields` (numbered as in proc_pid_stat(5)) replaced. */
function statWith(pid: number, fields: Record<number, string>): string {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const head = text.slice(0, text.lastIndexOf(')') + 2);
  const rest = text.slice(head.length).trimEnd().split(' ');
  for (const [n, value] of Object.entries(fields)) rest[Number(n) - 3] = value;
  return `${head}${rest.join(' ')}\n`;
}

// An environment that reads empty: a lineage's member in the middle of execve reads so, for as long as the
// execve takes (a loaded machine held one there through every re-read of a scan, which then dropped it as
// "really empty": the scan said nothing was left and the lineage escaped the shutdown). What it means is read
// from the process's own /proc/<pid>/stat; the mid-execve image is the kernel's (env_end and end_code 0, fields
// 51 and 27), the rest are real processes.
describe.runIf(existsSync('/proc/self/stat'))('an environment that reads empty (emptyEnvironment)', () => {
  it('a process in the middle of execve (its image not set up) is read again, however often it is met', async () => {
    const pid = await sleeper({}, 'exec sleep 1000');
    expect(emptyEnvironment(await setUpStat(pid))).toBe('set'); // once set up it has one: read again
    const midExec = parseStat(pid, statWith(pid, { 27: '0', 50: '0', 51: '0' }));
    for (let i = 0; i < 10; i++) expect(emptyEnvironment(midExec)).toBe('unset');
    expect(emptyEnvironment(parseStat(pid, statWith(pid, { 27: '0' })))).toBe('unset'); // bounds set, image not yet loaded
  });

  it('a process that began to exit (PF_EXITING) or is dead is settled like one that exited', async () => {
    const pid = await sleeper({});
    const { flags } = await setUpStat(pid);
    expect(emptyEnvironment(parseStat(pid, statWith(pid, { 9: String(flags | 0x4), 27: '0', 50: '0', 51: '0' })))).toBe('exiting');
    expect(emptyEnvironment(parseStat(pid, statWith(pid, { 3: 'Z' })))).toBe('exiting');
  });

  it('the twin: a process started with no environment at all is no member, and does not keep scans uncertain', async () => {
    const child = spawn('sleep', ['1000'], { detached: true, stdio: 'ignore', env: {} });
    children.push(child);
    await new Promise((resolve) => child.once('spawn', resolve));
    const pid = child.pid as number;
    const stat = await setUpStat(pid);
    expect(readFileSync(`/proc/${pid}/environ`, 'latin1')).toBe('');
    expect(emptyEnvironment(stat)).toBe('empty');
    const target = { pgid: await exitedPid(), marker: `pt-${process.pid}-${Date.now()}-empty`, since: processStart(pid) };
    // other processes of the host may leave one scan uncertain (one exiting while read); this one never does
    const scans = Array.from({ length: 10 }, () => scanTree(target));
    expect(scans.map((scan) => scan.live)).toEqual(scans.map(() => []));
    expect(scans.some((scan) => !scan.uncertain)).toBe(true);
    expect(stateOf(pid)).not.toMatch(/^[Tt]$/);
  });
});

/** A detached lineage (./hop.sh) carrying `marker`; its first generation leads the group `pgid`, started at `since`. */
async function lineage(marker: string, pause = '0'): Promise<{ files: LineageFiles; target: TreeTarget }> {
  const files = lineageFiles();
  lineages.push(files);
  const first = await startLineage(files, { [MARKER_VAR]: marker }, 3000, pause);
  return { files, target: { pgid: first.pid, marker, since: first.start } };
}

/** A detached `sh -c command` (default: exec sleep) carrying `env` plus PATH, killed after the test. */
async function sleeper(env: Record<string, string>, command = 'exec sleep 1000'): Promise<number> {
  const child = spawn('sh', ['-c', command], { detached: true, stdio: 'ignore', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } });
  children.push(child);
  await new Promise((resolve) => child.once('spawn', resolve));
  return child.pid as number;
}

/** The state letter of `pid` (/proc/<pid>/stat), or undefined when it is gone. */
function stateOf(pid: number): string | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ')[0];
  } catch {
    return undefined;
  }
}

describe.runIf(CAN_HOP)('sweepTree on real processes', () => {
  it('ends a pid-hopping lineage (it forks a copy in a new session and exits, every generation) and says it converged', async () => {
    const { files, target } = await lineage(`pt-${process.pid}-${Date.now()}-hop`);
    expect(await lineageRuns(files), 'the lineage runs before the sweep').toBe(true);
    const result = await sweepTree(target);
    expect(result).toMatchObject({ converged: true });
    expect(result.found).toBeGreaterThan(0);
    expect(await lineageRuns(files), 'the lineage still runs after the sweep').toBe(false);
  });

  it('touches no process of another marker value (another run), even one the marker is a prefix of', async () => {
    const marker = `pt-${process.pid}-${Date.now()}-own`;
    const { files, target } = await lineage(marker, '0.01');
    const others = [await sleeper({ [MARKER_VAR]: `${marker}0` }), await sleeper({ [MARKER_VAR]: `x${marker}` })];
    expect((await sweepTree(target)).converged).toBe(true);
    expect(await lineageRuns(files)).toBe(false);
    for (const pid of others) {
      expect(isAlive(pid), `other marker ${pid} killed`).toBe(true);
      expect(stateOf(pid), `other marker ${pid} stopped`).not.toMatch(/^[Tt]$/);
    }
  });

  it('a zombie carrying the marker is dead: it neither counts nor keeps the sweep going to its cap', async () => {
    const marker = `pt-${process.pid}-${Date.now()}-zombie`;
    // the marked child exits; its parent (unmarked, its own group) execs sleep and never reaps it
    const parent = await sleeper({}, `${MARKER_VAR}=${marker} sh -c 'exit 0' & exec sleep 1000`);
    let zombie: number | undefined;
    for (let i = 0; i < 250 && zombie === undefined; i++) {
      zombie = readdirSync('/proc').filter((e) => /^\d+$/.test(e)).map(Number)
        .find((pid) => stateOf(pid) === 'Z' && readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(parent));
      if (zombie === undefined) await new Promise((r) => setTimeout(r, 20));
    }
    expect(zombie, 'the zombie exists').toBeDefined();
    const result = await sweepTree({ pgid: await exitedPid(), marker, since: processStart(parent) });
    expect(result).toMatchObject({ found: 0, converged: true });
    expect(stateOf(zombie as number), 'still a zombie: nothing of it to end').toBe('Z');
    expect(isAlive(parent), 'its unmarked parent is not a member').toBe(true);
  });

  it("a process group whose id now belongs to a new group (pid reused after the leader died) is not the tree's", async () => {
    // the group leader that holds the id started at another time than the tree's leader: it is someone else's
    const holder = await sleeper({});
    const start = processStart(holder) as number;
    const impostor: TreeTarget = { pgid: holder, marker: `pt-${process.pid}-${Date.now()}-reuse`, since: start + 1 };
    expect(scanTree(impostor)).toEqual({ live: [], uncertain: false });
    expect(await sweepTree(impostor)).toMatchObject({ found: 0, converged: true });
    expect(isAlive(holder)).toBe(true);
    expect(stateOf(holder)).not.toMatch(/^[Tt]$/);
    // the twin: the same id held by the tree's own leader (same start) is the tree's group
    expect(scanTree({ ...impostor, since: start }).live).toEqual([{ pid: holder, stopped: false, inGroup: true }]);
  });

  it('at its cap the sweep says it did not converge, never that it ended everything', async () => {
    const { target } = await lineage(`pt-${process.pid}-${Date.now()}-cap`);
    const result = await sweepTree(target, { maxMs: 60_000, maxRounds: 1, pauseMs: 5 });
    expect(result).toMatchObject({ converged: false, rounds: 1 });
    expect((await sweepTree(target)).converged).toBe(true); // and a full sweep ends it
  });
});

describe('holdsEntry', () => {
  it('matches a NAME=value entry exactly, first, middle or last, never a prefix, suffix or part of one', () => {
    const env = ['A=1', 'MCP_HARNESS_PROCESS=abc', 'Z=MCP_HARNESS_PROCESS=abcd'].join('\0');
    expect(holdsEntry(env, 'A=1')).toBe(true);
    expect(holdsEntry(env, 'MCP_HARNESS_PROCESS=abc')).toBe(true);
    expect(holdsEntry(`${env}\0`, 'Z=MCP_HARNESS_PROCESS=abcd')).toBe(true);
    expect(holdsEntry(env, 'MCP_HARNESS_PROCESS=ab')).toBe(false);
    expect(holdsEntry(env, 'MCP_HARNESS_PROCESS=abcd')).toBe(false);
    expect(holdsEntry(env, 'ARNESS_PROCESS=abc')).toBe(false);
    expect(holdsEntry('', 'A=1')).toBe(false);
    for (const [text, needle] of [[env, 'A=1'], [env, '1'], ['x\0\0y', ''], ['', ''], ['ab', ''], ['ab\0', ''], ['a\0b', '']] as const) expect(holdsEntry(text, needle)).toBe(text.split('\0').includes(needle));
  });
});
