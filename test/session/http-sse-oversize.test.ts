/**
 * An SSE event over the frame limit (`maxLineBytes`) on a Streamable HTTP answer stream, against the real fixture HTTP
 * server (`--fault=sse-big-event=BYTES`: a log notification of BYTES bytes before the answer on the call's stream):
 * the event is recorded as oversize and discarded up to its end, and the answer after it is delivered and judged
 * as usual, never a stream that "broke off". The conformant twin: the same stream without the big event.
 */
import { describe, expect, it } from 'vitest';
import type { RequestRecord } from '../../harness/model/wire.ts';
import { exchangesOf } from './http-fixture.ts';

/** The frame limit the sessions here run with (bytes); the big event is four times it. */
const LIMIT = 64 * 1024;

describe('an SSE event over the frame limit before the answer', () => {
  it.each([
    ['an oversize log event, then the answer', [`--fault=sse-big-event=${4 * LIMIT}`], 1],
    ['the answer alone (conformant twin)', [], 0],
  ] as const)('%s: the call is answered, the stream ends by itself', async (_, faults, oversize) => {
    let call: RequestRecord | undefined;
    let lines: { kind: string; bytes: number }[] = [];
    const exchanges = await exchangesOf(['--sse', ...faults], async (session) => {
      call = await session.callTool('echo', { message: 'hi' });
      lines = session.tap().stdout.map((l) => ({ kind: l.kind, bytes: l.bytes }));
    }, { maxLineBytes: LIMIT });
    expect(call?.outcome).toBe('success');
    expect(call?.response).toMatchObject({ jsonrpc: '2.0', id: call?.id, result: { content: [{ type: 'text' }] } });
    const post = exchanges.find((e) => e.message?.method === 'tools/call');
    expect(post).toMatchObject({ status: 200, contentType: 'text/event-stream', answered: true, sse: { ended: true } });
    expect(post?.error).toBeUndefined();
    expect(post?.sse?.oversize ?? 0).toBe(oversize);
    // its head shows a `method` member: not the call's response (review D3)
    expect(post?.sse?.oversizeOthers ?? 0).toBe(oversize);
    const big = lines.filter((l) => l.kind === 'oversize');
    expect(big.length).toBe(oversize);
    for (const line of big) expect(line.bytes).toBeGreaterThan(4 * LIMIT);
  });
});

describe('an SSE event over the frame limit that is the answer', () => {
  it('fails its call at once as oversize (its head names the id); the next call on the session is answered', async () => {
    let big: RequestRecord | undefined;
    let next: RequestRecord | undefined;
    const exchanges = await exchangesOf(['--sse', `--fault=deep-add=${LIMIT}`], async (session) => {
      big = await session.callTool('add', { a: 2, b: 3 });
      next = await session.callTool('echo', { message: 'hi' });
    }, { maxLineBytes: LIMIT });
    expect(big).toMatchObject({ outcome: 'oversize' });
    expect(big?.responseBytes).toBeGreaterThan(2 * LIMIT);
    expect(next?.outcome).toBe('success');
    const [add, echo] = exchanges.filter((e) => e.message?.method === 'tools/call');
    expect(add).toMatchObject({ status: 200, answered: false, sse: { events: 0, ended: true, oversize: 1 } });
    expect(add?.error).toBeUndefined();
    expect(add?.sse?.oversizeOthers).toBeUndefined(); // its head names this request's id: possibly (here surely) its response
    expect(echo).toMatchObject({ answered: true, sse: { events: 1, ended: true } });
    expect(echo?.sse?.oversize).toBeUndefined();
  });
});
