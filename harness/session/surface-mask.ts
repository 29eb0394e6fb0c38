/**
 * The env mask of a stdio surface (env-mask.ts), from its spawn spec alone: the session builds it to mask what the
 * server says as it arrives, and the run builds it again (transports.ts `displayMask`, run/output-mask.ts) for the
 * final pass over what a report shows: the same inputs, plus the credentials the surface was given, which only that
 * pass masks (`shown`).
 */
import { createEnvMask, type EnvMask } from './env-mask.ts';
import type { SpawnSpec } from './options.ts';

/**
 * The env mask of a stdio surface: the harness's environment less what it was given (env values, command, args, cwd).
 * `shown`: values its `display` masks besides (the credentials it was given, given-credentials.ts; the run's final
 * pass only, never the session's mask).
 */
export function stdioMask(spec: SpawnSpec, harnessEnv: Readonly<Record<string, string | undefined>> = process.env, shown: readonly (readonly [string, string])[] = []): EnvMask {
  return createEnvMask(harnessEnv, [...Object.values(spec.env), spec.command, ...spec.args, spec.cwd], shown);
}
