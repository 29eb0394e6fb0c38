/**
 * protocol/cancellation: a tools/call cancelled right after it was sent gets no response after the
 * cancellation (warning: the receiver SHOULD NOT respond), and the server still answers a follow-up
 * `tools/list` (error when it does not: the server stopped serving).
 * The probe repeats the first call that succeeded, so it is known to be valid and safe to repeat.
 * Spec: spec:2025-11-25/basic/utilities/cancellation.mdx; spec:2026-07-28/basic/patterns/cancellation.mdx.
 */
import { defineCheck } from '../define.ts';
import { probeRecord, responseKind } from '../../probes/records.ts';
import { listedTools, mayProbe } from '../../probes/targets.ts';
import type { CallRecord, SurfaceObservation } from '../../types.ts';

const ID = 'protocol/cancellation';
const CALL = `${ID}:call`;
const FOLLOW_UP = `${ID}:follow-up`;

/** The first successful call of a tool that may be repeated (not destructive unless allowed). */
function repeatable(observation: SurfaceObservation): CallRecord | undefined {
  const allowed = new Set(listedTools(observation).filter((t) => mayProbe(observation, t)).map((t) => t.name));
  return observation.calls.find((c) => allowed.has(c.scenario.tool) && responseKind(c.request) === 'result');
}

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'warning',
    description: 'A cancelled call gets no response after the cancellation and the server stays responsive.',
    rationale: 'Clients time out and cancel; a server that keeps answering cancelled requests wastes work and confuses clients that reuse ids, and one that stops serving after a cancellation hangs the host.',
    spec: 'spec:2025-11-25/basic/utilities/cancellation.mdx; spec:2026-07-28/basic/patterns/cancellation.mdx',
    messages: {
      respondedAfterCancel: 'Tool {{tool}}: a tools/call cancelled with notifications/cancelled was still answered after the cancellation; the receiver SHOULD NOT respond to a cancelled request.',
      unresponsive: 'After a cancelled tools/call of tool {{tool}}, the server did not answer a follow-up tools/list ({{outcome}}); it must keep serving.',
    },
    examples: {
      fail: 'tools/call id 7, then notifications/cancelled {requestId: 7} -> the server still sends the result for id 7',
      pass: 'the server stops the work and sends nothing for id 7; a later tools/list is answered',
    },
  },
  plan({ observation }) {
    const call = repeatable(observation);
    if (!call) return [];
    const params = { name: call.scenario.tool, arguments: call.scenario.arguments };
    return [
      { id: CALL, check: ID, tool: call.scenario.tool, method: 'tools/call', params, cancelAfterMs: 0 },
      { id: FOLLOW_UP, check: ID, tool: call.scenario.tool, method: 'tools/list', params: {} },
    ];
  },
  check({ observation }, report) {
    const call = probeRecord(observation, CALL);
    if (!call) return;
    const tool = call.probe.tool ?? '(unknown)';
    if ((call.request.lateFrames ?? []).length > 0) report({ messageId: 'respondedAfterCancel', tool, pointer: '/params/requestId', data: { tool } });
    const followUp = probeRecord(observation, FOLLOW_UP);
    if (followUp && (followUp.request.outcome === 'timeout' || followUp.request.outcome === 'exit')) {
      report({ messageId: 'unresponsive', tool, severity: 'error', data: { tool, outcome: followUp.request.outcome } });
    }
  },
});
