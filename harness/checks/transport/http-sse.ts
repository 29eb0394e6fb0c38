/**
 * transport/http-sse: an SSE answer ends with its response (2025-06-18 and 2025-11-25 basic/transports
 * §Sending Messages to the Server: after the JSON-RPC response has been sent, the server SHOULD terminate
 * the SSE stream; 2026-07-28: the final response SHOULD terminate the stream). A stream whose answer came
 * but that was still open when the session ended is reported (warning). The session gives answered
 * streams `timeouts.termGraceMs` to end before it closes them, so the verdict does not depend on how close
 * to the end of the session a request ran. 2025-03-26 to 2025-11-25 §Resumability and Redelivery: an SSE
 * event `id`, if present, MUST be globally unique across all streams within that session: an id repeated on
 * one connection (one session) is an error on those revisions (2026-07-28 has no resumable streams).
 */
import { defineCheck } from '../define.ts';
import { atLeast, httpExchanges, revisionOf } from './http.ts';

const ID = 'transport/http-sse';

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'warning',
    description: 'An SSE answer to a request ends once its JSON-RPC response was sent; SSE event ids are unique within a session (2025-03-26 to 2025-11-25).',
    rationale:
      'A stream left open after its response holds a connection (and often a proxy slot) per request; clients that wait for the end of the stream before they move on hang, and a server under load runs out of sockets.',
    spec: 'spec:2025-11-25/basic/transports.mdx §Sending Messages to the Server, §Resumability and Redelivery; spec:2026-07-28/basic/transports/streamable-http.mdx §Receiving Messages',
    transports: ['streamable-http'],
    messages: {
      streamLeftOpen: '{{count}} SSE answer stream(s) stayed open after their JSON-RPC response (first: {{method}}); the server SHOULD end the stream once the response was sent.',
      repeatedEventId: '{{count}} SSE event(s) carried an id an earlier event of the same session already had (first: {{method}}); an event id MUST be globally unique across all streams within the session, or a resuming client (Last-Event-ID) is replayed the wrong messages (revision {{revision}}).',
    },
    examples: {
      fail: 'POST tools/list -> text/event-stream; the response event comes, the stream stays open until the client closes it',
      pass: 'POST tools/list -> text/event-stream; the response event comes and the stream ends',
    },
  },
  check({ observation }, report) {
    const open = httpExchanges(observation).filter((e) => e.sse !== undefined && e.answered === true && !e.sse.ended);
    const [first] = open;
    if (first) report({ messageId: 'streamLeftOpen', data: { count: open.length, method: first.message?.method ?? '(raw)' } });
    const revision = revisionOf(observation);
    if (revision === undefined || atLeast(revision, '2026-07-28')) return;
    const repeated = httpExchanges(observation).filter((e) => (e.sse?.repeatedIds ?? 0) > 0);
    const [firstRepeat] = repeated;
    if (firstRepeat) {
      const count = repeated.reduce((n, e) => n + (e.sse?.repeatedIds ?? 0), 0);
      report({ messageId: 'repeatedEventId', severity: 'error', data: { count, method: firstRepeat.message?.method ?? '(raw)', revision } });
    }
  },
});
