/**
 * Observations with recorded Streamable HTTP exchanges for the transport/http-* check tables.
 */
import type { HttpExchange } from '../../../harness/model/wire.ts';
import { emptyWire, makeObservation } from '../../helpers/check-tester.ts';

let seq = 0;
/** One recorded exchange (a POSTed request unless `partial` says otherwise). */
export function ex(partial: Partial<HttpExchange>): HttpExchange {
  seq += 1;
  return { seq, connection: 1, atMs: seq, method: 'POST', session: 'sent', bodyBytes: 10, messages: 1, message: { kind: 'request', id: seq, method: 'tools/list' }, ...partial };
}
export const INIT = ex({ message: { kind: 'request', id: 1, method: 'initialize' }, session: 'none', status: 200, contentType: 'application/json', sessionIdIssued: true, answered: true });
/** An HTTP observation of `era`/`protocolVersion` with these exchanges. */
export const http = (exchanges: HttpExchange[], extra: Parameters<typeof makeObservation>[0] = {}) =>
  makeObservation({ transport: 'streamable-http', wire: { ...emptyWire(), http: exchanges }, ...extra });
export const tagged = (tag: string, statusCode: number, extra: Partial<HttpExchange> = {}) => ex({ tag, status: statusCode, contentType: 'application/json', ...extra });

