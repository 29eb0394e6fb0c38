/**
 * One session setup for every command that boots a surface (`run` and `snapshot`): what to connect to
 * (the surface's command with its resolved env allow-list over stdio, or its Streamable HTTP endpoint with
 * its headers and the server the harness starts) and the session options (timeouts in ms, the configured
 * era and call concurrency, the harness's clientInfo).
 */
import { resolveSurfaceEnv } from '../config/env.ts';
import { ConfigError } from '../config/errors.ts';
import type { ResolvedSurface } from '../config/types.ts';
import type { ConnectSpec, SessionOptions, SpawnSpec } from '../session/index.ts';
import { HARNESS_VERSION } from '../version.ts';
import { sandboxSpec, type Sandbox } from './sandbox.ts';

/** The harness's identity on the wire (clientInfo). */
export const CLIENT_INFO = { name: 'mcp-harness', version: HARNESS_VERSION } as const;

/**
 * The connection spec and session options of `surface`: its command, cwd and allow-listed env (read from
 * `env`, default process.env), inside `sandbox` when there is one (`--sandbox`); for a `url` surface the
 * endpoint, the headers with `${env:NAME}` read from `env`, and the command (if any) as its server.
 * @throws ConfigError naming `surfaces.<name>.headers.<header>` when a header names an unset variable.
 */
export function sessionSetup(
  surface: ResolvedSurface,
  opts: { sandbox?: Sandbox; env?: NodeJS.ProcessEnv } = {},
): { spec: ConnectSpec; session: SessionOptions } {
  const { requestMs, probeMs, startMs, stdinGraceMs, termGraceMs } = surface.timeouts;
  const env = opts.env ?? process.env;
  const stdio: SpawnSpec = { command: surface.command, args: surface.args, cwd: surface.cwd, env: resolveSurfaceEnv(surface, env) };
  const process_ = opts.sandbox ? sandboxSpec(stdio, opts.sandbox) : stdio;
  const spec: ConnectSpec = surface.url === undefined ? process_ : {
    transport: 'streamable-http',
    url: surface.url,
    headers: resolveHeaders(surface, env),
    ...(surface.command !== '' ? { server: { spawn: process_, ready: surface.ready ? { kind: 'line' as const, pattern: surface.ready.line } : { kind: 'url' as const } } } : {}),
  };
  return {
    spec,
    session: {
      timeouts: { requestMs, probeMs, startMs, stdinGraceMs, termGraceMs },
      clientInfo: CLIENT_INFO,
      era: surface.era,
      callConcurrency: surface.callConcurrency,
      probeConcurrency: surface.probeConcurrency,
      maxRetainedBytes: surface.limits.maxRetainedBytes,
    },
  };
}

/** The surface's headers with every `${env:NAME}` read from `env`. @throws ConfigError for an unset variable. */
export function resolveHeaders(surface: Pick<ResolvedSurface, 'name' | 'headers'>, env: NodeJS.ProcessEnv): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, template] of Object.entries(surface.headers)) {
    out[name] = template.replace(/\$\{env:([A-Za-z_][A-Za-z0-9_]*)\}/g, (_, variable: string) => {
      const value = env[variable];
      if (value === undefined) throw new ConfigError('<environment>', [{ path: `surfaces.${surface.name}.headers.${name}`, message: `environment variable ${variable} is not set` }]);
      return value;
    });
  }
  return out;
}
