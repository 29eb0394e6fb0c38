/**
 * Session tests against the real fixture HTTP server (test/fixtures/servers/http/fixture-http-server.mjs): start it on a
 * free loopback port, open a session, run a body, close both, and hand back what the session's tap recorded.
 */
import { fileURLToPath } from 'node:url';
import { openSession, startServer, type HttpSpec, type Session, type SessionOptions } from '../../harness/session/index.ts';
import type { HttpExchange } from '../../harness/model/wire.ts';
import { freeLoopbackPort } from '../../harness/run/port.ts';
import { options } from './helpers.ts';

const HTTP_FIXTURE = fileURLToPath(new URL('../fixtures/servers/http/fixture-http-server.mjs', import.meta.url));

/**
 * Start the fixture with `args` on a free port, open a session (the session tests' options, `overrides` over them),
 * run `body`, close both; returns the session's exchanges.
 */
export async function exchangesOf(args: string[], body: (session: Session) => Promise<void>, overrides: Partial<SessionOptions> = {}): Promise<HttpExchange[]> {
  const port = await freeLoopbackPort();
  const spec: HttpSpec = {
    transport: 'streamable-http',
    url: `http://127.0.0.1:${port}/mcp`,
    headers: {},
    server: { spawn: { command: process.execPath, args: [HTTP_FIXTURE, `--port=${port}`, ...args], cwd: process.cwd(), env: {} }, ready: { kind: 'line', pattern: '^listening on ' } },
  };
  const server = await startServer(spec, options(overrides));
  try {
    const session = await openSession(spec, options(overrides), server ? { serverExit: server.exited } : {});
    try {
      await body(session);
    } finally {
      await session.close();
    }
    return session.tap().http ?? [];
  } finally {
    await server?.stop();
  }
}

