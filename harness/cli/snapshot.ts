/**
 * `mcp-harness snapshot [--out FILE] [--url URL] [-- COMMAND ARGS]`: boot a live server (over stdio, or the
 * Streamable HTTP server at URL, started from COMMAND when given), list its tools and write a contract
 * lock (tools with schemas and annotations, server name and version, schema hash).
 */
import { resolve } from 'node:path';
import { adHocSurface, applySurfaceOverrides, type CliOverrides } from '../config/index.ts';
import { buildLock, lockableTools, writeLock, type UnlockedTool } from '../contract/index.ts';
import { listLiveTools } from './live.ts';

/** Default lock file name. */
export const DEFAULT_LOCK_FILE = 'mcp-harness.lock.json';

/**
 * Record the lock. `command` is the server command (may be empty with a `url`); `url` the Streamable HTTP
 * endpoint (`${port}`: a free loopback port); `surfaceFlags` the command line's `--env`, `--env-pass`, `--sandbox` and
 * timeouts for that server (as an ad-hoc `run` applies them). Returns the absolute path written, the number of tools recorded and
 * the listed tools the lock could not record (`lockableTools`: a name that is not a non-empty string, a field of the
 * wrong type), which the CLI names on stderr; the lock written is always one `diff` reads back; and the variables whose
 * values the lock holds masked (`maskedNames`), which the CLI names on stderr too.
 * @throws SessionBootError when the server cannot be started or booted (the CLI prints it and exits 2).
 */
export async function snapshot(command: readonly string[], out: string | undefined, cwd: string, url?: string, surfaceFlags: CliOverrides = {}): Promise<{ file: string; tools: number; left: UnlockedTool[]; masked: string[] }> {
  // the command line's surface flags: a server that needs a key (--env-pass NAME) or a long start (--start-timeout)
  const surface = applySurfaceOverrides(adHocSurface(command[0] ?? '', command.slice(1), cwd, 'snapshot', url), surfaceFlags);
  const { negotiation, tools } = await listLiveTools(surface);
  const file = resolve(cwd, out ?? DEFAULT_LOCK_FILE);
  const lock = buildLock(negotiation, tools);
  await writeLock(file, lock);
  return { file, tools: lock.tools.length, left: lockableTools(tools).left, masked: maskedNames(lock.tools) };
}

/**
 * The variables whose values the recorded tools hold masked (`[masked:NAME]` labels, sorted, each once): the env mask
 * masked them (the harness's environment, or a value the surface was given), so the lock reads otherwise than the
 * server where they are not set, or set to another value. Names only, never values.
 */
export function maskedNames(tools: readonly unknown[]): string[] {
  return [...new Set([...JSON.stringify(tools).matchAll(/\[masked:([A-Za-z_][A-Za-z0-9_]*)\]/g)].map((m) => m[1]))].sort();
}
