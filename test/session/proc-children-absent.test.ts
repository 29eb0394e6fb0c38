/**
 * escapedDescendants on a kernel without /proc/<pid>/task/<tid>/children (CONFIG_PROC_CHILDREN unset): opening such
 * a file fails with ENOENT while the thread is alive, which is not a thread that ended; the listing of /proc (every
 * process's parent) must answer instead of "no children". Simulated by failing every open of a children file. Linux.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';

vi.mock('node:fs', async (importOriginal) => {
  const fs = await importOriginal<typeof import('node:fs')>();
  const openSync = ((path: string, ...rest: unknown[]) => {
    if (String(path).endsWith('/children')) throw Object.assign(new Error(`ENOENT: no such file or directory, open '${String(path)}'`), { code: 'ENOENT' });
    return (fs.openSync as (...a: unknown[]) => number)(path, ...rest);
  }) as typeof fs.openSync;
  return { ...fs, default: { ...fs, openSync }, openSync };
});

const { escapedDescendants, readStat } = await import('../../harness/session/stdio/proc-table.ts');

const children: ChildProcess[] = [];
const escaped: number[] = [];
afterEach(() => {
  for (const pid of escaped.splice(0)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      /* gone */
    }
  }
  for (const child of children.splice(0)) child.kill('SIGKILL');
});

describe.runIf(existsSync('/proc/self/stat'))('escapedDescendants without children files', () => {
  it('falls back to every process\'s parent and still finds an escapee in its own session', async () => {
    const code = [
      "const { spawn } = require('node:child_process');",
      "const e = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { detached: true, stdio: 'ignore' });",
      'console.log(e.pid); setInterval(() => {}, 1000);',
    ].join(' ');
    const leader = spawn(process.execPath, ['-e', code], { detached: true, stdio: ['ignore', 'pipe', 'ignore'] });
    children.push(leader);
    const escapee = await new Promise<number>((resolve) => leader.stdout?.once('data', (chunk: Buffer) => resolve(Number(String(chunk).trim()))));
    escaped.push(escapee);
    for (let i = 0; i < 300 && readStat(escapee)?.pgrp === leader.pid; i++) await new Promise((r) => setTimeout(r, 10));
    expect(escapedDescendants(leader.pid as number, leader.pid as number)).toEqual([escapee]);
  });
});
