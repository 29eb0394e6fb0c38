/**
 * Links from findings to the check docs (docs/checks.md, one heading per check ID).
 */
import type { CheckMeta } from '../checks/define.ts';
import type { ReporterContext } from './types.ts';

/** Default URL of docs/checks.md (absolute, as SARIF `helpUri` requires a URI). Override with `ctx.docsUrl`. */
export const DEFAULT_DOCS_URL = 'https://github.com/mcp-harness/mcp-harness/blob/main/docs/checks.md';

/** Information URI of the tool for SARIF `tool.driver.informationUri`. */
export const HARNESS_INFORMATION_URI = 'https://www.npmjs.com/package/mcp-harness';

/**
 * The GitHub heading anchor of a check ID heading (`## tools/set-diff` -> `toolsset-diff`):
 * lower case, characters other than letters, digits, space, `-` and `_` removed, spaces to `-`.
 */
export function checkAnchor(checkId: string): string {
  return checkId.toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-');
}

/** `docs/checks.md#<anchor>` under `ctx.docsUrl` (or the default). */
export function checkDocsUrl(checkId: string, ctx: Pick<ReporterContext, 'docsUrl'>): string {
  return `${ctx.docsUrl ?? DEFAULT_DOCS_URL}#${checkAnchor(checkId)}`;
}

/** The catalog as a map by check ID. */
export function catalogById(catalog: readonly CheckMeta[]): Map<string, CheckMeta> {
  return new Map(catalog.map((m) => [m.id, m]));
}
