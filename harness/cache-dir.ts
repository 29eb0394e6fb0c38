/**
 * The rules of the harness's own cache directories (the V8 code cache, harness/code-cache.ts; the era hints,
 * harness/run/era-hint.ts): a directory is used only when it is a real directory (not a symlink), owned by
 * this process's user and writable by no one else; files in it are replaced atomically (a file of its own,
 * renamed over the old one), so concurrent runs never read a torn file. Imports only Node built-ins (it is
 * bundled into the dist/bin.js loader with code-cache.ts).
 */
import { randomBytes } from 'node:crypto';
import { closeSync, constants, fstatSync, lstatSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

/**
 * `mkdir -p` (mode 0700) one component at a time: Node 20's recursive mkdir never returns under a parent that answers
 * ENOENT for a new entry although it exists (`/proc`), as harness/output-file.ts `makeDirectory`. @throws the fs error.
 */
function makeDirectorySync(dir: string): void {
  const missing: string[] = [];
  for (let d = resolve(dir); ; d = dirname(d)) {
    try {
      lstatSync(d);
      break;
    } catch {
      missing.push(d);
      if (d === dirname(d)) break;
    }
  }
  for (const d of missing.reverse()) {
    try {
      mkdirSync(d, { mode: 0o700 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/**
 * Create `dir` (mode 0700) if needed and say whether it is safe for code: a real directory (no symlink),
 * owned by this process's user, not writable by group or others (on platforms without uids: a directory).
 * Never throws: an unwritable parent (a read-only install) is `false`.
 */
export function safeCacheDir(dir: string): boolean {
  try {
    makeDirectorySync(dir);
    const stat = lstatSync(dir);
    if (!stat.isDirectory()) return false;
    if (typeof process.getuid !== 'function') return true;
    return stat.uid === process.getuid() && (stat.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

/**
 * The bytes of `file` when it is a regular file of at most `maxBytes` bytes, else undefined. Opened without
 * following a symlink and without blocking (O_NOFOLLOW, O_NONBLOCK where the platform has them), and checked
 * with fstat on the open descriptor: a FIFO, a device or a directory planted under the cache file's name (by
 * anything that runs as this user, a server under test included) is refused at once, never waited on (a
 * blocking `readFileSync` of a FIFO hung the CLI before it started any server, deaf to SIGTERM). Never throws.
 */
export function readCacheFile(file: string, maxBytes = Number.POSITIVE_INFINITY): Buffer | undefined {
  let fd: number | undefined;
  try {
    fd = openSync(file, constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0));
    const stat = fstatSync(fd);
    if (!stat.isFile() || stat.size > maxBytes) return undefined;
    return readFileSync(fd);
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Replace `file` with `data` atomically: written to a file of its own next to it (pid and random suffix,
 * flag `wx`, mode 0600), then renamed over `file`. Returns whether it was written; never throws (the
 * temporary file is removed on failure).
 */
export function writeFileAtomic(file: string, data: Buffer | string): boolean {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, data, { flag: 'wx', mode: 0o600 });
    renameSync(tmp, file);
    return true;
  } catch {
    try {
      unlinkSync(tmp);
    } catch {
      // never created
    }
    return false;
  }
}
