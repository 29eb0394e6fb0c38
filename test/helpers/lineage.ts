/**
 * Pid-hopping lineages for tests (test/fixtures/servers/hop.sh, the hostile-server review's B3): start one
 * directly, and tell whether one still runs. A lineage is never one process for long, so "is it gone" is not one
 * look at /proc: it is whether its heartbeat file (each generation writes its pid there) still changes, and
 * whether any process still runs hop.sh for it. Linux only.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The lineage script. */
export const HOP_SCRIPT = fileURLToPath(new URL('../fixtures/servers/hop.sh', import.meta.url));
/** The fixture server that leaves such a lineage behind at start. */
export const PID_HOPPER = fileURLToPath(new URL('../fixtures/servers/pid-hopper.mjs', import.meta.url));

/** True where a lineage can run: /proc, sh and setsid. */
export const CAN_HOP = existsSync('/proc/self/stat') && ['/usr/bin/setsid', '/bin/setsid'].some(existsSync) && existsSync('/bin/sh');

/** The files of one lineage: where it beats, what stops it. `stop()` ends it by hand (cleanup after a failing test). */
export interface LineageFiles {
  dir: string;
  heartbeat: string;
  stopFile: string;
  /** Create the stop file: every generation checks it first, so the lineage ends within one generation. */
  stop(): void;
  /** Stop the lineage, wait (bounded, 2 s) until no process of it runs, remove the directory. */
  cleanup(): Promise<void>;
}

/** A fresh directory for one lineage's heartbeat and stop files. */
export function lineageFiles(): LineageFiles {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-lineage-'));
  const heartbeat = join(dir, 'heartbeat');
  const stopFile = join(dir, 'stop');
  const stop = () => writeFileSync(stopFile, '');
  const files: LineageFiles = {
    dir, heartbeat, stopFile, stop,
    async cleanup() {
      stop();
      for (let i = 0; i < 100 && lineageProcesses(files).length > 0; i++) await new Promise((r) => setTimeout(r, 20));
      for (const pid of lineageProcesses(files)) {
        try {
          process.kill(pid, 'SIGKILL'); // a frozen one never reads the stop file
        } catch {
          // gone meanwhile
        }
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
  return files;
}

/** The pid-hopper fixture's arguments for `files` (`generations` 0: the conformant twin, no lineage). */
export function hopperArgs(files: LineageFiles, generations = 3000, pause = '0'): string[] {
  return [`--heartbeat=${files.heartbeat}`, `--stop=${files.stopFile}`, `--generations=${generations}`, `--pause=${pause}`];
}

/**
 * Start a lineage directly, detached (its first generation leads a process group and session of its own), with
 * exactly `env` (the marker, say) plus PATH. Resolves once its first generation wrote the heartbeat, with that
 * generation's pid (= its process group) and start time (ticks after boot, /proc/<pid>/stat field 22).
 */
export async function startLineage(files: LineageFiles, env: Record<string, string>, generations = 3000, pause = '0'): Promise<{ pid: number; start: number }> {
  const child = spawn('sh', [HOP_SCRIPT, files.heartbeat, files.stopFile, String(generations), pause], { detached: true, stdio: 'ignore', env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env } });
  child.unref();
  await new Promise((resolve) => child.once('spawn', resolve));
  const pid = child.pid as number;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8'); // a zombie's entry still answers
  const start = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
  for (let i = 0; i < 250 && !existsSync(files.heartbeat); i++) await new Promise((r) => setTimeout(r, 20));
  return { pid, start };
}

/** The pid of a process that has exited (a process group nobody is in: a sweep target with no group). */
export async function exitedPid(): Promise<number> {
  const child = spawn('true', [], { stdio: 'ignore' });
  await new Promise((resolve) => child.once('exit', resolve));
  return child.pid as number;
}

/** Live processes running hop.sh for this lineage (its heartbeat path is in their command line); zombies excluded. */
export function lineageProcesses(files: LineageFiles): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'latin1').includes(files.heartbeat)) continue;
      if (/\) Z /.test(readFileSync(`/proc/${entry}/stat`, 'latin1'))) continue;
      found.push(Number(entry));
    } catch {
      // gone
    }
  }
  return found;
}

/**
 * Whether the lineage still runs: its heartbeat changes, or a process still runs hop.sh for it (a stopped one
 * included: frozen is not ended). Looks `polls` times, `everyMs` apart (default 40 x 25 ms, dozens of generations
 * of a running lineage), and answers true at the first sign of life.
 */
export async function lineageRuns(files: LineageFiles, polls = 40, everyMs = 25): Promise<boolean> {
  const beat = () => (existsSync(files.heartbeat) ? readFileSync(files.heartbeat, 'utf8') : '');
  const first = beat();
  for (let i = 0; i < polls; i++) {
    if (beat() !== first || lineageProcesses(files).length > 0) return true;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return beat() !== first || lineageProcesses(files).length > 0;
}
