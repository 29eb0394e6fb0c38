/**
 * `--isolate` / `isolate: true`: the server runs as the user nobody (uid/gid 65534), so it cannot read
 * the harness's `/proc/<pid>/environ` (the kernel allows that only to the same user or to ptrace-capable
 * processes), cannot signal or ptrace the harness, and cannot write the harness's files. Needs the
 * harness to run as root (CI containers usually do); otherwise the surface fails to start with a
 * message saying so. Measured on the CI machine: setuid via Node's spawn `uid`/`gid` works as root;
 * a PID namespace (`unshare --pid --fork --mount-proc`) works too but makes the server PID 1, which
 * ignores SIGTERM without a handler, so it is not used.
 */
import { chown } from 'node:fs/promises';
import type { SpawnSpec } from '../session/index.ts';
import type { Sandbox } from './sandbox.ts';

/** The user an isolated server runs as (nobody / nogroup on Debian and most Linux distributions). */
export const ISOLATED_USER = Object.freeze({ uid: 65534, gid: 65534 });

/** `--isolate` cannot work: the harness is not root (or not on a POSIX system). */
export class IsolationUnavailable extends Error {
  override readonly name = 'IsolationUnavailable';
}

/**
 * The spawn spec run as ISOLATED_USER; a sandbox (when there is one) is handed to that user so the
 * server can write its HOME/TMPDIR/cwd. @throws IsolationUnavailable when the harness is not root.
 */
export async function isolateSpec(spec: SpawnSpec, sandbox?: Sandbox): Promise<SpawnSpec> {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new IsolationUnavailable('--isolate needs the harness to run as root (to start the server as the user nobody)');
  }
  if (sandbox) for (const dir of [sandbox.root, sandbox.home, sandbox.tmp, sandbox.work]) await chown(dir, ISOLATED_USER.uid, ISOLATED_USER.gid);
  return { ...spec, user: { ...ISOLATED_USER } };
}
