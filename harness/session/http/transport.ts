/**
 * The Streamable HTTP transport (spec basic/transports §Streamable HTTP): each connection is one MCP
 * session against the surface's endpoint (a fresh one for a respawn or a fresh-connection probe). Starting
 * a connection checks that something accepts TCP connections at the URL; the server itself is started (or
 * not) by the runner (`WebServer`), once per surface.
 */
import { connect } from 'node:net';
import type { ExitInfo } from '../../model/wire.ts';
import { createEnvMask, type EnvMask } from '../env-mask.ts';
import type { HttpSpec, ResolvedSessionOptions } from '../options.ts';
import { StartFailure, type Transport } from '../transport.ts';
import type { WireTapRecorder } from '../wire-tap.ts';
import { HttpConnection } from './connection.ts';

/** How long the reachability check of a new connection may take, ms. */
const CONNECT_CHECK_MS = 5000;

/** Starts HTTP connections to one endpoint; every connection records into the same tap. */
export class HttpTransport implements Transport {
  readonly kind = 'streamable-http' as const;
  private readonly url: URL;
  private readonly mask: EnvMask;
  private connections = 0;

  constructor(private readonly spec: HttpSpec, readonly tap: WireTapRecorder, private readonly options: ResolvedSessionOptions, private readonly serverExit?: Promise<ExitInfo>) {
    this.url = new URL(spec.url);
    this.mask = httpMask(spec);
    tap.mask = this.mask;
  }

  /** A new connection. @throws StartFailure (reason `unreachable`) when nothing accepts connections at the URL. */
  async start(): Promise<HttpConnection> {
    await reachable(this.url, this.spec.url);
    this.connections += 1;
    return new HttpConnection({
      url: this.url, headers: this.spec.headers, tap: this.tap, mask: this.mask, index: this.connections,
      maxLineBytes: this.options.maxLineBytes, maxPendingAnswerBytes: this.options.maxPendingStdinBytes, stopGraceMs: this.options.timeouts.termGraceMs,
      ...(this.serverExit ? { serverExit: this.serverExit } : {}),
    });
  }
}

/**
 * The env mask of an HTTP surface: the harness's environment (less what the surface was given: its URL,
 * its server's command, args, cwd and env) plus every configured header value, so a server that echoes
 * an `Authorization` header back shows `[masked:header:authorization]` (spec of the mask: env-mask.ts). `shown`:
 * values its `display` masks besides (the credentials the surface was given, given-credentials.ts; the run's final
 * pass only, never the session's mask).
 */
export function httpMask(spec: HttpSpec, harnessEnv: Readonly<Record<string, string | undefined>> = process.env, shown: readonly (readonly [string, string])[] = []): EnvMask {
  const server = spec.server?.spawn;
  const given = [spec.url, ...(server ? [...Object.values(server.env), server.command, ...server.args, server.cwd] : [])];
  const headers = Object.fromEntries(Object.entries(spec.headers).map(([name, value]) => [`header:${name.toLowerCase()}`, value]));
  const secrets = new Set(Object.values(spec.headers));
  return createEnvMask({ ...harnessEnv, ...headers }, given.filter((g) => !secrets.has(g)), shown);
}

/** Resolves when a TCP connection to the URL's host and port is accepted. @throws StartFailure `unreachable`. */
function reachable(url: URL, shown: string): Promise<void> {
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port, timeout: CONNECT_CHECK_MS });
    const fail = (why: string) => {
      socket.destroy();
      reject(new StartFailure(`cannot reach ${shown}: ${why}`, { reason: 'unreachable' }));
    };
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
    socket.once('timeout', () => fail(`no TCP connection within ${CONNECT_CHECK_MS} ms`));
    socket.once('error', (err: NodeJS.ErrnoException) => fail(err.code === 'ECONNREFUSED' ? 'connection refused (is the server running?)' : err.code ?? err.message));
  });
}
