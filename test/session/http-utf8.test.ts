/**
 * UTF-8 of Streamable HTTP answers, against the real fixture HTTP server: an answer whose JSON body or SSE event holds
 * bytes that are not UTF-8 (`--fault=bad-utf8`: FF 80 at the end of tools/call echo's text) is recorded `invalidUtf8`
 * on its exchange (transport/http-status judges it); the twin's valid bodies are not.
 */
import { describe, expect, it } from 'vitest';
import { exchangesOf } from './http-fixture.ts';

describe('UTF-8 of the answers', () => {
  it.each([['a JSON body', []], ['an SSE event', ['--sse']]] as const)('%s holding the bytes FF 80 is recorded invalidUtf8; the valid answers are not', async (_, extra) => {
    const http = await exchangesOf(['--fault=bad-utf8', ...extra], async (session) => {
      await session.listTools();
      await session.callTool('echo', { message: 'hi' });
      await session.callTool('add', { a: 2, b: 3 });
    });
    expect(http.filter((e) => e.invalidUtf8 === true).map((e) => e.message?.method)).toEqual(['tools/call']);
    expect(http.find((e) => e.invalidUtf8 === true)).toMatchObject({ status: 200, contentType: extra.length > 0 ? 'text/event-stream' : 'application/json', answered: true });
  });

  it('the twin: no answer is recorded invalidUtf8', async () => {
    for (const extra of [[], ['--sse']]) {
      const http = await exchangesOf(extra, async (session) => {
        await session.listTools();
        await session.callTool('echo', { message: 'hi' });
      });
      expect(http.filter((e) => e.invalidUtf8 !== undefined)).toEqual([]);
    }
  });
});
