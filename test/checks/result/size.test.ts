import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/result/size.ts';
import { checkTester, makeCall, makeObservation } from '../../helpers/check-tester.ts';
import { callFrame, drive, init } from '../../probes/drive.ts';

const deep = () => { const c = makeCall('tree', { result: {} }); c.request.response = { jsonrpc: '2.0', id: c.request.id } as never; c.request.tooDeep = 64; return c; };
const sized = (bytes: number) => { const c = makeCall('dump', { result: { content: [] } }); c.request.responseBytes = bytes; return c; };
/** A response line of `bytes` bytes whose content is one block of `kind` carrying a payload of `payload` bytes. */
const block = (kind: 'image' | 'audio' | 'blob' | 'text', payload: number) => {
  const p = 'A'.repeat(payload);
  const content =
    kind === 'text' ? { type: 'text', text: p } : kind === 'blob' ? { type: 'resource', resource: { uri: 'file:///c.png', blob: p } } : { type: kind, data: p, mimeType: 'image/png' };
  const c = makeCall('chart', { result: { content: [content] } });
  c.request.responseBytes = payload + 120;
  return c;
};

checkTester(check, {
  valid: [
    { name: 'within budgets', observation: makeObservation({ calls: [sized(1000)] }) },
    // sweep 23, mcp-echarts 0.7.1: base64 media are not text tokens (the byte budget, raised here, still counts them)
    { name: 'a 140 kB image block is not 35k tokens', observation: makeObservation({ calls: [block('image', 140_000)], options: { maxResultBytes: 1e9 } }) },
    { name: 'a 140 kB audio block is not 35k tokens', observation: makeObservation({ calls: [block('audio', 140_000)], options: { maxResultBytes: 1e9 } }) },
    { name: 'a 140 kB embedded blob is not 35k tokens', observation: makeObservation({ calls: [block('blob', 140_000)], options: { maxResultBytes: 1e9 } }) },
  ],
  invalid: [
    {
      name: 'over the byte budget (largest only), no media: the message says nothing of media',
      observation: makeObservation({ calls: [sized(150_000), sized(120_000)], options: { maxResultTokens: 1e9 } as never }),
      findings: [{ messageId: 'bytes', tool: 'dump', message: 'Tool dump: a response of 150000 bytes exceeds the budget of 100000 bytes.' }],
    },
    {
      name: 'a response nested past the depth guard is noted once per tool',
      observation: makeObservation({ calls: [deep(), deep()] }),
      findings: [{ messageId: 'tooDeep', tool: 'tree', pointer: '/result', severity: 'warning', data: { tool: 'tree', label: "scenario 'tree-call'", max: 64 } }],
    },
    { name: 'the same 140 kB as a text block is over the token budget', observation: makeObservation({ calls: [block('text', 140_000)], options: { maxResultBytes: 1e9 } }), findings: [{ messageId: 'tokens', tool: 'chart' }] },
    {
      name: 'an image block still counts toward the byte budget, and the message says how much of the response it is (a README walkthrough)',
      observation: makeObservation({ calls: [block('image', 140_000)] }),
      findings: [{ messageId: 'bytes', tool: 'chart', message: 'Tool chart: a response of 140120 bytes (140000 of them base64 image, audio or blob payloads) exceeds the budget of 100000 bytes.' }],
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
