/**
 * The one rule for "could the isolated user (`--isolate`: the user nobody) replace an entry here?", shared by the
 * output files (./output-file.ts, `isolationOutputProblem`) and the sandbox base (./run/sandbox-base.ts). A directory
 * is open to that user when it owns it (the owner may chmod it and then rename anything in it), or may write it (others'
 * write bit, or the group's when the directory's group is the user's) without the sticky bit: there it could rename the
 * harness's entry away and put a symlink in its place, which root then follows. A directory on the way counts as much
 * as the last one: whoever may rename an ancestor may replace the whole chain below it. Mode bits and owners only:
 * access control lists are not read (hostile review 4, D7; review 16, D5).
 */
import { lstatSync, realpathSync, type Stats } from 'node:fs';
import { dirname, parse } from 'node:path';

/** The user an isolated server runs as: its uid and primary group (supplementary groups are dropped at spawn). */
export interface IsolatedUser {
  uid: number;
  gid: number;
}

/** How the isolated user may change a directory's entries: it owns it, or may write it through others' or the group's bit. */
export type Opening = 'owns' | 'others-write' | 'group-writes';

/** A directory open to the isolated user (see `openingOf`), and how. */
export interface OpenDirectory {
  dir: string;
  opening: Opening;
}

const STICKY = 0o1000;
const OTHER_WRITE = 0o002;
const GROUP_WRITE = 0o020;

/**
 * How `user` could replace entries of the entry with these (lstat) stats, or undefined when it cannot: 'owns' when it
 * belongs to `user` (any kind of entry: a link of its own on the way is as bad); for a directory 'others-write' or
 * 'group-writes' (group = `user`'s gid) when that bit is set and the sticky bit is not, or `stickyGuards` is false (a
 * directory where creating a name first is harm enough, so the sticky bit does not help). Never throws.
 */
export function openingOf(stat: Stats, user: IsolatedUser, stickyGuards = true): Opening | undefined {
  if (stat.uid === user.uid) return 'owns';
  if (!stat.isDirectory() || (stickyGuards && (stat.mode & STICKY) !== 0)) return undefined;
  if ((stat.mode & OTHER_WRITE) !== 0) return 'others-write';
  if (stat.gid === user.gid && (stat.mode & GROUP_WRITE) !== 0) return 'group-writes';
  return undefined;
}

/**
 * The first directory open to `user` (`openingOf`) from `start` (absolute) up to the root, walked as written (with
 * lstat: a link on the way is judged itself) and then through symlinks (from the real path of `start`'s deepest
 * existing directory); undefined when there is none. Entries that do not exist yet are skipped (the harness makes
 * them). `stickyGuards(dir)` says whether the sticky bit protects `dir` (default: always). Never throws.
 */
export function firstOpenDirectory(start: string, user: IsolatedUser, stickyGuards: (dir: string) => boolean = () => true): OpenDirectory | undefined {
  const written = walk(start, user, stickyGuards);
  if (written !== undefined) return written;
  const existing = deepestExisting(start);
  let real: string | undefined;
  try {
    real = realpathSync(existing);
  } catch {
    real = undefined;
  }
  return real === undefined || real === existing ? undefined : walk(real, user, stickyGuards);
}

function walk(start: string, user: IsolatedUser, stickyGuards: (dir: string) => boolean): OpenDirectory | undefined {
  const root = parse(start).root;
  for (let dir = start; ; dir = dirname(dir)) {
    let stat: Stats | undefined;
    try {
      stat = lstatSync(dir);
    } catch {
      stat = undefined; // not there (yet)
    }
    const opening = stat === undefined ? undefined : openingOf(stat, user, stickyGuards(dir));
    if (opening !== undefined) return { dir, opening };
    if (dir === root || dir === dirname(dir)) return undefined;
  }
}

/** `dir` or its nearest existing ancestor. */
function deepestExisting(dir: string): string {
  for (let d = dir; ; d = dirname(d)) {
    try {
      lstatSync(d);
      return d;
    } catch {
      if (d === dirname(d)) return d;
    }
  }
}
