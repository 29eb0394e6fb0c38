/** http-protocol-version: both arms on recorded exchanges (the live fixtures: test/e2e/http-faults.test.ts). */
import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/transport/http-protocol-version.ts';
import { checkTester, planOn } from '../../helpers/check-tester.ts';
import { INIT, http, tagged } from './http-helpers.ts';

checkTester(check, {
  valid: [
    { name: 'legacy: unsupported 400, missing served', observation: http([INIT, tagged('transport/http-protocol-version:unsupported', 400), tagged('transport/http-protocol-version:missing', 200)]), strict: true },
    { name: 'legacy 2025-03-26 has no header rule', observation: http([INIT, tagged('transport/http-protocol-version:unsupported', 200)], { protocolVersion: '2025-03-26' }), strict: true },
    { name: 'modern: a mismatched header gets 400', observation: http([tagged('transport/http-protocol-version:mismatch', 400)], { era: 'modern' }), strict: true },
  ],
  invalid: [
    { name: 'legacy: an unsupported version served', observation: http([INIT, tagged('transport/http-protocol-version:unsupported', 200)]), findings: [{ messageId: 'unsupportedServed', severity: 'error' }] },
    { name: 'legacy: a missing header refused', observation: http([INIT, tagged('transport/http-protocol-version:missing', 400)]), findings: [{ messageId: 'missingRefused', severity: 'warning' }] },
    { name: 'modern: a mismatched header served', observation: http([tagged('transport/http-protocol-version:mismatch', 200)], { era: 'modern' }), findings: [{ messageId: 'mismatchServed', severity: 'error' }] },
  ],
});

describe('http-protocol-version planning', () => {
  it('plans its probes per era', () => {
    const legacy = http([]);
    const modern = http([], { era: 'modern' });
    expect(planOn(check, legacy).map((p) => p.http)).toEqual([{ headers: { 'mcp-protocol-version': '1999-01-01' } }, { headers: { 'mcp-protocol-version': null } }]);
    expect(planOn(check, modern).map((p) => p.http)).toEqual([{ headers: { 'mcp-method': 'tools/call' } }]);
    void legacy;
    void modern;
  });
});
