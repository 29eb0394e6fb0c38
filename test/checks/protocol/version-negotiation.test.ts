import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/protocol/version-negotiation.ts';
import { checkTester, makeObservation, planOn, runCheckOn } from '../../helpers/check-tester.ts';
import { REALISTIC_CLIENT_CAPABILITIES } from '../../../harness/checks/protocol/future-client.ts';
import { answerAll } from '../../probes/records.ts';
import { drive, envelope, init } from '../../probes/drive.ts';
import type { ProbeRequest } from '../../../harness/model/wire.ts';

const modern = makeObservation({ era: 'modern' });
const legacy = makeObservation({ era: 'legacy' });
const modernOk = (p: ProbeRequest) => (p.envelope === false ? { error: { code: -32602, message: 'missing _meta' } } : { error: { code: -32022, message: 'unsupported', data: { supported: ['2026-07-28'], requested: '1900-01-01' } } });
const served = { result: { resultType: 'complete', tools: [] } };

checkTester(check, {
  valid: [
    { name: 'modern: -32022 with data, -32602 without envelope', observation: modern, answer: modernOk },
    { name: 'legacy: answers its own version', observation: legacy, answer: () => ({ result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }) },
    { name: 'legacy: error naming supported versions', observation: legacy, answer: () => ({ error: { code: -32602, message: 'x', data: { supported: ['2025-11-25'] } } }) },
  ],
  invalid: [
    { name: 'modern: bad version served (v2 SDK pinned gap)', observation: modern, answer: (p) => (p.envelope === false ? modernOk(p) : served), findings: [{ messageId: 'unsupportedServed', severity: 'error' }] },
    { name: 'modern: -32022 without data', observation: modern, answer: (p) => (p.envelope === false ? modernOk(p) : { error: { code: -32022, message: 'x' } }), findings: [{ messageId: 'unsupportedData' }] },
    { name: 'modern: no envelope served', observation: modern, answer: (p) => (p.envelope === false ? served : modernOk(p)), findings: [{ messageId: 'noEnvelopeServed' }] },
    { name: 'legacy: echoes the offered version', observation: legacy, answer: () => ({ result: { protocolVersion: '1900-01-01' } }), findings: [{ messageId: 'initializeEcho' }] },
    { name: 'legacy: error without supported versions', observation: legacy, answer: () => ({ error: { code: -32602, message: 'x' } }), findings: [{ messageId: 'initializeErrorUnnamed' }] },
    { name: 'modern: an unsupported version gets another code', observation: modern, answer: (p) => (p.envelope === false ? modernOk(p) : { error: { code: -32602, message: 'bad version' } }), findings: [{ messageId: 'unsupportedWrongCode', pointer: '/error/code', data: { code: '-32602' } }] },
    { name: 'modern: a request without _meta gets another code', observation: modern, answer: (p) => (p.envelope === false ? { error: { code: -32600, message: 'invalid' } } : modernOk(p)), findings: [{ messageId: 'noEnvelopeWrongCode', pointer: '/error/code', data: { code: '-32600' } }] },
    { name: 'legacy: answers a revision that does not exist', observation: legacy, answer: () => ({ result: { protocolVersion: '2099-01-01', capabilities: {}, serverInfo: { name: 's', version: '1' } } }), findings: [{ messageId: 'initializeUnknown', pointer: '/result/protocolVersion' }] },
  ],
});

describe('plan', () => {
  it('legacy: first the opening shared with protocol/client-capabilities (an unknown version, the realistic set)', () => {
    expect(planOn(check, legacy)).toEqual([{ id: 'protocol/version-negotiation:future-client', check: 'protocol/version-negotiation', method: 'initialize', freshProcess: true, params: { protocolVersion: '1900-01-01', capabilities: REALISTIC_CLIENT_CAPABILITIES, clientInfo: { name: 'mcp-harness', version: '0.1.0' } } }]);
  });
  it('legacy: the shared opening served is judged (planned again, nothing else); any other answer counts for nothing and the standalone {} initialize replaces it', () => {
    const [shared] = planOn(check, legacy);
    const echo = { ...legacy, probes: answerAll([shared], () => ({ result: { protocolVersion: '1900-01-01' } })) };
    expect(planOn(check, echo)).toEqual([shared]);
    expect(runCheckOn(check, echo).map((f) => f.messageId)).toEqual(['initializeEcho']);
    const standalone = { id: 'protocol/version-negotiation:legacy-initialize', check: 'protocol/version-negotiation', method: 'initialize', freshProcess: true, params: { protocolVersion: '1900-01-01', capabilities: {}, clientInfo: { name: 'mcp-harness', version: '0.1.0' } } };
    for (const answer of [() => ({ error: { code: -32602, message: 'x' } }), () => undefined, () => ({ result: 'x' })]) {
      const notServed = { ...legacy, probes: answerAll([shared], answer) };
      expect(planOn(check, notServed)).toEqual([standalone]);
      expect(runCheckOn(check, notServed)).toEqual([]); // judged by nothing: round 2 judges the standalone probe
    }
  });
  it('modern: the request without _meta still carries the modern headers over HTTP (without them a dual-era server MAY serve it as 2025-03-26)', () => {
    const noEnvelope = planOn(check, modern).find((p) => p.envelope === false);
    expect(noEnvelope?.http).toEqual({ headers: { 'mcp-protocol-version': modern.negotiation?.protocolVersion, 'mcp-method': 'tools/list' } });
    expect(modern.negotiation?.protocolVersion).toBe('2026-07-28');
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
