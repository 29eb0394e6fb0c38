/**
 * `mcp-harness/vitest`: run the harness as vitest tests. `describeSurfaces` registers one `describe`
 * per surface and one `test` per enabled check; each surface is booted and validated ONCE (in
 * `beforeAll`), and each check's test reads its findings from that one run:
 *
 *     import { describeSurfaces } from 'mcp-harness/vitest';
 *     describeSurfaces({ config: 'mcp-harness.config.ts' });
 *
 * A check's test fails when the check has findings at or above the fail threshold; the failure
 * message lists them value-free (tool, JSON pointer, message; never argument or result values). A check
 * that could not run on the surface (no contract, the surface did not boot, a check of another transport) is
 * reported as skipped.
 * Findings of the harness itself (`harness/*`: a crashed check, an unreadable scenario file) fail a
 * last test named `harness`.
 */
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, test } from 'vitest';
import { loadChecks } from './checks/index.ts';
import { displayPath, loadConfig, resolveConfig, type CheckSetting, type ResolvedConfig, type ResolvedSurface, type SurfaceConfig } from './config/index.ts';
import { meetsThreshold } from './report/threshold.ts';
import { enableChecks, type EnabledCheck } from './run/judge.ts';
import { validateSurface, type SurfaceResult } from './run/surface.ts';
import { createSchemaService } from './schema/ajv.ts';
import type { Finding } from './model/report.ts';

/** What to validate: surfaces as written in a config, or a config file (default: the one `mcp-harness run` finds). */
export type SurfacesInput = readonly SurfaceConfig[] | { config?: string };

/** Options of `describeSurfaces`. */
export interface DescribeSurfacesOptions {
  /** Lowest severity that fails a check's test (default: the config's `failOn`, else `error`). */
  failOn?: 'error' | 'warning';
  /** Directory that relative paths (config file, surface commands) resolve against (default: `process.cwd()`). */
  cwd?: string;
  /** Check settings (`'off' | severity | [severity, options]`) over the config's own `checks`. */
  checks?: Record<string, CheckSetting>;
  /** Only these surfaces (by name). */
  surfaces?: readonly string[];
  /** Call only these tools. */
  tools?: readonly string[];
  /** Time limit of one surface's boot and validation in `beforeAll`, ms (default: 300000). */
  timeoutMs?: number;
}

/** Default `beforeAll` budget of one surface, ms: a run is bounded by the surface's own timeouts. */
const DEFAULT_TIMEOUT_MS = 300_000;

/**
 * Register the harness as vitest suites: one `describe` per surface (inside a `describe` named after
 * the config file when `{ config }` is given, since its surfaces are known only once it is loaded),
 * one `test` per enabled check. Call it at the top level of a test file.
 * @throws ConfigError (at collection, failing the file) for an invalid config or an unknown surface name.
 */
export function describeSurfaces(input: SurfacesInput, options: DescribeSurfacesOptions = {}): void {
  const cwd = resolve(options.cwd ?? process.cwd());
  if (Array.isArray(input)) {
    const surfaces = input as readonly SurfaceConfig[];
    const config = lazy(() => Promise.resolve(resolveConfig({ surfaces: [...surfaces], checks: options.checks }, { cwd })));
    for (const surface of surfaces) describeSurface(surface.name, config, options);
    return;
  }
  const file = (input as { config?: string }).config;
  describe(file ?? 'mcp-harness config', async () => {
    const loaded = await loadConfig(file, cwd);
    const config = Promise.resolve(withChecks(loaded, options.checks));
    for (const surface of selectSurfaces(loaded, options.surfaces, displayPath(loaded.configFile, cwd))) describeSurface(surface.name, () => config, options);
  });
}

/** One surface's suite: validated once in beforeAll, one test per enabled check, plus `harness`. */
function describeSurface(name: string, config: () => Promise<ResolvedConfig>, options: DescribeSurfacesOptions): void {
  describe(name, async () => {
    const resolved = await config();
    const surface = resolved.surfaces.find((s) => s.name === name) as ResolvedSurface;
    const checks = enableChecks(await loadChecks(), resolved.checks, resolved.configFile);
    const failOn = options.failOn ?? resolved.failOn ?? 'error';
    let result: SurfaceResult | undefined;
    beforeAll(async () => {
      result = await validateSurface(surface, { checks, schemas: createSchemaService(), filter: { tools: options.tools ? [...options.tools] : undefined } });
    }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    afterAll(() => {
      result = undefined;
    });
    for (const enabled of checks) {
      test(enabled.check.meta.id, (ctx) => {
        if (!result) throw new Error(`surface ${name} was not validated (see the beforeAll error)`);
        const skipped = result.skipped.find((s) => s.check === enabled.check.meta.id);
        if (skipped) return ctx.skip(skipped.reason);
        // a check that does not apply to this transport (the report leaves it out as noise) is skipped, not passed
        const transports = enabled.check.meta.transports;
        if (transports && !transports.includes(result.observation.transport)) return ctx.skip(`the check does not apply to the ${result.observation.transport} transport`);
        assertNoFailing(enabled, result.findings.filter((f) => f.check === enabled.check.meta.id), failOn);
      });
    }
    test('harness', () => {
      if (!result) throw new Error(`surface ${name} was not validated (see the beforeAll error)`);
      const own = result.findings.filter((f) => f.check.startsWith('harness/'));
      if (own.length > 0) throw new Error(`the harness itself failed on ${name}:\n${own.map(line).join('\n')}`);
    });
  });
}

/** Throws an Error listing the check's findings at or above `failOn`, value-free. */
function assertNoFailing(enabled: EnabledCheck, findings: readonly Finding[], failOn: 'error' | 'warning'): void {
  const failing = findings.filter((f) => meetsThreshold(f.severity, failOn));
  if (failing.length === 0) return;
  const n = failing.length;
  throw new Error(`${enabled.check.meta.id}: ${n} finding${n === 1 ? '' : 's'} at or above ${failOn}:\n${failing.map(line).join('\n')}`);
}

/** One finding as a value-free line: severity, tool, pointer, message. */
function line(f: Finding): string {
  return `  ${f.severity.padEnd(7)} ${[f.tool, f.pointer].filter(Boolean).join(' ')}${f.tool || f.pointer ? ': ' : ''}${f.message}`;
}

/** The config with `checks` from the options laid over its own. */
function withChecks(config: ResolvedConfig, checks?: Record<string, CheckSetting>): ResolvedConfig {
  return checks ? { ...config, checks: { ...config.checks, ...checks } } : config;
}

/** The config's surfaces, or those named. @throws Error naming unknown names and listing the known ones. */
function selectSurfaces(config: ResolvedConfig, names: readonly string[] | undefined, file: string): readonly ResolvedSurface[] {
  if (!names) return config.surfaces;
  const known = config.surfaces.map((s) => s.name);
  const unknown = names.filter((n) => !known.includes(n));
  if (unknown.length > 0) throw new Error(`${file}: no surface named ${unknown.map((n) => `"${n}"`).join(', ')} (known: ${known.join(', ')})`);
  return config.surfaces.filter((s) => names.includes(s.name));
}

/** A memoised async value. */
function lazy<T>(make: () => Promise<T>): () => Promise<T> {
  let value: Promise<T> | undefined;
  return () => (value ??= make());
}
