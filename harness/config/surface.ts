/**
 * Resolution of one validated surface: defaults filled, paths made absolute against the config
 * directory, `${configDir}` substituted and `${tempDir}` checked (kept for instantiateSurface).
 */
import { isAbsolute, resolve } from 'node:path';
import type { z } from 'zod';
import { DEFAULT_ENV_ALLOW, DEFAULT_LIMITS, SURFACE_DEFAULTS } from './defaults.ts';
import type { ConfigIssue } from './errors.ts';
import { placeholdersIn } from './placeholders.ts';
import type { surfaceSchema } from './schema.ts';
import type { ContractConfig, ResolvedSurface, Timeouts } from './types.ts';

/** What a surface resolves against; `issues` collects placeholder problems (the caller throws). */
export interface SurfaceContext {
  configDir: string;
  /** Top-level timeouts (defaults already applied). */
  timeouts: Timeouts;
  issues: ConfigIssue[];
}

type ParsedSurface = z.output<typeof surfaceSchema>;

const abs = (dir: string, p: string): string => (isAbsolute(p) ? p : resolve(dir, p));

/** The contract entry with its file made absolute against `dir`; keys left out stay out. */
function resolveContract(dir: string, c: ContractConfig): ContractConfig {
  if (c.lock !== undefined) return { lock: abs(dir, c.lock) };
  return { module: abs(dir, c.module), ...(c.export ? { export: c.export } : {}), ...(c.tools ? { tools: c.tools } : {}), ...(c.dialect ? { dialect: c.dialect } : {}), ...(c.meta ? { meta: c.meta } : {}) };
}

/**
 * Substitutes `${configDir}` and validates the other placeholders of a value at `key`:
 * `${tempDir}` is kept when the surface has `setup.tempDir`, anything else is an issue.
 */
function template(value: string, key: string, s: ParsedSurface, ctx: SurfaceContext): string {
  for (const name of placeholdersIn(value)) {
    if (name === 'tempDir' && !s.setup?.tempDir) {
      ctx.issues.push({ path: key, message: '${tempDir} needs setup.tempDir: true on this surface' });
    } else if (name === 'port' && s.url === undefined) {
      ctx.issues.push({ path: key, message: '${port} needs "url" on this surface (a free loopback port for its HTTP server)' });
    } else if (name !== 'tempDir' && name !== 'configDir' && name !== 'port') {
      ctx.issues.push({ path: key, message: `Unknown placeholder \${${name}} (known: \${configDir}, \${tempDir}, \${port})` });
    }
  }
  return value.replaceAll('${configDir}', ctx.configDir);
}

/** A header value: only `${env:NAME}` placeholders (read at run time). */
function headerTemplate(value: string, key: string, ctx: SurfaceContext): string {
  for (const name of placeholdersIn(value)) {
    if (!/^env:[A-Za-z_][A-Za-z0-9_]*$/.test(name)) ctx.issues.push({ path: key, message: `Unknown placeholder \${${name}} in a header (known: \${env:NAME})` });
  }
  return value;
}

/** Paths holding `${tempDir}` stay relative until the run instantiates them. */
const pathOrTemplate = (dir: string, p: string): string => (p.includes('${tempDir}') ? p : abs(dir, p));

/** A version source with its module path made absolute. */
const versionSourceAt = <T extends string | object>(dir: string, v: T): T => (typeof v === 'object' && 'module' in v ? { ...v, module: abs(dir, (v as { module: string }).module) } : v);

/** Resolves surface `s` found at `surfaces[index]`. Pure apart from `ctx.issues`. */
export function resolveSurface(s: ParsedSurface, index: number, ctx: SurfaceContext): ResolvedSurface {
  const at = `surfaces[${index}]`;
  const dir = ctx.configDir;
  const scenarios = s.scenarios === undefined ? [] : typeof s.scenarios === 'string' ? [s.scenarios] : s.scenarios;
  const args = (s.args ?? []).map((a, i) => template(a, `${at}.args[${i}]`, s, ctx));
  const cwd = pathOrTemplate(dir, template(s.cwd ?? '.', `${at}.cwd`, s, ctx));
  const set = Object.fromEntries(Object.entries(s.env?.set ?? {}).map(([k, v]) => [k, template(v, `${at}.env.set.${k}`, s, ctx)]));
  const url = s.url === undefined ? undefined : template(s.url, `${at}.url`, s, ctx);
  const headers = Object.fromEntries(Object.entries(s.headers ?? {}).map(([k, v]) => [k, headerTemplate(v, `${at}.headers.${k}`, ctx)]));
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
      copy: (s.setup?.copy ?? []).map((c, i) => ({ from: abs(dir, template(c.from, `${at}.setup.copy[${i}].from`, s, ctx)), to: template(c.to, `${at}.setup.copy[${i}].to`, s, ctx) })),
    },
    limits: { ...DEFAULT_LIMITS, ...s.limits },
    configDir: dir,
  };
}
