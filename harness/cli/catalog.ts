/**
 * The check catalog as data: every registered check's meta plus the runner-level entries.
 * Feeds `mcp-harness checks`, docs/checks.md and the SARIF rules.
 */
import type { CheckMeta } from '../checks/define.ts';
import { loadChecks } from '../checks/index.ts';
import { INTERNAL_METAS } from '../checks/internal.ts';
import { BASELINE_STALE_META } from '../report/index.ts';

/** Every catalog entry, in catalog order (checks first, then runner-level entries). */
export async function loadCatalog(): Promise<CheckMeta[]> {
  const checks = await loadChecks();
  return [...checks.map((c) => c.meta), ...INTERNAL_METAS, BASELINE_STALE_META];
}

/** `mcp-harness checks`: one line per check (ID, default severity, description). */
export function renderCatalog(catalog: readonly CheckMeta[]): string {
  const width = Math.max(...catalog.map((m) => m.id.length));
  return catalog.map((m) => `${m.id.padEnd(width)}  ${m.defaultSeverity.padEnd(7)}  ${m.description}`).join('\n') + '\n';
}
