/**
 * Find processes by a marker in their environment (Linux /proc), to prove that a run left no server
 * process (or child of one) behind. Fixture servers get the marker through `env.set` in the config and
 * their children inherit it, so a child that escapes its parent is still found.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** Live processes whose environment contains `marker` (`NAME=value` text), pid -> command line. Zombies excluded. */
export function processesWithMarker(marker: string): Map<number, string> {
  const found = new Map<number, string>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (!readFileSync(`/proc/${entry}/environ`, 'latin1').includes(marker)) continue;
      if (/\) Z /.test(readFileSync(`/proc/${entry}/stat`, 'latin1'))) continue;
      found.set(Number(entry), readFileSync(`/proc/${entry}/cmdline`, 'latin1').replaceAll('\0', ' ').trim());
    } catch {
      // the process ended, or it is not ours: not a survivor we can see
    }
  }
  return found;
}

/** Pids of live processes whose environment contains `marker`. */
export function pidsWithMarker(marker: string): number[] {
  return [...processesWithMarker(marker).keys()];
}

/** A poller that records every pid carrying `marker` while a run is in progress. */
export interface MarkerWatch {
  /** Stop polling; every process seen at least once, pid -> command line. */
  stop(): Map<number, string>;
}

/** Poll /proc every `everyMs` (default 40 ms) for processes with `marker`. */
export function watchMarker(marker: string, everyMs = 40): MarkerWatch {
  const seen = new Map<number, string>();
  const poll = () => processesWithMarker(marker).forEach((cmdline, pid) => seen.set(pid, cmdline));
  const timer = setInterval(poll, everyMs);
  poll();
  return {
    stop() {
      clearInterval(timer);
      poll();
      return seen;
    },
  };
}

/** Kill leftover marked processes (cleanup after a failing test); never throws. */
export function killMarked(marker: string): void {
  for (const pid of pidsWithMarker(marker)) {
    try {
      process.kill(pid, 'SIGKILL');
    } catch {
      // already gone
    }
  }
}

/** Pids of live processes whose command line contains `marker` (for ad-hoc servers, whose environment the harness filters). Zombies excluded. */
export function pidsWithArgument(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      if (!readFileSync(`/proc/${entry}/cmdline`, 'latin1').includes(marker)) continue;
      if (/\) Z /.test(readFileSync(`/proc/${entry}/stat`, 'latin1'))) continue;
      found.push(Number(entry));
    } catch {
      // the process ended, or it is not ours
    }
  }
  return found;
}
