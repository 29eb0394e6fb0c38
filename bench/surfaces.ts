/**
 * The benchmark's surfaces: the real ones from the root config (mcp-harness.config.ts: four published
 * servers and three reference surfaces) plus the synthetic 1,000-tool surface, each as a one-surface
 * ResolvedConfig the runner accepts. Also the check selections compared: all checks, or only the core
 * checks (every check that plans no probe, so the harness sends the same requests as the bare client).
 */
import { fileURLToPath } from 'node:url';
import { loadChecks } from '../harness/checks/index.ts';
import { loadConfig, resolveConfig, type ResolvedConfig, type ResolvedSurface } from '../harness/config/index.ts';

/** The repository root (the directory holding mcp-harness.config.ts). */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** The synthetic surface's name. */
export const SYNTHETIC = 'synthetic';

/** Options of the synthetic surface. */
export interface SyntheticOptions {
  /** Tools served (default 1000). */
  tools?: number;
  /** Percentage of tools with invalid structuredContent (default 0). */
  brokenPercent?: number;
  /** In-flight window (`--call-concurrency`); default the config default. */
  callConcurrency?: number;
  /** Each tools/call answered after this many ms (default 0: instantly). */
  latencyMs?: number;
}

/**
 * The real surfaces, resolved from the root config file, in config order.
 * @throws ConfigError when the root config is missing or invalid.
 */
export async function realConfig(): Promise<ResolvedConfig> {
  return loadConfig(undefined, ROOT);
}

/** A resolved config holding only the synthetic surface (node bench/synthetic-server.mjs, no contract). */
export function syntheticConfig(options: SyntheticOptions = {}): ResolvedConfig {
  const args = ['bench/synthetic-server.mjs'];
  if (options.tools !== undefined) args.push('--tools', String(options.tools));
  if (options.brokenPercent !== undefined) args.push('--broken', String(options.brokenPercent));
  if (options.latencyMs !== undefined) args.push('--latency', String(options.latencyMs));
  return resolveConfig(
    {
      reporters: [],
      surfaces: [{ name: SYNTHETIC, command: process.execPath, args, ...(options.callConcurrency ? { callConcurrency: options.callConcurrency } : {}) }],
    },
    { cwd: ROOT },
  );
}

/** `config` narrowed to one surface, with no reporters (nothing is written). */
export function onlySurface(config: ResolvedConfig, surface: ResolvedSurface): ResolvedConfig {
  return { ...config, reporters: [], surfaces: [surface] };
}

/**
 * The core check IDs: every registered check without a `plan` (it judges the observation of the
 * calls alone, planning no extra probe), so the harness's requests equal the bare client's.
 */
export async function coreCheckIds(): Promise<string[]> {
  return (await loadChecks()).filter((check) => check.plan === undefined).map((check) => check.meta.id);
}
