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
 * violation never accepts another), no count (how many came may depend on how far a cut-short session got); every
 * such request the session read counts, however many other requests came (the wire tap counts them apart), those
 * sent after the session's last answer while the process shuts down included (the tap is read once it exited).
 * The message says when they came (`WireTap.capabilityRequestTiming`): in the `tools/call` of a tool when that
 * tool's calls were all the harness had in flight (or, over Streamable HTTP, on the call's own answer stream: the
 * spec's related request), "while several requests were in flight" with no tool named when they were not (stdio
 * relates a server request to no request: naming one would be a guess), "while no tools/call was in flight"
 * otherwise. In the message only, never in the finding's identity: which requests were in flight is timing.
 * A request other than `ping` that the server sent before it answered `initialize` (`WireTap.requestsBeforeInitialize`)
 * is the warning `requestBeforeInitialize`, one for the session naming its methods: lifecycle §Initialization, "The server
 * SHOULD NOT send requests other than pings and logging before receiving the initialized notification" (logging is a
 * notification, not a request), in every legacy revision. Reproduced by hand on @twilio-alpha/mcp 0.7.0 (sweep 19): its
 * logger writes `{"jsonrpc":"2.0","method":"log","params":{...},"id":"<uuid>"}` ahead of the initialize answer. Only
 * requests read before that answer count: one the server writes after answering but before it reads `initialized` may be
 * read on either side of the harness's write of that notification (timing), so it is not judged.
 * Spec: spec:2025-11-25/basic/lifecycle.mdx §Operation, §Initialization; spec:2025-11-25/client/roots.mdx, client/sampling.mdx,
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
  `The server sent ${method}{{during}} to a client that declared no '${capability}' capability (initialize declared {}); {{level}} only use capabilities that were successfully negotiated ({{revision}} basic/lifecycle §Operation).`;

/** Tools named in a message; the rest are counted ("and N more"). */
const NAMED_TOOLS = 3;

/** When `method`'s requests came, as the message's ` in the tools/call of 'x'...` (empty when the tap did not say). */
function during(observation: SurfaceObservation, method: string): string {
  const timing = observation.wire.capabilityRequestTiming?.[method];
  if (timing === undefined) return '';
  const parts: string[] = [];
  const { tools } = timing;
  if (tools.length > 0) {
    const named = tools.slice(0, NAMED_TOOLS).map((t) => `'${t}'`);
    const more = tools.length - named.length;
    const list = more > 0 ? `${named.join(', ')} and ${more} more` : named.length > 1 ? `${named.slice(0, -1).join(', ')} and ${named.at(-1)}` : named[0];
    parts.push(`in the tools/call of ${list}`);
  }
  if (timing.several) parts.push('while several requests were in flight (no tool named: nothing on the wire ties it to one)');
  if (timing.idle) parts.push('while no tools/call was in flight');
  return parts.length === 0 ? '' : ` ${parts.join(', and ')}`;
}

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
    description: 'The server sends the client only requests its declared capabilities allow (roots/list, sampling/createMessage, elicitation/create), and none but ping before initialize is answered.',
    rationale:
      'A client that did not declare roots, sampling or elicitation has no handler for them: the request fails (-32601) and the tool that needed it takes a path its author never ran, or a strict client drops the connection.',
    spec: 'spec:2025-11-25/basic/lifecycle.mdx §Operation, §Initialization; spec:2025-11-25/client/roots.mdx §Capabilities',
    messages: {
      roots: text('roots/list', 'roots'),
      sampling: text('sampling/createMessage', 'sampling'),
      elicitation: text('elicitation/create', 'elicitation'),
      requestBeforeInitialize:
        'The server sent a JSON-RPC request ({{methods}}) before it answered initialize, so before it could have received notifications/initialized; a server should not send requests other than pings before that notification ({{revision}} basic/lifecycle §Initialization): the client may not be ready to answer, and a request it does not know draws -32601.',
    },
    fixes: {
      roots: fix,
      sampling: fix,
      elicitation: fix,
      requestBeforeInitialize:
        "Send nothing but notifications before the session is initialized: log to stderr (or, once initialized, with notifications/message), and ask the client for anything only after the SDK's oninitialized callback.",
    },
    examples: {
      fail: '{"method":"initialize","params":{"capabilities":{},...}} ... then, in a tools/call, the server sends {"method":"roots/list","jsonrpc":"2.0","id":0}',
      pass: 'a server that reads getClientCapabilities() and asks for roots only when the client declared them',
    },
  },
  check({ observation }, report) {
    const n = observation.negotiation;
    if (n?.era !== 'legacy') return;
    const early = observation.wire.requestsBeforeInitialize ?? [];
    if (early.length > 0) {
      const methods = [...early].sort().map((m) => `'${m}'`).join(', ');
      report({ messageId: 'requestBeforeInitialize', severity: 'warning', data: { methods, revision: n.protocolVersion ?? '(unknown)' } });
    }
    const must = atLeastRevision(n.protocolVersion, CAPABILITY_MUST_REVISION);
    for (const method of sentMethods(observation)) {
      report({
        messageId: MESSAGE_OF_METHOD[method],
        ...(must ? {} : { severity: 'warning' as const }),
        data: { during: during(observation, method), level: must ? 'both parties must' : 'both parties should', revision: n.protocolVersion ?? '(unknown)' },
      });
    }
  },
});
