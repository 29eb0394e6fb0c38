/**
 * harness/probes/rejection.ts: which property an argument rejection names. A published server (time-mcp 1.0.6)
 * answered "Invalid time zone specified: <sourceTimezone>" and the harness blamed `time`, a property the
 * server accepted, because the word "time" is a property name: the sentinel-bearing argument the text repeats names it first.
 */
import { describe, expect, it } from 'vitest';
import { argumentRejection } from '../../harness/probes/rejection.ts';
import type { RequestRecord } from '../../harness/model/wire.ts';

const A = 'mcpH4rn3ss-0a1b2c3d-s3nt1nel';
const B = 'mcpH4rn3ss-4e5f6a7b-s3nt1nel';

/** A tools/call record with `args` sent and an isError result (or a JSON-RPC error) carrying `text`. */
function record(args: unknown, text: string, rpc = false): RequestRecord {
  const response = rpc
    ? { jsonrpc: '2.0' as const, id: 1, error: { code: -32602, message: text } }
    : { jsonrpc: '2.0' as const, id: 1, result: { isError: true, content: [{ type: 'text', text }] } };
  return { id: 1, method: 'tools/call', params: { name: 'convert_time', arguments: args }, response, outcome: rpc ? 'protocol-error' : 'tool-error', durationMs: 1 } as RequestRecord;
}

describe('argumentRejection: the property an error names', () => {
  const names = ['sourceTimezone', 'targetTimezone', 'time'];

  it('names the property whose argument the text repeats, not a property name that is an ordinary word', () => {
    const r = record({ sourceTimezone: A, targetTimezone: B, time: 'mcpH4rn3ss-99999999-s3nt1nel' }, `Invalid time zone specified: ${A}`);
    expect(argumentRejection(r, names)).toEqual({ answer: 'an isError result', property: 'sourceTimezone' });
  });

  it('the earliest repeated argument wins, over the whole texts and on the JSON-RPC channel too', () => {
    const r = record({ sourceTimezone: A, targetTimezone: B }, `Invalid params: ${B} and ${A}`, true);
    expect(argumentRejection(r, names)).toEqual({ answer: 'JSON-RPC -32602', property: 'targetTimezone' });
  });

  it('at one position the longer argument (it contains the other) is named', () => {
    const r = record({ sourceTimezone: A, targetTimezone: `${A}xx` }, `Invalid time zone specified: ${A}xx`);
    expect(argumentRejection(r, names)?.property).toBe('targetTimezone');
  });

  it('two properties sent the same value are no evidence: the word match decides', () => {
    const r = record({ sourceTimezone: A, targetTimezone: A }, `Invalid time zone specified: ${A}`);
    expect(argumentRejection(r, names)?.property).toBe('time');
  });

  it('an argument without a sentinel is no evidence: a repeated path, file or sample value does not outvote the word', () => {
    // a reviewer's cases: the server repeats a context argument (or the harness's plain samples) while rejecting another
    expect(argumentRejection(record({ file: '/home/alice/project/src/index.ts', line: 500 }, 'Invalid line 500: /home/alice/project/src/index.ts has only 120 lines'), ['file', 'line'])?.property).toBe('line');
    expect(argumentRejection(record({ date: '2025-01-01', time: '00:00:00Z' }, "Invalid time: could not parse '2025-01-01T00:00:00Z'"), ['date', 'time'])?.property).toBe('time');
    expect(argumentRejection(record({ sourceTimezone: 'Europe/London', time: 'noon' }, 'Invalid time zone specified: Europe/London'), names)?.property).toBe('time');
  });

  it('a repeated argument names a rejection, it does not make one: a business failure with a validation word stays one', () => {
    const url = `https://intranet.example.com/${A}`;
    expect(argumentRejection(record({ url }, `Authentication required for ${url} (HTTP 401)`), ['url'])).toBeUndefined();
  });

  it('without a repeated argument the first property name in the text is named, as before', () => {
    const r = record({ sourceTimezone: A, time: B }, 'Input validation error: time must be HH:MM');
    expect(argumentRejection(r, names)).toEqual({ answer: 'an isError result', property: 'time' });
  });

  it('arguments that are not an object, or a property only inherited, name nothing by value', () => {
    expect(argumentRejection(record([A], `Invalid params: ${A}`, true), names)).toEqual({ answer: 'JSON-RPC -32602' });
    const inherited = Object.create({ sourceTimezone: A }) as object;
    expect(argumentRejection(record(inherited, `Invalid params: ${A}`, true), names)).toEqual({ answer: 'JSON-RPC -32602' });
  });

  it('a business failure that repeats an argument is still not a rejection', () => {
    expect(argumentRejection(record({ sourceTimezone: A }, `Service down while converting ${A}`), names)).toBeUndefined();
  });
});
