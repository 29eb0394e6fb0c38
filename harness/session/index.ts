/**
 * The session layer: it owns the wire. Spawns a surface's server (node:child_process, own process group, exact env),
 * frames and taps every stdout line, negotiates the era (modern `server/discover` probe, legacy `initialize`
 * fallback), runs a pipelined JSON-RPC client whose requests never reject for server faults, restarts crashed
 * or wedged servers, and shuts process trees down without orphans.
 *
 * The runner imports only from here. Checks never import this layer.
 */
export type { SpawnSpec, SessionOptions } from './options.ts';
export { SessionBootError } from './errors.ts';
export { openSession, type OpenEvents } from './open.ts';
export type { Session, RequestOptions } from './session.ts';
export { FreshLives, FreshStops, probeFresh, spawnFresh, type FreshProbeResult, type FreshProcess } from './probe-fresh.ts';
export { killAllTrees } from './stdio/process-tree.ts';
export { releaseAhead } from './stdio/ahead.ts';
export type { HttpSpec, ServerSpec, ConnectSpec } from './options.ts';
export { isHttpSpec } from './options.ts';
export { startServer, withServer } from './http/start.ts';
export type { TransportContext } from './transports.ts';
export type { WebServer } from './http/web-server.ts';
