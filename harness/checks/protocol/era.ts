/**
 * protocol/era: which era and revision the surface negotiated. A legacy-only server is a note (info):
 * on 2025-11-25, the newest legacy revision, and on any older known revision it supports (answering
 * `initialize` with another revision the server supports is exactly what 2025-11-25 lifecycle
 * §Version Negotiation allows). A warning only when `initialize` answers a revision the harness does
 * not know, or 2026-07-28 (which has no `initialize`). Modern surfaces get no finding.
 * (spec:2026-07-28/basic/versioning.mdx; spec:2025-11-25/basic/lifecycle.mdx §Version Negotiation)
 */
import { defineCheck } from '../define.ts';
import { KNOWN_PROTOCOL_VERSIONS, LATEST_LEGACY_PROTOCOL_VERSION, MODERN_PROTOCOL_VERSION } from '../../model/protocol.ts';

export default defineCheck({
  meta: {
    id: 'protocol/era',
    defaultSeverity: 'warning',
    description: 'Reports the negotiated era and revision (a note); initialize answered with an unknown revision, or with 2026-07-28, is a warning.',
    rationale:
      'Hosts move to the stateless 2026-07-28 revision; a server that only speaks the initialize handshake relies on their fallback, and one pinned to 2025-06-18 or older misses the tool-name rules, the 2020-12 dialect default and the input-validation-as-tool-error rule.',
    spec: 'spec:2026-07-28/basic/versioning.mdx; spec:2025-11-25/basic/lifecycle.mdx §Version Negotiation',
    messages: {
      legacyEra: `The server speaks only the legacy era (initialize) at revision {{version}}; it does not serve ${MODERN_PROTOCOL_VERSION} (server/discover).`,
      supersededRevision: `The server speaks only the legacy era and answered initialize with revision {{version}}, which it supports (allowed by version negotiation); newer revisions are ${LATEST_LEGACY_PROTOCOL_VERSION} and ${MODERN_PROTOCOL_VERSION}.`,
      unknownVersion: 'The initialize result carries a protocolVersion the harness does not know (at {{pointer}}); known revisions: {{known}}.',
      modernViaInitialize: `The server answered initialize with ${MODERN_PROTOCOL_VERSION}, a revision that has no initialize handshake (at {{pointer}}).`,
    },
    examples: {
      fail: '{"result":{"protocolVersion":"2099-01-01","capabilities":{"tools":{}},"serverInfo":{...}}}  // initialize answered with a revision that does not exist',
      pass: 'server/discover answers a DiscoverResult listing 2026-07-28',
    },
  },
  check(ctx, report) {
    const negotiation = ctx.observation.negotiation;
    if (negotiation === undefined || negotiation.era !== 'legacy') return;
    const version = negotiation.protocolVersion;
    const pointer = '/initialize/protocolVersion';
    if (!(KNOWN_PROTOCOL_VERSIONS as readonly string[]).includes(version)) {
      return report({ messageId: 'unknownVersion', pointer, data: { pointer, known: KNOWN_PROTOCOL_VERSIONS.join(', ') }, evidence: version });
    }
    if (version === MODERN_PROTOCOL_VERSION) return report({ messageId: 'modernViaInitialize', pointer, data: { pointer } });
    if (version === LATEST_LEGACY_PROTOCOL_VERSION) return report({ messageId: 'legacyEra', severity: 'info', data: { version } });
    // an older revision the server supports is a legal answer (lifecycle §Version Negotiation): a note
    report({ messageId: 'supersededRevision', severity: 'info', pointer, data: { version } });
  },
});
