/**
 * The Streamable HTTP answers whose body carried bytes that are not valid UTF-8 (transport/http-status `invalidUtf8`),
 * the HTTP twin of transport/stdout's: JSON-RPC messages MUST be UTF-8 encoded (spec 2025-03-26 and later
 * basic/transports, the page's opening, which covers Streamable HTTP), JSON text exchanged between systems MUST be
 * UTF-8 (RFC 8259 §8.1, the application/json body), and an SSE event stream is UTF-8 by definition (WHATWG HTML §9.2.5
 * Parsing an event stream: text/event-stream is always UTF-8 encoded). Read from `HttpExchange.invalidUtf8`, which the
 * connection notes on a JSON body (read whole, under the frame limit) or any byte of an SSE stream.
 */
import type { SurfaceObservation } from '../../model/observation.ts';
import type { HttpExchange } from '../../model/wire.ts';

/** The bodies judged: those that carry JSON-RPC messages. */
const MESSAGE_TYPES = new Set(['application/json', 'text/event-stream']);

/** The answers with invalid UTF-8: how many, and the first (its body kind and the method of the POSTed message). */
export interface InvalidUtf8Answers {
  count: number;
  /** `the JSON body answering tools/call`, `the SSE stream answering initialize`: value-free (a method the harness sent). */
  first: string;
  /** The first answer's body was an SSE stream (its rule cites the event-stream format besides JSON's). */
  sse: boolean;
}

/**
 * The POSTs of the surface whose answer (Content-Type application/json or text/event-stream, any status) held bytes
 * that are not valid UTF-8, in exchange order; undefined when none did (or on stdio).
 * @param observation one surface's observation
 */
export function invalidUtf8Answers(observation: SurfaceObservation): InvalidUtf8Answers | undefined {
  const bad = (observation.wire.http ?? []).filter((e) => e.method === 'POST' && e.invalidUtf8 === true && MESSAGE_TYPES.has(e.contentType ?? ''));
  const [first] = bad;
  if (first === undefined) return undefined;
  const sse = first.contentType === 'text/event-stream';
  return { count: bad.length, first: `the ${sse ? 'SSE stream' : 'JSON body'} answering ${what(first)}`, sse };
}

/** The POSTed message an answer belongs to: its method, or `a response` / `a message` when it had none. */
function what(e: HttpExchange): string {
  if (e.message?.method !== undefined) return e.message.method;
  return e.message?.kind === 'response' ? 'a response to a server request' : 'a message that is not JSON-RPC';
}

/**
 * The POSTs of the surface whose JSON body (Content-Type application/json, any status) began with a byte order mark
 * (`HttpExchange.byteOrderMark`), counted, with the first named as `invalidUtf8Answers` names it; undefined when none.
 * @param observation one surface's observation
 */
export function byteOrderMarkAnswers(observation: SurfaceObservation): { count: number; first: string } | undefined {
  const marked = (observation.wire.http ?? []).filter((e) => e.method === 'POST' && e.byteOrderMark === true && e.contentType === 'application/json');
  const [first] = marked;
  return first === undefined ? undefined : { count: marked.length, first: `the JSON body answering ${what(first)}` };
}
