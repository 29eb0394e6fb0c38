/**
 * What an isolated server (`--isolate`: the user nobody) must reach of its own command line before it is started: the
 * command when it is a path, and every argument (or `--name=value` value) that names an existing file or directory (absolute, or relative to the
 * spawn's cwd; `--sandbox` has already made such arguments absolute, ./sandbox.ts). A script or a directory argument
 * below a directory that user cannot search (root's home, a `mktemp -d` folder: mode 0700, owned by root) makes a
 * conformant server exit at boot for a reason of the harness's making: mcp-obsidian 1.0.0 given a vault in a 0700
 * runner folder exited 1 ("EACCES ... stat"), and a server script there could not even be loaded ("Cannot find
 * module"); both were reported as `transport/exit` bootExited, an error of the server's (sweep 22). Mode bits and
 * owners only (as ./sandbox-base.ts): access control lists are not read. A path that is a symbolic link is checked
 * through its own directory and through its target's (a link in /tmp to a vault in a 0700 folder is as unreachable).
 */
import { realpathSync, statSync, type Stats } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { SpawnSpec } from '../session/index.ts';
import { describeBlock, searchBlocker, type SearchingUser } from './sandbox-base.ts';

/** A path of the command line the user cannot reach: as written on the command line, and why (`<dir> (mode ...)`). */
export interface UnreachablePath {
  path: string;
  why: string;
}

const READ = 0o4;
const SEARCH = 0o1;

/** Whether `user` holds every bit of `bits` (READ, SEARCH) on an entry with these stats: owner, else group, else others. */
function permits(stat: Stats, user: SearchingUser, bits: number): boolean {
  const shift = stat.uid === user.uid ? 6 : stat.gid === user.gid ? 3 : 0;
  return ((stat.mode >> shift) & bits) === bits;
}

/**
 * The first path of `spec`'s command line (the command when it holds a `/`, then the arguments not starting with `-`,
 * and the values of `--name=value` arguments)
 * that exists for the harness but that `user` cannot reach: a directory on the way it cannot search, a file it cannot
 * read, a directory it cannot read and search. Undefined when every such path is reachable, for root (uid 0), and for
 * an argument that names nothing on disk. Never throws.
 */
export function unreachablePath(spec: SpawnSpec, user: SearchingUser): UnreachablePath | undefined {
  if (user.uid === 0) return undefined;
  const command = spec.command.includes('/') ? [spec.command] : [];
  for (const written of [...command, ...spec.args.map(optionValue).filter((a) => a !== '' && !a.startsWith('-'))]) {
    const path = isAbsolute(written) ? written : resolve(spec.cwd, written);
    let stat: Stats;
    try {
      stat = statSync(path);
    } catch {
      continue; // not a path on disk (a word, a URL): nothing to reach
    }
    // a symbolic link is reached through its own directory, then through its target's (statSync followed it)
    const block = searchBlocker(dirname(path), user) ?? searchBlocker(dirname(realTarget(path)), user);
    if (block !== undefined) return { path: written, why: `cannot search ${describeBlock(block)}` };
    const need = stat.isDirectory() ? READ | SEARCH : READ;
    if (!permits(stat, user, need)) {
      return { path: written, why: `cannot ${stat.isDirectory() ? 'list' : 'read'} ${describeBlock({ dir: path, mode: stat.mode & 0o7777, uid: stat.uid, gid: stat.gid })}` };
    }
  }
  return undefined;
}

/** The value of a `--name=value` argument (`--vault=/data/vault`: the path the server is given), else the argument. */
function optionValue(arg: string): string {
  const eq = arg.indexOf('=');
  return arg.startsWith('--') && eq > 2 ? arg.slice(eq + 1) : arg;
}

/** `path` with every symbolic link resolved; `path` itself when it cannot be resolved (it was just stat'ed). */
function realTarget(path: string): string {
  try {
    return realpathSync(path);
  } catch {
    return path;
  }
}
