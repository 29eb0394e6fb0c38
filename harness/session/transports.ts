/**
 * Which transport serves a surface: the one place that maps a surface's connection spec to a
 * `Transport` (a process over stdio, or a Streamable HTTP endpoint).
 */
import type { ExitInfo } from '../model/wire.ts';
import type { EnvMask } from './env-mask.ts';
import { givenCredentials } from './given-credentials.ts';
import { HttpTransport, httpMask } from './http/transport.ts';
import { stdioMask } from './surface-mask.ts';
import { isHttpSpec, type ConnectSpec, type ResolvedSessionOptions } from './options.ts';
import { StdioTransport } from './stdio/transport.ts';
import type { Transport } from './transport.ts';
import { WireTapRecorder } from './wire-tap.ts';

/** What a transport may be told besides the spec: when the HTTP server the harness started exits. */
export interface TransportContext {
  serverExit?: Promise<ExitInfo>;
}

/** A transport for `spec` with a fresh wire tap bounded by `options` (sizes in bytes, durations in ms). */
export function createTransport(spec: ConnectSpec, options: ResolvedSessionOptions, context: TransportContext = {}): Transport {
  const tap = new WireTapRecorder(options);
  if (isHttpSpec(spec)) return new HttpTransport(spec, tap, options, context.serverExit);
  return new StdioTransport(spec, tap, { maxLineBytes: options.maxLineBytes, maxPendingStdinBytes: options.maxPendingStdinBytes, timeouts: options.timeouts });
}

/**
 * The mask of the run's final pass over what reports show (run/output-mask.ts): a surface's env mask over either
 * transport as its session builds it (stdio: `stdioMask`; HTTP: `httpMask`, which adds the configured header values),
 * whose `display` also masks the credentials the surface was given (given-credentials.ts: environment variables and
 * headers whose name marks a credential). Only `display` differs from the session's mask: what the harness sent,
 * compared and judged never saw those values masked.
 */
export function displayMask(spec: ConnectSpec, harnessEnv: Readonly<Record<string, string | undefined>> = process.env): EnvMask {
  const shown = givenCredentials(spec);
  return isHttpSpec(spec) ? httpMask(spec, harnessEnv, shown) : stdioMask(spec, harnessEnv, shown);
}
