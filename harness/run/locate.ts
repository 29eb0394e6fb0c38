/**
 * Physical locations of findings (issue 11 item 5): the file a user wrote that a finding points into,
 * with the line where the finding's tool name first appears in it (found cheaply: a text search, no
 * parsing), so SARIF consumers (GitHub code scanning) can annotate the right file.
 *
 * - Contract checks (tools/set-diff, tools/input-narrowing, tools/advertised-metadata,
 *   contract/version-lock) point into the surface's contract module or lock file.
 * - A check that reported `location` itself (result/expectation: the scenario file, relative to the
 *   config directory) keeps it; the path is resolved and made relative to the working directory.
 * Every other finding keeps no location (SARIF falls back to the config file).
 */
import { readFile, stat } from 'node:fs/promises';
import { isAbsolute, relative, resolve } from 'node:path';
import type { ResolvedSurface } from '../config/types.ts';
import type { Finding, FindingLocation } from '../model/report.ts';

/** Checks whose findings are located in the contract (module or lock). */
export const CONTRACT_LOCATED_CHECKS: ReadonlySet<string> = new Set(['tools/set-diff', 'tools/input-narrowing', 'tools/advertised-metadata', 'contract/version-lock']);

/** Files larger than this (bytes) are located without a line (no search). */
const MAX_SEARCHED_BYTES = 4 * 1024 * 1024;

/** `path` relative to `cwd` with `/` separators; absolute when outside `cwd`. */
export function displayPath(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel && !rel.startsWith('..') && !isAbsolute(rel) ? rel.split('\\').join('/') : path;
}

/**
 * The 1-based line where `name` first appears quoted (`"name"`, `'name'` or `` `name` ``) in `text`, else
 * where it first appears at all; undefined when it does not appear.
 */
export function lineOf(text: string, name: string): number | undefined {
  if (name === '') return undefined;
  const quoted = ['"', "'", '`'].map((q) => text.indexOf(`${q}${name}${q}`)).filter((i) => i >= 0);
  const at = quoted.length > 0 ? Math.min(...quoted) : text.indexOf(name);
  if (at < 0) return undefined;
  let line = 1;
  for (let i = text.indexOf('\n'); i >= 0 && i < at; i = text.indexOf('\n', i + 1)) line += 1;
  return line;
}

/**
 * Add `location` to the findings of one surface, as described above. Files that cannot be read
 * keep the location without a line. Never throws.
 * @param cwd the directory report paths are relative to (the working directory).
 */
export async function locateFindings(findings: readonly Finding[], surface: Pick<ResolvedSurface, 'contract' | 'configDir'>, cwd: string = process.cwd()): Promise<Finding[]> {
  const contract = surface.contract === undefined ? undefined : 'module' in surface.contract ? surface.contract.module : surface.contract.lock;
  const texts = new Map<string, Promise<string | undefined>>();
  const textOf = (file: string) => {
    let text = texts.get(file);
    if (!text) texts.set(file, (text = readSmall(file)));
    return text;
  };
  return Promise.all(
    findings.map(async (f) => {
      const file = f.location ? resolve(surface.configDir, f.location.file) : contract !== undefined && CONTRACT_LOCATED_CHECKS.has(f.check) ? resolve(surface.configDir, contract) : undefined;
      if (file === undefined) return f;
      const text = f.tool === undefined ? undefined : await textOf(file);
      const line = text === undefined || f.tool === undefined ? undefined : lineOf(text, f.tool);
      const location: FindingLocation = { file: displayPath(file, cwd), ...(line !== undefined ? { line } : {}) };
      return { ...f, location };
    }),
  );
}

async function readSmall(file: string): Promise<string | undefined> {
  try {
    if ((await stat(file)).size > MAX_SEARCHED_BYTES) return undefined;
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}
