/** http-host: both arms on recorded exchanges (the live fixtures: test/e2e/http-faults.test.ts). */
import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/transport/http-host.ts';
import { checkTester, planOn } from '../../helpers/check-tester.ts';
import { INIT, ex, http, tagged } from './http-helpers.ts';

const PROBE = 'transport/http-host:foreign-host';

checkTester(check, {
  valid: [
    { name: 'a foreign Host gets 403', observation: http([INIT, tagged(PROBE, 403)]), strict: true },
    { name: 'a foreign Host refused with 421 Misdirected Request', observation: http([tagged(PROBE, 421)], { era: 'modern' }), strict: true },
    { name: 'the probe never got a status: nothing to judge', observation: http([INIT, ex({ tag: PROBE, error: 'reset' })]), strict: true },
  ],
  invalid: [
    { name: '2025-11-25: a foreign Host served (a note: no revision has a Host rule)', observation: http([INIT, tagged(PROBE, 200)]), findings: [{ messageId: 'hostServed', severity: 'info', data: { status: 200, revision: '2025-11-25' } }] },
    { name: '2026-07-28: a foreign Host served', observation: http([tagged(PROBE, 200, { contentType: 'text/event-stream' })], { era: 'modern' }), findings: [{ messageId: 'hostServed', severity: 'info' }] },
  ],
});

describe('http-host planning', () => {
  it('sends a tools/list with a foreign Host and no Origin, on both eras', () => {
    for (const era of ['legacy', 'modern'] as const) {
      expect(planOn(check, http([], { era })).map((p) => [p.method, p.http])).toEqual([['tools/list', { headers: { host: 'mcp-harness.invalid', origin: null } }]]);
    }
  });
});
