/**
 * An earlier run's report files this run does not write: `report.json` from last run beside this run's `report.md`
 * (`--reporter markdown` now) made a CI artifact show a stale verdict. After the reporters wrote, every built-in file
 * reporter's default file `<reportDir>/<fileName>` that this run did not write is removed, but only when it is a
 * regular file (not a symlink, directory or device) whose beginning carries that reporter's own marker
 * (FileReporter.ownsFile: `# mcp-harness report`, `<testsuites name="mcp-harness"`...): a user's file of the same
 * name, or anything the harness did not write, is never deleted. Paths set by option or env var are not touched, and
 * neither is a file this run wrote under another name (the same device and inode: a report directory reached through a
 * symlink while an env var named the real path).
 */
import { constants } from 'node:fs';
import { lstat, open, stat, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { FileReporter } from './types.ts';

/** How much of a file's beginning is read for its marker, bytes. */
export const STALE_HEAD_BYTES = 4096;

/** The first STALE_HEAD_BYTES bytes of the regular file at `path` (not following a symlink), or undefined. */
async function headOf(path: string): Promise<string | undefined> {
  const stat = await lstat(path).catch(() => undefined);
  if (!stat?.isFile()) return undefined;
  const handle = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW).catch(() => undefined);
  if (!handle) return undefined;
  try {
    const buffer = Buffer.alloc(STALE_HEAD_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, STALE_HEAD_BYTES, 0);
    return buffer.subarray(0, bytesRead).toString('utf8');
  } finally {
    await handle.close();
  }
}

/**
 * Remove the stale report files of `reporters` under `reportDir` (see the module doc): each reporter's default file
 * that is not in `written` (absolute paths this run wrote) and carries its marker.
 * @returns the absolute paths removed. Never throws: a file that cannot be read or removed is left as it is.
 */
export async function removeStaleReports(reportDir: string, reporters: readonly FileReporter[], written: readonly string[]): Promise<string[]> {
  const keep = new Set(written.map((p) => resolve(p)));
  // what this run wrote, by file identity: one file can be reached by two paths (a symlinked directory)
  const writtenIds = new Set<string>();
  for (const p of written) {
    const s = await stat(p).catch(() => undefined);
    if (s) writtenIds.add(`${s.dev}:${s.ino}`);
  }
  const removed: string[] = [];
  for (const reporter of reporters) {
    const path = resolve(join(reportDir, reporter.fileName));
    if (keep.has(path) || !reporter.ownsFile) continue;
    const own = await lstat(path).catch(() => undefined);
    if (!own || writtenIds.has(`${own.dev}:${own.ino}`)) continue;
    const head = await headOf(path).catch(() => undefined);
    if (head === undefined || !reporter.ownsFile(head)) continue;
    try {
      await unlink(path);
      removed.push(path);
    } catch {
      // left as it is (gone already, or the directory refuses): nothing this run wrote depends on it
    }
  }
  return removed;
}
