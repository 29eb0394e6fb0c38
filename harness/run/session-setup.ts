/**
 * One session setup for every command that boots a surface (`run` and `snapshot`): what to spawn (the
 * surface's command with its resolved env allow-list) and the session options (timeouts in ms, the
 * configured era and call concurrency, the harness's clientInfo).
 */
import { resolveSurfaceEnv, type ResolvedSurface } from '../config/index.ts';
import type { SessionOptions, SpawnSpec } from '../session/index.ts';
import { HARNESS_VERSION } from '../version.ts';
import { sandboxSpec, type Sandbox } from './sandbox.ts';

/** The harness's identity on the wire (clientInfo). */
export const CLIENT_INFO = { name: 'mcp-harness', version: HARNESS_VERSION } as const;

/**
 * The spawn spec and session options of `surface`: its command, cwd and allow-listed env (read from
 * `env`, default process.env), inside `sandbox` when there is one (`--sandbox`).
 */
export function sessionSetup(
  surface: ResolvedSurface,
  opts: { sandbox?: Sandbox; env?: NodeJS.ProcessEnv } = {},
): { spec: SpawnSpec; session: SessionOptions } {
  const { requestMs, probeMs, startMs, stdinGraceMs, termGraceMs } = surface.timeouts;
  const spec = { command: surface.command, args: surface.args, cwd: surface.cwd, env: resolveSurfaceEnv(surface, opts.env ?? process.env) };
  return {
    spec: opts.sandbox ? sandboxSpec(spec, opts.sandbox) : spec,
    session: {
      timeouts: { requestMs, probeMs, startMs, stdinGraceMs, termGraceMs },
      clientInfo: CLIENT_INFO,
      era: surface.era,
      callConcurrency: surface.callConcurrency,
    },
  };
}
