/**
 * The bridge from config to the checks: a resolved surface becomes the SurfaceOptions checks read.
 */
import type { SurfaceOptions } from '../model/observation.ts';
import { relative } from 'node:path';
import type { ResolvedSurface, VersionSource } from './types.ts';
import { isLoopbackUrl } from './url.ts';

/** The versions module constants declare, by `module#export` (the runner imports them). */
export type ModuleVersions = Record<string, string | undefined>;

/** How a version source is named in findings: `the config`, `its manifest`, `<module>#<export>` (module relative to the config dir). */
function sourceLabel(surface: ResolvedSurface, source: VersionSource): string {
  if (typeof source === 'string') return 'the config';
  if ('fromManifest' in source) return 'its package manifest';
  return `${relative(surface.configDir, source.module)}#${source.export}`;
}

/**
 * Every declared version source with the version it declares (undefined: the manifest or constant has
 * none): literals from the config, `version` of the surface's manifest (package.json, already read by
 * the runner) for `{ fromManifest: true }`, module constants from `modules` (keyed `module#export`).
 */
export function declaredVersionsOf(surface: ResolvedSurface, manifest?: Record<string, unknown>, modules: ModuleVersions = {}): Array<{ source: string; version?: string }> {
  const declared = surface.declaredVersion;
  const list = declared === undefined ? [] : Array.isArray(declared) ? declared : [declared];
  return list.map((v) => {
    const version = typeof v === 'string' ? v : 'fromManifest' in v ? (typeof manifest?.version === 'string' ? manifest.version : undefined) : modules[`${v.module}#${v.export}`];
    return { source: sourceLabel(surface, v), ...(version !== undefined ? { version } : {}) };
  });
}

/** The first declared version (see `declaredVersionsOf`); undefined when none resolves. */
export function declaredVersionOf(surface: ResolvedSurface, manifest?: Record<string, unknown>, modules: ModuleVersions = {}): string | undefined {
  return declaredVersionsOf(surface, manifest, modules).find((d) => d.version !== undefined)?.version;
}

/** SurfaceOptions (model/observation.ts) for `surface`; `manifest` is its parsed package.json when it names one. Pure. */
export function toSurfaceOptions(surface: ResolvedSurface, manifest?: Record<string, unknown>, modules: ModuleVersions = {}): SurfaceOptions {
  const declaredVersion = declaredVersionOf(surface, manifest, modules);
  const sources = declaredVersionsOf(surface, manifest, modules);
  return {
    allowDestructive: surface.generate.destructive,
    echo: surface.echo,
    maxResultBytes: surface.limits.maxResultBytes,
    maxResultTokens: surface.limits.maxResultTokens,
    maxToolNameLength: surface.limits.maxToolNameLength,
    watchedPaths: [...surface.watchedPaths],
    ...(declaredVersion !== undefined ? { declaredVersion } : {}),
    ...(sources.length > 1 ? { declaredVersions: sources } : {}),
    overrides: surface.overrides,
    ...(surface.url === undefined ? {} : { httpEndpoint: surface.command !== '' || isLoopbackUrl(surface.url) ? 'local' : 'remote' }),
  };
}
