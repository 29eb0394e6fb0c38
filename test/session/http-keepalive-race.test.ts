/**
 * The keep-alive race on Streamable HTTP (connection.ts `retriesOnFresh`), against the real fixture HTTP server: a server
 * that closes a kept-alive connection just as the harness reuses it (`--drop-reused`: every connection that already
 * served an answer is reset when the next request arrives, before the server reads it) resets the request before any
 * byte of an answer. The harness sends such a request once more on a fresh connection (the exchange says `retried`) and
 * gets its answer: every request succeeds, no exchange records a failure. A request reset on its fresh connection is
 * not sent again and keeps its failure (`--fault=reset-call`: transport/http-status noHttpResponse counts it). The twin,
 * a server that keeps its connections, sees no retry.
 */
import { describe, expect, it } from 'vitest';
import type { Session } from '../../harness/session/index.ts';
import { exchangesOf } from './http-fixture.ts';

/** List the tools, call both, return the outcomes. */
async function listAndCall(session: Session, outcomes: string[]): Promise<void> {
  const listing = await session.listTools();
  outcomes.push(listing.tools.length === 2 ? 'listed' : 'not listed');
  outcomes.push((await session.callTool('add', { a: 2, b: 3 })).outcome);
  outcomes.push((await session.callTool('echo', { message: 'hi' })).outcome);
}

describe('the keep-alive race', () => {
  it.each([['JSON answers', []], ['SSE answers', ['--sse']]] as const)('%s: a request reset on a reused connection before any answer is sent again on a fresh one and answered', async (_, extra) => {
    const outcomes: string[] = [];
    const http = await exchangesOf(['--drop-reused', ...extra], (session) => listAndCall(session, outcomes));
    expect(outcomes).toEqual(['listed', 'success', 'success']);
    expect(http.filter((e) => e.error !== undefined)).toEqual([]);
    // every exchange after the first went out on a kept-alive connection the server then dropped
    expect(http.filter((e) => e.retried === true).length).toBeGreaterThan(0);
    const work = http.filter((e) => e.message?.method === 'tools/list' || e.message?.method === 'tools/call');
    expect(work.map((e) => [e.message?.method, e.status, e.answered])).toEqual([
      ['tools/list', 200, true],
      ['tools/call', 200, true],
      ['tools/call', 200, true],
    ]);
    expect(http.at(-1)).toMatchObject({ method: 'DELETE', status: 200 });
  });

  it('a request reset again on its fresh connection is not sent a third time: it keeps its reset (each call went out on a kept-alive connection first)', async () => {
    const outcomes: string[] = [];
    const http = await exchangesOf(['--drop-reused', '--fault=reset-call'], (session) => listAndCall(session, outcomes));
    expect(outcomes).toEqual(['listed', 'unanswered', 'unanswered']);
    const calls = http.filter((e) => e.message?.method === 'tools/call');
    expect(calls.map((e) => [e.retried ?? false, e.error, e.status])).toEqual([
      [true, 'reset', undefined],
      [true, 'reset', undefined],
    ]);
  });

  it('the twin, a server that keeps its connections: nothing is sent twice', async () => {
    const outcomes: string[] = [];
    const http = await exchangesOf([], (session) => listAndCall(session, outcomes));
    expect(outcomes).toEqual(['listed', 'success', 'success']);
    expect(http.filter((e) => e.retried !== undefined || e.error !== undefined)).toEqual([]);
  });
});
