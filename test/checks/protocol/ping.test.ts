import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/protocol/ping.ts';
import { checkTester, makeObservation, planOn } from '../../helpers/check-tester.ts';
import { makeProbeRecord } from '../../probes/records.ts';

/** A legacy observation (2025-11-25 unless given): its ping probe is answered by the row's `answer`. */
const legacy = (protocolVersion = '2025-11-25') => makeObservation({ protocolVersion });

checkTester(check, {
  valid: [
    { name: 'empty result', observation: legacy(), answer: () => ({ result: {} }) },
    { name: 'empty result with _meta', observation: legacy(), answer: () => ({ result: { _meta: { trace: 'x' } } }) },
    { name: '2024-11-05: empty result', observation: legacy('2024-11-05'), answer: () => ({ result: {} }) },
    { name: 'no answer: transport/timeout owns it', observation: legacy(), answer: () => undefined },
    { name: 'modern era: ping was removed in 2026-07-28, nothing judged', observation: makeObservation({ era: 'modern', probes: [makeProbeRecord({ id: 'protocol/ping:ping', check: 'protocol/ping', method: 'ping' }, { error: { code: -32601, message: 'Method not found' } })] }) },
  ],
  invalid: [
    { name: 'JSON-RPC error (MUST respond with an empty result; warning until reproduced on a real server)', observation: legacy(), answer: () => ({ error: { code: -32601, message: 'Method not found' } }), findings: [{ messageId: 'error', severity: 'warning', pointer: '/error', message: 'ping was answered with JSON-RPC error -32601; the receiver must respond with an empty result (2025-11-25 basic/utilities/ping).' }] },
    { name: 'result that is not an object', observation: legacy(), answer: () => ({ result: 'pong' }), findings: [{ messageId: 'notObject', severity: 'warning' }] },
    { name: 'non-empty result: a note (the schema admits members)', observation: legacy('2025-03-26'), answer: () => ({ result: { pong: true } }), findings: [{ messageId: 'notEmpty', severity: 'info', message: 'ping was answered with a result carrying 1 member(s) besides _meta; the response should be empty (2025-03-26 basic/utilities/ping).' }] },
  ],
});

describe('protocol/ping plan', () => {
  it('sends ping (no params) on the legacy eras only', () => {
    expect(planOn(check, makeObservation({ protocolVersion: '2024-11-05' }))).toEqual([{ id: 'protocol/ping:ping', check: 'protocol/ping', method: 'ping' }]);
    expect(planOn(check, makeObservation({ era: 'modern' }))).toEqual([]);
  });
});
