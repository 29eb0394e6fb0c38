/** http-sse: both arms on recorded exchanges (the live fixtures: test/e2e/http-faults.test.ts). */
import check from '../../../harness/checks/transport/http-sse.ts';
import { checkTester } from '../../helpers/check-tester.ts';
import { INIT, ex, http } from './http-helpers.ts';

checkTester(check, {
  valid: [
    { name: 'every answered stream ended', observation: http([INIT, ex({ status: 200, contentType: 'text/event-stream', answered: true, sse: { events: 1, ended: true } })]), strict: true },
    { name: 'event ids unique within the session', observation: http([INIT, ex({ status: 200, contentType: 'text/event-stream', answered: true, sse: { events: 2, ended: true } })]), strict: true },
    { name: '2026-07-28 has no resumable streams: a repeated id is not judged', observation: http([ex({ status: 200, contentType: 'text/event-stream', answered: true, sse: { events: 2, ended: true, repeatedIds: 1 } })], { era: 'modern' }), strict: true },
    { name: 'an unanswered open stream is transport/timeout’s, not this check’s', observation: http([INIT, ex({ status: 200, contentType: 'text/event-stream', answered: false, sse: { events: 0, ended: false } })]), strict: true },
  ],
  invalid: [
    {
      name: 'two answered streams left open',
      observation: http([INIT, ex({ status: 200, contentType: 'text/event-stream', answered: true, sse: { events: 1, ended: false } }), ex({ status: 200, contentType: 'text/event-stream', answered: true, sse: { events: 2, ended: false } })]),
      findings: [{ messageId: 'streamLeftOpen', severity: 'warning', message: '2 SSE answer stream(s) stayed open after their JSON-RPC response (first: tools/list); the server SHOULD end the stream once the response was sent.' }],
    },
    {
      name: '2025-11-25: event ids repeated across two streams of the session (a MUST: error)',
      observation: http([INIT, ex({ status: 200, contentType: 'text/event-stream', answered: true, sse: { events: 1, ended: true, repeatedIds: 1 } }), ex({ status: 200, contentType: 'text/event-stream', answered: true, sse: { events: 2, ended: true, repeatedIds: 2 } })]),
      findings: [{ messageId: 'repeatedEventId', severity: 'error', data: { count: 3, method: 'tools/list', revision: '2025-11-25' } }],
    },
  ],
});
