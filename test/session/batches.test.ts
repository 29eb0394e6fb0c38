/**
 * JSON-RPC batches on stdout (spec:2025-03-26/basic/index.mdx §Batching: implementations "MAY support sending
 * JSON-RPC batches, but MUST support receiving JSON-RPC batches"). On a session that negotiated 2025-03-26 a
 * batch line is JSON-RPC and its members are routed one by one (a response settles its request, a notification
 * is counted and tied); on 2024-11-05 (no batches yet) and 2025-06-18 (batching removed) it stays a JSON line
 * that is not JSON-RPC, whose members answer nothing. Lines before the initialize answer are never batches.
 */
import { describe, expect, it } from 'vitest';
import { classifyLine, framesOf } from '../../harness/session/classify.ts';
import { WireTapRecorder } from '../../harness/session/wire-tap.ts';
import { isJsonRpcBatch, revisionHasBatches } from '../../harness/model/protocol.ts';
import { fixture, options, sessionStarter } from './helpers.ts';

const start = sessionStarter();

const BATCH = '[{"jsonrpc":"2.0","method":"notifications/message","params":{"level":"info","data":"x"}},{"jsonrpc":"2.0","id":4,"result":{}}]';

describe('batch classification', () => {
  it('only 2025-03-26 has batches', () => {
    expect(['2024-11-05', '2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28', undefined].map(revisionHasBatches)).toEqual([false, true, false, false, false, false]);
  });

  it('a batch is a non-empty array of JSON-RPC-shaped members', () => {
    expect(isJsonRpcBatch(JSON.parse(BATCH))).toBe(true);
    expect(isJsonRpcBatch([])).toBe(false);
    expect(isJsonRpcBatch([{ jsonrpc: '2.0', id: 1, result: {} }, 5])).toBe(false);
    expect(isJsonRpcBatch([{ level: 'info' }])).toBe(false);
    expect(isJsonRpcBatch({ jsonrpc: '2.0', id: 1, result: {} })).toBe(false);
  });

  it('an array line is json until the session accepts batches, then jsonrpc with its members as the frames', () => {
    expect(classifyLine(BATCH)).toMatchObject({ kind: 'json' });
    expect(classifyLine(BATCH).batch).toBeUndefined();
    const accepted = classifyLine(BATCH, true);
    expect(accepted).toMatchObject({ kind: 'jsonrpc', batch: true });
    const frames = framesOf(accepted, Buffer.byteLength(BATCH));
    expect(frames.map((f) => f.value)).toEqual(JSON.parse(BATCH));
    expect(frames.map((f) => f.bytes)).toEqual(JSON.parse(BATCH).map((m: unknown) => JSON.stringify(m).length));
    expect(classifyLine('[]', true).kind).toBe('json');
    expect(classifyLine('[1,2]', true).kind).toBe('json');
    expect(framesOf(classifyLine('{"jsonrpc":"2.0","id":1,"result":{}}'), 36)).toEqual([{ value: { jsonrpc: '2.0', id: 1, result: {} }, bytes: 36 }]);
    expect(framesOf(classifyLine('not json'), 8)).toEqual([]);
  });

  it('the tap keeps an accepted batch as one JSON-RPC line and its members as frames', () => {
    const tap = new WireTapRecorder({ stderrLimitBytes: 1000, keepFrames: 10 });
    expect(tap.batches).toBe(false);
    tap.line(BATCH, BATCH.length, classifyLine(BATCH, tap.batches));
    tap.acceptBatches();
    tap.line(BATCH, BATCH.length, classifyLine(BATCH, tap.batches));
    const snap = tap.snapshot();
    expect(snap.stdout.map((l) => l.kind)).toEqual(['json', 'jsonrpc']);
    expect(snap.stdoutNonJsonRpc).toBe(1);
    expect(snap.frames).toEqual(JSON.parse(BATCH));
  });

  it('a restarted process starts without batches: its lines are batches only after its own initialize answer', () => {
    const tap = new WireTapRecorder({ stderrLimitBytes: 1000, keepFrames: 10 });
    tap.acceptBatches();
    tap.resetBatches(); // as a new ServerProcess of the session is adopted
    expect(tap.batches).toBe(false);
    tap.line(BATCH, BATCH.length, classifyLine(BATCH, tap.batches));
    expect(tap.snapshot().stdout.map((l) => l.kind)).toEqual(['json']);
  });
});

describe('a server that writes batches', () => {
  it('2025-03-26: the batch right after the initialize answer and the batched call answers are JSON-RPC; responses settle, notifications are counted', async () => {
    const session = await start(fixture(['--fault=protocol-version=2025-03-26', '--fault=batch']), options());
    expect(session.negotiation.protocolVersion).toBe('2025-03-26');
    const a = await session.callTool('echo', { message: 'x' });
    const b = await session.callTool('add', { a: 1, b: 2 });
    expect([a.outcome, b.outcome]).toEqual(['success', 'success']);
    expect(b.response?.result).toMatchObject({ structuredContent: { sum: 3 } });
    expect(a.responseBytes).toBe(JSON.stringify(a.response).length);
    // it names no request: counted for the session, tied to no call
    expect(a.notifications).toBeUndefined();
    const tap = session.tap();
    expect(tap.stdoutNonJsonRpc).toBe(0);
    expect(tap.stdout.every((l) => l.kind === 'jsonrpc')).toBe(true);
    expect(tap.notifications?.['notifications/message']).toBe(3); // one after initialize, one per call
    expect(tap.untiedNotifications).toBe(3);
    expect(tap.unmatchedFrames).toBe(0);
    expect(tap.frames?.filter((f) => (f as { method?: string }).method === 'notifications/message')).toHaveLength(3);
  });

  it.each(['2024-11-05', '2025-06-18'])('%s: a batch line is not JSON-RPC and its members answer nothing (the call times out)', async (version) => {
    const session = await start(fixture([`--fault=protocol-version=${version}`, '--fault=batch']), options({}, { requestMs: 400 }));
    expect(session.negotiation.protocolVersion).toBe(version);
    const call = await session.callTool('echo', { message: 'x' });
    expect(call.outcome).toBe('timeout');
    const tap = session.tap();
    expect(tap.stdout.filter((l) => l.kind === 'json').map((l) => l.head?.startsWith('['))).toEqual([true, true]);
    expect(tap.stdoutNonJsonRpc).toBe(2);
    expect(tap.notifications).toBeUndefined();
  });
});
