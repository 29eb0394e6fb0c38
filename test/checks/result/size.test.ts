import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/result/size.ts';
import { checkTester, makeCall, makeObservation } from '../../helpers/check-tester.ts';
import { callFrame, drive, init } from '../../probes/drive.ts';

const deep = () => { const c = makeCall('tree', { result: {} }); c.request.response = { jsonrpc: '2.0', id: c.request.id } as never; c.request.tooDeep = 64; return c; };
const sized = (bytes: number) => { const c = makeCall('dump', { result: { content: [] } }); c.request.responseBytes = bytes; return c; };

checkTester(check, {
  valid: [{ name: 'within budgets', observation: makeObservation({ calls: [sized(1000)] }) }],
  invalid: [
    { name: 'over the byte budget (largest only)', observation: makeObservation({ calls: [sized(150_000), sized(120_000)], options: { maxResultTokens: 1e9 } as never }), findings: [{ messageId: 'bytes', tool: 'dump' }] },
    {
      name: 'a response nested past the depth guard is noted once per tool',
      observation: makeObservation({ calls: [deep(), deep()] }),
      findings: [{ messageId: 'tooDeep', tool: 'tree', pointer: '/result', severity: 'warning', data: { tool: 'tree', label: "scenario 'tree-call'", max: 64 } }],
    },
    { name: 'over the token budget via check options', observation: makeObservation({ calls: [sized(4001)] }), options: { maxResultTokens: 1000 }, findings: [{ messageId: 'tokens', tool: 'dump' }] },
  ],
});

describe('fixture huge-result.mjs', () => {
  it('answers with more than 300 kB', async () => {
    const frames = await drive('huge-result.mjs', [init(), callFrame(1, 'dump', {})], { expectIds: [0, 1] });
    expect(Buffer.byteLength(JSON.stringify(frames.find((f) => f.id === 1)))).toBeGreaterThan(300_000);
  });
});
