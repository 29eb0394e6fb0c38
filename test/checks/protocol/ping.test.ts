import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/protocol/ping.ts';
import { checkTester, makeObservation } from '../../helpers/check-tester.ts';
import { answerAll, makeProbeRecord } from '../../probes/records.ts';
import type { SurfaceObservation } from '../../../harness/model/observation.ts';

const ctx = (o: SurfaceObservation) => ({ observation: o, schemas: undefined as never, options: {} });

/** A legacy observation (2025-11-25 unless given) whose ping probe got `answer`. */
function pinged(answer: { result?: unknown; error?: unknown } | undefined, protocolVersion = '2025-11-25'): SurfaceObservation {
  const o = makeObservation({ protocolVersion });
  return { ...o, probes: answerAll(check.plan!(ctx(o)), () => answer) };
}

checkTester(check, {
  valid: [
    { name: 'empty result', observation: pinged({ result: {} }), strict: true },
    { name: 'empty result with _meta', observation: pinged({ result: { _meta: { trace: 'x' } } }), strict: true },
    { name: '2024-11-05: empty result', observation: pinged({ result: {} }, '2024-11-05'), strict: true },
    { name: 'no answer: transport/timeout owns it', observation: pinged(undefined), strict: true },
    { name: 'modern era: ping was removed in 2026-07-28, nothing judged', observation: makeObservation({ era: 'modern', probes: [makeProbeRecord({ id: 'protocol/ping:ping', check: 'protocol/ping', method: 'ping' }, { error: { code: -32601, message: 'Method not found' } })] }), strict: true },
  ],
  invalid: [
    { name: 'JSON-RPC error (MUST respond with an empty result; warning until reproduced on a real server)', observation: pinged({ error: { code: -32601, message: 'Method not found' } }), findings: [{ messageId: 'error', severity: 'warning', pointer: '/error', message: 'ping was answered with JSON-RPC error -32601; the receiver must respond with an empty result (2025-11-25 basic/utilities/ping).' }] },
    { name: 'result that is not an object', observation: pinged({ result: 'pong' }), findings: [{ messageId: 'notObject', severity: 'warning' }] },
    { name: 'non-empty result: a note (the schema admits members)', observation: pinged({ result: { pong: true } }, '2025-03-26'), findings: [{ messageId: 'notEmpty', severity: 'info', message: 'ping was answered with a result carrying 1 member(s) besides _meta; the response should be empty (2025-03-26 basic/utilities/ping).' }] },
  ],
});

describe('protocol/ping plan', () => {
  it('sends ping (no params) on the legacy eras only', () => {
    expect(check.plan!(ctx(makeObservation({ protocolVersion: '2024-11-05' })))).toEqual([{ id: 'protocol/ping:ping', check: 'protocol/ping', method: 'ping' }]);
    expect(check.plan!(ctx(makeObservation({ era: 'modern' })))).toEqual([]);
  });
});
