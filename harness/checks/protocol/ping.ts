/**
 * protocol/ping: on the legacy eras (2024-11-05 to 2025-11-25) the server answers `ping` with an empty
 * result. The revision's basic/utilities/ping.mdx §Behavior Requirements: "The receiver MUST respond
 * promptly with an empty response" (`{"result": {}}`). A JSON-RPC error, or a result that is not an
 * object, breaks that MUST. The default severity is nevertheless `warning`, not `error`: the team's
 * rule is that a new error ships only once it is reproduced by hand on a real server, and none of the
 * 21 published servers tried (issue 9 trials) fails ping (every one answered `{}`); a config raises it
 * with `'protocol/ping': 'error'`. A result object with members other than `_meta` is not empty, but
 * the schema's EmptyResult (= Result) admits them: a note. A timeout is transport/timeout's finding,
 * never this check's. 2026-07-28 removed `ping` (spec:2026-07-28/changelog.mdx): nothing is sent there.
 * Spec: spec:2025-11-25/basic/utilities/ping.mdx §Behavior Requirements (the same text in every legacy revision).
 */
import { defineCheck } from '../define.ts';
import { probeRecord, responseKind, resultOf, rpcError } from '../../probes/records.ts';
import type { SurfaceObservation } from '../../model/observation.ts';

const ID = 'protocol/ping';
const PROBE = `${ID}:ping`;

/** Ping is a legacy-era method: the 2026-07-28 revision removed it. */
function applies(observation: SurfaceObservation): boolean {
  return observation.negotiation?.era === 'legacy';
}

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'warning',
    description: 'On the legacy eras the server answers ping with an empty result.',
    rationale: 'Hosts ping a server to tell a live connection from a stale one; a server that errors on ping is treated as dead and restarted or dropped.',
    spec: 'spec:2025-11-25/basic/utilities/ping.mdx §Behavior Requirements',
    messages: {
      error: 'ping was answered with JSON-RPC error {{code}}; the receiver must respond with an empty result ({{revision}} basic/utilities/ping).',
      notObject: 'ping was answered with a result that is not an object; the receiver must respond with an empty result ({{revision}} basic/utilities/ping).',
      notEmpty: 'ping was answered with a result carrying {{count}} member(s) besides _meta; the response should be empty ({{revision}} basic/utilities/ping).',
    },
    examples: { fail: '{"method":"ping"} -> {"error":{"code":-32601,"message":"Method not found"}}', pass: '{"method":"ping"} -> {"result":{}}' },
  },
  plan({ observation }) {
    return applies(observation) ? [{ id: PROBE, check: ID, method: 'ping' }] : [];
  },
  check({ observation }, report) {
    const record = applies(observation) ? probeRecord(observation, PROBE) : undefined;
    if (!record) return;
    const revision = observation.negotiation?.protocolVersion ?? '(unknown)';
    const kind = responseKind(record.request);
    if (kind === 'protocol-error') {
      const code = rpcError(record.request)?.code;
      report({ messageId: 'error', pointer: '/error', data: { code: code === undefined ? '(no numeric code)' : String(code), revision } });
      return;
    }
    if (record.request.response === undefined || !('result' in record.request.response)) return; // timeout or exit: the transport checks'
    const result = resultOf(record.request);
    if (!result) {
      report({ messageId: 'notObject', pointer: '/result', data: { revision } });
      return;
    }
    const members = Object.keys(result).filter((k) => k !== '_meta');
    if (members.length > 0) report({ messageId: 'notEmpty', pointer: '/result', severity: 'info', data: { count: members.length, revision } });
  },
});
