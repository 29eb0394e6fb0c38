/**
 * `--sandbox` / `sandbox: true` (issue 9 §4): the server runs with HOME, TMPDIR and its working directory
 * in a fresh temporary directory that is removed afterwards, so a tool the run calls (for example with
 * `--allow-destructive`) writes there and not into the user's home or project. It is a directory
 * sandbox, not a security boundary: the process keeps the user's permissions (see `--isolate`).
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import type { SpawnSpec } from '../session/index.ts';

/** A created sandbox: the root and its three directories (absolute paths). */
export interface Sandbox {
  root: string;
  home: string;
  tmp: string;
  work: string;
}

/**
 * Create `<base>/mcp-harness-sandbox-<surface>-XXXXXX/{home,tmp,work}` (the root mode 0700, as mkdtemp makes it).
 * `base` defaults to os.tmpdir(); an isolated surface passes one its user can search (./sandbox-base.ts).
 * @throws on file-system errors.
 */
export async function createSandbox(surface: string, base: string = tmpdir()): Promise<Sandbox> {
  const safe = surface.replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40);
  const root = await mkdtemp(join(base, `mcp-harness-sandbox-${safe}-`));
  const box = { root, home: join(root, 'home'), tmp: join(root, 'tmp'), work: join(root, 'work') };
  await Promise.all([box.home, box.tmp, box.work].map((d) => mkdir(d)));
  return box;
}

/** Remove the sandbox (its root, wherever it was created) and everything the server left in it. Never throws. */
export async function removeSandbox(box: Sandbox): Promise<void> {
  await rm(box.root, { recursive: true, force: true, maxRetries: 3 }).catch(() => undefined);
}

/** Variables that point a process at its home and temp directories (POSIX and Windows spellings, XDG). */
const HOME_VARS = ['HOME', 'USERPROFILE'];
const TMP_VARS = ['TMPDIR', 'TMP', 'TEMP'];
const XDG = { XDG_CONFIG_HOME: '.config', XDG_CACHE_HOME: '.cache', XDG_DATA_HOME: '.local/share', XDG_STATE_HOME: '.local/state' };

/**
 * The spawn spec inside `box`: cwd = `box.work`, HOME/USERPROFILE = `box.home`, TMPDIR/TMP/TEMP = `box.tmp`,
 * XDG_* under the home. A relative command or argument that names an existing file or directory relative
 * to the original cwd is made absolute, so `--sandbox -- node dist/index.js` still finds its script.
 */
export function sandboxSpec(spec: SpawnSpec, box: Sandbox): SpawnSpec {
  const anchor = (p: string) => (!isAbsolute(p) && !p.startsWith('-') && p !== '' && existsSync(resolve(spec.cwd, p)) ? resolve(spec.cwd, p) : p);
  const env: Record<string, string> = { ...spec.env };
  for (const name of HOME_VARS) env[name] = box.home;
  for (const name of TMP_VARS) env[name] = box.tmp;
  for (const [name, sub] of Object.entries(XDG)) env[name] = join(box.home, sub);
  const command = spec.command.includes('/') || spec.command.includes('\\') ? anchor(spec.command) : spec.command;
  return { command, args: spec.args.map(anchor), cwd: box.work, env };
}
