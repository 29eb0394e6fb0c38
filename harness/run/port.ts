/**
 * `${port}`: a free TCP port on the loopback interface, chosen per surface and run (the OS picks one:
 * listen on port 0, read it, close), so parallel runs and shards never collide on a fixed port.
 */
import { createServer } from 'node:net';

/** A port on 127.0.0.1 that was free a moment ago. @throws the listen error (no loopback interface). */
export function freeLoopbackPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0, exclusive: true }, () => {
      const address = server.address();
      const port = typeof address === 'object' && address !== null ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
