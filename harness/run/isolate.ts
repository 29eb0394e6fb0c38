/**
 * `--isolate` / `isolate: true`: the server runs as the user nobody (uid/gid 65534), so it cannot read
 * the harness's `/proc/<pid>/environ` (the kernel allows that only to the same user or to ptrace-capable
 * processes), cannot signal or ptrace the harness, and cannot write the harness's files. Needs the
 * harness to run as root (CI containers usually do); otherwise the surface fails to start with a
 * message saying so. Measured on the CI machine: setuid via Node's spawn `uid`/`gid` works as root;
 * a PID namespace (`unshare --pid --fork --mount-proc`) works too but makes the server PID 1, which
 * ignores SIGTERM without a handler, so it is not used.
 */
import type { SpawnSpec } from '../session/index.ts';
import { handOver } from './hand-over.ts';
import type { Sandbox } from './sandbox.ts';
import { sandboxBase } from './sandbox-base.ts';
import { unreachablePath } from './isolated-reach.ts';

/** The user an isolated server runs as (nobody / nogroup on Debian and most Linux distributions). */
export const ISOLATED_USER = Object.freeze({ uid: 65534, gid: 65534 });

/**
 * The isolated user cannot reach a path the server command names (its script, a directory argument: ./isolated-reach.ts):
 * the surface fails to start with a harness error (exit 2), never a server finding.
 */
export class IsolatedPathUnreachable extends Error {
  override readonly name = 'IsolatedPathUnreachable';
}

/** `--isolate` cannot work: the harness is not root (or not on a POSIX system). */
export class IsolationUnavailable extends Error {
  override readonly name = 'IsolationUnavailable';
}

/** @throws IsolationUnavailable when the harness is not root (or the platform has no uids). */
function requireRoot(): void {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) {
    throw new IsolationUnavailable('--isolate needs the harness to run as root (to start the server as the user nobody)');
  }
}

/**
 * The directory to create an isolated surface's sandbox and `setup.tempDir` in: os.tmpdir() when ISOLATED_USER can search every
 * directory down to it, else `/tmp` or `/var/tmp` (./sandbox-base.ts).
 * @throws IsolationUnavailable when the harness is not root; SandboxBaseUnavailable (naming the blocking directory,
 * the uid and what to do) when no such directory is left.
 */
export function isolatedSandboxBase(): string {
  requireRoot();
  return sandboxBase(ISOLATED_USER);
}

/**
 * Hand `dir` (a directory tree the harness made: a sandbox root, a `setup.tempDir`) to ISOLATED_USER, entries before
 * the directory holding them and without following a symlink (./hand-over.ts), so that no path is followed once that
 * user can write where it lies. @throws IsolationUnavailable when the harness is not root; the fs error of a change.
 */
export async function handToIsolated(dir: string): Promise<void> {
  requireRoot();
  await handOver(dir, ISOLATED_USER);
}

/**
 * The spawn spec run as ISOLATED_USER; a sandbox (when there is one) is handed to that user (`handToIsolated`: its
 * home, tmp and work before its root) so the server can write its HOME/TMPDIR/cwd (it must lie where that user can
 * search: `isolatedSandboxBase`). @throws IsolationUnavailable when the harness is not root; IsolatedPathUnreachable
 * when that user cannot reach a path the command line names (checked once the sandbox is that user's, so a path in it
 * counts as reachable); the fs error of a change.
 */
export async function isolateSpec(spec: SpawnSpec, sandbox?: Sandbox): Promise<SpawnSpec> {
  requireRoot();
  if (sandbox) await handToIsolated(sandbox.root);
  const unreachable = unreachablePath(spec, ISOLATED_USER);
  if (unreachable !== undefined) {
    const { uid, gid } = ISOLATED_USER;
    throw new IsolatedPathUnreachable(
      `--isolate: the user the server runs as (uid ${uid}, gid ${gid}) ${unreachable.why}, so it cannot reach ${unreachable.path}, ` +
        `which the server command names; the server would fail to start for a reason of the harness's making. Put the server ` +
        `and the paths it is given where every user may search and read (a copy under /opt or /tmp, say), or give that user those permissions`,
    );
  }
  return { ...spec, user: { ...ISOLATED_USER } };
}
