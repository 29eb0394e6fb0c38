import check from '../../../harness/checks/tools/listing.ts';
import { checkTester, makeObservation, makeTool } from '../../helpers/check-tester.ts';
import type { Listing } from '../../../harness/model/observation.ts';
import type { RequestRecord } from '../../../harness/model/wire.ts';

let id = 1;
const page = (response: RequestRecord['response'], outcome: RequestRecord['outcome'] = response?.error ? 'protocol-error' : 'success'): RequestRecord => ({ id: id++, method: 'tools/list', response, outcome, durationMs: 1 });
const ok = (names: string[], nextCursor?: string) => page({ jsonrpc: '2.0', result: { tools: names.map((n) => makeTool(n)), ...(nextCursor !== undefined ? { nextCursor } : {}) } });
const listing = (l: Partial<Listing>): Listing => ({ pages: [], tools: [], truncated: false, stop: 'end', ...l });

checkTester(check, {
  valid: [
    { name: 'three pages that end', observation: makeObservation({ listing: listing({ pages: [ok(['a'], 'x'), ok(['b'], 'y'), ok(['c'])], tools: ['a', 'b', 'c'].map((n) => makeTool(n)) }) }) },
    { name: 'no listing (boot failed earlier)', observation: { ...makeObservation(), listing: undefined } },
  ],
  invalid: [
    {
      name: 'tools/list -32601 without a declared tools capability: a note',
      observation: makeObservation({ negotiation: { capabilities: {} }, listing: listing({ pages: [page({ error: { code: -32601, message: 'Method not found' } })], stop: 'error' }) }),
      findings: [{ messageId: 'listErrorUndeclared', severity: 'info' }],
    },
    {
      name: 'tools/list answered with a JSON-RPC error while tools are declared: error',
      observation: makeObservation({ listing: listing({ pages: [page({ error: { code: -32603, message: 'x' } })], stop: 'error' }) }),
      findings: [{ messageId: 'listError', severity: 'error', pointer: '/error/code' }],
    },
    {
      name: 'first page timed out: a note, transport/timeout has the finding',
      observation: makeObservation({ listing: listing({ pages: [page(undefined, 'timeout')], stop: 'error' }) }),
      findings: [{ messageId: 'listUnanswered', severity: 'info' }],
    },
    {
      name: 'a later page failed',
      observation: makeObservation({ listing: listing({ pages: [ok(['a'], 'x'), page({ error: { code: -32602, message: 'bad cursor' } })], stop: 'error' }) }),
      findings: [{ messageId: 'pageFailed', severity: 'warning' }],
    },
    {
      name: 'repeated cursor with a looped tool',
      observation: makeObservation({
        listing: listing({ pages: [ok(['a'], 'x'), ok(['a'], 'x')], tools: [makeTool('a')], stop: 'cursor-repeat', truncated: true, repeatedCursor: { page: 1, firstPage: 0 }, repeats: [{ name: 'a', page: 1, firstPage: 0 }] }),
      }),
      findings: [
        { messageId: 'cursorRepeated', severity: 'warning' },
        { messageId: 'nameRepeated', tool: 'a', severity: 'warning' },
      ],
    },
    {
      name: 'endless pagination stops at the page limit and says so',
      observation: makeObservation({ listing: listing({ pages: Array.from({ length: 100 }, (_, i) => ok([`t${i}`], `c${i}`)), stop: 'page-limit', truncated: true }) }),
      findings: [{ messageId: 'pageLimit', severity: 'warning' }],
    },
  ],
});
