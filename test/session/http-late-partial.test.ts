/**
 * What a Streamable HTTP connection keeps of a request the harness stopped waiting for (a timeout), against the real
 * fixture HTTP server: `--fault=late-partial` answers tools/call `echo` with a stream whose first event stops after 256
 * KiB of its data and waits; the harness times the call out and cancels it, and only then does the event get 256 KiB more
 * and its end. The harness ignores whatever still comes for a timed-out request, so once it times out the event's
 * partial data is dropped and the rest is discarded as an event over the limit (a hostile review: every timed-out call's
 * stream kept its partial 15 MiB event until the session ended, 2 GB of RSS over 60 tools, more with more tools). The twin
 * (`late-complete`: the same event whole before the timeout) is read as usual.
 */
import { describe, expect, it } from 'vitest';
import type { HttpExchange, RequestRecord } from '../../harness/model/wire.ts';
import { exchangesOf } from './http-fixture.ts';
import { detachedHead } from '../../harness/session/oversize-head.ts';

describe('the stream of a timed-out call', () => {
  it.each([
    ['an event cut off at the timeout, finished after it: its data dropped, counted over the limit', '--fault=late-partial', { oversize: 1, events: 0 }],
    ['an event whole before the timeout (twin): read as usual', '--fault=late-complete', { oversize: undefined, events: 1 }],
  ] as const)('%s', async (_, fault, expected) => {
    let call: RequestRecord | undefined;
    let post: HttpExchange | undefined;
    await exchangesOf(['--sse', fault], async (session) => {
      call = await session.callTool('echo', { message: 'hi' });
      // the fixture ends the stream once the cancellation (sent on the timeout) reaches it: wait for that end
      for (let i = 0; i < 500 && post?.sse?.ended !== true; i += 1) {
        post = (session.tap().http ?? []).find((e) => e.message?.method === 'tools/call');
        if (post?.sse?.ended !== true) await new Promise((r) => setTimeout(r, 20));
      }
    });
    expect(call?.outcome).toBe('timeout');
    expect(post).toMatchObject({ status: 200, answered: false, sse: { ended: true, events: expected.events } });
    expect(post?.sse?.oversize).toBe(expected.oversize);
  });
});

describe('detachedHead', () => {
  it('is the first characters of the text, lone surrogates and all', () => {
    const text = `${'x'.repeat(198)}\ud83d\ude00${'y'.repeat(1000)}`;
    expect(detachedHead(text, 200)).toBe(text.slice(0, 200));
    expect(detachedHead(text, 199)).toBe(text.slice(0, 199)); // cut inside the pair: the lone high surrogate kept
    expect(detachedHead('short', 200)).toBe('short');
  });
});
