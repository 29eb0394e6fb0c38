/**
 * How the harness writes its own output files (the reports, a baseline, a contract lock) so that nothing planted at
 * their paths redirects a write. A server under test may create files where the harness will write: as the same
 * user, or as the user nobody under `--isolate` in a world-writable directory such as /tmp. `writeFile` follows a
 * symlink planted under a report's name and writes through it, so a root harness overwrote a root-owned file the
 * isolated server named (hostile review 4, D7). Two rules close it:
 * - `replaceFile`: the text goes to a new file of the harness's own next to the target (a random name, created
 *   exclusively: `wx` never follows a symlink), renamed over the target. A rename replaces the directory entry (a
 *   planted symlink included), never the file it pointed to; readers see the old or the new file, never a torn one.
 * - `isolationOutputProblem`: before an isolated server starts, every output path's existing directories are
 *   checked: none may be owned by the isolated user, and none may be writable by others without the sticky bit
 *   (there the server could rename the harness's directory away and put a symlink in its place). The report
 *   directory is then created by the harness, so the server cannot create it first.
 */
import { randomBytes } from 'node:crypto';
import { lstat, mkdir, rename, unlink, writeFile } from 'node:fs/promises';
import { lstatSync, realpathSync } from 'node:fs';
import { basename, dirname, join, parse } from 'node:path';

/**
 * Replace the file at `path` with `text` (UTF-8), creating its directory: written to a new file of its own in the same
 * directory (`.<name>.<pid>.<random>.tmp`, flag `wx`, mode 0666 less the umask, as `writeFile` makes it), then renamed
 * over `path`. A symlink at `path` is replaced, not followed. @throws the fs error of `mkdir`, the write or the rename
 * (the temporary file is removed first); a directory at `path` fails the rename (EISDIR).
 */
export async function replaceFile(path: string, text: string): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`);
  try {
    await writeFile(tmp, text, { encoding: 'utf8', flag: 'wx', mode: 0o666 });
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => {});
    throw error;
  }
}

/** The sticky bit of a directory's mode (only an entry's owner may rename or remove it). */
const STICKY = 0o1000;
/** Writable by others. */
const OTHER_WRITE = 0o002;

/**
 * Why writing output files to `paths` (absolute) is unsafe while a server runs as the user `uid` (`--isolate`), or
 * undefined when it is safe: the first existing directory on a path (from the file's own directory up to the root,
 * as written and as resolved through symlinks) that `uid` owns, or that others may write without the sticky bit.
 * Directories that do not exist yet are the harness's to create. A symlinked directory is judged as the link (its
 * owner made it) and as its target. Never throws.
 */
export function isolationOutputProblem(paths: readonly string[], uid: number): string | undefined {
  for (const path of paths) {
    const written = chainProblem(dirname(path), path, uid);
    if (written !== undefined) return written;
    const existing = deepestExisting(dirname(path));
    let real: string | undefined;
    try {
      real = realpathSync(existing);
    } catch {
      real = undefined;
    }
    const resolved = real === undefined || real === existing ? undefined : chainProblem(real, path, uid);
    if (resolved !== undefined) return resolved;
  }
  return undefined;
}

/** The first directory from `start` up to the root that makes writing `path` unsafe (see `isolationOutputProblem`). */
function chainProblem(start: string, path: string, uid: number): string | undefined {
  const root = parse(start).root;
  for (let dir = start; ; dir = dirname(dir)) {
    let stat;
    try {
      stat = lstatSync(dir);
    } catch {
      stat = undefined; // not there (yet): created by the harness before any server starts
    }
    if (stat !== undefined && stat.uid === uid) return `${dir} belongs to the user an isolated server runs as (uid ${uid}): that server could redirect the harness's write of ${path}`;
    if (stat !== undefined && stat.isDirectory() && (stat.mode & OTHER_WRITE) !== 0 && (stat.mode & STICKY) === 0) {
      return `${dir} is writable by every user and not sticky: an isolated server could replace what the harness creates there before it writes ${path}`;
    }
    if (dir === root) return undefined;
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

/** Create `dir` (recursively) now, so no server creates it first. @throws the fs error of `mkdir`. */
export async function createOutputDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const stat = await lstat(dir);
  if (!stat.isDirectory()) throw new Error(`${dir} is not a directory`);
}
