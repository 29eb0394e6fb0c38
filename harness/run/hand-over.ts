/**
 * Handing a directory tree the harness (root) made to the user an isolated server runs as (`--isolate`; ./isolate.ts):
 * its sandbox and its `setup.tempDir`. Done so that no path is followed once that user can write the directory it lies
 * in: every entry is changed before the directory holding it (children before their parent, the top last), and with
 * `lchown`, which changes a symlink itself, never what it names. While the top still belongs to root with mode 0700
 * (as mkdtemp makes it), no other user can reach into the tree, so nothing in it can be swapped for a symlink between
 * the walk and the change; once the top is handed over, the harness touches nothing under it again. Before, `chown`
 * (which follows symlinks) ran on the sandbox root first, then its home: another isolated server (the same user, with
 * concurrency above 1) could have replaced `home` with a symlink in between, making root hand over any path.
 *
 * The top itself is checked first (defence in depth; review 16, D5): opened without following a symlink, it must be a
 * directory owned by the harness's own user (root under `--isolate`) and not yet handed over. `readdir` follows a
 * symlinked top, so a link put in its place (by a user who may rename entries of the directory holding it; the
 * sandbox base refuses such directories, ./sandbox-base.ts) would have made root hand over whatever tree it names.
 */
import { constants } from 'node:fs';
import { lchown, lstat, open, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The owner to give: a uid and its gid. */
export interface Owner {
  uid: number;
  gid: number;
}

/** Changes the owner of one path without following a symlink there (`lchown`); a parameter for tests of the order. */
export type ChangeOwner = (path: string, uid: number, gid: number) => Promise<void>;

/** The top of a tree to hand over is not the directory the harness made: a symlink, not a directory, or another user's. */
export class HandOverRefused extends Error {
  override readonly name = 'HandOverRefused';
}

/**
 * Check that `top` is a directory (not a symlink: opened with O_NOFOLLOW | O_DIRECTORY) owned by `uid`.
 * @throws HandOverRefused naming `top` and what it is instead; the fs error of opening it otherwise.
 */
async function checkTop(top: string, uid: number): Promise<void> {
  let handle;
  try {
    handle = await open(top, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
  } catch (error) {
    // O_NOFOLLOW on a symlink: ELOOP, or ENOTDIR with O_DIRECTORY (Linux), EMLINK (FreeBSD), EFTYPE (NetBSD)
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ELOOP' || code === 'ENOTDIR' || code === 'EMLINK' || code === 'EFTYPE') {
      const link = (await lstat(top).catch(() => undefined))?.isSymbolicLink() ?? false;
      throw new HandOverRefused(`refusing to hand over ${top}: it is ${link ? 'a symbolic link' : 'not a directory'}, not the directory the harness made`);
    }
    throw error;
  }
  try {
    const stat = await handle.stat();
    if (stat.uid !== uid) throw new HandOverRefused(`refusing to hand over ${top}: it belongs to uid ${stat.uid}, not to the harness's user (uid ${uid}) that made it`);
  } finally {
    await handle.close();
  }
}

/** The harness's own user (root under `--isolate`); on a platform without uids, undefined (no check of the owner). */
function harnessUid(): number | undefined {
  return typeof process.geteuid === 'function' ? process.geteuid() : undefined;
}

/**
 * Give `top` and everything below it to `owner`: entries depth first, each before the directory holding it, `top`
 * last; symlinks are changed themselves and never descended into or followed. `change` defaults to `lchown`.
 * @throws the fs error of reading a directory or changing an owner (what is changed by then stays changed; `top` is
 * changed only when everything below it was); HandOverRefused, before anything is changed, when `top` is a symlink,
 * not a directory, or not owned by the harness's own user (`checkTop`).
 */
export async function handOver(top: string, owner: Owner, change: ChangeOwner = lchown): Promise<void> {
  const uid = harnessUid();
  if (uid !== undefined) await checkTop(top, uid);
  await handOverTree(top, owner, change);
}

/** `handOver` below the checked top: entries depth first, the directory last. */
async function handOverTree(top: string, owner: Owner, change: ChangeOwner): Promise<void> {
  for (const entry of await readdir(top, { withFileTypes: true })) {
    const path = join(top, entry.name);
    if (entry.isDirectory()) await handOverTree(path, owner, change);
    else await change(path, owner.uid, owner.gid);
  }
  await change(top, owner.uid, owner.gid);
}
