/**
 * `mcp-harness snapshot [--out FILE] -- COMMAND ARGS`: boot a live server, list its tools and write
 * a contract lock (tools with schemas and annotations, server name and version, schema hash).
 */
import { resolve } from 'node:path';
import { adHocSurface } from '../config/index.ts';
import { buildLock, writeLock } from '../contract/index.ts';
import { listLiveTools } from './live.ts';

/** Default lock file name. */
export const DEFAULT_LOCK_FILE = 'mcp-harness.lock.json';

/**
 * Record the lock. Returns the absolute path written.
 * @throws SessionBootError when the server cannot be booted (the CLI prints it and exits 2).
 */
export async function snapshot(command: string[], out: string | undefined, cwd: string): Promise<{ file: string; tools: number }> {
  const surface = adHocSurface(command[0], command.slice(1), cwd, 'snapshot');
  const { negotiation, tools } = await listLiveTools(surface);
  const file = resolve(cwd, out ?? DEFAULT_LOCK_FILE);
  await writeLock(file, buildLock(negotiation, tools));
  return { file, tools: tools.length };
}
