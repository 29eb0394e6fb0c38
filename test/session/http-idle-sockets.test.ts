/**
 * The harness's HTTP connection closes keep-alive sockets that sit idle (IDLE_SOCKET_MS), so a request never goes out
 * on a socket the server has just closed for idleness: such a request fails with a reset before any answer, which
 * transport/http-status noHttpResponse would blame on the server. A real loopback server whose own idle timeout is far
 * longer (60 s) sees the harness close the connection; without the bound Node 20's agent keeps it for ever.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { HttpConnection, IDLE_SOCKET_MS } from '../../harness/session/http/connection.ts';
import { WireTapRecorder } from '../../harness/session/wire-tap.ts';
import { createEnvMask } from '../../harness/session/env-mask.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

describe('idle keep-alive sockets', () => {
  it('are closed by the harness, not left for the server to close under a request', async () => {
    const closedByPeer: number[] = [];
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        const { id } = JSON.parse(body) as { id: number };
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ jsonrpc: '2.0', id, result: {} }));
      });
    });
    server.keepAliveTimeout = 60_000; // the server never closes first
    server.on('connection', (socket) => socket.on('end', () => closedByPeer.push(Date.now())));
    await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const connection = new HttpConnection({
      url: new URL(`http://127.0.0.1:${port}/mcp`),
      headers: {},
      tap: new WireTapRecorder({ stderrLimitBytes: 64, keepFrames: 1 }),
      mask: createEnvMask({}, []),
      index: 1,
      maxLineBytes: 1 << 20,
      stopGraceMs: 1000,
    });
    const answered = new Promise<void>((resolve) => connection.onFrame(() => resolve()));
    connection.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    await answered;
    // the harness ends the idle connection (a FIN the server reads as 'end') well before the server's 60 s
    const deadline = Date.now() + 10 * IDLE_SOCKET_MS;
    while (closedByPeer.length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    expect(closedByPeer.length).toBe(1);
    await connection.kill();
  });
});
