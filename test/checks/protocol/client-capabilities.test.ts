import { describe, expect, it } from 'vitest';
import check, { REALISTIC_CLIENT_CAPABILITIES } from '../../../harness/checks/protocol/client-capabilities.ts';
import { checkTester, makeObservation, planOn, runCheckOn } from '../../helpers/check-tester.ts';
import { answerAll } from '../../probes/records.ts';
import type { RequestRecord } from '../../../harness/model/wire.ts';

const listed: RequestRecord = { id: 2, method: 'tools/list', outcome: 'success', durationMs: 1, response: { jsonrpc: '2.0', id: 2, result: { tools: [] } } };
const legacy = makeObservation({ protocolVersion: '2025-11-25' });
const modern = makeObservation({ era: 'modern', listing: { pages: [listed], tools: [], truncated: false } });
const rejected = () => ({ error: { code: -32602, message: 'Invalid params' } });
const served = () => ({ result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } });

checkTester(check, {
  valid: [
    { name: 'legacy: initialize with roots, sampling and elicitation answered', observation: legacy, answer: () => ({ result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } }) },
    { name: 'legacy: no answer is the transport checks\'', observation: legacy, answer: () => undefined },
    { name: 'modern: the listing with the realistic envelope served', observation: modern, answer: () => ({ result: { tools: [], resultType: 'complete' } }) },
  ],
  invalid: [
    // sweep 29, financial-modeling-prep-mcp-server 2.5.3 over HTTP: every connection after the first refused, the control too
    { name: 'legacy: every fresh initialize refused, the control too: a note, not the capabilities\' warning', observation: legacy, answer: rejected, findings: [{ messageId: 'freshRefused', severity: 'info', pointer: '/error', message: "initialize declaring the client capabilities roots, sampling and elicitation on a process of its own got an error, and so did initialize declaring {} with the version the main session was served with: the server does not open another connection while the harness's main one is open (a lock, a port, one transport at a time), so how it serves those capabilities was not judged." }] },
    { name: 'legacy: initialize rejected', observation: legacy, answer: (p) => (p.id.endsWith(':control') ? served() : rejected()), findings: [{ messageId: 'initializeRejected', severity: 'warning', message: 'initialize declaring the client capabilities roots, sampling and elicitation was answered with JSON-RPC error -32602; the server must respond with its own capabilities and information.' }] },
    { name: 'modern: the realistic envelope rejected', observation: modern, answer: rejected, findings: [{ messageId: 'requestRejected', severity: 'warning', pointer: '/error' }] },
  ],
});

describe('protocol/client-capabilities plan', () => {
  it('legacy: first the opening shared with protocol/version-negotiation (an unknown version, the realistic set)', () => {
    expect(planOn(check, legacy)).toEqual([{ id: 'protocol/client-capabilities:future-client', check: 'protocol/client-capabilities', method: 'initialize', freshProcess: true, params: { protocolVersion: '1900-01-01', capabilities: REALISTIC_CLIENT_CAPABILITIES, clientInfo: { name: 'mcp-harness', version: '0.1.0' } } }]);
  });
  it('legacy: the shared opening served, it is planned again (nothing else); not served, the standalone initialize at the offered version replaces it', () => {
    const [shared] = planOn(check, legacy);
    const served = { ...legacy, probes: answerAll([shared], () => ({ result: { protocolVersion: '2025-11-25', capabilities: {}, serverInfo: { name: 's', version: '1' } } })) };
    expect(planOn(check, served)).toEqual([shared]);
    const standalone = { id: 'protocol/client-capabilities:realistic', check: 'protocol/client-capabilities', method: 'initialize', freshProcess: true, params: { protocolVersion: '2025-11-25', capabilities: REALISTIC_CLIENT_CAPABILITIES, clientInfo: { name: 'mcp-harness', version: '0.1.0' } } };
    const control = { id: 'protocol/client-capabilities:control', check: 'protocol/client-capabilities', method: 'initialize', freshProcess: true, params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 'mcp-harness', version: '0.1.0' } } };
    for (const answer of [() => rejected(), () => undefined, () => ({ result: null }), () => ({ result: [] })]) {
      expect(planOn(check, { ...legacy, probes: answerAll([shared], answer) })).toEqual([standalone, control]);
    }
  });
  it('legacy: a rejected shared opening is judged by nothing; the standalone probe is (round 2)', () => {
    const [shared] = planOn(check, legacy);
    expect(runCheckOn(check, { ...legacy, probes: answerAll([shared], rejected) })).toEqual([]);
  });
  it('modern: nothing when the plain listing failed (nothing to compare with)', () => {
    expect(planOn(check, makeObservation({ era: 'modern' }))).toEqual([]);
  });
});
