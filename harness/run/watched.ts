/**
 * Resolve a surface's watched paths (globs relative to the config dir) to match counts, for the
 * pure `contract/watched-paths` check. Uses tinyglobby (no network, no shell), imported only when a surface
 * configures watched paths: its module and fdir's (which requires picomatch from disk) cost every run's start.
 * Counted before the surface's server starts (./surface-inputs.ts): a server that wrote a watched file at boot made
 * the count depend on which came first.
 */
import type { ResolvedSurface } from '../config/index.ts';

/** Each watched glob with the number of files it matches under the config dir; undefined when none are configured. */
export async function resolveWatchedPaths(surface: ResolvedSurface): Promise<Record<string, number> | undefined> {
  if (surface.watchedPaths.length === 0) return undefined;
  const { glob } = await import('tinyglobby');
  const entries = await Promise.all(
    surface.watchedPaths.map(async (pattern) => {
      const files = await glob(pattern, { cwd: surface.configDir, dot: true, onlyFiles: true, expandDirectories: false });
      return [pattern, files.length] as const;
    }),
  );
  return Object.fromEntries(entries);
}
