/** http-get: both arms on recorded exchanges (the live fixtures: test/e2e/http-faults.test.ts). */
import { describe, expect, it } from 'vitest';
import check from '../../../harness/checks/transport/http-get.ts';
import { checkTester, planOn } from '../../helpers/check-tester.ts';
import { INIT, ex, http, tagged } from './http-helpers.ts';

const PROBE = 'transport/http-get:get-stream';
const get = (status: number, contentType?: string) => ex({ tag: PROBE, method: 'GET', status, ...(contentType ? { contentType } : {}), bodyBytes: 0, messages: 0 });
const modernOnly = { era: 'modern' as const, negotiation: { discover: { supportedVersions: ['2026-07-28'] } } };
const dualEra = { era: 'modern' as const, negotiation: { discover: { supportedVersions: ['2026-07-28', '2025-11-25'] } } };

checkTester(check, {
  valid: [
    { name: '2025-11-25: 405 (no standalone stream)', observation: http([INIT, get(405)]), strict: true },
    { name: '2025-11-25: 200 text/event-stream (a standalone stream)', observation: http([INIT, get(200, 'text/event-stream')]), strict: true },
    { name: '2025-03-26: 405 with a JSON error body', observation: http([INIT, get(405, 'application/json')], { protocolVersion: '2025-03-26' }), strict: true },
    { name: '2026-07-28, modern-only: 405', observation: http([get(405)], modernOnly), strict: true },
    { name: '2026-07-28, dual-era server: a legacy GET stream is its right', observation: http([get(200, 'text/event-stream')], dualEra), strict: true },
    { name: 'the GET never got a status: nothing to judge', observation: http([INIT, ex({ tag: PROBE, method: 'GET', error: 'reset' })]), strict: true },
  ],
  invalid: [
    { name: '2025-11-25: 200 with a JSON body', observation: http([INIT, get(200, 'application/json')]), findings: [{ messageId: 'neitherStreamNor405', severity: 'error', data: { status: 200, type: 'application/json', revision: '2025-11-25' } }] },
    { name: '2025-06-18: 404', observation: http([INIT, get(404)], { protocolVersion: '2025-06-18' }), findings: [{ messageId: 'neitherStreamNor405', severity: 'error', data: { status: 404, type: '(none)', revision: '2025-06-18' } }] },
    { name: '2025-11-25: 400 text/event-stream is no stream', observation: http([INIT, tagged(PROBE, 400, { method: 'GET', contentType: 'text/event-stream' })]), findings: [{ messageId: 'neitherStreamNor405' }] },
    { name: '2026-07-28, modern-only: 200 (SHOULD 405)', observation: http([get(200, 'application/json')], modernOnly), findings: [{ messageId: 'modernNot405', severity: 'warning', data: { status: 200 } }] },
  ],
});

describe('http-get planning', () => {
  it('plans one GET of the endpoint on both eras', () => {
    for (const era of ['legacy', 'modern'] as const) expect(planOn(check, http([], { era })).map((p) => p.http)).toEqual([{ method: 'GET' }]);
  });
});
