import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/protocol/cancellation.ts';
import { checkTester, makeCall, makeObservation, makeTool } from '../../helpers/check-tester.ts';
import { makeProbeRecord } from '../../probes/records.ts';
import { callFrame, drive, init } from '../../probes/drive.ts';
import type { SurfaceObservation } from '../../../harness/types.ts';

const ctx = (o: SurfaceObservation) => ({ observation: o, schemas: undefined as never, options: {} });
const base = makeObservation({ tools: [makeTool('slow', { annotations: { readOnlyHint: true } })], calls: [makeCall('slow', { result: { content: [] } })] });
const [call, follow] = check.plan!(ctx(base));
const list = { result: { tools: [] } };

checkTester(check, {
  valid: [
    { name: 'no late frame, follow-up answered', observation: { ...base, probes: [makeProbeRecord(call, undefined, { outcome: 'cancelled' }), makeProbeRecord(follow, list)] }, strict: true },
    { name: 'no repeatable call: nothing planned or judged', observation: makeObservation(), strict: true },
  ],
  invalid: [
    { name: 'answered after cancellation', observation: { ...base, probes: [makeProbeRecord(call, undefined, { outcome: 'cancelled', lateFrames: [{ id: 900 }] }), makeProbeRecord(follow, list)] }, findings: [{ messageId: 'respondedAfterCancel', tool: 'slow', severity: 'warning' }] },
    { name: 'unresponsive after cancellation', observation: { ...base, probes: [makeProbeRecord(call, undefined, { outcome: 'cancelled' }), makeProbeRecord(follow, undefined, { outcome: 'timeout' })] }, findings: [{ messageId: 'unresponsive', severity: 'error' }] },
  ],
});

describe('fixture answers-cancelled.mjs', () => {
  it('still answers a cancelled call', async () => {
    const frames = await drive('answers-cancelled.mjs', [init(), callFrame(1, 'slow', {}), { jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 1 } }], { expectIds: [0, 1] });
    expect(frames.some((f) => f.id === 1 && f.result)).toBe(true);
  });
});
