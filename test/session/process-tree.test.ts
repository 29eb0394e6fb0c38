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
import { processStart } from '../../harness/session/stdio/proc-table.ts';
import { isAlive, leaderStart, MARKER_VAR, markedProcesses, scanTree, sweepTree, trackMarker, trackTree, untrackTree, type TreeTarget } from '../../harness/session/stdio/process-tree.ts';
import { CAN_HOP, exitedPid, lineageFiles, lineageRuns, startLineage, type LineageFiles } from '../helpers/lineage.ts';

const children: ChildProcess[] = [];
const escapedPids: number[] = [];
const lineages: LineageFiles[] = [];

afterEach(async () => {
  await Promise.all(lineages.splice(0).map((files) => files.cleanup()));
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
