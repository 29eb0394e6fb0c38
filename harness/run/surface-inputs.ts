/**
 * What a surface is judged against, read from its files: its contract (a lock or a module), its manifest, the
 * version constants its `declaredVersion` names, the match counts of its watched paths and its scenario files.
 *
 * They are read before the surface's server starts (harness/run/index.ts, hostile review 28). The runner used to
 * start a stdio server first and read them while it booted (issue 12: the reads overlapped the boot), so a server
 * that wrote its own files at boot (a lock that matches what it serves, a scenario that expects what it answers, a
 * watched file) decided what it was compared with: a server that dropped a tool and failed a scenario passed, exit 0.
 * A server that edits them during the run now changes nothing this run reads; a file it leaves changed is read by the
 * next run (run CI from a fresh checkout, or with `--isolate`, where it cannot write them).
 */
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import type { ResolvedSurface } from '../config/types.ts';
import type { Contract } from '../model/contract.ts';
import type { SurfaceObservation } from '../model/observation.ts';
import type { Scenario } from '../model/wire.ts';

/** A surface's inputs as read before its server started (`readSurfaceInputs`). */
export interface SurfaceInputs {
  /** The manifest (`manifest`), undefined when none is configured or it cannot be read or parsed. */
  manifest: SurfaceObservation['manifest'];
  /** The contract, or why it could not be loaded (a harness/contract finding); both absent without one. */
  contract?: Contract;
  contractError?: string;
  /** The string constants `{ module, export }` version sources name, keyed `module#export` (undefined: none). */
  versionConstants: Record<string, string | undefined>;
  /** Each watched glob with the number of files it matches; undefined when none are configured. */
  watched: Record<string, number> | undefined;
  /** The scenarios of the surface's scenario files (loadScenarios), in file order. */
  scenarios: Scenario[];
}

/**
 * Read every input of `surface` (see the module doc) before its server starts. Never rejects for a contract, a
 * manifest or a version module that cannot be read (those are reported on the surface).
 * @throws ConfigError (from loadScenarios) for a scenario file that is missing or invalid.
 */
export async function readSurfaceInputs(surface: ResolvedSurface): Promise<SurfaceInputs> {
  const [manifest, loaded, versionConstants, watched, scenarios] = await Promise.all([
    readManifest(surface),
    loadContract(surface),
    readVersionConstants(surface),
    surface.watchedPaths.length === 0 ? undefined : import('./watched.ts').then(({ resolveWatchedPaths }) => resolveWatchedPaths(surface)),
    surface.scenarios.length === 0 ? [] : import('../scenarios/load.ts').then(({ loadScenarios }) => loadScenarios(surface.scenarios, surface.configDir)),
  ]);
  return { manifest, ...loaded, versionConstants, watched, scenarios };
}

/**
 * The string constants that version sources `{ module, export }` name, keyed `module#export`; a module
 * that cannot be imported or an export that is not a string declares nothing (contract/version-lock
 * then names the source as declaring no version).
 */
async function readVersionConstants(surface: ResolvedSurface): Promise<Record<string, string | undefined>> {
  const declared = surface.declaredVersion;
  const list = declared === undefined ? [] : Array.isArray(declared) ? declared : [declared];
  const out: Record<string, string | undefined> = {};
  for (const v of list) {
    if (typeof v !== 'object' || !('module' in v)) continue;
    try {
      const { importModule } = await import('../config/import-module.ts');
      const value = (await importModule(v.module))[v.export];
      out[`${v.module}#${v.export}`] = typeof value === 'string' ? value : undefined;
    } catch {
      out[`${v.module}#${v.export}`] = undefined;
    }
  }
  return out;
}

async function readManifest(surface: ResolvedSurface): Promise<SurfaceObservation['manifest']> {
  if (!surface.manifest) return undefined;
  try {
    const json = JSON.parse(await readFile(surface.manifest, 'utf8')) as Record<string, unknown>;
    return { path: relative(surface.configDir, surface.manifest), json };
  } catch {
    return undefined; // a missing manifest is reported by sdk/generation as "no manifest": stays silent
  }
}

async function loadContract(surface: ResolvedSurface): Promise<{ contract?: Contract; contractError?: string }> {
  const config = surface.contract;
  if (!config) return {};
  try {
    const contract =
      config.lock !== undefined
        ? await (await import('../contract/lock.ts')).readLock(config.lock)
        : await (await import('../contract/load-module.ts')).loadContractModule(config.module, { export: config.export, tools: config.tools, dialect: config.dialect, meta: config.meta });
    return { contract };
  } catch (error) {
    return { contractError: error instanceof Error ? error.message : String(error) };
  }
}
