/**
 * transport/http-protocol-version: the `MCP-Protocol-Version` header is answered as the revision says.
 * Legacy era from 2025-06-18 (basic/transports §Protocol Version Header): an invalid or unsupported value
 * MUST get 400 Bad Request (error); a missing header SHOULD be read as 2025-03-26 (warning when refused).
 * 2026-07-28 (transports/streamable-http §Server Validation): a header that does not match the body MUST
 * be rejected with 400 Bad Request (error; the probe sends `Mcp-Method` naming another method).
 */
import { defineCheck } from '../define.ts';
import type { ProbeRequest } from '../../model/wire.ts';
import { atLeast, probeExchange, revisionOf, served } from './http.ts';

const ID = 'transport/http-protocol-version';
const UNSUPPORTED = `${ID}:unsupported`;
const MISSING = `${ID}:missing`;
const MISMATCH = `${ID}:mismatch`;
/** A protocol revision no server supports. */
export const BOGUS_HEADER_VERSION = '1999-01-01';

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'error',
    description: 'An unsupported MCP-Protocol-Version header gets 400; a missing one is read as 2025-03-26; on 2026-07-28 a header that contradicts the body gets 400.',
    rationale:
      'The header is how gateways and the server agree on the revision before reading the body; a server that ignores it serves a client speaking a revision it does not implement, and on 2026-07-28 a mismatch between header and body is how an intermediary and the server come to act on different requests.',
    spec: 'spec:2025-11-25/basic/transports.mdx §Protocol Version Header; spec:2025-06-18/basic/transports.mdx §Protocol Version Header; spec:2026-07-28/basic/transports/streamable-http.mdx §Server Validation',
    transports: ['streamable-http'],
    messages: {
      unsupportedServed: 'A request with MCP-Protocol-Version: {{version}} (a revision no server supports) got HTTP {{status}}; an unsupported protocol version header MUST be answered with 400 Bad Request.',
      missingRefused: 'A request without the MCP-Protocol-Version header got HTTP {{status}}; a server SHOULD then assume protocol version 2025-03-26 and serve it (backwards compatibility).',
      mismatchServed: 'A request whose Mcp-Method header names another method than its body got HTTP {{status}}; a server MUST reject headers that do not match the body with 400 Bad Request.',
    },
    examples: {
      fail: 'POST tools/list with MCP-Protocol-Version: 1999-01-01 -> 200 with the result',
      pass: 'POST tools/list with MCP-Protocol-Version: 1999-01-01 -> 400 Bad Request',
    },
  },
  plan({ observation }) {
    const era = observation.negotiation?.era;
    if (era === 'modern') return [{ id: MISMATCH, check: ID, method: 'tools/list', http: { headers: { 'mcp-method': 'tools/call' } } }];
    if (era !== 'legacy' || !atLeast(revisionOf(observation), '2025-06-18')) return [];
    const probes: ProbeRequest[] = [
      { id: UNSUPPORTED, check: ID, method: 'tools/list', http: { headers: { 'mcp-protocol-version': BOGUS_HEADER_VERSION } } },
      { id: MISSING, check: ID, method: 'tools/list', http: { headers: { 'mcp-protocol-version': null } } },
    ];
    return probes;
  },
  check({ observation }, report) {
    const era = observation.negotiation?.era;
    if (era === 'modern') {
      const mismatch = probeExchange(observation, MISMATCH);
      if (mismatch && mismatch.status !== 400) report({ messageId: 'mismatchServed', data: { status: mismatch.status } });
      return;
    }
    if (era !== 'legacy' || !atLeast(revisionOf(observation), '2025-06-18')) return;
    const unsupported = probeExchange(observation, UNSUPPORTED);
    if (unsupported && unsupported.status !== 400) report({ messageId: 'unsupportedServed', data: { version: BOGUS_HEADER_VERSION, status: unsupported.status } });
    const missing = probeExchange(observation, MISSING);
    if (missing && !served(missing.status)) report({ messageId: 'missingRefused', severity: 'warning', data: { status: missing.status } });
  },
});
