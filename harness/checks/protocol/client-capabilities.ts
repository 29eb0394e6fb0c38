/**
 * protocol/client-capabilities: the server serves a client that declares what real clients declare
 * (roots with listChanged, sampling, elicitation), not only the harness's own `{}`.
 * - Legacy eras: `initialize` on a fresh process with that capability set. First the opening
 *   protocol/version-negotiation shares (./future-client.ts: an unknown version, one process for both
 *   checks): served with a result object, the set was served and nothing is reported; any other answer
 *   counts for nothing and the standalone probe (the version the harness offered) runs in round 2, judged
 *   alone as before. lifecycle §Initialization: the server MUST respond with its own capabilities and
 *   information; an error answer is a warning by default (no published server tried fails it, so the
 *   error level was not reproduced on a real server; a config raises it).
 * - 2026-07-28: `tools/list` whose envelope's clientCapabilities carry that set; a JSON-RPC error where
 *   the `{}` listing succeeded is a warning likewise.
 * The standalone probe goes with a control opening (./future-client.ts `controlProbe`: the main session's own
 * `initialize`, on a connection of its own): when that is refused too, the error is not the capabilities' (a server
 * that serves one connection at a time) and a note says so (`freshRefused`).
 * A timeout or exit is the transport checks' finding.
 * Spec: spec:2025-11-25/basic/lifecycle.mdx §Initialization; schema/2025-11-25/schema.ts ClientCapabilities;
 * spec:2026-07-28/basic/index.mdx §_meta.
 */
import { defineCheck } from '../define.ts';
import { probeRecord, responseKind, rpcError } from '../../probes/records.ts';
import { CLIENT_CAPABILITIES_META_KEY } from '../../model/protocol.ts';
import type { SurfaceObservation } from '../../model/observation.ts';
import { controlProbe, controlRefused, freshName, futureClientProbe, futureClientState, initializeParams, REALISTIC_CLIENT_CAPABILITIES } from './future-client.ts';

export { REALISTIC_CLIENT_CAPABILITIES };
const ID = 'protocol/client-capabilities';
const PROBE = `${ID}:realistic`;
/** The modern set: 2026-07-28 removed the roots list_changed notification. */
export const REALISTIC_MODERN_CAPABILITIES = Object.freeze({ roots: {}, sampling: {}, elicitation: {} });

function listedOk(observation: SurfaceObservation): boolean {
  const first = observation.listing?.pages[0];
  return first !== undefined && first.outcome === 'success';
}

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'warning',
    description: 'The server serves a client declaring a realistic capability set (roots, sampling, elicitation), not only {}.',
    rationale: 'Hosts declare roots, sampling and elicitation; a server tested only with empty client capabilities can fail, or take another code path, the first time a real host connects.',
    spec: 'spec:2025-11-25/basic/lifecycle.mdx §Initialization; schema/2025-11-25/schema.ts ClientCapabilities; spec:2026-07-28/basic/index.mdx §_meta',
    messages: {
      initializeRejected: 'initialize declaring the client capabilities roots, sampling and elicitation was answered with JSON-RPC error {{code}}; the server must respond with its own capabilities and information.',
      freshRefused:
        'initialize declaring the client capabilities roots, sampling and elicitation on {{fresh}} got an error, and so did initialize declaring {} with the version the main session was served with: the server does not open another connection while the harness\'s main one is open (a lock, a port, one transport at a time), so how it serves those capabilities was not judged.',
      requestRejected: 'tools/list whose envelope declares the client capabilities roots, sampling and elicitation was answered with JSON-RPC error {{code}}, though the same request with {} was served.',
    },
    examples: {
      fail: '{"method":"initialize","params":{"capabilities":{"roots":{"listChanged":true},"sampling":{},"elicitation":{}},...}} -> {"error":{"code":-32602,"message":"Invalid params"}}',
      pass: '-> {"result":{"protocolVersion":"2025-11-25","capabilities":{"tools":{}},"serverInfo":{...}}}',
    },
  },
  plan({ observation }) {
    const n = observation.negotiation;
    if (!n) return [];
    if (n.era === 'modern') return listedOk(observation) ? [{ id: PROBE, check: ID, method: 'tools/list', params: { _meta: { [CLIENT_CAPABILITIES_META_KEY]: REALISTIC_MODERN_CAPABILITIES } } }] : [];
    // round 1 the shared opening; round 2 keeps it when served (nothing to report), else the standalone probe
    if (futureClientState(observation, ID) !== 'not-served') return [futureClientProbe(ID)];
    return [{ id: PROBE, check: ID, method: 'initialize', params: initializeParams(n.offeredVersion, REALISTIC_CLIENT_CAPABILITIES), freshProcess: true }, controlProbe(ID, n.offeredVersion)];
  },
  check({ observation }, report) {
    const record = probeRecord(observation, PROBE);
    if (!record || responseKind(record.request) !== 'protocol-error') return;
    const code = rpcError(record.request)?.code;
    const data = { code: code === undefined ? '(no numeric code)' : String(code) };
    if (observation.negotiation?.era === 'modern') {
      if (listedOk(observation)) report({ messageId: 'requestRejected', pointer: '/error', data });
    } else if (controlRefused(observation, ID)) report({ messageId: 'freshRefused', severity: 'info', pointer: '/error', data: { fresh: freshName(observation) } });
    else report({ messageId: 'initializeRejected', pointer: '/error', data });
  },
});
