/**
 * Stopping a Streamable HTTP server the harness started (WebServer.stop -> terminateProcess): SIGTERM goes to the
 * whole tree, so every member has the rest of termGraceMs to exit on its own once the leader did. A child that drains
 * and exits within it is no survivor; one that ignores SIGTERM is swept and counted once the grace is over; the run's
 * interrupt ends that wait at once (a termGraceMs of 600 s would otherwise hold the interrupted run). Real processes:
 * the fixture HTTP server's `draining-child` (exits 400 ms after SIGTERM) and `orphan-child` (ignores SIGTERM); the
 * fixture listens, so is ready, only once its child's SIGTERM handler is installed.
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { startServer, type HttpSpec } from '../../harness/session/index.ts';
import { freeLoopbackPort } from '../../harness/run/port.ts';
import { pidsWithMarker } from '../e2e/helpers/processes.ts';
import { options } from './helpers.ts';

const HTTP_FIXTURE = fileURLToPath(new URL('../fixtures/servers/http/fixture-http-server.mjs', import.meta.url));

/** The fixture HTTP server with `fault`, a unique marker in its env (so its tree can be looked for). */
async function fixtureSpec(fault: string): Promise<{ spec: HttpSpec; marker: string }> {
  const port = await freeLoopbackPort();
  const marker = `MCP_HTTP_STOP_${process.pid}_${fault}_${port}`;
  const spec: HttpSpec = {
    transport: 'streamable-http',
    url: `http://127.0.0.1:${port}/mcp`,
    headers: {},
    server: { spawn: { command: process.execPath, args: [HTTP_FIXTURE, `--port=${port}`, `--fault=${fault}`], cwd: process.cwd(), env: { [marker]: '1' } }, ready: { kind: 'line', pattern: '^listening on ' } },
  };
  return { spec, marker };
}

describe('stopping a Streamable HTTP server the harness started', () => {
  it('a child that exits on its own within termGraceMs after the SIGTERM is no survivor', async () => {
    const { spec, marker } = await fixtureSpec('draining-child');
    const server = await startServer(spec, options({}, { termGraceMs: 10_000 }));
    const shutdown = await server!.stop();
    expect(shutdown).toMatchObject({ endedBy: 'sigterm', survivors: 0 });
    expect(pidsWithMarker(marker)).toEqual([]);
  });

  it('a child that ignores SIGTERM is swept and counted once termGraceMs is over', async () => {
    const { spec, marker } = await fixtureSpec('orphan-child');
    const server = await startServer(spec, options({}, { termGraceMs: 300 }));
    const shutdown = await server!.stop();
    expect(shutdown).toMatchObject({ endedBy: 'sigterm', survivors: 1 });
    expect(pidsWithMarker(marker)).toEqual([]);
  });

  it("the run's interrupt ends the wait for such a child at once: swept and counted, not after a 600 s grace", { timeout: 30_000 }, async () => {
    const { spec, marker } = await fixtureSpec('orphan-child');
    const controller = new AbortController();
    const server = await startServer(spec, options({ signal: controller.signal }, { termGraceMs: 600_000 }));
    const stopped = server!.stop();
    await server!.exited; // the leader is gone; its child, ignoring SIGTERM, is what the stop now waits for
    controller.abort();
    expect(await stopped).toMatchObject({ endedBy: 'sigterm', survivors: 1 });
    expect(pidsWithMarker(marker)).toEqual([]);
  });
});
