/**
 * The /proc sweeps of harness/session/stdio/process-tree.ts on real processes: a tree's members are its
 * process group plus every process carrying its marker, and the marker is looked for only among processes
 * started no earlier than the tree's leader (a descendant is never older than its ancestor). Linux only.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it } from 'vitest';
import { leaderStart, MARKER_VAR, markedProcesses, trackMarker, trackTree, treeProcesses, untrackTree } from '../../harness/session/stdio/process-tree.ts';

const children: ChildProcess[] = [];
const escapedPids: number[] = [];

afterEach(() => {
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

  it('treeProcesses: the group and the marked escapee in one pass; only the group when the marker is not looked for', async () => {
    const marker = `pt-${process.pid}-${Date.now()}-c`;
    const { leader, escaped } = await treeWithEscapee(marker);
    expect(treeProcesses(leader, marker, leaderStart(leader)).sort()).toEqual([leader, escaped].sort());
    expect(treeProcesses(leader, marker).sort()).toEqual([leader, escaped].sort());
    expect(treeProcesses(leader)).toEqual([leader]);
    expect(treeProcesses(leader, marker, (leaderStart(leader) as number) + 1e9)).toEqual([leader]);
  });
});
