/**
 * transport/http-status: status codes and content types per the Streamable HTTP page (2025-03-26 to
 * 2026-07-28 basic/transports §Sending Messages to the Server). A POSTed request that is answered (2xx)
 * MUST come back as `Content-Type: application/json` or `text/event-stream`; a notification (or a
 * response to a server request) the server accepts MUST get `202 Accepted` with no body. Read from every
 * exchange of the session; one finding per rule, with the count.
 */
import { defineCheck } from '../define.ts';
import { httpExchanges, served } from './http.ts';

const ID = 'transport/http-status';
const ANSWER_TYPES = new Set(['application/json', 'text/event-stream']);

export default defineCheck({
  meta: {
    id: ID,
    defaultSeverity: 'error',
    description: 'Answered requests come back as application/json or text/event-stream; accepted notifications get 202 with no body.',
    rationale:
      'Clients pick their parser by the content type and know a notification was taken by the 202; a JSON answer labelled text/plain, or a 200 with a body for a notification, breaks conforming clients that follow the transport page to the letter.',
    spec: 'spec:2025-11-25/basic/transports.mdx §Sending Messages to the Server; spec:2026-07-28/basic/transports/streamable-http.mdx §Sending Messages',
    transports: ['streamable-http'],
    messages: {
      requestContentType: '{{count}} answered request(s) came back with Content-Type {{type}} (first: {{method}}); an answer MUST be application/json or text/event-stream.',
      notAccepted: '{{count}} accepted notification(s) or response(s) got HTTP {{status}}{{body}} (first: {{method}}); the server MUST answer accepted input with 202 Accepted and no body.',
    },
    examples: {
      fail: 'POST tools/list -> 200 Content-Type: text/plain with the JSON-RPC response; POST notifications/initialized -> 200 {"ok":true}',
      pass: 'POST tools/list -> 200 Content-Type: application/json; POST notifications/initialized -> 202 with no body',
    },
  },
  check({ observation }, report) {
    const exchanges = httpExchanges(observation).filter((e) => e.method === 'POST' && e.status !== undefined && served(e.status));
    const wrongType = exchanges.filter((e) => e.message?.kind === 'request' && e.answered === true && !ANSWER_TYPES.has(e.contentType ?? ''));
    const [first] = wrongType;
    if (first) report({ messageId: 'requestContentType', data: { count: wrongType.length, type: first.contentType ?? '(none)', method: first.message?.method ?? '(raw)' } });
    const input = exchanges.filter((e) => (e.message?.kind === 'notification' || e.message?.kind === 'response') && (e.status !== 202 || e.bodyBytes > 0));
    const [firstInput] = input;
    if (firstInput) {
      const body = firstInput.bodyBytes > 0 ? ` with a ${firstInput.bodyBytes}-byte body` : '';
      report({ messageId: 'notAccepted', data: { count: input.length, status: firstInput.status ?? 0, body, method: firstInput.message?.method ?? 'a response' } });
    }
  },
});
