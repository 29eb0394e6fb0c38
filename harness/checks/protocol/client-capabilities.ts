/**
 * protocol/client-capabilities: the server serves a client that declares what real clients declare
 * (roots with listChanged, sampling, elicitation), not only the harness's own `{}`.
 * - Legacy eras: `initialize` on a fresh process with that capability set (and the version the harness
 *   offered). lifecycle §Initialization: the server MUST respond with its own capabilities and
 *   information; an error answer is a warning by default (no published server tried fails it, so the
 *   error level was not reproduced on a real server; a config raises it).
 * - 2026-07-28: `tools/list` whose envelope's clientCapabilities carry that set; a JSON-RPC error where
 *   the `{}` listing succeeded is a warning likewise.
 * A timeout or exit is the transport checks' finding.
 * Spec: spec:2025-11-25/basic/lifecycle.mdx §Initialization; schema/2025-11-25/schema.ts ClientCapabilities;
 * spec:2026-07-28/basic/index.mdx §_meta.
 */
import { defineCheck } from '../define.ts';
import { probeRecord, responseKind, rpcError } from '../../probes/records.ts';
import { CLIENT_CAPABILITIES_META_KEY } from '../../model/protocol.ts';
import type { SurfaceObservation } from '../../model/observation.ts';

const ID = 'protocol/client-capabilities';
const PROBE = `${ID}:realistic`;

/** A capability set as desktop and IDE clients send it (roots with listChanged, sampling, form elicitation). */
export const REALISTIC_CLIENT_CAPABILITIES = Object.freeze({ roots: { listChanged: true }, sampling: {}, elicitation: {} });
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
    const params = { protocolVersion: n.offeredVersion, capabilities: REALISTIC_CLIENT_CAPABILITIES, clientInfo: { name: 'mcp-harness', version: '0.1.0' } };
    return [{ id: PROBE, check: ID, method: 'initialize', params, freshProcess: true }];
  },
  check({ observation }, report) {
    const record = probeRecord(observation, PROBE);
    if (!record || responseKind(record.request) !== 'protocol-error') return;
    const code = rpcError(record.request)?.code;
    const data = { code: code === undefined ? '(no numeric code)' : String(code) };
    if (observation.negotiation?.era === 'modern') {
      if (listedOk(observation)) report({ messageId: 'requestRejected', pointer: '/error', data });
    } else report({ messageId: 'initializeRejected', pointer: '/error', data });
  },
});
