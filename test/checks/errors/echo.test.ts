import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/errors/echo.ts';
import { checkTester, makeCall, makeObservation, makeTool, runCheckOn } from '../../helpers/check-tester.ts';
import { answerAll } from '../../probes/records.ts';
import { callFrame, drive, init } from '../../probes/drive.ts';
import type { SurfaceObservation } from '../../../harness/model/observation.ts';
import type { ProbeRequest } from '../../../harness/model/wire.ts';

const ctx = (o: SurfaceObservation) => ({ observation: o, schemas: undefined as never, options: {} });
const tool = makeTool('lookup', { annotations: { readOnlyHint: true }, inputSchema: { type: 'object', properties: { id: { type: 'string' }, limit: { type: 'integer' } }, required: ['id'] } });
const ok = { result: { content: [{ type: 'text', text: 'ok' }] } };
const args = (p: ProbeRequest) => JSON.stringify((p.params as { arguments?: unknown }).arguments);

function observed(answer: (p: ProbeRequest) => object, options: object = {}) {
  const base = makeObservation({ tools: [tool], calls: [makeCall('lookup', ok, { scenario: { arguments: { id: 'a' } } })], options: options as never });
  return { ...base, probes: answerAll(check.plan!(ctx(base)), answer) };
}
const unknown = (p: ProbeRequest) => p.id.endsWith(':unknown-tool');
const clean = (p: ProbeRequest) => (unknown(p) ? { error: { code: -32602, message: 'Unknown tool' } } : { result: { isError: true, content: [{ type: 'text', text: 'limit: must be an integer' }] } });
const echoing = (p: ProbeRequest) => (unknown(p) ? { error: { code: -32602, message: `Unknown tool, args ${args(p)}` } } : { result: { isError: true, content: [{ type: 'text', text: `bad ${args(p)}` }] } });

checkTester(check, {
  valid: [{ name: 'failure answers name the rule, not the value', observation: observed(clean), strict: true }],
  invalid: [
    { name: 'echoes on both paths', observation: observed(echoing), findings: [{ messageId: 'echoedUnknown', pointer: '/error/message', severity: 'warning' }, { messageId: 'echoed', tool: 'lookup', pointer: '/result/content' }] },
    { name: "echo: 'forbid' makes it an error", observation: observed((p) => (unknown(p) ? { error: { code: -32602, message: 'x', data: args(p) } } : clean(p)), { echo: 'forbid' }), findings: [{ messageId: 'echoedUnknown', pointer: '/error/data', severity: 'error' }] },
  ],
});

describe('errors/echo messages', () => {
  it('never carry the sentinel or any argument value', () => {
    const text = JSON.stringify(runCheckOn(check, observed(echoing)));
    expect(text).not.toMatch(/mcpH4rn3ss/);
  });
});

describe('fixture echo-args.mjs', () => {
  it('repeats the arguments in its failure answers', async () => {
    const frames = await drive('echo-args.mjs', [init(), callFrame(1, 'nope', { v: 'SENTINEL-1' }), callFrame(2, 'lookup', { id: 'SENTINEL-2', limit: 'x' })], { expectIds: [0, 1, 2] });
    expect(frames.find((f) => f.id === 1)?.error?.message).toContain('SENTINEL-1');
    expect(JSON.stringify(frames.find((f) => f.id === 2)?.result)).toContain('SENTINEL-2');
  });
});
