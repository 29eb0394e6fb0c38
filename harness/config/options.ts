/**
 * The bridge from config to the checks: a resolved surface becomes the SurfaceOptions checks read.
 */
import type { SurfaceOptions } from '../model/observation.ts';
import type { ResolvedSurface } from './types.ts';

/**
 * The declared version: a literal from the config, or `version` of the surface's manifest
 * (package.json, already read by the runner) for `{ fromManifest: true }`; undefined otherwise.
 */
export function declaredVersionOf(surface: ResolvedSurface, manifest?: Record<string, unknown>): string | undefined {
  const declared = surface.declaredVersion;
  if (typeof declared === 'string') return declared;
  if (declared?.fromManifest && typeof manifest?.version === 'string') return manifest.version;
  return undefined;
}

/** SurfaceOptions (model/observation.ts) for `surface`; `manifest` is its parsed package.json when it names one. Pure. */
export function toSurfaceOptions(surface: ResolvedSurface, manifest?: Record<string, unknown>): SurfaceOptions {
  const declaredVersion = declaredVersionOf(surface, manifest);
  return {
    allowDestructive: surface.generate.destructive,
    echo: surface.echo,
    maxResultBytes: surface.limits.maxResultBytes,
    maxResultTokens: surface.limits.maxResultTokens,
    maxToolNameLength: surface.limits.maxToolNameLength,
    watchedPaths: [...surface.watchedPaths],
    ...(declaredVersion !== undefined ? { declaredVersion } : {}),
    overrides: surface.overrides,
  };
}
