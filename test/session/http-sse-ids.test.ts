/**
 * SSE event ids on a Streamable HTTP connection (the harness remembers them to count repeats, transport/http-sse), against
 * the real fixture HTTP server: `--fault=sse-long-ids=BYTES` sends, before the answer, log events each with a fresh id of
 * about BYTES bytes, then one repeating the first. What the connection keeps per id is bounded whatever an id's size (a
 * hostile review: 8 MiB ids, each kept whole, took a run to 4 GB and exit 134, no report), and a long id seen again is
 * still counted as repeated. The conformant twin: short ids, kept as they are, none repeated.
 */
import { describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { HttpConnection } from '../../harness/session/http/connection.ts';
import { startServer, type HttpSpec } from '../../harness/session/index.ts';
import { WireTapRecorder } from '../../harness/session/wire-tap.ts';
import { createEnvMask } from '../../harness/session/env-mask.ts';
import { freeLoopbackPort } from '../../harness/run/port.ts';
import { options } from './helpers.ts';

const HTTP_FIXTURE = fileURLToPath(new URL('../fixtures/servers/http/fixture-http-server.mjs', import.meta.url));
/** The size of each long id (bytes), under the frame limit below so every event is read. */
const ID_BYTES = 256 * 1024;

/** One ping POSTed on a fresh connection to the fixture (`args`), answered on an SSE stream; the connection and its exchange. */
async function ping(args: string[]) {
  const port = await freeLoopbackPort();
  const spec: HttpSpec = {
    transport: 'streamable-http', url: `http://127.0.0.1:${port}/mcp`, headers: {},
    server: { spawn: { command: process.execPath, args: [HTTP_FIXTURE, `--port=${port}`, '--sse', '--fault=ignore-session', ...args], cwd: process.cwd(), env: {} }, ready: { kind: 'line', pattern: '^listening on ' } },
  };
  const server = await startServer(spec, options());
  const tap = new WireTapRecorder({ stderrLimitBytes: 64, keepFrames: 16 });
  const connection = new HttpConnection({ url: new URL(spec.url), headers: {}, tap, mask: createEnvMask({}, []), index: 1, maxLineBytes: 1 << 20, stopGraceMs: 1000 });
  try {
    const answered = new Promise<void>((resolve) => connection.onFrame((frame) => (frame as { id?: unknown }).id === 1 && resolve()));
    connection.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }));
    await answered;
    await connection.stop();
    return { connection, exchange: (tap.snapshot().http ?? []).find((e) => e.message?.method === 'ping') };
  } finally {
    await connection.kill();
    await server?.stop();
  }
}

describe('SSE event ids the connection remembers', () => {
  it('long ids: each kept in a bounded size, the repeated one still counted', async () => {
    const { connection, exchange } = await ping([`--fault=sse-long-ids=${ID_BYTES}`]);
    expect(exchange).toMatchObject({ answered: true, sse: { events: 10, withId: true, repeatedIds: 1, ended: true } });
    // 9 distinct ids (8 long, the answer's): far below one long id's size
    expect(connection.eventIdChars).toBeLessThan(ID_BYTES);
  });

  it('short ids (conformant twin): kept as they are, none repeated', async () => {
    const { connection, exchange } = await ping([]);
    expect(exchange).toMatchObject({ answered: true, sse: { events: 1, withId: true, ended: true } });
    expect(exchange?.sse?.repeatedIds).toBeUndefined();
    expect(connection.eventIdChars).toBeGreaterThan(0);
    expect(connection.eventIdChars).toBeLessThan(16);
  });
});
