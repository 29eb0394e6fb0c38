/** http-session: both arms on recorded exchanges (the live fixtures: test/e2e/http-faults.test.ts). */
import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/transport/http-session.ts';
import { checkTester, planOn } from '../../helpers/check-tester.ts';
import { INIT, http, tagged } from './http-helpers.ts';

checkTester(check, {
  valid: [
    { name: 'missing id 400, unknown id 404', observation: http([INIT, tagged('transport/http-session:missing', 400, { session: 'none' }), tagged('transport/http-session:unknown', 404, { session: 'unknown' })]), strict: true },
    {
      name: 'a stateless legacy server (no session id issued) is not judged',
      observation: http([{ ...INIT, sessionIdIssued: false }, tagged('transport/http-session:missing', 200, { session: 'none' }), tagged('transport/http-session:unknown', 200, { session: 'unknown' })]),
      strict: true,
    },
  ],
  invalid: [
    {
      name: 'both served',
      observation: http([INIT, tagged('transport/http-session:missing', 200, { session: 'none' }), tagged('transport/http-session:unknown', 200, { session: 'unknown' })]),
      findings: [{ messageId: 'missingNot400', severity: 'warning' }, { messageId: 'unknownNot404', severity: 'warning' }],
    },
    { name: 'an unknown id answered 400 (server-everything)', observation: http([INIT, tagged('transport/http-session:unknown', 400, { session: 'unknown' })]), findings: [{ messageId: 'unknownNot404' }] },
  ],
});

describe('http-session planning', () => {
  it('plans its probes per era', () => {
    const legacy = http([]);
    const modern = http([], { era: 'modern' });
    expect(planOn(check, legacy).map((p) => p.http)).toEqual([{ session: 'none' }, { session: 'unknown' }]);
    expect(planOn(check, modern)).toEqual([]);
    void legacy;
    void modern;
  });
});
