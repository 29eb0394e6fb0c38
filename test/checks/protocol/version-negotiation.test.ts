import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/protocol/version-negotiation.ts';
import { checkTester, makeObservation } from '../../helpers/check-tester.ts';
import { answerAll } from '../../probes/records.ts';
import { drive, envelope, init } from '../../probes/drive.ts';
import type { SurfaceObservation } from '../../../harness/model/observation.ts';
import type { ProbeRequest } from '../../../harness/model/wire.ts';

const ctx = (o: SurfaceObservation) => ({ observation: o, schemas: undefined as never, options: {} });
function observed(era: 'modern' | 'legacy', answer: (p: ProbeRequest) => object) {
  const base = makeObservation({ era });
  return { ...base, probes: answerAll(check.plan!(ctx(base)), answer) };
}
const modernOk = (p: ProbeRequest) => (p.envelope === false ? { error: { code: -32602, message: 'missing _meta' } } : { error: { code: -32022, message: 'unsupported', data: { supported: ['2026-07-28'], requested: '1900-01-01' } } });
const served = { result: { resultType: 'complete', tools: [] } };

checkTester(check, {
  valid: [
    { name: 'modern: -32022 with data, -32602 without envelope', observation: observed('modern', modernOk), strict: true },
    { name: 'legacy: answers its own version', observation: observed('legacy', () => ({ result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } })), strict: true },
    { name: 'legacy: error naming supported versions', observation: observed('legacy', () => ({ error: { code: -32602, message: 'x', data: { supported: ['2025-11-25'] } } })), strict: true },
  ],
  invalid: [
    { name: 'modern: bad version served (v2 SDK pinned gap)', observation: observed('modern', (p) => (p.envelope === false ? modernOk(p) : served)), findings: [{ messageId: 'unsupportedServed', severity: 'error' }] },
    { name: 'modern: -32022 without data', observation: observed('modern', (p) => (p.envelope === false ? modernOk(p) : { error: { code: -32022, message: 'x' } })), findings: [{ messageId: 'unsupportedData' }] },
    { name: 'modern: no envelope served', observation: observed('modern', (p) => (p.envelope === false ? served : modernOk(p))), findings: [{ messageId: 'noEnvelopeServed' }] },
    { name: 'legacy: echoes the offered version', observation: observed('legacy', () => ({ result: { protocolVersion: '1900-01-01' } })), findings: [{ messageId: 'initializeEcho' }] },
    { name: 'legacy: error without supported versions', observation: observed('legacy', () => ({ error: { code: -32602, message: 'x' } })), findings: [{ messageId: 'initializeErrorUnnamed' }] },
  ],
});

describe('plan', () => {
  it('plans a fresh-process initialize on legacy', () => {
    expect(check.plan!(ctx(makeObservation({ era: 'legacy' })))).toMatchObject([{ method: 'initialize', freshProcess: true }]);
  });
});

describe('fixture ignores-version.mjs', () => {
  it('legacy: echoes the offered version', async () => {
    const [frame] = await drive('ignores-version.mjs', [init(1, '1900-01-01')], { expectIds: [1] });
    expect(frame.result.protocolVersion).toBe('1900-01-01');
  });
  it('modern: serves an unsupported version and a request without _meta', async () => {
    const frames = await drive('ignores-version.mjs', [{ jsonrpc: '2.0', id: 1, method: 'tools/list', params: envelope('1900-01-01') }, { jsonrpc: '2.0', id: 2, method: 'tools/list', params: {} }], { args: ['--modern'], expectIds: [1, 2] });
    expect(frames.every((f) => f.result !== undefined)).toBe(true);
  });
});
