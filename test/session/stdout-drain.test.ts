/**
 * The stdout drain after a server's exit (harness/session/stdio/server-process.ts): when a child of the server holds
 * stdout open, stdout never ends with the server, and the harness stops waiting for it once STDOUT_DRAIN_MS passed.
 * Bytes already in the pipe by then are still read, however late the harness's event loop gets to it: a machine
 * busy enough to hold the harness past the window never costs a line (a published server's SIGTERM log line was
 * lost once in 12 runs at load 15-20 on 2 cores). The test holds the loop itself, so the order is fixed: the server's
 * exit is seen, then its child writes a line and exits, then the window passes, all before the harness reads
 * stdout again. The twin's child writes nothing there. Linux only (/proc).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { WireTapRecorder } from '../../harness/session/wire-tap.ts';
import { ServerProcess, STDOUT_DRAIN_MS } from '../../harness/session/stdio/server-process.ts';
import { shutdownProcess } from '../../harness/session/stdio/shutdown.ts';
import { isAlive } from '../../harness/session/stdio/process-tree.ts';

const SERVER = fileURLToPath(new URL('../fixtures/servers/line-after-exit.mjs', import.meta.url));
const dirs: string[] = [];

afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Resolves with the text of `file` once it exists (the fixture creates it whole); bounded, so a broken fixture fails. */
async function fileText(file: string): Promise<string> {
  for (let i = 0; i < 1000 && !existsSync(file); i++) await new Promise((r) => setTimeout(r, 10));
  return readFileSync(file, 'utf8');
}

/**
 * Run the fixture (`quiet`: the twin) and end it by closing stdin; the harness's event loop is held from the moment
 * the server's exit is seen until its child wrote (or, quiet, would have written) its line and exited and the drain
 * window passed. Resolves with the stdout lines the harness recorded.
 */
async function linesAfterHeldExit(quiet: boolean): Promise<{ kind: string }[]> {
  const dir = mkdtempSync(join(tmpdir(), 'stdout-drain-'));
  dirs.push(dir);
  const spec = { command: process.execPath, args: [SERVER, `--dir=${dir}`, ...(quiet ? ['--quiet'] : [])], cwd: process.cwd(), env: { PATH: process.env.PATH ?? '/usr/bin:/bin' } };
  const tap = new WireTapRecorder({ stderrLimitBytes: 1024, keepFrames: 1 });
  const proc = await ServerProcess.spawn(spec, tap, 1 << 20);
  const childPid = Number(await fileText(join(dir, 'child.pid')));
  const done = join(dir, 'done');
  const held = proc.leaderExited.then(() => {
    const seen = performance.now();
    process.kill(childPid, 'SIGUSR1');
    // the event loop is held here (no I/O is read) until the child's line is in the pipe and the window passed
    const giveUp = seen + 20_000;
    while (!(existsSync(done) && !isAlive(childPid) && performance.now() - seen > STDOUT_DRAIN_MS)) {
      if (performance.now() > giveUp) throw new Error('the fixture child did not write and exit');
    }
  });
  const info = await shutdownProcess(proc, { stdinGraceMs: 10_000, termGraceMs: 10_000 });
  await held;
  expect(info.endedBy).toBe('stdin-close');
  return tap.snapshot().stdout;
}

describe('stdout drain after the exit', () => {
  it('records a line that reached the pipe before the drain window ended, with the harness held past the window', async () => {
    expect((await linesAfterHeldExit(false)).map((l) => l.kind)).toEqual(['text']);
  });

  it('the twin, whose child writes nothing, leaves no stdout line', async () => {
    expect(await linesAfterHeldExit(true)).toEqual([]);
  });
});
