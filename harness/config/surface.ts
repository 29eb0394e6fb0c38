/**
 * Resolution of one validated surface: defaults filled, paths made absolute against the config
 * directory, `${configDir}` substituted (`${tempDir}` and `${port}`, validated by the schema, kept for instantiateSurface).
 */
import { isAbsolute, resolve } from 'node:path';
import type { z } from 'zod';
import { DEFAULT_ENV_ALLOW, DEFAULT_LIMITS, SURFACE_DEFAULTS } from './defaults.ts';
import type { surfaceSchema } from './schema.ts';
import type { ContractConfig, ResolvedSurface, Timeouts } from './types.ts';

/** What a surface resolves against (its placeholders were validated with its shape: ./surface-placeholders.ts). */
export interface SurfaceContext {
  configDir: string;
  /** Top-level timeouts (defaults already applied). */
  timeouts: Timeouts;
}

type ParsedSurface = z.output<typeof surfaceSchema>;

const abs = (dir: string, p: string): string => (isAbsolute(p) ? p : resolve(dir, p));

/** The contract entry with its file made absolute against `dir`; keys left out stay out. */
function resolveContract(dir: string, c: ContractConfig): ContractConfig {
  if (c.lock !== undefined) return { lock: abs(dir, c.lock) };
  return { module: abs(dir, c.module), ...(c.export ? { export: c.export } : {}), ...(c.tools ? { tools: c.tools } : {}), ...(c.dialect ? { dialect: c.dialect } : {}), ...(c.meta ? { meta: c.meta } : {}) };
}

/** Substitutes `${configDir}`; `${tempDir}` and `${port}` are kept for instantiateSurface (the schema validated them). */
const template = (value: string, ctx: SurfaceContext): string => value.replaceAll('${configDir}', ctx.configDir);

/** Paths holding `${tempDir}` stay relative until the run instantiates them. */
const pathOrTemplate = (dir: string, p: string): string => (p.includes('${tempDir}') ? p : abs(dir, p));

/** A version source with its module path made absolute. */
const versionSourceAt = <T extends string | object>(dir: string, v: T): T => (typeof v === 'object' && 'module' in v ? { ...v, module: abs(dir, (v as { module: string }).module) } : v);

/** Resolves the validated surface `s`. Pure. */
export function resolveSurface(s: ParsedSurface, ctx: SurfaceContext): ResolvedSurface {
  const dir = ctx.configDir;
  const scenarios = s.scenarios === undefined ? [] : typeof s.scenarios === 'string' ? [s.scenarios] : s.scenarios;
  const args = (s.args ?? []).map((a) => template(a, ctx));
  const cwd = pathOrTemplate(dir, template(s.cwd ?? '.', ctx));
  const set = Object.fromEntries(Object.entries(s.env?.set ?? {}).map(([k, v]) => [k, template(v, ctx)]));
  const url = s.url === undefined ? undefined : template(s.url, ctx);
  const headers = { ...s.headers };
  return {
    name: s.name,
    command: s.command ?? '',
    ...(url !== undefined ? { url } : {}),
    headers,
    ...(s.ready ? { ready: { line: s.ready.line } } : {}),
    args,
    cwd,
    env: { allow: [...(s.env?.allow ?? DEFAULT_ENV_ALLOW)], set },
    ...(s.contract ? { contract: resolveContract(dir, s.contract) } : {}),
    scenarios: scenarios.map((p) => abs(dir, p)),
    generate: { ...SURFACE_DEFAULTS.generate, ...s.generate },
    echo: s.echo ?? SURFACE_DEFAULTS.echo,
    overrides: s.overrides ?? SURFACE_DEFAULTS.overrides,
    ...(s.manifest ? { manifest: abs(dir, s.manifest) } : {}),
    ...(s.declaredVersion !== undefined ? { declaredVersion: Array.isArray(s.declaredVersion) ? s.declaredVersion.map((v) => versionSourceAt(dir, v)) : versionSourceAt(dir, s.declaredVersion) } : {}),
    watchedPaths: s.watchedPaths ?? [],
    era: s.era ?? SURFACE_DEFAULTS.era,
    callConcurrency: s.callConcurrency ?? SURFACE_DEFAULTS.callConcurrency,
    probeConcurrency: s.probeConcurrency ?? s.callConcurrency ?? SURFACE_DEFAULTS.callConcurrency,
    sandbox: s.sandbox ?? false,
    isolate: s.isolate ?? false,
    timeouts: { ...ctx.timeouts, ...s.timeouts },
    setup: {
      tempDir: s.setup?.tempDir ?? false,
      copy: (s.setup?.copy ?? []).map((c) => ({ from: abs(dir, template(c.from, ctx)), to: template(c.to, ctx) })),
    },
    limits: { ...DEFAULT_LIMITS, ...s.limits },
    configDir: dir,
  };
}
