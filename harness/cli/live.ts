/**
 * A live surface's tool listing, for the commands that read one without running checks (`snapshot`,
 * `diff`): the session is built by the one session setup every command uses (../run/session-setup.ts),
 * so whatever transport a surface has there, these commands have too.
 */
import type { ResolvedSurface } from '../config/index.ts';
import type { Negotiation } from '../model/observation.ts';
import type { ListedTool } from '../model/protocol.ts';
import { openSession } from '../session/index.ts';
import { sessionSetup } from '../run/session-setup.ts';

/**
 * Boot `surface`, list its tools (every page), close it.
 * @throws SessionBootError when the server cannot be booted (the CLI prints it and exits 2).
 */
export async function listLiveTools(surface: ResolvedSurface): Promise<{ negotiation: Negotiation; tools: ListedTool[] }> {
  const setup = sessionSetup(surface);
  const session = await openSession(setup.spec, setup.session);
  try {
    const listing = await session.listTools();
    return { negotiation: session.negotiation, tools: listing.tools };
  } finally {
    await session.close();
  }
}
