/**
 * Resolve a surface's watched paths (globs relative to the config dir) to match counts, for the
 * pure `contract/watched-paths` check. Uses tinyglobby (no network, no shell).
 */
import { glob } from 'tinyglobby';
import type { ResolvedSurface } from '../config/index.ts';

/** Each watched glob with the number of files it matches under the config dir; undefined when none are configured. */
export async function resolveWatchedPaths(surface: ResolvedSurface): Promise<Record<string, number> | undefined> {
  if (surface.watchedPaths.length === 0) return undefined;
  const entries = await Promise.all(
    surface.watchedPaths.map(async (pattern) => {
      const files = await glob(pattern, { cwd: surface.configDir, dot: true, onlyFiles: true, expandDirectories: false });
      return [pattern, files.length] as const;
    }),
  );
  return Object.fromEntries(entries);
}
