/**
 * Issue 13: Streamable HTTP surfaces through the real CLI. The fixture HTTP server is started by the
 * harness on a free loopback port (`${port}`), ready by a stderr line or by its URL answering; one surface
 * never gets ready (a start-timeout boot failure). Every server carries E2E_MARKER so the test can prove
 * none is left running; the Authorization header comes from E2E_HTTP_TOKEN and must appear in no report.
 */
import { defineConfig } from '../../../harness/index.ts';

const marker = process.env.E2E_MARKER ?? 'e2e-http';
const fixture = '../../fixtures/servers/http/fixture-http-server.mjs';
const server = (name: string, args: string[], extra: Record<string, unknown> = {}) => ({
  name,
  command: process.execPath,
  args: [fixture, '--port=${port}', ...args],
  url: 'http://127.0.0.1:${port}/mcp',
  ready: { line: '^listening on ' },
  headers: { Authorization: 'Bearer ${env:E2E_HTTP_TOKEN}' },
  env: { set: { E2E_MARKER: marker } },
  ...extra,
});

export default defineConfig({
  timeouts: { requestMs: 3000, probeMs: 3000, startMs: 10_000, stdinGraceMs: 300, termGraceMs: 1000, surfaceMs: 60_000 },
  surfaces: [
    server('http-legacy', []),
    server('http-legacy-sse', ['--sse']),
    server('http-modern', ['--era=modern'], { ready: undefined }),
    server('http-modern-sse', ['--era=modern', '--sse']),
    server('http-never-ready', ['--quiet'], { ready: { line: 'this line never comes' }, timeouts: { startMs: 1500 } }),
  ],
});
