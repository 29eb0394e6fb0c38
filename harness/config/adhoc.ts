/**
 * Ad-hoc mode: `mcp-harness run -- COMMAND ARGS` checks one server against the specification alone,
 * without a config file (no contract, argument generation on, only tools annotated readOnlyHint: true).
 */
import { resolve } from 'node:path';
import { CONFIG_DEFAULTS, DEFAULT_ENV_ALLOW, DEFAULT_LIMITS, DEFAULT_TIMEOUTS, SURFACE_DEFAULTS, defaultConcurrency } from './defaults.ts';
import { deepFreeze } from './freeze.ts';
import type { ResolvedConfig, ResolvedSurface } from './types.ts';

/**
 * The surface for `run [--url URL] -- COMMAND ARGS` run from `cwd` (absolute or relative to process.cwd()):
 * with `url`, a Streamable HTTP surface (the command, when given, is the server the harness starts).
 */
export function adHocSurface(command: string, args: readonly string[], cwd: string, name = 'ad-hoc', url?: string): ResolvedSurface {
  const dir = resolve(cwd);
  return {
    name,
    command,
    ...(url !== undefined ? { url } : {}),
    headers: {},
    args: [...args],
    cwd: dir,
    env: { allow: [...DEFAULT_ENV_ALLOW], set: {} },
    scenarios: [],
    generate: { enabled: true, destructive: false },
    echo: SURFACE_DEFAULTS.echo,
    overrides: SURFACE_DEFAULTS.overrides,
    watchedPaths: [],
    era: 'auto',
    callConcurrency: SURFACE_DEFAULTS.callConcurrency,
    probeConcurrency: SURFACE_DEFAULTS.callConcurrency,
    sandbox: false,
    isolate: false,
    timeouts: { ...DEFAULT_TIMEOUTS },
    setup: { tempDir: false, copy: [] },
    limits: { ...DEFAULT_LIMITS },
    configDir: dir,
    adHoc: true,
  };
}

/** A frozen ResolvedConfig holding only the ad-hoc surface, with the top-level defaults. */
export function adHocConfig(command: string, args: readonly string[], cwd: string, url?: string): ResolvedConfig {
  const dir = resolve(cwd);
  return deepFreeze({
    configDir: dir,
    reportDir: resolve(dir, CONFIG_DEFAULTS.reportDir),
    reporters: [...CONFIG_DEFAULTS.reporters],
    failOn: CONFIG_DEFAULTS.failOn,
    concurrency: defaultConcurrency(),
    concurrencyDefaulted: true,
    showValues: CONFIG_DEFAULTS.showValues,
    checks: {},
    timeouts: { ...DEFAULT_TIMEOUTS },
    surfaces: [adHocSurface(command, args, dir, 'ad-hoc', url)],
  });
}
