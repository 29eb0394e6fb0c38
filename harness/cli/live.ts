/**
 * A live surface's tool listing, for the commands that read one without running checks (`snapshot`,
 * `diff`): the surface is prepared as `run` prepares it (../run/prepare.ts: temp dir, sandbox, port,
 * copies, isolation, then the one session setup ../run/session-setup.ts), so whatever a configured
 * surface needs there, and whatever transport it has, these commands have too.
 */
import type { ResolvedSurface } from '../config/index.ts';
import type { Negotiation } from '../model/observation.ts';
import type { ListedTool } from '../model/protocol.ts';
import { openSession } from '../session/index.ts';
import { withPreparedSurface } from '../run/prepare.ts';

/**
 * Boot `surface`, list its tools (every page), close it; the surface's temp dir and sandbox are removed.
 * @throws SessionBootError when the server cannot be booted (the CLI prints it and exits 2).
 */
export async function listLiveTools(surface: ResolvedSurface): Promise<{ negotiation: Negotiation; tools: ListedTool[] }> {
  return withPreparedSurface(surface, async ({ spec, session: options }) => {
    const session = await openSession(spec, options);
    try {
      const listing = await session.listTools();
      return { negotiation: session.negotiation, tools: listing.tools };
    } finally {
      await session.close();
    }
  });
}
