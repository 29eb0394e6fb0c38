/**
 * transport/http-host (info, policy): a Streamable HTTP server refuses a request whose `Host` header names
 * a foreign host (DNS-rebinding defence in depth). No revision makes this a rule: 2025-03-26 to 2026-07-28
 * §Security Warning require Origin validation ("Servers MUST validate the Origin header on all incoming
 * connections to prevent DNS rebinding attacks") and say nothing of Host; but a browser sends no Origin on
 * a same-origin GET, so after a rebinding only the Host header still names the attacker's domain, and both
 * SDKs ship Host validation for exactly this (SDK 1.x `allowedHosts` + `enableDnsRebindingProtection`, SDK 2.x
 * `hostHeaderValidationResponse` / `localhostHostValidation`). The probe is a `tools/list` on the session's
 * connection with `Host: mcp-harness.invalid` (a name that can never resolve, RFC 6761) and no Origin.
 */
import { defineCheck } from '../define.ts';
import { probeExchange, revisionOf, served } from './http.ts';

const ID = 'transport/http-host';
const PROBE = `${ID}:foreign-host`;
/** A host name that can never be a real site (`.invalid`, RFC 6761). */
export const FOREIGN_HOST = 'mcp-harness.invalid';

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'info',
    description: 'A Streamable HTTP server refuses a request whose Host header names a foreign host (DNS-rebinding defence; policy, no spec rule).',
    rationale:
      'A DNS-rebinding page talks to a local server under its own domain: its same-origin GETs carry no Origin header, only a Host naming that domain. The spec requires Origin validation only, so this is a note; both MCP SDKs validate Host for this reason, and the conformance suite reported a foreign Host served on server-everything.',
    spec: 'spec:2025-11-25/basic/transports.mdx §Security Warning; spec:2026-07-28/basic/transports/streamable-http.mdx §Security & Endpoint',
    transports: ['streamable-http'],
    messages: {
      hostServed: 'A request with a foreign Host header (and no Origin) was served (HTTP {{status}}, revision {{revision}}); validating Host against the names the server answers to (e.g. 127.0.0.1, localhost) closes the DNS-rebinding path that a same-origin request without Origin leaves open.',
    },
    fixes: {
      hostServed:
        'With SDK 1.x pass `allowedHosts` and `enableDnsRebindingProtection: true` to `StreamableHTTPServerTransport` (or use `createMcpExpressApp`); with SDK 2.x put `hostHeaderValidationResponse(request, localhostAllowedHostnames())` in front of the handler (or `localhostHostValidation()` from `@modelcontextprotocol/node`); answer 403 for any other Host.',
    },
    examples: {
      fail: 'POST /mcp with Host: mcp-harness.invalid -> 200 with the tools/list result',
      pass: 'POST /mcp with Host: mcp-harness.invalid -> 403 Forbidden',
    },
  },
  plan() {
    return [{ id: PROBE, check: ID, method: 'tools/list', http: { headers: { host: FOREIGN_HOST, origin: null } } }];
  },
  check({ observation }, report) {
    const exchange = probeExchange(observation, PROBE);
    const revision = revisionOf(observation);
    if (!exchange || revision === undefined || !served(exchange.status)) return;
    report({ messageId: 'hostServed', data: { status: exchange.status, revision }, evidence: { host: FOREIGN_HOST } });
  },
});
