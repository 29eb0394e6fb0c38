/**
 * The record of an answered exchange (session/exchange.ts): its keys and their order for each key set, and
 * the channel's routing by id (a number and a string that print alike are different ids). A connection in
 * memory answers each line the way a server on the pipe would (the routing under test is the same).
 */
import { describe, expect, it } from 'vitest';
import type { ExitInfo, ShutdownInfo } from '../../harness/model/wire.ts';
import { exchange, MAX_SHARED_TOOL_ERROR_TEXT, MAX_SHARED_TOOL_ERRORS } from '../../harness/session/exchange.ts';
import { MAX_KEPT_NOTIFICATIONS, RpcChannel } from '../../harness/session/rpc-channel.ts';
import type { Connection, FrameListener } from '../../harness/session/transport.ts';
import { WireTapRecorder } from '../../harness/session/wire-tap.ts';

/** A connection whose peer answers every request line with `answer(frame)`, after `notes(frame)` notifications. */
function loopback(answer: (frame: Record<string, unknown>) => unknown, notes: (frame: Record<string, unknown>) => number = () => 0): Connection {
  let listener: FrameListener = () => {};
  return {
    alive: true,
    closed: new Promise<ExitInfo>(() => {}),
    send(line: string) {
      const frame = JSON.parse(line) as Record<string, unknown>;
      queueMicrotask(() => {
        for (let i = 0; i < notes(frame); i++) listener({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: frame.id, progress: i } }, 10);
        const reply = answer(frame);
        if (reply !== undefined) listener(reply, 42);
      });
      return true;
    },
    onFrame(l: FrameListener) { listener = l; },
    onOversize() {},
    stop: async () => ({ step: 'stdin-close' }) as unknown as ShutdownInfo,
    kill: async () => {},
  };
}

const tap = () => new WireTapRecorder({ stderrLimitBytes: 1024, keepFrames: 0 });
const spec = (id: number | string, params?: unknown) => ({ id, method: 'tools/call', ...(params === undefined ? {} : { params }), line: JSON.stringify({ jsonrpc: '2.0', id, method: 'tools/call', ...(params === undefined ? {} : { params }) }), timeoutMs: 60_000, lateGraceMs: 0 });

describe('answered exchange records', () => {
  const ok = (frame: Record<string, unknown>) => ({ jsonrpc: '2.0', id: frame.id, result: { content: [] } });

  it('has id, method, params, outcome, durationMs, response, responseBytes in that order (params absent when not sent)', async () => {
    const channel = new RpcChannel(loopback(ok), tap());
    const withParams = await exchange(channel, spec(1, { name: 't' }));
    expect(Object.keys(withParams)).toEqual(['id', 'method', 'params', 'outcome', 'durationMs', 'response', 'responseBytes']);
    expect(withParams).toMatchObject({ id: 1, params: { name: 't' }, outcome: 'success', response: { id: 1 }, responseBytes: 42 });
    const bare = await exchange(channel, spec(2));
    expect(Object.keys(bare)).toEqual(['id', 'method', 'outcome', 'durationMs', 'response', 'responseBytes']);
  });

  it('adds the tied notifications, then their count when more came than are kept', async () => {
    const few = new RpcChannel(loopback(ok, () => 2), tap());
    const record = await exchange(few, spec(3, { name: 't' }));
    expect(Object.keys(record)).toEqual(['id', 'method', 'params', 'outcome', 'durationMs', 'response', 'responseBytes', 'notifications']);
    expect(record.notifications).toHaveLength(2);
    const flood = new RpcChannel(loopback(ok, () => MAX_KEPT_NOTIFICATIONS + 5), tap());
    const flooded = await exchange(flood, spec(4));
    expect(Object.keys(flooded)).toEqual(['id', 'method', 'outcome', 'durationMs', 'response', 'responseBytes', 'notifications', 'notificationCount']);
    expect(flooded.notifications).toHaveLength(MAX_KEPT_NOTIFICATIONS);
    expect(flooded.notificationCount).toBe(MAX_KEPT_NOTIFICATIONS + 5);
  });

  it('ties no notification that names no request to the request in flight: the tap counts it for the session (hostile review 4, D5)', async () => {
    const untied: Connection = loopback(ok);
    const send = untied.send.bind(untied);
    let listener: FrameListener = () => {};
    const onFrame = untied.onFrame.bind(untied);
    untied.onFrame = (l: FrameListener) => { listener = l; onFrame(l); };
    untied.send = (line: string) => {
      listener({ jsonrpc: '2.0', method: 'notifications/message', params: { level: 'info', data: 'x' } }, 10);
      // naming a request that is not in flight is naming none (review 5: these were counted nowhere)
      listener({ jsonrpc: '2.0', method: 'notifications/progress', params: { progressToken: 'bogus', progress: 1 } }, 10);
      listener({ jsonrpc: '2.0', method: 'notifications/cancelled', params: { requestId: 987654 } }, 10);
      return send(line);
    };
    const recorder = tap();
    const record = await exchange(new RpcChannel(untied, recorder), spec(5));
    expect(Object.keys(record)).toEqual(['id', 'method', 'outcome', 'durationMs', 'response', 'responseBytes']);
    expect(recorder.snapshot()).toMatchObject({ notifications: { 'notifications/message': 1, 'notifications/progress': 1, 'notifications/cancelled': 1 }, untiedNotifications: 3 });
  });

  it('routes by id: 7 and "7" are different ids, 0 and "" are ids too', async () => {
    const recorder = tap();
    // the peer answers id 7 with "7" (a different id): unmatched; the request times out
    const swapped = new RpcChannel(loopback((f) => ({ jsonrpc: '2.0', id: f.id === 7 ? '7' : f.id, result: {} })), recorder);
    const seven = await exchange(swapped, { ...spec(7), timeoutMs: 20 });
    expect(seven.outcome).toBe('timeout');
    expect(recorder.snapshot().unmatchedFrames).toBe(1);
    for (const id of [0, '', 's:1', 'n:1']) expect((await exchange(swapped, spec(id))).outcome).toBe('success');
  });
});

/** A connection whose peer answers nothing until `answer(id)` is called (the test decides when). */
function manual(): { connection: Connection; answer: (id: number | string) => void; written: string[] } {
  let listener: FrameListener = () => {};
  const written: string[] = [];
  return {
    written,
    answer: (id) => listener({ jsonrpc: '2.0', id, result: { content: [] } }, 7),
    connection: {
      alive: true,
      closed: new Promise<ExitInfo>(() => {}),
      send(line: string) { written.push(line); return true; },
      onFrame(l: FrameListener) { listener = l; },
      onOversize() {},
      stop: async () => ({ step: 'stdin-close' }) as unknown as ShutdownInfo,
      kill: async () => {},
    },
  };
}

describe('one settlement promise per request (the exchange interrupts its own registration)', () => {
  it('a timeout ends the exchange; the late answer is then a late answer to an abandoned id, never unmatched', async () => {
    const peer = manual();
    const recorder = tap();
    const channel = new RpcChannel(peer.connection, recorder);
    const record = await exchange(channel, { ...spec(1), timeoutMs: 10 });
    expect(record).toMatchObject({ id: 1, outcome: 'timeout', timeoutMs: 10 });
    peer.answer(1);
    expect(recorder.snapshot().unmatchedFrames).toBe(0);
  });

  it('a cancellation time ends the wait as a cancellation (notifications/cancelled written)', async () => {
    const peer = manual();
    const channel = new RpcChannel(peer.connection, tap());
    const cancelled: string[] = [];
    const record = await exchange(channel, { ...spec(3), timeoutMs: 60_000, cancelAfterMs: 5, cancel: (reason) => cancelled.push(reason) });
    expect(record.outcome).toBe('cancelled');
    expect(cancelled).toEqual(['cancelled by the harness']);
  });

  it('a second holder of a live registration never sees the first holder\'s interruption', async () => {
    const peer = manual();
    const channel = new RpcChannel(peer.connection, tap());
    const first = channel.expect(4, undefined, true);
    const second = channel.expect(4);
    expect(second.interrupt).toBeUndefined();
    let seen: unknown = 'pending';
    void second.settled.then((s) => (seen = s));
    first.interrupt?.({ kind: 'timeout' });
    expect(await first.ended).toEqual({ kind: 'timeout' });
    await new Promise((r) => setImmediate(r));
    expect(seen).toBe('pending');
    // without an interruption, both holders see the answer
    const third = channel.expect(5, undefined, true);
    const fourth = channel.expect(5);
    peer.answer(5);
    expect((await fourth.settled).kind).toBe('response');
    expect((await third.ended)?.kind).toBe('response');
  });

  it('a registration made without `interruptible` carries no interrupt (handshake, era probe, fresh probes)', () => {
    const channel = new RpcChannel(manual().connection, tap());
    const plain = channel.expect(6);
    expect(plain.interrupt).toBeUndefined();
    expect(plain.ended).toBeUndefined();
  });
});

describe('identical one-text-block tool errors share one result object (shareToolError)', () => {
  const toolError = (text: string) => (frame: Record<string, unknown>) => ({ jsonrpc: '2.0', id: frame.id, result: { content: [{ type: 'text', text }], isError: true } });

  it('a second answer with the same text gets the first one\'s result object, equal member by member; another text its own', async () => {
    let n = 0;
    const texts = ['bad arguments', 'bad arguments', 'other'];
    const channel = new RpcChannel(loopback((f) => toolError(texts[n++] as string)(f)), tap());
    const [a, b, c] = [await exchange(channel, spec(1)), await exchange(channel, spec(2)), await exchange(channel, spec(3))];
    expect(b.response?.result).toBe(a.response?.result);
    expect(b.response).toEqual({ jsonrpc: '2.0', id: 2, result: { content: [{ type: 'text', text: 'bad arguments' }], isError: true } });
    expect(b.response).not.toBe(a.response); // the frames (and their ids) stay each exchange's own
    expect(c.response?.result).not.toBe(a.response?.result);
  });

  it('near shapes are never shared: member order, an extra member, isError false, two blocks, another block type, a long text, another method', async () => {
    const near: ((f: Record<string, unknown>) => unknown)[] = [
      (f) => ({ jsonrpc: '2.0', id: f.id, result: { isError: true, content: [{ type: 'text', text: 'x' }] } }),
      (f) => ({ jsonrpc: '2.0', id: f.id, result: { content: [{ type: 'text', text: 'x' }], isError: true, _meta: {} } }),
      (f) => ({ jsonrpc: '2.0', id: f.id, result: { content: [{ text: 'x', type: 'text' }], isError: true } }),
      (f) => ({ jsonrpc: '2.0', id: f.id, result: { content: [{ type: 'text', text: 'x', annotations: {} }], isError: true } }),
      (f) => ({ jsonrpc: '2.0', id: f.id, result: { content: [{ type: 'text', text: 'x' }], isError: false } }),
      (f) => ({ jsonrpc: '2.0', id: f.id, result: { content: [{ type: 'text', text: 'x' }, { type: 'text', text: 'x' }], isError: true } }),
      (f) => ({ jsonrpc: '2.0', id: f.id, result: { content: [{ type: 'image', text: 'x' }], isError: true } }),
      (f) => ({ jsonrpc: '2.0', id: f.id, result: { content: [{ type: 'text', text: 'y'.repeat(MAX_SHARED_TOOL_ERROR_TEXT + 1) }], isError: true } }),
    ];
    for (const answer of near) {
      const channel = new RpcChannel(loopback(answer), tap());
      const [a, b] = [await exchange(channel, spec(1)), await exchange(channel, spec(2))];
      expect(b.response?.result).toEqual(a.response?.result);
      expect(b.response?.result).not.toBe(a.response?.result);
    }
    const channel = new RpcChannel(loopback(toolError('x')), tap());
    const list = (id: number) => ({ ...spec(id), method: 'tools/list' });
    const [a, b] = [await exchange(channel, list(1)), await exchange(channel, list(2))];
    expect(b.response?.result).not.toBe(a.response?.result);
  });

  it('keeps at most MAX_SHARED_TOOL_ERRORS texts: a later new text stays as parsed', async () => {
    let n = 0;
    const channel = new RpcChannel(loopback((f) => toolError(`t${n++ % (MAX_SHARED_TOOL_ERRORS + 1)}`)(f)), tap());
    const first: unknown[] = [];
    for (let i = 0; i <= MAX_SHARED_TOOL_ERRORS; i++) first.push((await exchange(channel, spec(i))).response?.result);
    const again: unknown[] = [];
    for (let i = 0; i <= MAX_SHARED_TOOL_ERRORS; i++) again.push((await exchange(channel, spec(1000 + i))).response?.result);
    expect(again.slice(0, -1)).toEqual(first.slice(0, -1));
    for (let i = 0; i < MAX_SHARED_TOOL_ERRORS; i++) expect(again[i]).toBe(first[i]);
    expect(again.at(-1)).not.toBe(first.at(-1));
  });
});
