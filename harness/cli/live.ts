/**
 * A live surface's tool listing, for the commands that read one without running checks (`snapshot`,
 * `diff`): the surface is prepared as `run` prepares it (../run/prepare.ts: temp dir, sandbox, port,
 * copies, isolation, then the one session setup ../run/session-setup.ts), and a Streamable HTTP surface's
 * server is started and stopped by the same `withServer` as `run`'s, so whatever a configured surface
 * needs there, and whatever transport it has, these commands have too.
 */
import type { ResolvedSurface } from '../config/index.ts';
import type { Listing, Negotiation } from '../model/observation.ts';
import type { ListedTool } from '../model/protocol.ts';
import type { EnvMask } from '../session/env-mask.ts';
import { givenValuesMask, withMaskedStrings } from '../run/given-mask.ts';
import { openSession, SessionBootError, withServer, type ConnectSpec } from '../session/index.ts';
import { displayMask } from '../session/transports.ts';
import { withPreparedSurface } from '../run/prepare.ts';

/**
 * Boot `surface` (for `command` + `url`: start its server first), list its tools (every page), close it and
 * stop the server (its whole process tree, also when the session could not be opened); the surface's temp
 * dir and sandbox are removed. `url` is the Streamable HTTP URL the session used (`${port}` filled in); `mask` is the
 * env mask the session applied to every line the server sent (a file compared with these tools goes through it too).
 * @throws SessionBootError when the server cannot be started or booted; Error when `tools/list` did not complete (a
 *   page that timed out or was an error, a repeated cursor, the page limit): the CLI prints either and exits 2.
 */
export async function listLiveTools(surface: ResolvedSurface): Promise<{ negotiation: Negotiation; tools: ListedTool[]; url?: string; mask: EnvMask }> {
  return withPreparedSurface(surface, ({ spec, session: options }) =>
    bootStderrShown(spec, () => withServer(spec, options, async (_server, context) => {
      const session = await openSession(spec, options, context);
      try {
        const listing = await session.listTools();
        // a listing cut short is no record of the server's tools: a lock of it, or a diff against it, would say every
        // tool it missed was removed
        if (listing.stop !== undefined && listing.stop !== 'end') throw new Error(incompleteListing(listing));
        return { negotiation: session.negotiation, tools: withoutGivenValues(surface, listing.tools), ...('url' in spec ? { url: spec.url } : {}), mask: displayMask(spec) };
      } finally {
        await session.close();
      }
    })),
  );
}

/**
 * `boot()`, with the stderr tail of a SessionBootError it throws (what `snapshot` and `diff` print after the error's
 * message, cli.ts `bootStderr`) through the run's final display pass (session/transports.ts `displayMask`): the
 * credentials the surface was given (`--env-pass GITHUB_TOKEN`, `--env API_KEY=...`) are masked there as in `run`'s
 * reports, where a server that logs its key as it fails to boot put it on the console (a CI log). Rethrows every error.
 */
async function bootStderrShown<T>(spec: ConnectSpec, boot: () => Promise<T>): Promise<T> {
  try {
    return await boot();
  } catch (err) {
    if (err instanceof SessionBootError) {
      const mask = displayMask(spec);
      err.tap.stderrTail = mask.display(err.tap.stderrTail);
      if (err.failure.stderrTail !== undefined) err.failure.stderrTail = mask.display(err.failure.stderrTail);
    }
    throw err;
  }
}

/** Why a listing that did not reach its end is refused, value-free: which page and how it ended. */
function incompleteListing(listing: Listing): string {
  const page = listing.pages.length;
  const last = listing.pages[page - 1];
  const how =
    listing.stop === 'error' ? `page ${page} was not a success (${last?.outcome ?? 'no answer'})`
    : listing.stop === 'cursor-repeat' ? `page ${page} returned a nextCursor an earlier page returned`
    : `it still paginated after ${page} pages`;
  return `tools/list did not complete: ${how}; nothing was recorded or compared (mcp-harness run reports the listing; a slow server needs --request-timeout)`;
}

/**
 * `tools` with every value the surface was given on purpose masked (`[masked:NAME]`, ../run/given-mask.ts): its
 * `env.set` values (`--env`, a config's `env.set`) and the variables it passes beyond the default allow-list
 * (`--env-pass`, a config's `env.allow`). The session already masks the harness's environment the server was NOT
 * given; a value it was given (an API key) that the server copies into a description or a `default` would otherwise
 * reach a lock, which is meant to be committed (a third review). `diff`'s live sides go through here too, and `run`
 * compares a listing with its contract so (../run/surface.ts), so a lock and the server it was recorded from still
 * compare equal. JSON in, JSON out; never throws on listed tools.
 */
function withoutGivenValues(surface: ResolvedSurface, tools: ListedTool[]): ListedTool[] {
  return withMaskedStrings(tools, givenValuesMask(surface));
}
