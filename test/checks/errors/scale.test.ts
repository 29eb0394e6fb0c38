/**
 * The errors/* checks on a 5,000-tool surface with one successful call and one answered probe per
 * tool (reviewer finding: errors/input-enforcement spent 19.6 s there in per-probe linear lookups).
 * Lookups are indexed per observation, so plan + check stay linear; no timing is asserted, the
 * suite's own timeout is the bound.
 */
import { describe, expect, it } from 'vitest';
import classification from '../../../harness/checks/errors/classification.ts';
import echo from '../../../harness/checks/errors/echo.ts';
import inputEnforcement from '../../../harness/checks/errors/input-enforcement.ts';
import type { SurfaceObservation } from '../../../harness/model/observation.ts';
import type { ProbeRequest } from '../../../harness/model/wire.ts';
import { makeCall, makeObservation, makeTool, planOn, runCheckOn } from '../../helpers/check-tester.ts';
import { answerAll } from '../../probes/records.ts';

const TOOLS = 5_000;
const schema = { type: 'object', properties: { limit: { type: 'integer', maximum: 10 } }, required: ['limit'] };
const ok = { result: { content: [{ type: 'text', text: 'ok' }] } };

/** 5,000 read-only tools, each with one successful call. */
function surface(): SurfaceObservation {
  const tools = Array.from({ length: TOOLS }, (_, i) => makeTool(`t${i}`, { annotations: { readOnlyHint: true }, inputSchema: schema }));
  const calls = tools.map((t) => makeCall(t.name, ok, { scenario: { arguments: { limit: 5 } } }));
  return makeObservation({ tools, calls });
}

describe('errors/* at 5,000 tools', () => {
  it('input-enforcement: plans every probe and reports each accepted forbidden value once', () => {
    const base = surface();
    const probes = planOn(inputEnforcement, base);
    expect(probes.length).toBe(TOOLS * 5); // 4 argument probes and the whole-float probe per tool
    const observation = { ...base, probes: answerAll(probes, (p: ProbeRequest) => (p.id.endsWith(':above-maximum:limit') ? ok : { result: { isError: true, content: [] } })) };
    const findings = runCheckOn(inputEnforcement, observation);
    expect(findings).toHaveLength(TOOLS);
    expect(findings.every((f) => f.messageId === 'accepted' && f.pointer === '/inputSchema/properties/limit/maximum')).toBe(true);
  });

  it('classification: one invalid-arguments probe per tool, JSON-RPC errors reported per tool', () => {
    const base = surface();
    const probes = planOn(classification, base);
    expect(probes.length).toBe(TOOLS + 1);
    const observation = { ...base, probes: answerAll(probes, (p) => (p.id.endsWith(':unknown-tool') ? { error: { code: -32602, message: 'unknown tool' } } : { error: { code: -32000, message: 'bad' } })) };
    const findings = runCheckOn(classification, observation);
    expect(findings).toHaveLength(TOOLS);
    expect(new Set(findings.map((f) => f.tool)).size).toBe(TOOLS);
  });

  it('echo: one sentinel probe per tool, echoes reported per tool', () => {
    const base = surface();
    const probes = planOn(echo, base);
    expect(probes.length).toBe(TOOLS + 1);
    const observation = { ...base, probes: answerAll(probes, (p) => ({ error: { code: -32602, message: JSON.stringify(p.params) } })) };
    const findings = runCheckOn(echo, observation);
    expect(findings).toHaveLength(TOOLS + 1);
  });
});
