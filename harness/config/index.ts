/**
 * Config: defineConfig, validation (zod, strict, errors with file + key path), loading, defaults,
 * environment allow-list, placeholders and CLI overrides.
 */
export { defineConfig } from './define.ts';
export type { CheckSetting, ContractConfig, CopyStep, Limits, ResolvedConfig, ResolvedSurface, SurfaceConfig, Timeouts, UserConfig } from './types.ts';
export { ConfigError, formatKeyPath, issuesFromZod, type ConfigIssue } from './errors.ts';
export { userConfigSchema, surfaceSchema, timeoutsSchema } from './schema.ts';
export { CONFIG_DEFAULTS, DEFAULT_ENV_ALLOW, DEFAULT_LIMITS, DEFAULT_TIMEOUTS, SURFACE_DEFAULTS, defaultConcurrency } from './defaults.ts';
export { resolveConfig, displayPath, type ConfigLocation } from './resolve.ts';
export { loadConfig, CONFIG_FILE_NAMES } from './load.ts';
export { resolveSurfaceEnv, envNameMatches } from './env.ts';
export { substitute, placeholdersIn, instantiateSurface, type ValueLocation } from './placeholders.ts';
export { toSurfaceOptions, declaredVersionOf } from './options.ts';
export { adHocSurface, adHocConfig } from './adhoc.ts';
export { applyCliOverrides, applySurfaceOverrides, parseShard, type CliOverrides, type Shard } from './cli.ts';
export { nearest, editDistance } from './suggest.ts';
