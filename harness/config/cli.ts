/**
 * CLI options as config overrides. Every flag maps onto a config key (or a run filter), so flags and
 * config cannot drift: `--report-dir` -> reportDir, `--reporter` -> reporters, `--fail-on` -> failOn,
 * `--show-values` -> showValues, `--concurrency` -> concurrency, `--call-concurrency` ->
 * surfaces[*].callConcurrency (and probeConcurrency, which follows a configured callConcurrency), `--baseline` -> baseline; `--surface`, `--tool`, `--check` and
 * `--shard` filter the run.
 */
import { resolve } from 'node:path';
import { parseShard as parseReportShard, shardProblem, type Shard as ReportShard } from '../report/shard.ts';
import { ConfigError } from './errors.ts';
import { deepFreeze } from './freeze.ts';
import { nearest } from './suggest.ts';
import type { ResolvedConfig, ResolvedSurface, Timeouts, UserConfig } from './types.ts';

/** A shard: 1-based `index` of `total` (the report layer's type: one definition). */
export type Shard = ReportShard;

/** Options given on the command line; paths relative to the process cwd. */
export interface CliOverrides extends Partial<Pick<UserConfig, 'reporters' | 'reportDir' | 'failOn' | 'showValues' | 'concurrency' | 'baseline'>> {
  /** `--surface NAME...`: run only these surfaces. */
  surfaces?: string[];
  /** `--tool NAME...`: call only these tools (the runner filters). */
  tools?: string[];
  /** `--check ID...`: run only these checks (the runner validates the IDs against the registry). */
  checks?: string[];
  /** `--call-concurrency N`: overrides every surface's callConcurrency and probeConcurrency. */
  callConcurrency?: number;
  /** `--allow-destructive`: generate arguments for (and probe) tools not annotated readOnlyHint: true too (every surface's generate.destructive). */
  allowDestructive?: boolean;
  /** `--shard K/N`. */
  shard?: Shard;
  /** `--sandbox`: every surface's sandbox. */
  sandbox?: boolean;
  /** `--isolate`: every surface runs as the user nobody (harness/run/isolate.ts). */
  isolate?: boolean;
  /** `--env KEY=VALUE` (repeatable): added to every surface's env.set (values never appear in reports). */
  env?: Record<string, string>;
  /** `--env-pass NAME` (repeatable): added to every surface's env.allow. */
  envPass?: string[];
  /** `--request-timeout MS` and friends: over every surface's timeouts. */
  timeouts?: Partial<Timeouts>;
}

/**
 * Parses `--shard K/N` (1 <= K <= N) with the report layer's grammar (harness/report/shard.ts).
 * @throws ConfigError (`<command line>: --shard: ...`) naming what is wrong.
 */
export function parseShard(text: string): Shard {
  const problem = shardProblem(text);
  if (problem !== undefined) throw new ConfigError('<command line>', [{ path: '--shard', message: problem }]);
  return parseReportShard(text);
}

/** Keeps the surfaces named in `names`. @throws ConfigError for a name the config lacks (with a suggestion). */
function filterSurfaces(config: ResolvedConfig, names: readonly string[]): ResolvedConfig['surfaces'] {
  const known = config.surfaces.map((s) => s.name);
  const issues = names.filter((n) => !known.includes(n)).map((n) => {
    const hint = nearest(n, known);
    return { path: '--surface', message: `Unknown surface "${n}" (${hint ? `did you mean "${hint}"? ` : ''}known: ${known.join(', ')})` };
  });
  if (issues.length > 0) throw new ConfigError('<command line>', issues);
  return config.surfaces.filter((s) => names.includes(s.name));
}

/**
 * Applies command-line overrides to a resolved config and returns a new frozen config.
 * Paths (`reportDir`, `baseline`) resolve against `cwd`. Tool, check and shard filters are not config
 * state: the runner reads them from `overrides`.
 * @throws ConfigError for an unknown `--surface` name.
 */
export function applyCliOverrides(config: ResolvedConfig, overrides: CliOverrides, cwd: string): ResolvedConfig {
  const surfaces = overrides.surfaces?.length ? filterSurfaces(config, overrides.surfaces) : config.surfaces;
  return deepFreeze({
    ...config,
    ...(overrides.reportDir !== undefined ? { reportDir: resolve(cwd, overrides.reportDir) } : {}),
    ...(overrides.reporters?.length ? { reporters: [...overrides.reporters] } : {}),
    ...(overrides.failOn !== undefined ? { failOn: overrides.failOn } : {}),
    ...(overrides.showValues !== undefined ? { showValues: overrides.showValues } : {}),
    ...(overrides.concurrency !== undefined ? { concurrency: overrides.concurrency, concurrencyDefaulted: undefined } : {}),
    ...(overrides.baseline !== undefined ? { baseline: resolve(cwd, overrides.baseline) } : {}),
    surfaces: surfaces.map((s) => applySurfaceOverrides(s, overrides)),
  });
}

/**
 * A surface with the command line's surface flags applied (`--call-concurrency`, `--allow-destructive`, `--sandbox`,
 * `--isolate`, `--env`, `--env-pass`, the timeouts): every surface of a run, and the server `snapshot` or `diff`
 * starts. Returns a new object (not frozen); `surface` is not changed.
 */
export function applySurfaceOverrides(surface: ResolvedSurface, overrides: CliOverrides): ResolvedSurface {
  const { callConcurrency, allowDestructive, sandbox, isolate, env, envPass, timeouts } = overrides;
  const s = surface;
  return {
    ...s,
    ...(callConcurrency !== undefined ? { callConcurrency, probeConcurrency: callConcurrency } : {}),
    ...(allowDestructive ? { generate: { ...s.generate, destructive: true } } : {}),
    ...(sandbox ? { sandbox: true } : {}),
    ...(isolate ? { isolate: true } : {}),
    ...(env || envPass ? { env: { allow: [...s.env.allow, ...(envPass ?? [])], set: { ...s.env.set, ...env } } } : {}),
    ...(timeouts ? { timeouts: { ...s.timeouts, ...timeouts } } : {}),
  };
}
