/**
 * `mcp-harness snapshot [--out FILE] -- COMMAND ARGS`: boot a live server, list its tools and write
 * a contract lock (tools with schemas and annotations, server name and version, schema hash).
 */
import { resolve } from 'node:path';
import { adHocSurface } from '../config/index.ts';
import { buildLock, writeLock } from '../contract/index.ts';
import { openSession } from '../session/index.ts';
import { sessionSetup } from '../run/session-setup.ts';

/** Default lock file name. */
export const DEFAULT_LOCK_FILE = 'mcp-harness.lock.json';

/**
 * Record the lock. Returns the absolute path written.
 * @throws SessionBootError when the server cannot be booted (the CLI prints it and exits 2).
 */
export async function snapshot(command: string[], out: string | undefined, cwd: string): Promise<{ file: string; tools: number }> {
  const surface = adHocSurface(command[0], command.slice(1), cwd, 'snapshot');
  const setup = sessionSetup(surface);
  const session = await openSession(setup.spec, setup.session);
  try {
    const listing = await session.listTools();
    const file = resolve(cwd, out ?? DEFAULT_LOCK_FILE);
    await writeLock(file, buildLock(session.negotiation, listing.tools));
    return { file, tools: listing.tools.length };
  } finally {
    await session.close();
  }
}
