/**
 * harness/run/port.ts: `${port}` is chosen below the system's ephemeral range, where no outgoing connection's local
 * port can take it between the probe bind and the server's own (a fresh clone's npm test: a started HTTP server
 * exited with EADDRINUSE at boot), and falls back to a port the OS picks when none there is free.
 */
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ephemeralLow, freeLoopbackPort, PORT_FLOOR } from '../../harness/run/port.ts';

const open: Server[] = [];
afterEach(() => open.splice(0).forEach((s) => s.close()));

/** Listen on `port` at 127.0.0.1 (0: any) and return the port bound. */
function hold(port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    open.push(server);
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => resolve((server.address() as { port: number }).port));
  });
}

describe('ephemeralLow', () => {
  it("reads Linux's range and falls back to 32768 on anything unreadable or implausible", () => {
    expect(ephemeralLow(() => '32768\t60999\n')).toBe(32768);
    expect(ephemeralLow(() => '40000 65000')).toBe(40000);
    expect(ephemeralLow(() => 'garbage')).toBe(32768);
    expect(ephemeralLow(() => '1024 2000')).toBe(32768); // would leave nothing above PORT_FLOOR
    expect(ephemeralLow(() => { throw new Error('ENOENT'); })).toBe(32768);
  });
});

describe('freeLoopbackPort', () => {
  it('picks a port below the ephemeral range that a server can then listen on', async () => {
    for (let i = 0; i < 5; i++) {
      const port = await freeLoopbackPort();
      expect(port).toBeGreaterThanOrEqual(PORT_FLOOR);
      expect(port).toBeLessThan(ephemeralLow());
      expect(await hold(port)).toBe(port);
    }
  });

  it('never returns a port a listener holds: tries others, then one the OS picks', async () => {
    const taken = await hold(0);
    const low = ephemeralLow();
    // every random draw lands on the held port (when it is below the range) or on one port tried again and again
    const draw = taken >= PORT_FLOOR && taken < low ? (taken - PORT_FLOOR) / (low - PORT_FLOOR) : 0;
    if (!(taken >= PORT_FLOOR && taken < low)) await hold(PORT_FLOOR).catch(() => undefined); // make the one draw busy
    const port = await freeLoopbackPort(() => draw);
    expect(port).not.toBe(taken);
    expect(port).not.toBe(PORT_FLOOR);
    expect(await hold(port)).toBe(port);
  });
});
