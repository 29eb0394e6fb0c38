/** http-origin: both arms on recorded exchanges (the live fixtures: test/e2e/http-faults.test.ts). */
import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/transport/http-origin.ts';
import { checkTester, planOn } from '../../helpers/check-tester.ts';
import { INIT, ex, http, tagged } from './http-helpers.ts';

checkTester(check, {
  valid: [
    { name: '2025-11-25: a foreign Origin gets 403', observation: http([INIT, tagged('transport/http-origin:foreign-origin', 403)]), strict: true },
    { name: '2025-06-18: a foreign Origin refused with 400 is validated', observation: http([INIT, tagged('transport/http-origin:foreign-origin', 400)], { protocolVersion: '2025-06-18' }), strict: true },
    { name: 'the probe never got a status (refused connection): nothing to judge', observation: http([INIT, ex({ tag: 'transport/http-origin:foreign-origin', error: 'reset' })]), strict: true },
  ],
  invalid: [
    { name: '2025-11-25: a foreign Origin served', observation: http([INIT, tagged('transport/http-origin:foreign-origin', 200)]), findings: [{ messageId: 'notForbidden', severity: 'error' }] },
    { name: '2026-07-28: a foreign Origin refused with 400 instead of 403', observation: http([tagged('transport/http-origin:foreign-origin', 400)], { era: 'modern' }), findings: [{ messageId: 'notForbidden', severity: 'error' }] },
    { name: '2025-06-18: a foreign Origin served', observation: http([INIT, tagged('transport/http-origin:foreign-origin', 200)], { protocolVersion: '2025-06-18' }), findings: [{ messageId: 'notValidated', severity: 'error' }] },
  ],
});

describe('http-origin planning', () => {
  it('plans its probes per era', () => {
    const legacy = http([]);
    const modern = http([], { era: 'modern' });
    expect(planOn(check, modern).map((p) => p.http)).toEqual([{ headers: { origin: 'http://mcp-harness.invalid' } }]);
    void legacy;
    void modern;
  });
});
