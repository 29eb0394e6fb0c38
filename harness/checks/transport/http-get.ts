/**
 * transport/http-get: a Streamable HTTP server answers a GET of the MCP endpoint as the transport page
 * says. 2025-03-26 to 2025-11-25 basic/transports §Listening for Messages from the Server: "The server MUST
 * either return `Content-Type: text/event-stream` in response to this HTTP GET, or else return HTTP 405
 * Method Not Allowed" (anything else = error). 2026-07-28 transports/streamable-http §Earlier Streamable
 * HTTP Revisions removed the GET stream: "A server that supports only this revision ... SHOULD respond"
 * to a GET "with 405 Method Not Allowed" (warning; judged only when the server's `server/discover` lists no
 * earlier revision). The probe GETs the endpoint with `Accept: text/event-stream`, the session's id and
 * protocol version header; a stream the server opens is closed at once.
 */
import { defineCheck } from '../define.ts';
import { atLeast, probeExchange, revisionOf, served } from './http.ts';
import type { SurfaceObservation } from '../../model/observation.ts';

const ID = 'transport/http-get';
const PROBE = `${ID}:get-stream`;
const MODERN = '2026-07-28';

/** The server's `server/discover` lists only 2026-07-28 or later revisions (it serves no legacy client). */
function modernOnly(observation: SurfaceObservation): boolean {
  const discover = observation.negotiation?.discover;
  const versions = discover !== null && typeof discover === 'object' ? (discover as { supportedVersions?: unknown }).supportedVersions : undefined;
  return Array.isArray(versions) && versions.length > 0 && versions.every((v) => typeof v === 'string' && atLeast(v, MODERN));
}

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'error',
    description: 'A GET of the MCP endpoint gets an SSE stream or 405 (2025-03-26 to 2025-11-25); 405 from a server that speaks only 2026-07-28.',
    rationale:
      'A client MAY open the GET stream to hear the server outside a request; it tells "no stream here" from a broken endpoint only by the 405. Any other answer (a JSON body, a 404, a 400) leaves a conforming client unable to decide whether to retry.',
    spec: 'spec:2025-11-25/basic/transports.mdx §Listening for Messages from the Server; spec:2026-07-28/basic/transports/streamable-http.mdx §Earlier Streamable HTTP Revisions',
    transports: ['streamable-http'],
    messages: {
      neitherStreamNor405: 'A GET of the MCP endpoint (Accept: text/event-stream) got HTTP {{status}} with Content-Type {{type}}; the server MUST answer it with a text/event-stream or with 405 Method Not Allowed (revision {{revision}}).',
      modernNot405: 'A GET of the MCP endpoint got HTTP {{status}}; the 2026-07-28 revision has no GET stream, and a server that supports only it SHOULD answer 405 Method Not Allowed.',
    },
    fixes: {
      neitherStreamNor405: 'Route GET on the MCP endpoint: open the standalone SSE stream (Content-Type: text/event-stream), or answer 405 with an `Allow: POST` header (and DELETE where sessions are ended) when the server offers no stream.',
    },
    examples: {
      fail: 'GET /mcp (Accept: text/event-stream) -> 200 Content-Type: application/json',
      pass: 'GET /mcp -> 405 Method Not Allowed, or 200 Content-Type: text/event-stream',
    },
  },
  plan({ observation }) {
    if (!observation.negotiation) return [];
    return [{ id: PROBE, check: ID, method: 'tools/list', http: { method: 'GET' } }];
  },
  check({ observation }, report) {
    const exchange = probeExchange(observation, PROBE);
    const revision = revisionOf(observation);
    if (!exchange || revision === undefined) return;
    const { status } = exchange;
    if (atLeast(revision, MODERN)) {
      if (status !== 405 && modernOnly(observation)) report({ messageId: 'modernNot405', severity: 'warning', data: { status } });
      return;
    }
    const stream = served(status) && exchange.contentType === 'text/event-stream';
    if (status !== 405 && !stream) report({ messageId: 'neitherStreamNor405', data: { status, type: exchange.contentType ?? '(none)', revision } });
  },
});
