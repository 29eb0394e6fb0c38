import { describe, expect, it } from 'vitest';
import { defineCheck } from '../../../harness/checks/define.ts';
import compile from '../../../harness/checks/schema/compile.ts';
import dialect from '../../../harness/checks/schema/dialect.ts';
import portability from '../../../harness/checks/schema/portability.ts';
import shape from '../../../harness/checks/tools/advertised-shape.ts';
import { z } from 'zod';
import { answered, checkTester, loadCase, makeCall, makeObservation, makeTool, planOn, runCheckOn } from '../../helpers/check-tester.ts';

const noop = defineCheck({
  meta: { id: 'test/noop', defaultSeverity: 'error', description: 'd', rationale: 'r', spec: 's', messages: { a: 'A' }, examples: { fail: '', pass: '' } },
  check: () => {},
});

describe('check tester', () => {
  it('rejects duplicate case names and unknown messageIds at registration', () => {
    const observation = makeObservation();
    expect(() => checkTester(noop, { valid: [{ name: 'x', observation }, { name: 'x', observation }], invalid: [] })).toThrow(/duplicate/);
    expect(() => checkTester(noop, { valid: [], invalid: [{ name: 'y', observation, findings: [{ messageId: 'nope' }] }] })).toThrow(/unknown messageId/);
  });
  it('rejects two cases with the same content under different names (RuleTester: duplicate test case)', () => {
    const observation = makeObservation({ tools: [makeTool('a')] });
    expect(() => checkTester(noop, { valid: [{ name: 'x', observation }, { name: 'y', observation: makeObservation({ tools: [makeTool('a')] }) }], invalid: [] })).toThrow(/case 'y' duplicates case 'x'/);
    expect(() => checkTester(noop, { valid: [{ name: 'x', observation }], invalid: [], reportedByRunner: { nope: 'x' } })).toThrow(/unknown messageId 'nope'/);
  });
  it('plans and answers probes for a table row (answer), with options parsed by the check', () => {
    const planner = defineCheck({
      meta: { id: 'test/planner', defaultSeverity: 'error', description: 'd', rationale: 'r', spec: 's', messages: { a: 'A {{n}}' }, examples: { fail: '', pass: '' }, optionsSchema: z.strictObject({ n: z.number() }), defaultOptions: { n: 1 } },
      plan: ({ options }) => Array.from({ length: options.n }, (_, i) => ({ id: `p${i}`, check: 'test/planner', method: 'tools/list', params: {} })),
      check: ({ observation, options }, report) => observation.probes.forEach((p) => p.request.response?.error && report({ messageId: 'a', data: { n: options.n } })),
    });
    const observation = makeObservation();
    expect(planOn(planner, observation).map((p) => p.id)).toEqual(['p0']);
    expect(planOn(planner, observation, { n: 2 })).toHaveLength(2);
    expect(() => planOn(planner, observation, { n: 'x' })).toThrow(/invalid options/);
    expect(answered(planner, observation, () => ({ error: { code: 1, message: 'm' } })).probes.map((p) => p.request.outcome)).toEqual(['protocol-error']);
  });
  it('builds observations, tools and calls with defaults', () => {
    const o = makeObservation({ era: 'modern', tools: [makeTool('a')] });
    expect(o.negotiation).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    expect(makeObservation().negotiation).toMatchObject({ era: 'legacy', protocolVersion: '2025-11-25' });
    expect(o.listing?.tools[0].inputSchema).toEqual({ type: 'object' });
    expect(makeCall('a', { error: { code: -32602, message: 'm' } }).request.outcome).toBe('protocol-error');
    expect(makeCall('a', { result: { content: [], isError: true } }).request.outcome).toBe('tool-error');
    expect(makeCall('a', { result: {} }, { outcome: 'timeout' }).request.outcome).toBe('timeout');
  });
});

describe('case 16 (negative control): no warning or error from the schema checks', () => {
  it.each([compile, dialect, portability, shape])('$meta.id stays silent', (check) => {
    expect(runCheckOn(check, makeObservation({ tools: [loadCase('16').tool] }))).toEqual([]);
  });
});
