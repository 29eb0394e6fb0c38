/**
 * The transport/http-* checks, both arms, on observations with recorded HTTP exchanges (the live
 * fixtures are in test/e2e/http-faults.test.ts): Origin validation per revision, session handling,
 * the protocol-version header per era, status codes and content types, SSE streams left open.
 */
import { describe, expect, it } from 'vitest';
import origin from '../../../harness/checks/transport/http-origin.ts';
import session from '../../../harness/checks/transport/http-session.ts';
import protocolVersion from '../../../harness/checks/transport/http-protocol-version.ts';
import status from '../../../harness/checks/transport/http-status.ts';
import sse from '../../../harness/checks/transport/http-sse.ts';
import type { HttpExchange } from '../../../harness/model/wire.ts';
import { checkTester, emptyWire, makeObservation, planOn } from '../../helpers/check-tester.ts';

let seq = 0;
/** One recorded exchange (a POSTed request unless `partial` says otherwise). */
function ex(partial: Partial<HttpExchange>): HttpExchange {
  seq += 1;
  return { seq, connection: 1, atMs: seq, method: 'POST', session: 'sent', bodyBytes: 10, messages: 1, message: { kind: 'request', id: seq, method: 'tools/list' }, ...partial };
}
const INIT = ex({ message: { kind: 'request', id: 1, method: 'initialize' }, session: 'none', status: 200, contentType: 'application/json', sessionIdIssued: true, answered: true });
/** An HTTP observation of `era`/`protocolVersion` with these exchanges. */
const http = (exchanges: HttpExchange[], extra: Parameters<typeof makeObservation>[0] = {}) =>
  makeObservation({ transport: 'streamable-http', wire: { ...emptyWire(), http: exchanges }, ...extra });
const tagged = (tag: string, statusCode: number, extra: Partial<HttpExchange> = {}) => ex({ tag, status: statusCode, contentType: 'application/json', ...extra });

checkTester(origin, {
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

checkTester(session, {
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

checkTester(protocolVersion, {
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

checkTester(status, {
  valid: [
    {
      name: 'JSON and SSE answers, 202 for notifications, 4xx refusals of any type',
      observation: http([
        INIT,
        ex({ status: 202, bodyBytes: 0, messages: 0, message: { kind: 'notification', method: 'notifications/initialized' } }),
        ex({ status: 200, contentType: 'text/event-stream', answered: true, sse: { events: 1, ended: true } }),
        ex({ status: 400, contentType: 'text/plain', answered: false }),
      ]),
      strict: true,
    },
  ],
  invalid: [
    { name: 'an answer labelled text/plain', observation: http([INIT, ex({ status: 200, contentType: 'text/plain', answered: true })]), findings: [{ messageId: 'requestContentType', severity: 'error' }] },
    {
      name: 'a notification answered 200 with a body',
      observation: http([INIT, ex({ status: 200, contentType: 'application/json', bodyBytes: 11, message: { kind: 'notification', method: 'notifications/initialized' } })]),
      findings: [{ messageId: 'notAccepted', severity: 'error', message: '1 accepted notification(s) or response(s) got HTTP 200 with a 11-byte body (first: notifications/initialized); the server MUST answer accepted input with 202 Accepted and no body.' }],
    },
  ],
});

checkTester(sse, {
  valid: [
    { name: 'every answered stream ended', observation: http([INIT, ex({ status: 200, contentType: 'text/event-stream', answered: true, sse: { events: 1, ended: true } })]), strict: true },
    { name: 'an unanswered open stream is transport/timeout’s, not this check’s', observation: http([INIT, ex({ status: 200, contentType: 'text/event-stream', answered: false, sse: { events: 0, ended: false } })]), strict: true },
  ],
  invalid: [
    {
      name: 'two answered streams left open',
      observation: http([INIT, ex({ status: 200, contentType: 'text/event-stream', answered: true, sse: { events: 1, ended: false } }), ex({ status: 200, contentType: 'text/event-stream', answered: true, sse: { events: 2, ended: false } })]),
      findings: [{ messageId: 'streamLeftOpen', severity: 'warning', message: '2 SSE answer stream(s) stayed open after their JSON-RPC response (first: tools/list); the server SHOULD end the stream once the response was sent.' }],
    },
  ],
});

describe('planning', () => {
  it('legacy: session and version probes; modern: the header-mismatch probe only; the Origin probe on both', () => {
    const legacy = http([]);
    const modern = http([], { era: 'modern' });
    expect(planOn(session, legacy).map((p) => p.http)).toEqual([{ session: 'none' }, { session: 'unknown' }]);
    expect(planOn(session, modern)).toEqual([]);
    expect(planOn(protocolVersion, legacy).map((p) => p.http)).toEqual([{ headers: { 'mcp-protocol-version': '1999-01-01' } }, { headers: { 'mcp-protocol-version': null } }]);
    expect(planOn(protocolVersion, modern).map((p) => p.http)).toEqual([{ headers: { 'mcp-method': 'tools/call' } }]);
    expect(planOn(origin, modern).map((p) => p.http)).toEqual([{ headers: { origin: 'http://mcp-harness.invalid' } }]);
  });
});
