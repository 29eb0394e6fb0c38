/**
 * The public API of mcp-harness: `defineConfig` for typed config files, `run` to validate every
 * surface of a config, `validateSurface` to validate one surface programmatically, and the types of
 * the versioned report (the raw result every format is rendered from).
 */
import { loadChecks } from './checks/index.ts';
import { defineConfig, resolveConfig, type CheckSetting, type SurfaceConfig } from './config/index.ts';
import { createSchemaService } from './schema/ajv.ts';
import { enableChecks } from './run/judge.ts';
import { run } from './run/index.ts';
import { validateSurface as validateResolvedSurface, type SurfaceResult } from './run/surface.ts';

export { defineConfig, run };
export { loadConfig, type UserConfig, type SurfaceConfig, type ResolvedConfig, type ResolvedSurface, type CheckSetting } from './config/index.ts';
export type { RunOptions, RunResult, RunFilters, SurfaceOutline, ConcurrencyBound } from './run/index.ts';
export type { SurfaceResult } from './run/surface.ts';
export type { Check, CheckMeta, CheckContext, FindingDescriptor } from './checks/define.ts';
export type * from './model/report.ts';
export { HARNESS_VERSION } from './version.ts';

/**
 * Validate one surface (as written in a config, paths relative to `cwd`) with every check, or the
 * checks configured in `checks`. Resolves with its findings and observation; never rejects for
 * server faults.
 * @throws ConfigError when the surface config is invalid.
 */
export async function validateSurface(
  surface: SurfaceConfig,
  options: { cwd?: string; checks?: Record<string, CheckSetting> } = {},
): Promise<SurfaceResult> {
  const cwd = options.cwd ?? process.cwd();
  const config = resolveConfig({ surfaces: [surface], checks: options.checks }, { cwd });
  const checks = enableChecks(await loadChecks(), config.checks);
  return validateResolvedSurface(config.surfaces[0], { checks, schemas: createSchemaService(), filter: {} });
}
