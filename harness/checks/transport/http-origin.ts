/**
 * transport/http-origin: a Streamable HTTP server refuses a request whose `Origin` is foreign (DNS
 * rebinding protection). Spec 2025-03-26 and 2025-06-18 basic/transports §Security Warning: servers MUST
 * validate the Origin header on all incoming connections (served = error); 2025-11-25 and 2026-07-28 add:
 * if the Origin header is present and invalid, servers MUST respond with HTTP 403 Forbidden (any other
 * answer = error). The probe is a `tools/list` sent with `Origin: http://mcp-harness.invalid` (a name that
 * can never resolve, RFC 6761), on the session's own connection.
 */
import { defineCheck } from '../define.ts';
import { atLeast, probeExchange, revisionOf, served } from './http.ts';

const ID = 'transport/http-origin';
const PROBE = `${ID}:foreign-origin`;
/** A foreign origin that can never be a real site (`.invalid`, RFC 6761). */
export const FOREIGN_ORIGIN = 'http://mcp-harness.invalid';

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'error',
    description: 'A Streamable HTTP server refuses a request with a foreign Origin (403 from 2025-11-25 on).',
    rationale:
      'Without Origin validation any web page the user visits can drive a local MCP server through DNS rebinding: call its tools, read its resources. The conformance suite found exactly this on server-everything in HTTP mode.',
    spec: 'spec:2025-11-25/basic/transports.mdx §Security Warning; spec:2025-06-18/basic/transports.mdx §Security Warning',
    transports: ['streamable-http'],
    messages: {
      notForbidden: 'A request with a foreign Origin header got HTTP {{status}}; a server MUST answer an invalid Origin with 403 Forbidden (revision {{revision}}).',
      notValidated: 'A request with a foreign Origin header was served (HTTP {{status}}); a server MUST validate the Origin header to prevent DNS rebinding (revision {{revision}}).',
    },
    fixes: {
      notForbidden:
        'Validate `Origin` before handling the request: with SDK 1.x pass `allowedOrigins` and `enableDnsRebindingProtection: true` to `StreamableHTTPServerTransport` (or use `createMcpExpressApp` with host validation); answer 403 for any origin not on the list.',
    },
    examples: {
      fail: 'POST /mcp with Origin: http://mcp-harness.invalid -> 200 with the tools/list result',
      pass: 'POST /mcp with Origin: http://mcp-harness.invalid -> 403 Forbidden',
    },
  },
  plan() {
    return [{ id: PROBE, check: ID, method: 'tools/list', http: { headers: { origin: FOREIGN_ORIGIN } } }];
  },
  check({ observation }, report) {
    const exchange = probeExchange(observation, PROBE);
    const revision = revisionOf(observation);
    if (!exchange || revision === undefined) return;
    const data = { status: exchange.status, revision };
    if (atLeast(revision, '2025-11-25')) {
      if (exchange.status !== 403) report({ messageId: 'notForbidden', data, evidence: { origin: FOREIGN_ORIGIN } });
    } else if (served(exchange.status)) report({ messageId: 'notValidated', data, evidence: { origin: FOREIGN_ORIGIN } });
  },
});
