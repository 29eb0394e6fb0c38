/**
 * VersionGuardTransport's era tracking, driven through an in-memory inner transport: it answers only
 * once the connection is pinned to the modern era, and never on a legacy connection. (The real
 * stdio behaviour is proven in sdk-gaps.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { JSONRPCMessage, Transport } from '@modelcontextprotocol/server';
import { VersionGuardTransport } from '../../surfaces/reference/shared/version-guard.ts';

/** An inner transport that records what was sent and lets the test inject inbound messages. */
function harness() {
  const sent: JSONRPCMessage[] = [];
  const inner: Transport = { start: async () => {}, close: async () => {}, send: async (m) => void sent.push(m) };
  const guard = new VersionGuardTransport(inner);
  const forwarded: JSONRPCMessage[] = [];
  guard.onmessage = (m) => void forwarded.push(m);
  return { sent, forwarded, start: () => guard.start(), inject: (m: Record<string, unknown>) => inner.onmessage?.({ jsonrpc: '2.0', ...m } as JSONRPCMessage) };
}

const meta = (version: unknown) => ({ _meta: { 'io.modelcontextprotocol/protocolVersion': version, 'io.modelcontextprotocol/clientCapabilities': {} } });
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('VersionGuardTransport', () => {
  it('forwards the opening exchange (the SDK answers it) and rejects an unsupported version once pinned modern', async () => {
    const h = harness();
    await h.start();
    h.inject({ id: 1, method: 'tools/list', params: meta('1900-01-01') });
    h.inject({ id: 2, method: 'server/discover', params: meta('2026-07-28') });
    h.inject({ id: 3, method: 'tools/list', params: meta('1900-01-01') });
    h.inject({ id: 4, method: 'tools/list', params: meta('2026-07-28') });
    h.inject({ id: 5, method: 'tools/list', params: meta('1900-01-01') });
    h.inject({ method: 'notifications/cancelled', params: { requestId: 4, ...meta('1900-01-01') } });
    await settle();
    expect(h.forwarded.map((m) => ('id' in m ? m.id : 'method' in m ? m.method : '?'))).toEqual([1, 2, 3, 4, 'notifications/cancelled']);
    expect(h.sent).toEqual([{ jsonrpc: '2.0', id: 5, error: { code: -32022, message: expect.any(String), data: { supported: ['2026-07-28'], requested: '1900-01-01' } } }]);
  });

  it('stays passive on a connection opened with initialize (also after a server/discover probe)', async () => {
    const h = harness();
    await h.start();
    h.inject({ id: 1, method: 'server/discover', params: meta('2026-07-28') });
    h.inject({ id: 2, method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '0' } } });
    h.inject({ id: 3, method: 'tools/list', params: meta('1900-01-01') });
    await settle();
    expect(h.sent).toEqual([]);
    expect(h.forwarded).toHaveLength(3);
  });
});
