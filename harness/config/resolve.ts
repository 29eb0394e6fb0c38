/**
 * resolveConfig: validate a user config (zod, strict) and fill every default, per section.
 */
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import { CONFIG_DEFAULTS, DEFAULT_TIMEOUTS, defaultConcurrency } from './defaults.ts';
import { ConfigError, issuesFromZod, type ConfigIssue } from './errors.ts';
import { deepFreeze } from './freeze.ts';
import { userConfigSchema } from './schema.ts';
import { resolveSurface } from './surface.ts';
import type { ResolvedConfig, UserConfig } from './types.ts';

/** Where a config came from: its file (absolute or relative to `cwd`) and the working directory. */
export interface ConfigLocation {
  file?: string;
  cwd: string;
}

/** How a file is named in messages: relative to `cwd` when inside it, else absolute; `<config>` when none. */
export function displayPath(file: string | undefined, cwd: string): string {
  if (file === undefined) return '<config>';
  const rel = relative(cwd, resolve(cwd, file));
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel : resolve(cwd, file);
}

export { deepFreeze };

/**
 * Validates `user` (which may come untyped from a config file) and returns the frozen ResolvedConfig:
 * defaults filled, paths absolute against the config file's directory (or `cwd` without a file).
 * @throws ConfigError (code 'CONFIG_INVALID') listing every issue as `file: key.path: message`.
 */
export function resolveConfig(user: UserConfig, where: ConfigLocation): ResolvedConfig {
  const display = displayPath(where.file, where.cwd);
  const parsed = userConfigSchema.safeParse(user);
  if (!parsed.success) throw new ConfigError(display, issuesFromZod(userConfigSchema, parsed.error.issues));
  const c = parsed.data;
  const configFile = where.file === undefined ? undefined : resolve(where.cwd, where.file);
  const configDir = configFile ? dirname(configFile) : resolve(where.cwd);
  const timeouts = { ...DEFAULT_TIMEOUTS, ...c.timeouts };
  const issues: ConfigIssue[] = [];
  const surfaces = c.surfaces.map((s, i) => resolveSurface(s, i, { configDir, timeouts, issues }));
  if (issues.length > 0) throw new ConfigError(display, issues);
  return deepFreeze({
    ...(configFile ? { configFile } : {}),
    configDir,
    reportDir: resolve(configDir, c.reportDir ?? CONFIG_DEFAULTS.reportDir),
    reporters: [...(c.reporters ?? CONFIG_DEFAULTS.reporters)],
    failOn: c.failOn ?? CONFIG_DEFAULTS.failOn,
    concurrency: c.concurrency ?? defaultConcurrency(),
    showValues: c.showValues ?? CONFIG_DEFAULTS.showValues,
    ...(c.baseline ? { baseline: resolve(configDir, c.baseline) } : {}),
    checks: { ...c.checks },
    timeouts,
    surfaces,
  });
}
