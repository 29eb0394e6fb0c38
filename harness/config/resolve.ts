/**
 * resolveConfig: validate a user config (zod, strict) and fill every default, per section.
 */
import { dirname, resolve } from 'node:path';
import { CONFIG_DEFAULTS, DEFAULT_TIMEOUTS, defaultConcurrency } from './defaults.ts';
import { checkIds } from '../checks/index.ts';
import { ConfigError, formatKeyPath, issuesFromZod, type ConfigIssue } from './errors.ts';
import { displayPath } from './display-path.ts';
import { deepFreeze } from './freeze.ts';
import { reporterIssues } from './reporter-names.ts';
import { userConfigSchema } from './schema.ts';
import { nearest } from './suggest.ts';
import { resolveSurface } from './surface.ts';
import type { ResolvedConfig, UserConfig } from './types.ts';

/** Where a config came from: its file (absolute or relative to `cwd`) and the working directory. */
export interface ConfigLocation {
  file?: string;
  cwd: string;
}

export { displayPath };

export { deepFreeze };

/** The string entries of an array under `key` of an untyped config (others are the schema's business). */
function namesIn(user: unknown, key: string): string[] {
  const value = (user as Record<string, unknown> | null)?.[key];
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
}

/**
 * One issue per key of `checks` that names no registered check: `checks["tools/nme"]: Unknown check
 * "tools/nme" (did you mean "tools/name"?)`, else the known IDs of its area (or all areas).
 */
function unknownCheckIssues(user: unknown): ConfigIssue[] {
  const checks = (user as Record<string, unknown> | null)?.checks;
  if (checks === null || typeof checks !== 'object' || Array.isArray(checks)) return [];
  return Object.keys(checks).flatMap((id): ConfigIssue[] => {
    if (checkIds.includes(id) || !/^[^/\s]+\/[^/\s]+$/.test(id)) return []; // malformed IDs: the schema says so
    const hint = nearest(id, checkIds);
    const area = checkIds.filter((known) => known.startsWith(`${id.split('/')[0]}/`));
    const tail = hint ? `did you mean "${hint}"?` : area.length > 0 ? `known in ${id.split('/')[0]}/: ${area.join(', ')}` : 'see mcp-harness checks';
    return [{ path: formatKeyPath(['checks', id]), message: `Unknown check "${id}" (${tail})` }];
  });
}

/**
 * Validates `user` (which may come untyped from a config file) and returns the frozen ResolvedConfig:
 * defaults filled, paths absolute against the config file's directory (or `cwd` without a file).
 * @throws ConfigError (code 'CONFIG_INVALID') listing every issue as `file: key.path: message`.
 */
export function resolveConfig(user: UserConfig, where: ConfigLocation): ResolvedConfig {
  const display = displayPath(where.file, where.cwd);
  const parsed = userConfigSchema.safeParse(user);
  // every problem at once (ESLint): the schema's (shape, cross-field rules and placeholders, schema.ts), unknown check
  // IDs and unknown reporter names together; check options are loadConfig's (they need the check modules)
  const named = [...unknownCheckIssues(user), ...reporterIssues(namesIn(user, 'reporters'), (i) => `reporters[${i}]`)];
  if (!parsed.success) throw new ConfigError(display, [...issuesFromZod(userConfigSchema, parsed.error.issues), ...named]);
  const c = parsed.data;
  const configFile = where.file === undefined ? undefined : resolve(where.cwd, where.file);
  const configDir = configFile ? dirname(configFile) : resolve(where.cwd);
  const timeouts = { ...DEFAULT_TIMEOUTS, ...c.timeouts };
  if (named.length > 0) throw new ConfigError(display, named);
  const surfaces = c.surfaces.map((s) => resolveSurface(s, { configDir, timeouts }));
  return deepFreeze({
    ...(configFile ? { configFile } : {}),
    configDir,
    reportDir: resolve(configDir, c.reportDir ?? CONFIG_DEFAULTS.reportDir),
    reporters: [...(c.reporters ?? CONFIG_DEFAULTS.reporters)],
    failOn: c.failOn ?? CONFIG_DEFAULTS.failOn,
    concurrency: c.concurrency ?? defaultConcurrency(),
    ...(c.concurrency === undefined ? { concurrencyDefaulted: true } : {}),
    showValues: c.showValues ?? CONFIG_DEFAULTS.showValues,
    ...(c.baseline ? { baseline: resolve(configDir, c.baseline) } : {}),
    ...(c.docsUrl ? { docsUrl: c.docsUrl } : {}),
    checks: { ...c.checks },
    timeouts,
    surfaces,
  });
}
