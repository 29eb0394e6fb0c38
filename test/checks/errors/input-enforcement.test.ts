import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/errors/input-enforcement.ts';
import { checkTester, makeCall, makeObservation, makeTool, planOn } from '../../helpers/check-tester.ts';
import { callFrame, drive, init } from '../../probes/drive.ts';
import type { ProbeRequest } from '../../../harness/model/wire.ts';

const tool = makeTool('search', { annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: { limit: { type: 'integer', minimum: 1, maximum: 10 } }, required: ['limit'] } });
const ok = { result: { content: [{ type: 'text', text: 'ok' }] } };
const rejected = { result: { isError: true, content: [{ type: 'text', text: 'limit must be at most 10' }] } };

/** The bounded tool with one successful call: what errors/input-enforcement plans its probes for. */
const base = makeObservation({ tools: [tool], calls: [makeCall('search', ok, { scenario: { arguments: { limit: 5 } } })] });
const enforcing = (p: ProbeRequest) => (p.id.includes(':at-') ? ok : rejected);

checkTester(check, {
  valid: [
    { name: 'rejects every forbidden value and accepts the bounds', observation: base, answer: enforcing },
    { name: '-32602 counts as a rejection', observation: base, answer: (p) => (p.id.includes(':at-') ? ok : { error: { code: -32602, message: 'bad' } }) },
    { name: 'no successful call: tool skipped', observation: makeObservation({ tools: [tool] }) },
    {
      name: 'a business failure of a valid call is not a rejection of the arguments',
      observation: makeObservation({ tools: [tool], calls: [makeCall('search', { result: { isError: true, content: [{ type: 'text', text: 'API key required' }] } }, { scenario: { arguments: { limit: 5 } } })] }),
    },
    {
      name: 'invalid arguments rejected are not an under-stated schema',
      observation: makeObservation({ tools: [tool], calls: [makeCall('search', { error: { code: -32602, message: 'limit must be at most 10' } }, { scenario: { arguments: { limit: 50 } } })] }),
    },
  ],
  invalid: [
    { name: 'accepts everything', observation: base, answer: () => ok, findings: [
      { messageId: 'accepted', pointer: '/inputSchema/required' },
      { messageId: 'accepted', pointer: '/inputSchema/properties/limit/type' },
      { messageId: 'accepted', pointer: '/inputSchema/properties/limit/minimum' },
      { messageId: 'accepted', pointer: '/inputSchema/properties/limit/maximum' },
    ] },
    {
      name: 'valid arguments rejected with -32602: the inputSchema under-states the handler, property named',
      observation: makeObservation({ tools: [tool], calls: [makeCall('search', { error: { code: -32602, message: 'Invalid params: limit must be even' } }, { scenario: { arguments: { limit: 5 } } })] }),
      findings: [{ messageId: 'validCallRejected', tool: 'search', pointer: '/inputSchema/properties/limit', severity: 'warning' }],
    },
    {
      name: 'valid arguments rejected as an isError input validation error, no property named: once per tool',
      observation: makeObservation({
        tools: [tool],
        calls: [1, 2].map((limit) => makeCall('search', { result: { isError: true, content: [{ type: 'text', text: 'Input validation error: bad request' }] } }, { scenario: { arguments: { limit } } })),
      }),
      findings: [{ messageId: 'validCallRejected', tool: 'search', pointer: '/inputSchema' }],
    },
    { name: 'rejects the value exactly at the maximum', observation: base, answer: (p) => (p.id.endsWith(':at-maximum:limit') ? rejected : enforcing(p)), findings: [{ messageId: 'rejected', tool: 'search', pointer: '/inputSchema/properties/limit/maximum' }] },
  ],
});

describe('errors/input-enforcement plan', () => {
  it('never probes a destructive tool unless allowed', () => {
    const rm = makeTool('rm', { inputSchema: tool.inputSchema });
    const obs = makeObservation({ tools: [rm], calls: [makeCall('rm', ok, { scenario: { arguments: { limit: 5 } } })] });
    expect(planOn(check, obs)).toEqual([]);
    expect(planOn(check, { ...obs, options: { ...obs.options, allowDestructive: true } }).length).toBeGreaterThan(0);
  });
});

describe('fixture accepts-everything.mjs', () => {
  it('accepts arguments its schema forbids', async () => {
    const frames = await drive('accepts-everything.mjs', [init(), callFrame(1, 'search', { query: '', limit: 99, mode: 'nope', extra: 1 })], { expectIds: [0, 1] });
    expect(frames.find((f) => f.id === 1)?.result?.isError).toBeUndefined();
  });
});
