/**
 * Handing a directory tree the harness (root) made to the user an isolated server runs as (`--isolate`; ./isolate.ts):
 * its sandbox and its `setup.tempDir`. Done so that no path is followed once that user can write the directory it lies
 * in: every entry is changed before the directory holding it (children before their parent, the top last), and with
 * `lchown`, which changes a symlink itself, never what it names. While the top still belongs to root with mode 0700
 * (as mkdtemp makes it), no other user can reach into the tree, so nothing in it can be swapped for a symlink between
 * the walk and the change; once the top is handed over, the harness touches nothing under it again. Before, `chown`
 * (which follows symlinks) ran on the sandbox root first, then its home: another isolated server (the same user, with
 * concurrency above 1) could have replaced `home` with a symlink in between, making root hand over any path.
 */
import { lchown, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/** The owner to give: a uid and its gid. */
export interface Owner {
  uid: number;
  gid: number;
}

/** Changes the owner of one path without following a symlink there (`lchown`); a parameter for tests of the order. */
export type ChangeOwner = (path: string, uid: number, gid: number) => Promise<void>;

/**
 * Give `top` and everything below it to `owner`: entries depth first, each before the directory holding it, `top`
 * last; symlinks are changed themselves and never descended into or followed. `change` defaults to `lchown`.
 * @throws the fs error of reading a directory or changing an owner (what is changed by then stays changed; `top` is
 * changed only when everything below it was).
 */
export async function handOver(top: string, owner: Owner, change: ChangeOwner = lchown): Promise<void> {
  for (const entry of await readdir(top, { withFileTypes: true })) {
    const path = join(top, entry.name);
    if (entry.isDirectory()) await handOver(path, owner, change);
    else await change(path, owner.uid, owner.gid);
  }
  await change(top, owner.uid, owner.gid);
}
