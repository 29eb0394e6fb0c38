/**
 * Where an isolated surface's sandbox is created (`--isolate` with `--sandbox`; ./isolate.ts, ./sandbox.ts). The
 * sandbox's own directories are handed to the isolated user, but it must also be able to search every directory
 * above them, or its HOME, TMPDIR and cwd are out of reach (EACCES) and the server fails to boot for a reason of the
 * harness's making: a runner's TMPDIR made with `mktemp -d` (mode 0700, owned by root) made
 * `@wonderwhy-er/desktop-commander` exit 1 at boot, reported as `transport/exit` bootExited (sweep 15).
 *
 * So the base is the first of the system temp directory (os.tmpdir(), TMPDIR), `/tmp` and `/var/tmp` that the user
 * can search down to; none, the primary included, may be writable by others without the sticky bit (there another
 * user could move the sandbox away). When none is, the surface fails to start with a harness error naming the directory that
 * blocks, the user, and what to do. Mode bits and owners only: access control lists are not read.
 */
import { realpathSync, statSync, type Stats } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, resolve } from 'node:path';

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

const OTHER_WRITE = 0o002;
const STICKY = 0o1000;

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

/** Why a base (the primary or a fallback) is unfit beyond search permission: not a directory, or writable by others without the sticky bit. */
function baseUnsafe(dir: string): string | undefined {
  try {
    const stat = statSync(dir);
    if (!stat.isDirectory()) return `${dir} (not a directory)`;
    if ((stat.mode & OTHER_WRITE) !== 0 && (stat.mode & STICKY) === 0) return `${dir} (writable by every user without the sticky bit)`;
    return undefined;
  } catch {
    return `${dir} (not there)`;
  }
}

/**
 * The directory to create a sandbox in for a server run as `user`: `primary` (default os.tmpdir()) when `user` can
 * search every directory down to it, else the first of `fallbacks` (default `/tmp`, `/var/tmp`) it can search. Neither
 * the primary nor a fallback is taken when it is writable by others without the sticky bit (there any user could move
 * the sandbox away and put its own in its place).
 * @throws SandboxBaseUnavailable naming the directory above `primary` that blocks (or why `primary` itself is unfit),
 * the user, why each fallback was refused, and what to do (set TMPDIR to a directory every user may search).
 */
export function sandboxBase(user: SearchingUser, primary: string = tmpdir(), fallbacks: readonly string[] = FALLBACK_BASES): string {
  const block = searchBlocker(primary, user);
  const unsafe = block === undefined ? baseUnsafe(primary) : undefined;
  if (block === undefined && unsafe === undefined) return primary;
  const refused: string[] = [];
  for (const candidate of fallbacks) {
    if (resolve(candidate) === resolve(primary)) continue;
    const blocked = searchBlocker(candidate, user);
    const why = blocked === undefined ? baseUnsafe(candidate) : describeBlock(blocked);
    if (why === undefined) return candidate;
    refused.push(why);
  }
  const reason = block !== undefined
    ? `the user the server runs as (uid ${user.uid}, gid ${user.gid}) cannot search ${describeBlock(block)}, on the way to the temp directory ${primary} where the sandbox would go`
    : `the temp directory ${primary} where the sandbox would go is unfit for the user the server runs as (uid ${user.uid}, gid ${user.gid}): ${unsafe}`;
  const remedy = block !== undefined ? `give that user search permission on ${block.dir}` : `set the sticky bit on ${primary}`;
  throw new SandboxBaseUnavailable(
    `--isolate: ${reason}` +
      (refused.length > 0 ? `, and no fallback fits: ${refused.join('; ')}` : '') +
      `. Set TMPDIR to a directory every user may search (mode 0755, or 1777 like /tmp), or ${remedy}`,
  );
}
