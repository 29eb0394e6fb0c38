import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { fixture, options, sessionStarter } from './helpers.ts';
import { WireTapRecorder } from '../../harness/session/wire-tap.ts';
import { COUNTED_NOTIFICATION_METHODS, MAX_NOTIFICATION_METHODS } from '../../harness/model/wire.ts';

const start = sessionStarter(() => delete process.env.SESSION_TEST_PARENT_ONLY);

describe('wire tap', () => {
  it('classifies a startup banner as text (line 1, with its head) and the session still works', async () => {
    const session = await start(fixture(['--fault=stdout-banner']), options());
    expect(session.negotiation.era).toBe('legacy');
    expect((await session.callTool('echo', { message: 'x' })).outcome).toBe('success');
    const tap = session.tap();
    expect(tap.stdout[0]).toMatchObject({ line: 1, kind: 'text', head: 'Fixture MCP Server version : 1.0.0', bytes: 34 });
    expect(tap.stdoutNonJsonRpc).toBe(1);
    expect(tap.stdout.slice(1).every((l) => l.kind === 'jsonrpc' && l.head === undefined)).toBe(true);
  });

  it('a clean server leaves only JSON-RPC lines', async () => {
    const session = await start(fixture(), options());
    await session.callTool('echo', { message: 'x' });
    const tap = session.tap();
    expect(tap.stdoutNonJsonRpc).toBe(0);
    expect(tap.stdout.map((l) => l.line)).toEqual([1, 2, 3]);
    expect(tap.unmatchedFrames).toBe(0);
  });

  it('counts an answer whose id matches no request as unmatched', async () => {
    const session = await start(fixture(), options());
    // a request the session never registered: its answer carries an id nobody waits for
    await session.writeRaw(JSON.stringify({ jsonrpc: '2.0', id: 'not-from-the-session', method: 'tools/list', params: {} }));
    await session.callTool('echo', { message: 'x' }); // the answer above arrives before this one
    expect(session.tap().unmatchedFrames).toBe(1);
  });

  it('does not count a late answer to a request the session gave up on as unmatched', async () => {
    const session = await start(fixture(), options());
    const timedOut = await session.request('tools/call', { name: 'sleep', arguments: { ms: 300 } }, { timeoutMs: 50 });
    expect(timedOut.outcome).toBe('timeout');
    await new Promise((r) => setTimeout(r, 500));
    expect(session.tap().unmatchedFrames).toBe(0);
  });

  it('records a log line written during a call and keeps matching answers', async () => {
    const session = await start(fixture(['--fault=stdout-log-during-call']), options());
    const records = await Promise.all([session.callTool('echo', { message: 'a' }), session.callTool('add', { a: 1, b: 1 })]);
    expect(records.map((r) => r.outcome)).toEqual(['success', 'success']);
    expect(session.tap().stdout.filter((l) => l.kind === 'text')).toHaveLength(2);
  });

  it('bounds the stdout array under a flood but keeps the counts', async () => {
    const session = await start(fixture(['--fault=flood-stdout=12000']), options());
    expect((await session.callTool('echo', { message: 'x' })).outcome).toBe('success');
    const tap = session.tap();
    expect(tap.stdout.length).toBeLessThanOrEqual(5000);
    expect(tap.stdoutNonJsonRpc).toBe(12000);
  });

  it('records a line over maxLineBytes without buffering it, and keeps reading', async () => {
    const session = await start(fixture(['--fault=long-line=200000']), options({ maxLineBytes: 1024 }));
    expect((await session.callTool('echo', { message: 'x' })).outcome).toBe('success');
    const first = session.tap().stdout[0];
    expect(first).toMatchObject({ line: 1, kind: 'oversize', bytes: 200000 });
    expect(first.head).toHaveLength(80);
  });

  it('fails a call at once with `oversize` when its answer is over maxLineBytes', async () => {
    const session = await start(fixture(['--fault=oversize-answer=200000']), options({ maxLineBytes: 1024 }));
    expect((await session.callTool('echo', { message: 'x' })).outcome).toBe('oversize');
  });

  it('never takes a server request over maxLineBytes that carries a call\'s id for that call\'s answer: the call gets its own', async () => {
    // the server's requests have ids of their own: `{"jsonrpc":"2.0","id":<the call's id>,"method":...}` answers nothing
    const session = await start(fixture(['--fault=oversize-request=200000']), options({ maxLineBytes: 1024 }));
    const record = await session.callTool('echo', { message: 'x' });
    expect(record.outcome).toBe('success');
    expect(session.tap().stdout.filter((l) => l.kind === 'oversize')).toHaveLength(1);
  });

  it('answers a server request over maxLineBytes (its id and method in the head) with an error, so a server that awaits it answers the call', async () => {
    // rev18 reviewer: since 8cc2119 such a request carrying the call's own id no longer fails the call at once, and no
    // answer ever goes to the server (a parsed one gets -32601): an SDK tool awaiting createMessage leaves the call
    // in flight until its timeout
    const session = await start(fixture(['--fault=oversize-request-await=200000']), options({ maxLineBytes: 1024 }));
    const record = await session.request('tools/call', { name: 'echo', arguments: { message: 'x' } }, { timeoutMs: 2000 });
    expect(record.outcome).not.toBe('timeout');
  });

  it('answers a server request over maxLineBytes written in the TypeScript SDK key order (id after params), so an SDK tool that awaits it answers the call', async () => {
    // rev19 reviewer: the TypeScript SDK's Protocol.request writes `{ ...request, jsonrpc: '2.0', id }` (method, params,
    // jsonrpc, id), so the id of an oversize createMessage is past any head: 0de45f4's requestHead misses it and the
    // call stays in flight until its timeout (the motivating case, an SDK tool awaiting createMessage)
    const session = await start(fixture(['--fault=oversize-request-await-sdk=200000']), options({ maxLineBytes: 1024 }));
    const record = await session.request('tools/call', { name: 'echo', arguments: { message: 'x' } }, { timeoutMs: 2000 });
    expect(record.outcome).not.toBe('timeout');
  });

  it('keeps at most keepFrames frames and a bounded stderr tail', async () => {
    const session = await start(fixture(), options({ keepFrames: 2, stderrLimitBytes: 16 }));
    await session.listTools();
    await session.callTool('echo', { message: 'x' });
    expect(session.tap().frames).toHaveLength(2);
    expect(session.tap().stderrTail.length).toBeLessThanOrEqual(16);
  });

  it('gives the child exactly the allow-listed env (no parent-only variable)', async () => {
    process.env.SESSION_TEST_PARENT_ONLY = 'parent';
    const session = await start(fixture([], { ALLOWED_VAR: 'allowed' }), options());
    const parentOnly = await session.callTool('getenv', { name: 'SESSION_TEST_PARENT_ONLY' });
    const allowed = await session.callTool('getenv', { name: 'ALLOWED_VAR' });
    expect(parentOnly.response?.result).toMatchObject({ structuredContent: { value: null } });
    expect(allowed.response?.result).toMatchObject({ structuredContent: { value: 'allowed' } });
  });
});

describe('notifications counted by method (the re-list trigger, harness/run/relist.ts)', () => {
  const LIST_CHANGED_SERVER = fileURLToPath(new URL('../fixtures/servers/trust/list-changed.mjs', import.meta.url));
  const server = (args: string[] = []) => ({ command: process.execPath, args: [LIST_CHANGED_SERVER, ...args], cwd: process.cwd(), env: {} });

  it('a notification written before a reply is counted by the time that reply resolves (stream order)', async () => {
    const session = await start(server(), options());
    expect(session.notificationCount('notifications/tools/list_changed')).toBe(0);
    expect((await session.callTool('refresh_catalog', {})).outcome).toBe('success');
    expect(session.notificationCount('notifications/tools/list_changed')).toBe(1);
    expect(session.tap().notifications).toEqual({ 'notifications/tools/list_changed': 1 });
    expect((await session.listTools()).tools.map((t) => t.name)).toEqual(['refresh_catalog', 'daily_report', 'purge_reports']);
  });

  it('the twin sends none: nothing counted, no notifications key in the tap', async () => {
    const session = await start(server(['--twin']), options());
    await session.callTool('refresh_catalog', {});
    expect(session.notificationCount('notifications/tools/list_changed')).toBe(0);
    expect(session.tap().notifications).toBeUndefined();
  });
});

describe('notification counts by method', () => {
  it('counts the methods the harness acts on or judges past the cap on distinct methods (64 made-up ones first)', () => {
    const tap = new WireTapRecorder({ stderrLimitBytes: 64, keepFrames: 1 });
    for (let i = 0; i < MAX_NOTIFICATION_METHODS + 10; i++) tap.notification(`notifications/vendor/x${i}`);
    for (const method of COUNTED_NOTIFICATION_METHODS) tap.notification(method);
    tap.notification('notifications/tools/list_changed');
    expect(tap.notificationCount('notifications/tools/list_changed')).toBe(2);
    expect(tap.notificationCount('notifications/progress')).toBe(1);
    expect(tap.notificationCount('notifications/cancelled')).toBe(1);
    expect(tap.notificationCount(`notifications/vendor/x${MAX_NOTIFICATION_METHODS + 5}`)).toBe(0); // other methods stay capped
  });
});
