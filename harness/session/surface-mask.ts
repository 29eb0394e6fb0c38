/**
 * The env mask of a stdio surface (env-mask.ts), from its spawn spec alone: the session builds it to mask what the
 * server says as it arrives, and the run builds it again (transports.ts `surfaceMask`, run/output-mask.ts) for the
 * final pass over what a report shows. Same inputs, same mask.
 */
import { createEnvMask, type EnvMask } from './env-mask.ts';
import type { SpawnSpec } from './options.ts';

/** The env mask of a stdio surface: the harness's environment less what it was given (env values, command, args, cwd). */
export function stdioMask(spec: SpawnSpec, harnessEnv: Readonly<Record<string, string | undefined>> = process.env): EnvMask {
  return createEnvMask(harnessEnv, [...Object.values(spec.env), spec.command, ...spec.args, spec.cwd]);
}
