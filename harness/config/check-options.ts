/**
 * Check options as config problems: a check's `[severity, options]` entry parsed by its `meta.optionsSchema`
 * (checks/options.ts), each problem at its key path (`checks["tools/name"].options.maxLength`). loadConfig reports
 * them together with the rest of the config's problems; run/judge.ts `enableChecks` uses the same conversion for a
 * config built in code.
 */
import type { Check, CheckOptions } from '../checks/define.ts';
import { checkLoaders } from '../checks/index.ts';
import { parseCheckOptions } from '../checks/options.ts';
import { formatKeyPath, issuesFromZod, type ConfigIssue } from './errors.ts';

/** The problems of `raw` (the entry's options object) as options of `check`, at `checks[<id>].options...`; [] when none. */
export function checkOptionIssues(check: Check, raw: CheckOptions): ConfigIssue[] {
  const parsed = parseCheckOptions(check, raw);
  if (parsed.ok) return [];
  const prefix = `${formatKeyPath(['checks', check.meta.id])}.options`;
  const local = parsed.schema ? issuesFromZod(parsed.schema, parsed.issues) : parsed.issues.map((i) => ({ path: '', message: i.message }));
  return local.map((i) => ({ ...i, path: i.path === '' ? prefix : i.path.startsWith('[') ? `${prefix}${i.path}` : `${prefix}.${i.path}` }));
}

const SEVERITIES = new Set(['info', 'warning', 'error']);
const isPlainObject = (v: unknown): v is CheckOptions => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The option problems of every `checks` entry of an untyped config that gives options (`[severity, options]`, a
 * registered check, not `off`): only those check modules are loaded. Entries of another shape, unknown IDs and `off`
 * are left to the schema and resolveConfig (ESLint does not validate an `off` rule's options either).
 */
export async function configCheckOptionIssues(user: unknown): Promise<ConfigIssue[]> {
  const checks = (user as { checks?: unknown } | null)?.checks;
  if (!isPlainObject(checks)) return [];
  const given = Object.entries(checks).filter(
    (e): e is [string, [string, CheckOptions]] => Object.hasOwn(checkLoaders, e[0]) && Array.isArray(e[1]) && e[1].length === 2 && SEVERITIES.has(e[1][0]) && isPlainObject(e[1][1]),
  );
  const loaded = await Promise.all(given.map(async ([id, [, options]]) => ({ check: (await checkLoaders[id]()).default, options })));
  return loaded.flatMap(({ check, options }) => checkOptionIssues(check, options));
}
