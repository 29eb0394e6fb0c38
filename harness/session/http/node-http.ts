/**
 * node:http and node:https, loaded on first use (issue 12): a stdio surface never opens an HTTP connection, and
 * loading them (with node:tls under node:https) cost every run's start before its server was spawned. The
 * modules are Node's own, the same objects a static import gives.
 */
import { createRequire } from 'node:module';

type NodeHttp = typeof import('node:http');
type NodeHttps = typeof import('node:https');

const require = createRequire(import.meta.url);
let http: NodeHttp | undefined;
let https: NodeHttps | undefined;

/** node:http, required on the first call. */
export function nodeHttp(): NodeHttp {
  return (http ??= require('node:http') as NodeHttp);
}

/** node:https, required on the first call. */
export function nodeHttps(): NodeHttps {
  return (https ??= require('node:https') as NodeHttps);
}
