/**
 * What the channel records about a capability-gated server-to-client request (session/rpc-channel.ts `during`):
 * the tool of the one tools/call in flight, none when several requests were (the stdio transport relates a server
 * request to no request), idle when no tools/call was; a Streamable HTTP answer stream's request names its call.
 * A connection in memory hands the channel the frames a server would write.
 */
import { describe, expect, it } from 'vitest';
import type { ExitInfo, ShutdownInfo } from '../../harness/model/wire.ts';
import { RpcChannel } from '../../harness/session/rpc-channel.ts';
import type { Connection, FrameListener } from '../../harness/session/transport.ts';
import { WireTapRecorder } from '../../harness/session/wire-tap.ts';

/** A channel on a connection that swallows writes, and `arrive(frame, related?)`: the server's frame read. */
function channel() {
  let listener: FrameListener = () => {};
  const connection: Connection = {
    alive: true,
    closed: new Promise<ExitInfo>(() => {}),
    send: () => true,
    onFrame(l: FrameListener) { listener = l; },
    onOversize() {},
    stop: async () => ({ endedBy: 'stdin-close' }) as unknown as ShutdownInfo,
    kill: async () => {},
  };
  const tap = new WireTapRecorder({ stderrLimitBytes: 64, keepFrames: 0 });
  const rpc = new RpcChannel(connection, tap);
  let n = 0;
  const roots = (related?: number | string) => listener({ jsonrpc: '2.0', id: `r${++n}`, method: 'roots/list' }, 40, related);
  const answer = (id: number) => listener({ jsonrpc: '2.0', id, result: {} }, 30);
  const other = (method: string) => listener({ jsonrpc: '2.0', id: `o${++n}`, method }, 40);
  return { rpc, tap, roots, answer, other, timing: () => tap.snapshot().capabilityRequestTiming?.['roots/list'] };
}

describe('capability-gated server requests: what was in flight', () => {
  it('the one tools/call in flight names its tool; two calls of that same tool too', () => {
    const c = channel();
    c.rpc.expect(1, undefined, false, 'list_files');
    c.roots();
    c.rpc.expect(2, undefined, false, 'list_files');
    c.roots();
    expect(c.timing()).toEqual({ tools: ['list_files'], several: false, idle: false });
  });

  it('calls of two tools in flight: no tool named, and several said', () => {
    const c = channel();
    c.rpc.expect(1, undefined, false, 'list_files');
    c.rpc.expect(2, undefined, false, 'list_dirs');
    c.roots();
    expect(c.timing()).toEqual({ tools: [], several: true, idle: false });
  });

  it('a call beside another request (a tools/list marker): several, no tool named', () => {
    const c = channel();
    c.rpc.expect(1, undefined, false, 'list_files');
    c.rpc.expect(2);
    c.roots();
    expect(c.timing()).toEqual({ tools: [], several: true, idle: false });
  });

  it('no tools/call in flight (between requests, after the last answer, or a lone tools/list): idle', () => {
    const c = channel();
    c.roots();
    c.rpc.expect(1);
    c.roots();
    expect(c.timing()).toEqual({ tools: [], several: false, idle: true });
  });

  it('once the call was answered, a request is no longer its', () => {
    const c = channel();
    c.rpc.expect(1, undefined, false, 'list_files');
    c.roots();
    c.answer(1);
    c.roots();
    expect(c.timing()).toEqual({ tools: ['list_files'], several: false, idle: true });
  });

  it("on a call's answer stream (Streamable HTTP), the request is that call's whatever else is in flight", () => {
    const c = channel();
    c.rpc.expect(1, undefined, false, 'list_files');
    c.rpc.expect(2, undefined, false, 'list_dirs');
    c.roots(2);
    expect(c.timing()).toEqual({ tools: ['list_dirs'], several: false, idle: false });
  });

  it('ping and unknown methods are counted as before, never timed', () => {
    const c = channel();
    c.rpc.expect(1, undefined, false, 'list_files');
    c.other('ping');
    c.other('custom/thing');
    expect(c.tap.snapshot()).toMatchObject({ serverRequests: ['ping', 'custom/thing'] });
    expect(c.tap.snapshot().capabilityRequestTiming).toBeUndefined();
  });
});
