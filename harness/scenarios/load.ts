/**
 * loadScenarios: read scenario JSON files (directories are searched recursively for `*.json`,
 * `*.schema.json` excluded), validate them (zod, strict) and return Scenario records.
 * Every problem across every file is collected into one ConfigError (file + key path per line).
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve } from 'node:path';
import { ConfigError, issuesFromZod, type ConfigIssue } from '../config/errors.ts';
import type { Scenario } from '../model/wire.ts';
import { parseJsonFile } from '../json.ts';

/** Lists the scenario files under `path` (itself when a file), sorted; a missing path is an issue. */
async function listFiles(path: string, display: string, issues: ConfigIssue[]): Promise<string[]> {
  const info = await stat(path).catch(() => undefined);
  if (!info) {
    issues.push({ file: display, path: '', message: 'Scenario path not found' });
    return [];
  }
  if (info.isFile()) return [path];
  const entries = await readdir(path, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.json') && !e.name.endsWith('.schema.json'))
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** Parses and validates one file; returns its scenarios (empty on issues, which are collected). */
async function readFileScenarios(path: string, display: string, issues: ConfigIssue[]): Promise<Scenario[]> {
  let json: unknown;
  try {
    json = parseJsonFile(await readFile(path, 'utf8'));
  } catch (error) {
    issues.push({ file: display, path: '', message: `Invalid JSON: ${(error as Error).message}` });
    return [];
  }
  // the zod schema is built on first use: a run without scenario files never constructs it
  const { scenarioFileSchema } = await import('./schema.ts');
  const parsed = scenarioFileSchema.safeParse(json);
  if (!parsed.success) {
    issues.push(...issuesFromZod(scenarioFileSchema, parsed.error.issues).map((i) => ({ ...i, file: display })));
    return [];
  }
  const { tool } = parsed.data;
  return parsed.data.scenarios.map((s) => ({ ...s, tool, origin: 'file' as const, file: display }));
}

/** Reports a scenario name used twice for one tool, naming both places. */
function checkDuplicates(scenarios: Scenario[], issues: ConfigIssue[]): void {
  const seen = new Map<string, string>();
  const indexInFile = new Map<string, number>();
  for (const s of scenarios) {
    const index = indexInFile.get(s.file ?? '') ?? 0;
    indexInFile.set(s.file ?? '', index + 1);
    const key = JSON.stringify([s.tool, s.name]);
    const where = `${s.file} scenarios[${index}]`;
    const first = seen.get(key);
    if (first === undefined) seen.set(key, where);
    else issues.push({ file: s.file, path: `scenarios[${index}].name`, message: `Duplicate scenario name "${s.name}" for tool "${s.tool}" (also ${first})` });
  }
}

/**
 * Loads every scenario file under `paths` (files or directories, absolute or relative to `configDir`).
 * `Scenario.file` is the file's path relative to `configDir`.
 * @throws ConfigError listing every missing path, unreadable or invalid file, and duplicate name.
 */
export async function loadScenarios(paths: readonly string[], configDir: string): Promise<Scenario[]> {
  const issues: ConfigIssue[] = [];
  const display = (p: string) => {
    const rel = relative(configDir, p);
    return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split('\\').join('/') : p;
  };
  const files: string[] = [];
  for (const p of paths.map((x) => resolve(configDir, x))) {
    for (const f of await listFiles(p, display(p), issues)) if (!files.includes(f)) files.push(f);
  }
  const scenarios: Scenario[] = [];
  for (const f of files) scenarios.push(...(await readFileScenarios(f, display(f), issues)));
  checkDuplicates(scenarios, issues);
  if (issues.length > 0) throw new ConfigError(issues[0].file ?? '<scenarios>', issues);
  return scenarios;
}
