/**
 * Preload (`node --import ./loopback.mjs server.js`): every TCP server the process opens listens on
 * 127.0.0.1 only. server-everything's Streamable HTTP mode calls `app.listen(PORT)`, which binds every
 * interface; the harness's main job must never expose a server beyond loopback.
 */
import net from 'node:net';

const listen = net.Server.prototype.listen;
net.Server.prototype.listen = function loopbackListen(...args) {
  if (typeof args[0] === 'number' || typeof args[0] === 'string') {
    const [port, ...rest] = args;
    const host = typeof rest[0] === 'string' ? rest.shift() : undefined;
    return listen.call(this, Number(port), host ?? '127.0.0.1', ...rest);
  }
  if (args[0] !== null && typeof args[0] === 'object' && !('fd' in args[0]) && !('path' in args[0])) {
    return listen.call(this, { ...args[0], host: args[0].host ?? '127.0.0.1' }, ...args.slice(1));
  }
  return listen.apply(this, args);
};
