/**
 * The Streamable HTTP transport against a real fixture HTTP server (a process on 127.0.0.1, port chosen free
 * at run time): both eras, JSON and SSE answers, the session id and protocol-version header of the legacy
 * era, the mirrored headers of 2026-07-28, DELETE at the end; and the server the harness starts (readiness
 * by line or by URL, start timeout, exit before ready, an unreachable URL), with nothing left running.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it, vi } from 'vitest';
import { openSession, SessionBootError, startServer, type HttpSpec, type Session } from '../../harness/session/index.ts';
import { httpMask } from '../../harness/session/http/transport.ts';
import { freeLoopbackPort } from '../../harness/run/port.ts';
import { pidsWithMarker } from '../e2e/helpers/processes.ts';
import { jsonTreeDepth } from '../../harness/json.ts';
import { LINE_DEPTH } from '../../harness/session/classify.ts';
import { guardRecord, MAX_VALUE_DEPTH } from '../../harness/run/depth-guard.ts';
import { options } from './helpers.ts';

const HTTP_FIXTURE = fileURLToPath(new URL('../fixtures/servers/http/fixture-http-server.mjs', import.meta.url));

/** An HTTP spec whose server is the fixture on a free port, ready once it prints its listening line. */
async function fixtureSpec(args: string[] = [], env: Record<string, string> = {}): Promise<HttpSpec> {
  const port = await freeLoopbackPort();
  return {
    transport: 'streamable-http',
    url: `http://127.0.0.1:${port}/mcp`,
    headers: {},
    server: { spawn: { command: process.execPath, args: [HTTP_FIXTURE, `--port=${port}`, ...args], cwd: process.cwd(), env }, ready: { kind: 'line', pattern: '^listening on ' } },
  };
}

/** Start the fixture, open a session, run `body`, close both (`timeouts` over the session tests' own). */
async function withSession(spec: HttpSpec, body: (session: Session) => Promise<void>, timeouts: Parameters<typeof options>[1] = {}): Promise<void> {
  const server = await startServer(spec, options({}, timeouts));
  try {
    const session = await openSession(spec, options({}, timeouts), server ? { serverExit: server.exited } : {});
    try {
      await body(session);
    } finally {
      await session.close();
    }
  } finally {
    await server?.stop();
  }
}

describe('Streamable HTTP, legacy era (2025-11-25)', () => {
  it.each([['JSON answers', []], ['SSE answers', ['--sse']]] as const)('%s: initialize, the session id and version header, tools, DELETE at the end', async (_, args) => {
    const spec = await fixtureSpec([...args]);
    await withSession(spec, async (session) => {
      expect(session.negotiation.era).toBe('legacy');
      expect(session.negotiation.protocolVersion).toBe('2025-11-25');
      const listing = await session.listTools();
      expect(listing.tools.map((t) => t.name)).toEqual(['echo', 'add']);
      const call = await session.callTool('add', { a: 2, b: 3 });
      expect(call.outcome).toBe('success');
      expect(call.response?.result).toMatchObject({ structuredContent: { sum: 5 } });
      await session.close();
      const http = session.tap().http ?? [];
      const init = http.find((e) => e.message?.method === 'initialize');
      expect(init).toMatchObject({ status: 200, sessionIdIssued: true, session: 'none', answered: true });
      const list = http.find((e) => e.message?.method === 'tools/list');
      expect(list).toMatchObject({ status: 200, session: 'sent', protocolVersionHeader: '2025-11-25', messages: 1, answered: true });
      expect(list?.contentType).toBe(args.length > 0 ? 'text/event-stream' : 'application/json');
      if (args.length > 0) expect(list?.sse).toMatchObject({ events: 1, ended: true });
      const initialized = http.find((e) => e.message?.method === 'notifications/initialized');
      expect(initialized).toMatchObject({ status: 202, bodyBytes: 0, message: { kind: 'notification' } });
      expect(http.at(-1)).toMatchObject({ method: 'DELETE', status: 200, session: 'sent' });
    });
  });

  it('a probe POST can leave out the session id or send an unknown one (recorded under its tag)', async () => {
    const spec = await fixtureSpec();
    await withSession(spec, async (session) => {
      const none = await session.request('tools/list', undefined, { http: { session: 'none' }, tag: 'p:none' });
      const unknown = await session.request('tools/list', undefined, { http: { session: 'unknown' }, tag: 'p:unknown' });
      const origin = await session.request('tools/list', undefined, { http: { headers: { origin: 'http://evil.example' } }, tag: 'p:origin' });
      // the id-less JSON-RPC error that came instead of an answer is the request's response
      expect([none.outcome, unknown.outcome, origin.outcome]).toEqual(['protocol-error', 'protocol-error', 'protocol-error']);
      const http = session.tap().http ?? [];
      expect(http.find((e) => e.tag === 'p:none')).toMatchObject({ status: 400, session: 'none', answered: false });
      expect(http.find((e) => e.tag === 'p:unknown')).toMatchObject({ status: 404, session: 'unknown' });
      expect(http.find((e) => e.tag === 'p:origin')).toMatchObject({ status: 403, session: 'sent' });
      // the session itself is untouched
      expect((await session.listTools()).tools).toHaveLength(2);
    });
  });
});

describe("a server request on a call's answer stream (spec basic/transports §Sending Messages to the Server)", () => {
  it('names that call\'s tool though another call is in flight (by timing alone it would name none)', async () => {
    const spec = await fixtureSpec(['--sse', '--fault=roots-in-call=add', '--fault=hang-tool=echo']);
    await withSession(spec, async (session) => {
      const hanging = session.callTool('echo', { message: 'hi' }); // never answered: in flight while add runs
      const add = await session.callTool('add', { a: 2, b: 3 });
      expect(add.outcome).toBe('success');
      expect(session.tap().capabilityRequestTiming).toEqual({ 'roots/list': { tools: ['add'], several: false, idle: false } });
      await session.close();
      await hanging;
    });
  });
});

describe('an answer nested millions of levels deep (review 4, D1)', () => {
  // parsed whole, 1,000,000 levels cost ~400 MB of heap; bounded (json-bounded.ts), the value is cut one level past
  // LINE_DEPTH, settles its request by id, and the depth guard drops it as it drops a 300-level one
  it.each([['a JSON body', []], ['an SSE event', ['--sse']]] as const)('%s: the call settles by its id, cut, and the guard drops it', async (_, args) => {
    const spec = await fixtureSpec([...args, '--fault=deep-add=1000000']);
    await withSession(spec, async (session) => {
      const parse = vi.spyOn(JSON, 'parse');
      const lengths: number[] = [];
      const call = await session.callTool('add', { a: 2, b: 3 }).finally(() => {
        for (const [text] of parse.mock.calls) lengths.push(typeof text === 'string' ? text.length : 0);
        parse.mockRestore();
      });
      // the 2 MB answer never went to JSON.parse whole, neither as the body nor as the message
      expect(lengths.length).toBeGreaterThan(0);
      expect(lengths.filter((length) => length > 1_000_000)).toEqual([]);
      expect(call.outcome).toBe('success');
      expect(call.response).toMatchObject({ jsonrpc: '2.0', id: call.id });
      expect(jsonTreeDepth(call.response)).toBe(LINE_DEPTH + 1);
      const guarded = guardRecord(call);
      expect(guarded.tooDeep).toBe(MAX_VALUE_DEPTH);
      expect(guarded.response).toEqual({ jsonrpc: '2.0', id: call.id });
    });
  });
});

describe('Streamable HTTP, modern era (2026-07-28, stateless)', () => {
  it.each([['JSON answers', []], ['SSE answers', ['--sse']]] as const)('%s: headers mirrored from the body (the fixture rejects a mismatch with -32020)', async (_, args) => {
    const spec = await fixtureSpec(['--era=modern', ...args]);
    await withSession(spec, async (session) => {
      expect(session.negotiation.era).toBe('modern');
      const call = await session.callTool('echo', { message: 'hi' });
      expect(call.outcome).toBe('success');
      const http = session.tap().http ?? [];
      expect(http.every((e) => e.session === 'none' && e.sessionIdIssued !== true)).toBe(true);
      expect(http.find((e) => e.message?.method === 'tools/call')).toMatchObject({ status: 200, protocolVersionHeader: '2026-07-28', answered: true });
      expect(http.some((e) => e.method === 'DELETE')).toBe(false);
    });
  });

  it('a request whose headers do not match its body is refused by the fixture (the probe can change one header)', async () => {
    const spec = await fixtureSpec(['--era=modern']);
    await withSession(spec, async (session) => {
      const record = await session.request('tools/list', {}, { http: { headers: { 'mcp-method': 'tools/call' } }, tag: 'p:mismatch' });
      expect(record.outcome).toBe('protocol-error');
      expect(record.response?.error?.code).toBe(-32020);
      expect((session.tap().http ?? []).find((e) => e.tag === 'p:mismatch')).toMatchObject({ status: 400, answered: true });
    });
  });
});

describe('a probe GET of the MCP endpoint (ProbeRequest.http.method GET)', () => {
  it('405 from the fixture: recorded as a GET with its status, the request settles as unanswered', async () => {
    const spec = await fixtureSpec();
    await withSession(spec, async (session) => {
      const record = await session.request('tools/list', undefined, { http: { method: 'GET' }, tag: 'get' });
      expect(record.outcome).toBe('unanswered');
      const get = (session.tap().http ?? []).find((e) => e.tag === 'get');
      expect(get).toMatchObject({ method: 'GET', status: 405, session: 'sent', protocolVersionHeader: '2025-11-25' });
    });
  });

  it('a standalone SSE stream the server opens (SDK 1.x) is closed at once: the request settles, the session closes', async () => {
    const port = await freeLoopbackPort();
    const server = fileURLToPath(new URL('../../surfaces/reference/legacy-http/server.ts', import.meta.url));
    const spec: HttpSpec = {
      transport: 'streamable-http',
      url: `http://127.0.0.1:${port}/mcp`,
      headers: {},
      server: { spawn: { command: process.execPath, args: ['--import', 'tsx', server, `--port=${port}`], cwd: process.cwd(), env: {} }, ready: { kind: 'line', pattern: 'serving on http://' } },
    };
    await withSession(spec, async (session) => {
      const record = await session.request('tools/list', undefined, { http: { method: 'GET' }, tag: 'get' });
      expect(record.outcome).toBe('unanswered');
      expect((session.tap().http ?? []).find((e) => e.tag === 'get')).toMatchObject({ method: 'GET', status: 200, contentType: 'text/event-stream' });
      const shutdown = await session.close();
      expect(shutdown.endedBy).toBe('session-end');
      // a TypeScript server (tsx) starts in seconds on a loaded machine: ready is its line, the budget only bounds a failure
    }, { startMs: 60_000 });
  }, 90_000);
});

describe('the server the harness starts (Playwright webServer style)', () => {
  it('readiness by URL: the session opens once the URL answers', async () => {
    const spec = await fixtureSpec(['--quiet']);
    await withSession({ ...spec, server: { ...spec.server!, ready: { kind: 'url' } } }, async (session) => {
      expect(session.negotiation.era).toBe('legacy');
    });
  });

  it('a server that never gets ready fails within the start budget, and its tree is gone', async () => {
    const marker = `MCP_HTTP_TEST_${process.pid}_${Date.now()}`;
    const spec = await fixtureSpec(['--quiet'], { [marker]: '1' });
    const never = { ...spec, server: { ...spec.server!, ready: { kind: 'line' as const, pattern: 'this line never comes' } } };
    const error = await startServer(never, options({}, { startMs: 800 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionBootError);
    expect((error as SessionBootError).failure).toMatchObject({ phase: 'spawn', reason: 'ready-timeout', timeoutMs: 800 });
    expect(pidsWithMarker(marker)).toEqual([]);
  });

  it('a URL whose answer never ends its head (a byte at a time, never idle) fails within the start budget, not a hang', async () => {
    const marker = `MCP_HTTP_TEST_${process.pid}_${Date.now()}`;
    const spec = await fixtureSpec(['--quiet', '--fault=ready-trickle'], { [marker]: '1' });
    const byUrl = { ...spec, server: { ...spec.server!, ready: { kind: 'url' as const } } };
    const error = await startServer(byUrl, options({}, { startMs: 800 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionBootError);
    expect((error as SessionBootError).failure).toMatchObject({ phase: 'spawn', reason: 'ready-timeout', timeoutMs: 800 });
    expect(pidsWithMarker(marker)).toEqual([]);
  });

  it('a server that exits before it is ready is a boot failure with its exit code and output', async () => {
    const spec: HttpSpec = {
      transport: 'streamable-http', url: 'http://127.0.0.1:9/mcp', headers: {},
      server: { spawn: { command: process.execPath, args: ['-e', 'console.error("port in use"); process.exit(3)'], cwd: process.cwd(), env: {} }, ready: { kind: 'url' } },
    };
    const error = (await startServer(spec, options()).catch((e: unknown) => e)) as SessionBootError;
    expect(error.failure).toMatchObject({ phase: 'spawn', reason: 'exited', exitCode: 3 });
    expect(error.failure.stderrTail).toContain('port in use');
  });

  it('a URL nothing listens on is a boot failure (unreachable), not a hang', async () => {
    const port = await freeLoopbackPort();
    const spec: HttpSpec = { transport: 'streamable-http', url: `http://127.0.0.1:${port}/mcp`, headers: {} };
    const error = (await openSession(spec, options()).catch((e: unknown) => e)) as SessionBootError;
    expect(error).toBeInstanceOf(SessionBootError);
    expect(error.failure).toMatchObject({ phase: 'spawn', reason: 'unreachable' });
  });
});

describe('httpMask', () => {
  it('masks configured header values (named by header) and the harness environment, not what the surface was given', () => {
    const mask = httpMask(
      { transport: 'streamable-http', url: 'http://127.0.0.1:1/mcp', headers: { Authorization: 'Bearer s3cret-token' } },
      { CI_TOKEN: 'ci-secret-value', GIVEN: 'http://127.0.0.1:1/mcp' },
    );
    expect(mask.text('auth Bearer s3cret-token and ci-secret-value at http://127.0.0.1:1/mcp')).toBe(
      'auth [masked:header:authorization] and [masked:CI_TOKEN] at http://127.0.0.1:1/mcp',
    );
  });
});
