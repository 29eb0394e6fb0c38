/**
 * protocol/client-capability-use: on the legacy eras the server sends the client only the requests the client's
 * declared capabilities allow. The harness's session declares none (`initialize` with `capabilities: {}`,
 * harness/session/handshake.ts), so `roots/list` (capability `roots`), `sampling/createMessage` (`sampling`) and
 * `elicitation/create` (`elicitation`) sent on it use a capability that was never negotiated. lifecycle §Operation:
 * "Both parties MUST: ... Only use capabilities that were successfully negotiated" from 2025-06-18 on (an error);
 * 2024-11-05 and 2025-03-26 say SHOULD (a warning). `ping` needs no capability; a method the harness does not
 * know is not judged here. The fresh-process probes that declare a realistic set (protocol/client-capabilities)
 * run on processes of their own, whose requests are not in this record. Reproduced by hand on
 * mcp-shrimp-task-manager 1.0.21 (SDK 1.32.2): `initialize` with `{}`, then `tools/call` of list_tasks drew
 * `{"method":"roots/list","jsonrpc":"2.0","id":0}` (a sweep of published servers, 2026-12-05). The 2026-07-28
 * revision has no server-to-client requests on a session to judge (requests carry their own capabilities): the
 * check applies to the legacy eras only. One message per method (its own finding id, so a baseline that accepts one
 * violation never accepts another), no count: a request the server sends only after the session's last answer, and
 * then exits on stdin's close instead, is never seen, so how many came may depend on when the session ended; every
 * such request the session read counts, however many other requests came (the wire tap counts them apart).
 * Spec: spec:2025-11-25/basic/lifecycle.mdx §Operation; spec:2025-11-25/client/roots.mdx, client/sampling.mdx,
 * client/elicitation.mdx §Capabilities.
 */
import { defineCheck } from '../define.ts';
import { atLeastRevision } from '../../wire/revision.ts';
import { CAPABILITY_OF_SERVER_REQUEST } from '../../model/protocol.ts';
import type { SurfaceObservation } from '../../model/observation.ts';

const ID = 'protocol/client-capability-use';

/** The server-to-client request methods and the client capability each needs (model/protocol.ts). */
export const CAPABILITY_OF_METHOD = CAPABILITY_OF_SERVER_REQUEST;

/** The revision from which lifecycle §Operation says MUST (2024-11-05 and 2025-03-26: SHOULD). */
export const CAPABILITY_MUST_REVISION = '2025-06-18';

/** The messageId of each method's finding. */
const MESSAGE_OF_METHOD: Readonly<Record<string, 'roots' | 'sampling' | 'elicitation'>> = { 'roots/list': 'roots', 'sampling/createMessage': 'sampling', 'elicitation/create': 'elicitation' };

const text = (method: string, capability: string) =>
  `The server sent ${method} to a client that declared no '${capability}' capability (initialize declared {}); {{level}} only use capabilities that were successfully negotiated ({{revision}} basic/lifecycle §Operation).`;

/** The capability-gated methods the session's server sent, in method order (the tap's uncapped counts). */
function sentMethods(observation: SurfaceObservation): string[] {
  const counted = observation.wire.capabilityRequests ?? {};
  const listed = observation.wire.serverRequests.filter((m) => Object.hasOwn(CAPABILITY_OF_SERVER_REQUEST, m));
  return [...new Set([...Object.keys(counted).filter((m) => (counted[m] ?? 0) > 0), ...listed])].filter((m) => Object.hasOwn(MESSAGE_OF_METHOD, m)).sort();
}

const fix =
  "Check the client's capabilities before asking: in the TypeScript SDK, `server.getClientCapabilities()?.roots` (or `.sampling`, `.elicitation`) before `server.listRoots()` (`createMessage`, `elicitInput`), and fall back (a configured directory, a default) when it is absent; `new Server(info, { capabilities, enforceStrictCapabilities: true })` makes the SDK refuse such a request itself.";

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'error',
    description: 'The server sends the client only requests its declared capabilities allow (roots/list, sampling/createMessage, elicitation/create).',
    rationale:
      'A client that did not declare roots, sampling or elicitation has no handler for them: the request fails (-32601) and the tool that needed it takes a path its author never ran, or a strict client drops the connection.',
    spec: 'spec:2025-11-25/basic/lifecycle.mdx §Operation; spec:2025-11-25/client/roots.mdx §Capabilities',
    messages: {
      roots: text('roots/list', 'roots'),
      sampling: text('sampling/createMessage', 'sampling'),
      elicitation: text('elicitation/create', 'elicitation'),
    },
    fixes: { roots: fix, sampling: fix, elicitation: fix },
    examples: {
      fail: '{"method":"initialize","params":{"capabilities":{},...}} ... then the server sends {"method":"roots/list","jsonrpc":"2.0","id":0}',
      pass: 'a server that reads getClientCapabilities() and asks for roots only when the client declared them',
    },
  },
  check({ observation }, report) {
    const n = observation.negotiation;
    if (n?.era !== 'legacy') return;
    const must = atLeastRevision(n.protocolVersion, CAPABILITY_MUST_REVISION);
    for (const method of sentMethods(observation)) {
      report({
        messageId: MESSAGE_OF_METHOD[method],
        ...(must ? {} : { severity: 'warning' as const }),
        data: { level: must ? 'both parties must' : 'both parties should', revision: n.protocolVersion ?? '(unknown)' },
      });
    }
  },
});
