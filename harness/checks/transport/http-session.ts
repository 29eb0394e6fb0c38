/**
 * transport/http-session: a Streamable HTTP server that issued a session id holds requests to it (legacy
 * era, 2025-03-26 to 2025-11-25 basic/transports §Session Management). A request without the
 * `Mcp-Session-Id` header after initialize: servers that require a session id SHOULD answer 400 Bad
 * Request (warning otherwise). A request with an id the server never issued: a server MUST answer a
 * terminated session's id with 404 Not Found, and an unknown id is no better (warning: the MUST is
 * worded for terminated sessions). Judged only when the server named a session id in its initialize
 * answer; the 2026-07-28 revision has no sessions.
 */
import { defineCheck } from '../define.ts';
import { issuedSession, probeExchange } from './http.ts';

const ID = 'transport/http-session';
const MISSING = `${ID}:missing`;
const UNKNOWN = `${ID}:unknown`;

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'warning',
    description: 'A server that issued a session id answers a request without one with 400, and one with an unknown id with 404.',
    rationale:
      'A session id is what ties a client to its state on the server; a server that serves requests without it, or with an id it never issued, lets any client act in any session and tells a client whose session expired nothing (a 404 is what makes it start a new one).',
    spec: 'spec:2025-11-25/basic/transports.mdx §Session Management; spec:2025-06-18/basic/transports.mdx §Session Management',
    transports: ['streamable-http'],
    messages: {
      missingNot400: 'After initialize issued a session id, a request without the Mcp-Session-Id header got HTTP {{status}}; a server that requires a session id SHOULD answer 400 Bad Request.',
      unknownNot404: 'A request with an Mcp-Session-Id the server never issued got HTTP {{status}}; a session id the server does not hold SHOULD be answered with 404 Not Found (a terminated one MUST), so the client starts a new session.',
    },
    examples: {
      fail: 'POST tools/list with Mcp-Session-Id: <random uuid> -> 200 with the result',
      pass: 'POST tools/list with Mcp-Session-Id: <random uuid> -> 404; without the header -> 400',
    },
  },
  plan({ observation }) {
    if (observation.negotiation?.era !== 'legacy') return [];
    return [
      { id: MISSING, check: ID, method: 'tools/list', http: { session: 'none' } },
      { id: UNKNOWN, check: ID, method: 'tools/list', http: { session: 'unknown' } },
    ];
  },
  check({ observation }, report) {
    if (observation.negotiation?.era !== 'legacy' || !issuedSession(observation)) return;
    const missing = probeExchange(observation, MISSING);
    if (missing && missing.status !== 400) report({ messageId: 'missingNot400', data: { status: missing.status } });
    const unknown = probeExchange(observation, UNKNOWN);
    if (unknown && unknown.status !== 404) report({ messageId: 'unknownNot404', data: { status: unknown.status } });
  },
});
