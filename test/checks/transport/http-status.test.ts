/** http-status: both arms on recorded exchanges (the live fixtures: test/e2e/http-faults.test.ts). */
import check from '../../../harness/checks/transport/http-status.ts';
import { checkTester } from '../../helpers/check-tester.ts';
import { INIT, ex, http } from './http-helpers.ts';

checkTester(check, {
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
