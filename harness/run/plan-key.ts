/**
 * The plan key of a run: what its shards must share to be merged as one run (harness/report/shard-set.ts). Two
 * `--shard K/N` runs split the same work only when they were asked the same thing: the same surfaces (after
 * `--surface`, by name, with the settings that decide what is called and how it is judged), the same check
 * settings and the same `--check` and `--tool` filters. Paths, commands, environment values and timeouts are left
 * out: they differ between machines of one CI matrix without changing what is judged, and a configured value
 * (an `env.set` secret) never enters a report, not even hashed.
 */
import { createHash } from 'node:crypto';
import type { ResolvedConfig } from '../config/types.ts';
import { sortedJson } from '../schema/sorted-json.ts';
import type { RunFilters } from './index.ts';

/**
 * The plan key: the first 16 hex characters of the sha256 of the sorted-key JSON of the surfaces (name, era,
 * generate, echo, overrides; sorted by name), the check settings, and the sorted `--check` and `--tool` filters.
 * Pure; the same config and filters give the same key on every machine.
 */
export function planKey(config: ResolvedConfig, filters: RunFilters): string {
  const surfaces = config.surfaces
    .map((s) => ({ name: s.name, era: s.era, generate: s.generate, echo: s.echo, overrides: s.overrides }))
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const plan = { surfaces, checks: config.checks, onlyChecks: filters.checks ? [...filters.checks].sort() : null, onlyTools: filters.tools ? [...filters.tools].sort() : null };
  return createHash('sha256').update(sortedJson(plan), 'utf8').digest('hex').slice(0, 16);
}
