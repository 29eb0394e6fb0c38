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
 * check applies to the legacy eras only.
 * Spec: spec:2025-11-25/basic/lifecycle.mdx §Operation; spec:2025-11-25/client/roots.mdx, client/sampling.mdx,
 * client/elicitation.mdx §Capabilities.
 */
import { defineCheck } from '../define.ts';
import { atLeastRevision } from '../../wire/revision.ts';

const ID = 'protocol/client-capability-use';

/** The server-to-client request methods and the client capability each needs (spec:2025-11-25/client/*.mdx). */
export const CAPABILITY_OF_METHOD: Readonly<Record<string, string>> = Object.freeze({
  'roots/list': 'roots',
  'sampling/createMessage': 'sampling',
  'elicitation/create': 'elicitation',
});

/** The revision from which lifecycle §Operation says MUST (2024-11-05 and 2025-03-26: SHOULD). */
export const CAPABILITY_MUST_REVISION = '2025-06-18';

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'error',
    description: 'The server sends the client only requests its declared capabilities allow (roots/list, sampling/createMessage, elicitation/create).',
    rationale:
      'A client that did not declare roots, sampling or elicitation has no handler for them: the request fails (-32601) and the tool that needed it takes a path its author never ran, or a strict client drops the connection.',
    spec: 'spec:2025-11-25/basic/lifecycle.mdx §Operation; spec:2025-11-25/client/roots.mdx §Capabilities',
    messages: {
      undeclared:
        "The server sent {{method}} {{count}} time(s) to a client that declared no '{{capability}}' capability (initialize declared {}); {{level}} only use capabilities that were successfully negotiated ({{revision}} basic/lifecycle §Operation).",
    },
    fixes: {
      undeclared:
        "Check the client's capabilities before asking: in the TypeScript SDK, `server.getClientCapabilities()?.roots` (or `.sampling`, `.elicitation`) before `server.listRoots()` (`createMessage`, `elicitInput`), and fall back (a configured directory, a default) when it is absent; `new Server(info, { capabilities, enforceStrictCapabilities: true })` makes the SDK refuse such a request itself.",
    },
    examples: {
      fail: '{"method":"initialize","params":{"capabilities":{},...}} ... then the server sends {"method":"roots/list","jsonrpc":"2.0","id":0}',
      pass: 'a server that reads getClientCapabilities() and asks for roots only when the client declared them',
    },
  },
  check({ observation }, report) {
    const n = observation.negotiation;
    if (n?.era !== 'legacy') return;
    const counts = new Map<string, number>();
    for (const method of observation.wire.serverRequests) if (Object.hasOwn(CAPABILITY_OF_METHOD, method)) counts.set(method, (counts.get(method) ?? 0) + 1);
    const must = atLeastRevision(n.protocolVersion, CAPABILITY_MUST_REVISION);
    for (const [method, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      report({
        messageId: 'undeclared',
        ...(must ? {} : { severity: 'warning' as const }),
        data: { method, count, capability: CAPABILITY_OF_METHOD[method], level: must ? 'both parties must' : 'both parties should', revision: n.protocolVersion ?? '(unknown)' },
      });
    }
  },
});
