/**
 * loadConfig: find the config file, import it (./import-module.ts: TypeScript through tsx's `tsImport`, JavaScript
 * natively; JSON parsed) and
 * resolve its default export. A `.ts`/`.js` config in a CommonJS project is loaded as CommonJS, which
 * cannot import ES-module-only packages (mcp-harness is one): the error then says to use `.mts`.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { configCheckOptionIssues } from './check-options.ts';
import { ConfigError } from './errors.ts';
import { describeImportError, importDefault } from './import-module.ts';
import { displayPath, resolveConfig } from './resolve.ts';
import { snapshotConfig } from './snapshot.ts';
import type { ResolvedConfig, UserConfig } from './types.ts';
import { parseJsonFile } from '../json.ts';

/** Config file names tried in `cwd` when none is given, in order. */
export const CONFIG_FILE_NAMES: readonly string[] = Object.freeze(
  ['.ts', '.mts', '.js', '.mjs', '.json'].map((ext) => `mcp-harness.config${ext}`),
);

/**
 * Why the existing entry at `path` cannot be a config file (a directory, a FIFO, a device: anything but a regular file,
 * through symlinks), or undefined when it is a regular file or is not there. Never throws.
 */
export function notAConfigFile(path: string): string | undefined {
  let stat;
  try {
    stat = statSync(path);
  } catch {
    return undefined;
  }
  if (stat.isFile()) return undefined;
  return `Not a config file: it is ${stat.isDirectory() ? 'a directory' : 'not a regular file'}`;
}

/**
 * The config file to load: `file` against `cwd`, else the first CONFIG_FILE_NAMES entry that exists.
 * @throws ConfigError when it is not there, or is not a regular file (`notAConfigFile`: a directory was imported or
 * read as one, "Directory import ... is not supported", EISDIR).
 */
function findConfigFile(file: string | undefined, cwd: string): string {
  const path = file !== undefined ? resolve(cwd, file) : CONFIG_FILE_NAMES.map((n) => resolve(cwd, n)).find((p) => existsSync(p));
  if (path === undefined) {
    throw new ConfigError(CONFIG_FILE_NAMES[0], [{ path: '', message: `Config file not found in ${cwd} (looked for ${CONFIG_FILE_NAMES.join(', ')})` }]);
  }
  if (!existsSync(path)) throw new ConfigError(displayPath(path, cwd), [{ path: '', message: 'Config file not found' }]);
  const unfit = notAConfigFile(path);
  if (unfit !== undefined) throw new ConfigError(displayPath(path, cwd), [{ path: '', message: unfit }]);
  return path;
}

/**
 * Reads the file's config object: parsed JSON, or the module's default export read once into plain data
 * (./snapshot.ts: a getter or Proxy trap that throws is a ConfigError at its key path).
 */
async function readUserConfig(path: string, display: string): Promise<unknown> {
  const fail = (message: string): never => {
    throw new ConfigError(display, [{ path: '', message }]);
  };
  if (path.endsWith('.json')) {
    const text = await readFile(path, 'utf8');
    try {
      return parseJsonFile(text);
    } catch (error) {
      return fail(`Invalid JSON: ${(error as Error).message}`);
    }
  }
  let value: unknown;
  try {
    value = await importDefault(path);
  } catch (error) {
    return fail(`Cannot import: ${describeImportError(error)}${commonJsHint(path, error)}`);
  }
  if (value === undefined) return fail('The config module has no default export (export default defineConfig({...}))');
  return snapshotConfig(value, display);
}

/**
 * Loads and resolves the config: `file` (relative to `cwd`) or the default file names in `cwd`.
 * @throws ConfigError when the file is missing, cannot be parsed or imported, or is invalid: every problem of the file
 *   at once (shape, cross-field rules, placeholders, unknown check IDs and reporters, check options), each at its key path.
 */
export async function loadConfig(file: string | undefined, cwd: string): Promise<ResolvedConfig> {
  const path = findConfigFile(file, cwd);
  const display = displayPath(path, cwd);
  const user = await readUserConfig(path, display);
  // every problem at once (ESLint): the check options' (they need the check modules) with the rest of the config's
  const optionIssues = await configCheckOptionIssues(user);
  let config: ResolvedConfig;
  try {
    config = resolveConfig(user as UserConfig, { file: path, cwd });
  } catch (error) {
    if (error instanceof ConfigError && optionIssues.length > 0) throw new ConfigError(error.file, [...error.issues, ...optionIssues]);
    throw error;
  }
  if (optionIssues.length > 0) throw new ConfigError(display, optionIssues);
  return config;
}

/**
 * The hint appended to an import error of a `.ts`/`.js` config that was loaded as CommonJS and required
 * an ES-module-only package (Node's "No \"exports\" main defined" / ERR_PACKAGE_PATH_NOT_EXPORTED /
 * ERR_REQUIRE_ESM): name the config `.mts` (or set "type": "module"). Empty otherwise.
 */
export function commonJsHint(path: string, error: unknown): string {
  if (!/\.(ts|js|cts|cjs)$/.test(path)) return '';
  const code = (error as { code?: unknown } | null)?.code;
  const text = error instanceof Error ? error.message : String(error);
  const esmOnly = code === 'ERR_PACKAGE_PATH_NOT_EXPORTED' || code === 'ERR_REQUIRE_ESM' || /No "exports" main defined/.test(text);
  return esmOnly ? ' (the config was loaded as CommonJS, which cannot import ES-module-only packages such as mcp-harness: rename it to mcp-harness.config.mts, or set "type": "module" in package.json)' : '';
}
