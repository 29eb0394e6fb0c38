/**
 * `${port}`: a free TCP port on the loopback interface, chosen per surface and run, so parallel runs and shards never
 * collide on a fixed port. Chosen below the system's ephemeral port range (Linux: /proc/sys/net/ipv4/ip_local_port_range,
 * 32768-60999 by default; macOS and Windows start theirs at 49152): a port the OS hands out for `listen(0)` comes from
 * that range, which is also where every outgoing connection's local port comes from, so between the harness closing
 * its probe socket and the server binding the port, any connection on the machine could take it and the server exit
 * with EADDRINUSE at boot (a fresh clone's `npm test`: `transport/exit` `bootExited` where a verdict was expected).
 * Below the range only a listener can hold a port, and the probe bind tells.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The lowest port tried: above the well-known and most registered service ports people run locally (3000, 5432, 8080...). */
export const PORT_FLOOR = 10_000;

/** The first ephemeral port where the system does not say (the lowest default of Linux, macOS and Windows). */
const DEFAULT_EPHEMERAL_LOW = 32_768;

/** Random ports tried below the ephemeral range before falling back to one the OS picks. */
const TRIES = 20;

/**
 * The lowest port of the system's ephemeral range: Linux's ip_local_port_range when readable and sane, else 32768.
 * `read` is for tests. Never throws.
 */
export function ephemeralLow(read: () => string = () => readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')): number {
  try {
    const low = Number(read().trim().split(/\s+/)[0]);
    return Number.isInteger(low) && low > PORT_FLOOR + 1_000 && low <= 65_535 ? low : DEFAULT_EPHEMERAL_LOW;
  } catch {
    return DEFAULT_EPHEMERAL_LOW;
  }
}

/** Whether `port` (0: any) can be listened on at 127.0.0.1 now; the port bound, or undefined. Never rejects. */
function tryListen(port: number): Promise<number | undefined> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(undefined));
    server.listen({ host: '127.0.0.1', port, exclusive: true }, () => {
      const address = server.address();
      const bound = typeof address === 'object' && address !== null ? address.port : undefined;
      server.close(() => resolve(bound));
    });
  });
}

/**
 * A port on 127.0.0.1 that was free a moment ago: a random one in [PORT_FLOOR, ephemeralLow()) that a probe bind
 * takes, up to TRIES of them, else one the OS picks (`listen(0)`). `random` (0 <= r < 1) is for tests.
 * @throws Error when not even `listen(0)` works (no loopback interface).
 */
export async function freeLoopbackPort(random: () => number = Math.random): Promise<number> {
  const high = ephemeralLow();
  for (let i = 0; i < TRIES; i++) {
    const port = PORT_FLOOR + Math.floor(random() * (high - PORT_FLOOR));
    if ((await tryListen(port)) === port) return port;
  }
  const any = await tryListen(0);
  if (any === undefined) throw new Error('no free port on 127.0.0.1 (is the loopback interface up?)');
  return any;
}
