/**
 * How the harness writes its own output files (the reports, a baseline, a contract lock) so that nothing planted at
 * their paths redirects a write. A server under test may create files where the harness will write: as the same
 * user, or as the user nobody under `--isolate` in a world-writable directory such as /tmp. `writeFile` follows a
 * symlink planted under a report's name and writes through it, so a root harness overwrote a root-owned file the
 * isolated server named (hostile review 4, D7). Two rules close it:
 * - `replaceFile`: the text goes to a new file of the harness's own next to the target (a random name, created
 *   exclusively: `wx` never follows a symlink), renamed over the target. A rename replaces the directory entry (a
 *   planted symlink included), never the file it pointed to; readers see the old or the new file, never a torn one.
 *   Devices, FIFOs older than the run and the harness's user's own links (`/dev/null`, `/dev/stdout`) are written
 *   through, as before; a FIFO or socket made during the run (a server's) is replaced.
 * - `isolationOutputProblem`: before an isolated server starts, every output path's existing directories are
 *   checked: none may be owned by the isolated user or writable by it without the sticky bit (there the server could
 *   rename the harness's directory away and put a symlink in its place), and a file's own directory not writable by
 *   it at all. The report directory is then created by the harness, so the server cannot create it first.
 */
import { randomBytes } from 'node:crypto';
import { unlinkSync } from 'node:fs';
import { chmod, lstat, mkdir, open, rename, stat, unlink, writeFile } from 'node:fs/promises';
import { constants, type Stats } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { firstOpenDirectory, type IsolatedUser } from './isolated-access.ts';

/**
 * Write `text` (UTF-8; an array of strings is written one after another, for a file longer than V8's longest string) to the output file at `path`, creating its directory, so that nothing another user planted at
 * `path` redirects the write. What is at `path` decides how (read with lstat):
 * - nothing, or a regular file: a new file of the harness's own in the same directory (`.mcp-harness-<pid>-<random>.tmp`,
 *   a name of bounded length; flag `wx`, which never follows a symlink; an existing file's permission bits kept, else
 *   0666 less the umask), renamed over `path`: readers see the old or the new file, never a torn one. When the
 *   directory refuses a new file (a file the user may write in a directory they may not), the file is rewritten in
 *   place, opened without following a symlink;
 * - a symlink owned by another user than the harness's or root: replaced by the new file the same way, never followed
 *   (an isolated server's link under a report name made a root harness overwrite the file it named; hostile review 4,
 *   D7);
 * - a FIFO or socket made (or changed) at or after `pipesSince` (its ctime; ms since the epoch, by default the
 *   harness process's start, `performance.timeOrigin`), at `path` or where a symlink of the harness's user at `path`
 *   leads, or any FIFO or socket a symlink made at `path` during the run leads to (not one of /proc's own links;
 *   review 28: a link to the harness's own stdin pipe): replaced by the new file the same way. A server of the harness's own user read the report directory from
 *   `/proc/<harness pid>/cmdline` and made FIFOs named report.md and report.json there during the run: the harness
 *   waited in their `open` for a reader that never came (hostile review 27: 10 minutes, until killed). A pipe that was
 *   there before the run is the user's (a process substitution's, `mkfifo` for a reader) and is written through;
 * - anything else is written through, as `writeFile` does: a symlink of the harness's user or root (`/dev/stdout`,
 *   `/dev/fd/63` of a process substitution, a user's link into a shared directory), a character device (`/dev/null`),
 *   a FIFO or socket older than the run. The harness's own user could write what such a link names anyway.
 * @throws the fs error of `mkdir`, the write or the rename (a temporary file is removed first); a directory at `path`
 * fails (EISDIR).
 */
export async function replaceFile(path: string, text: string | readonly string[], pipesSince: number = performance.timeOrigin): Promise<void> {
  const dir = dirname(path);
  await makeDirectory(dir);
  const at = await lstat(path).catch(() => undefined);
  if (at !== undefined && !at.isFile() && !(at.isSymbolicLink() && !trusted(at.uid)) && !(await newPipe(path, at, pipesSince))) {
    await writeFile(path, text, 'utf8');
    return;
  }
  const tmp = resolve(dir, `.mcp-harness-${process.pid}-${randomBytes(6).toString('hex')}.tmp`);
  try {
    holdTemporary(tmp);
    await writeFile(tmp, text, { encoding: 'utf8', flag: 'wx', mode: 0o666 });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    temporaries.delete(tmp);
    // a file made and then not finished (ENOSPC, EFBIG) is removed; EEXIST is not ours, EACCES made none
    if (code !== 'EEXIST' && code !== 'EACCES') await unlink(tmp).catch(() => {});
    // a directory that takes no new file: a regular file the user may write is rewritten in place, never through a link
    if (at?.isFile() && code === 'EACCES') return writeInPlace(path, text);
    throw error;
  }
  try {
    if (at?.isFile()) await chmod(tmp, at.mode & 0o777);
    await rename(tmp, path);
  } catch (error) {
    await unlink(tmp).catch(() => {});
    throw error;
  } finally {
    temporaries.delete(tmp);
  }
}

/**
 * The temporary files replaceFile is writing or renaming (absolute paths). The process's `exit` event removes what
 * is left (`removeTemporaries`): a run that leaves while a report is being written (a second interrupt then,
 * harness/cli/interrupts.ts `exit(2)`; an error exit) no longer leaves a `.mcp-harness-<pid>-<random>.tmp` of up to
 * the report's size beside the report files. A SIGKILL still can (no code runs).
 */
const temporaries = new Set<string>();
let removedAtExit = false;

/** Track `tmp` until replaceFile is done with it; the `exit` listener is added with the first one. */
function holdTemporary(tmp: string): void {
  temporaries.add(tmp);
  if (removedAtExit) return;
  removedAtExit = true;
  process.on('exit', removeTemporaries);
}

/** Remove (synchronously) every temporary file replaceFile has not finished; errors ignored. Called at `exit`. */
export function removeTemporaries(): void {
  for (const tmp of temporaries) {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone, or not removable: nothing else to do at exit
    }
  }
  temporaries.clear();
}

/**
 * Whether `path` (lstat `at`), or where it leads when it is a symlink, is a FIFO or socket whose ctime is at or after
 * `since` (ms since the epoch): a pipe made during the run, which no reader of the user's waits on. A symlink at `path`
 * made during the run (its own ctime at or after `since`) that leads to any FIFO or socket counts too: review 28, a
 * server of the harness's user linked report.json to `/proc/<harness pid>/fd/0`, the harness's own stdin (a pipe
 * older than the run that nobody wrote or read), and the harness waited in the write for good. A link of /proc's own
 * (`/dev/fd/63` of a process substitution resolves to one; /proc makes it when it is looked up) is not judged by its
 * ctime.
 */
async function newPipe(path: string, at: Stats, since: number): Promise<boolean> {
  const target = at.isSymbolicLink() ? await stat(path).catch(() => undefined) : at;
  if (target === undefined || !(target.isFIFO() || target.isSocket())) return false;
  if (target.ctimeMs >= since) return true;
  return at.isSymbolicLink() && at.ctimeMs >= since && !(await onProc(at));
}

/** Whether `at` (an lstat) is an entry of /proc (its device is /proc's); false where there is no /proc. */
async function onProc(at: Stats): Promise<boolean> {
  const proc = await lstat('/proc/self').catch(() => undefined);
  return proc !== undefined && proc.dev === at.dev;
}

/** Whether a file owned by `uid` is the harness's user's or root's (on a platform without uids: yes). */
function trusted(uid: number): boolean {
  return typeof process.geteuid !== 'function' || uid === 0 || uid === process.geteuid();
}

/** Rewrite the regular file `path` in place (truncated), opened without following a symlink. */
async function writeInPlace(path: string, text: string | readonly string[]): Promise<void> {
  const handle = await open(path, constants.O_WRONLY | constants.O_TRUNC | (constants.O_NOFOLLOW ?? 0));
  try {
    // each writeFile on a handle writes its whole text from the handle's current position (after the previous one)
    for (const chunk of typeof text === 'string' ? [text] : text) await handle.writeFile(chunk, 'utf8');
  } finally {
    await handle.close();
  }
}

/** The user an isolated server runs as, for `isolationOutputProblem` (./isolated-access.ts). */
export type { IsolatedUser };

/**
 * Why writing output files to `paths` (absolute) is unsafe while a server runs as `user` (`--isolate`), or undefined
 * when it is safe. A directory on a path (from the file's own directory up to the root, as written and as resolved
 * through symlinks) is unsafe when it is open to the isolated user (./isolated-access.ts: it owns it, or may write it
 * through others' or its group's bit without the sticky bit): there the server could rename the harness's directory
 * away and put a symlink in its place. The file's own directory is unsafe when the isolated user may write it at all,
 * sticky or not: there it could create a directory or a link under a report's name first and cost the run its report
 * (/tmp as the report directory). Directories that do not exist yet are the harness's to create. Access control lists
 * are not read. Never throws.
 */
export function isolationOutputProblem(paths: readonly string[], user: IsolatedUser): string | undefined {
  for (const path of paths) {
    const own = dirname(path);
    const open = firstOpenDirectory(own, user, (dir) => dir !== own);
    if (open === undefined) continue;
    if (open.opening === 'owns') return `${open.dir} belongs to the user an isolated server runs as (uid ${user.uid}): that server could redirect the harness's write of ${path}`;
    return `${open.dir} is writable by the user an isolated server runs as (uid ${user.uid}, gid ${user.gid})${open.dir === own ? '' : ' and not sticky'}: that server could put something in the way of the harness's write of ${path}`;
  }
  return undefined;
}

/**
 * `mkdir -p` without Node's recursive mkdir: every missing component created in turn, from the deepest existing entry
 * down. Node 20's `mkdir(dir, { recursive: true })` never returns under a parent that answers ENOENT for a new entry
 * although it exists (`/proc/nope/j.xml` as MCP_HARNESS_JUNIT_FILE spun at 91 % CPU for 10 minutes: a newcomer's
 * walkthrough); here that is the error of the component, at once.
 * @param dir the directory to make (relative to the process's cwd, or absolute)
 * @throws the fs error of the first component that cannot be made (ENOENT, EACCES, ENOTDIR under a file, ...)
 */
export async function makeDirectory(dir: string): Promise<void> {
  const missing: string[] = [];
  for (let d = resolve(dir); ; d = dirname(d)) {
    if ((await lstat(d).catch(() => undefined)) !== undefined) break;
    missing.push(d);
    if (d === dirname(d)) break;
  }
  for (const d of missing.reverse()) {
    await mkdir(d).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'EEXIST') throw error; // made meanwhile (a concurrent run): fine
    });
  }
}

/** Create `dir` (and its missing parents) now, so no server creates it first. @throws the fs error of `mkdir`. */
export async function createOutputDir(dir: string): Promise<void> {
  await makeDirectory(dir);
  const stat = await lstat(dir);
  if (!stat.isDirectory()) throw new Error(`${dir} is not a directory`);
}
