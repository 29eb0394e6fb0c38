/**
 * Where an isolated surface's sandbox is created (`--isolate` with `--sandbox`; ./isolate.ts, ./sandbox.ts). The
 * sandbox's own directories are handed to the isolated user, but it must also be able to search every directory
 * above them, or its HOME, TMPDIR and cwd are out of reach (EACCES) and the server fails to boot for a reason of the
 * harness's making: a runner's TMPDIR made with `mktemp -d` (mode 0700, owned by root) made
 * `@wonderwhy-er/desktop-commander` exit 1 at boot, reported as `transport/exit` bootExited (sweep 15).
 *
 * So the base is the first of the system temp directory (os.tmpdir(), TMPDIR), `/tmp` and `/var/tmp` that the user
 * can search down to; none, the primary included, may be open to that user, itself or through a directory above it
 * (../isolated-access.ts, the rule the output files follow: owned by that user, or writable by it through others' or
 * its group's bit without the sticky bit): there a server run as that user (another surface's, with concurrency above
 * 1) could rename a freshly made sandbox away and put a symlink in its place before it is handed over (review 16, D5).
 * When none is left, the surface fails to start with a harness error naming the directory that
 * blocks, the user, and what to do. Mode bits and owners only: access control lists are not read.
 */
import { realpathSync, statSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';
import { firstOpenDirectory, type OpenDirectory } from '../isolated-access.ts';

/** A user and its primary group (supplementary groups are dropped when the harness spawns as another user). */
export interface SearchingUser {
  uid: number;
  gid: number;
}

/** A directory the user cannot search (or one that could not be read), with its mode bits (permission part) and owner. */
export interface SearchBlock {
  dir: string;
  /** `mode & 0o7777`, or undefined when the directory could not be stat'ed. */
  mode?: number;
  uid?: number;
  gid?: number;
}

/** No directory the isolated user can reach is left for the sandbox: the surface fails to start (harness error, exit 2). */
export class SandboxBaseUnavailable extends Error {
  override readonly name = 'SandboxBaseUnavailable';
}

/** The fallbacks tried after os.tmpdir(), in order. */
export const FALLBACK_BASES: readonly string[] = Object.freeze(['/tmp', '/var/tmp']);

/** Whether `user` may search (execute bit) a directory with these stats: owner, else group, else others. */
function searchable(stat: Stats, user: SearchingUser): boolean {
  if (stat.uid === user.uid) return (stat.mode & 0o100) !== 0;
  if (stat.gid === user.gid) return (stat.mode & 0o010) !== 0;
  return (stat.mode & 0o001) !== 0;
}

/**
 * The first directory, from the root down to `dir` itself (absolute or resolved from the cwd), that `user` cannot
 * search, or undefined when it can reach into `dir`. Both the path as written and its real path (through symlinks)
 * are walked. A directory that cannot be stat'ed blocks. Root (uid 0) passes everywhere. Never throws.
 */
export function searchBlocker(dir: string, user: SearchingUser): SearchBlock | undefined {
  if (user.uid === 0) return undefined;
  const written = resolve(dir);
  let real: string | undefined;
  try {
    real = realpathSync(written);
  } catch {
    return { dir: written };
  }
  for (const path of real === written ? [written] : [written, real]) {
    const chain: string[] = [];
    for (let d = path; ; d = dirname(d)) {
      chain.unshift(d);
      if (d === dirname(d)) break;
    }
    for (const d of chain) {
      let stat: Stats;
      try {
        stat = statSync(d);
      } catch {
        return { dir: d };
      }
      if (!searchable(stat, user)) return { dir: d, mode: stat.mode & 0o7777, uid: stat.uid, gid: stat.gid };
    }
  }
  return undefined;
}

/** `<dir> (mode 0700, owner uid 0, gid 0)`, or `<dir> (not readable)`. */
export function describeBlock(block: SearchBlock): string {
  if (block.mode === undefined) return `${block.dir} (could not be read)`;
  return `${block.dir} (mode ${block.mode.toString(8).padStart(4, '0')}, owner uid ${block.uid}, gid ${block.gid})`;
}

/** A base refused beyond search permission: why (`<dir> (...)`) and what to do about it. */
interface Unfit {
  why: string;
  remedy: string;
}

/** What an opening of a directory (./../isolated-access.ts) means for the user, in words. */
function describeOpening(open: OpenDirectory, user: SearchingUser): string {
  if (open.opening === 'owns') return `belongs to that user (uid ${user.uid})`;
  if (open.opening === 'group-writes') return `writable by that user's group (gid ${user.gid}) without the sticky bit`;
  return 'writable by every user without the sticky bit';
}

/**
 * Why a base (the primary or a fallback) is unfit beyond search permission, or undefined when it fits: not a
 * directory, or open to `user` itself or through a directory above it (../isolated-access.ts: owned by that user, or
 * writable by it through others' or its group's bit without the sticky bit, as written or through symlinks): there a
 * server run as that user (another surface's, with concurrency above 1) could rename a sandbox the harness just made
 * away and put a symlink in its place before the sandbox is handed over.
 */
function baseUnsafe(dir: string, user: SearchingUser): Unfit | undefined {
  try {
    if (!statSync(dir).isDirectory()) return { why: `${dir} (not a directory)`, remedy: `set TMPDIR to a directory` };
  } catch {
    return { why: `${dir} (not there)`, remedy: `create ${dir}` };
  }
  const open = firstOpenDirectory(resolve(dir), user);
  if (open === undefined) return undefined;
  const how = describeOpening(open, user);
  const remedy = open.opening === 'owns' ? `give ${open.dir} to another user` : `take that write permission away from ${open.dir} or set its sticky bit`;
  return { why: open.dir === resolve(dir) ? `${dir} (${how})` : `${dir} (${open.dir} above it: ${how})`, remedy };
}

/**
 * The directory to create a sandbox in for a server run as `user`: `primary` (default os.tmpdir()) when `user` can
 * search every directory down to it, else the first of `fallbacks` (default `/tmp`, `/var/tmp`) it can search. Neither
 * the primary nor a fallback is taken when it or a directory above it is open to `user` (`baseUnsafe`: owned by it, or
 * writable by it without the sticky bit; there it could move the sandbox away and put its own in its place).
 * @throws SandboxBaseUnavailable naming the directory above `primary` that blocks (or why `primary` itself is unfit),
 * the user, why each fallback was refused, and what to do (set TMPDIR to a directory every user may search).
 */
export function sandboxBase(user: SearchingUser, primary: string = tmpdir(), fallbacks: readonly string[] = FALLBACK_BASES): string {
  const block = searchBlocker(primary, user);
  const unsafe = block === undefined ? baseUnsafe(primary, user) : undefined;
  if (block === undefined && unsafe === undefined) return primary;
  const refused: string[] = [];
  for (const candidate of fallbacks) {
    if (resolve(candidate) === resolve(primary)) continue;
    const blocked = searchBlocker(candidate, user);
    const why = blocked === undefined ? baseUnsafe(candidate, user)?.why : describeBlock(blocked);
    if (why === undefined) return candidate;
    refused.push(why);
  }
  const reason = block !== undefined
    ? `the user the server runs as (uid ${user.uid}, gid ${user.gid}) cannot search ${describeBlock(block)}, on the way to the temp directory ${primary} where the sandbox would go`
    : `the temp directory ${primary} where the sandbox would go is unfit for the user the server runs as (uid ${user.uid}, gid ${user.gid}): ${unsafe!.why}`;
  const remedy = block !== undefined ? `give that user search permission on ${block.dir}` : unsafe!.remedy;
  throw new SandboxBaseUnavailable(
    `--isolate: ${reason}` +
      (refused.length > 0 ? `, and no fallback fits: ${refused.join('; ')}` : '') +
      `. Set TMPDIR to a directory every user may search and only root may write (mode 0755 owned by root, or 1777 like /tmp), or ${remedy}`,
  );
}
