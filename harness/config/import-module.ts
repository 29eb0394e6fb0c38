/**
 * Importing a user's config, contract or scenario module. JavaScript (`.js`, `.mjs`, `.cjs`) goes
 * through Node's own `import()`. TypeScript (`.ts`, `.mts`, `.cts`, `.tsx`) goes through tsx's
 * `tsImport`, loaded lazily (only when such a module is read, so `--help` and runs without a TS module
 * never pay for it), which works whatever the user's package.json says: with `"type": "module"`, or
 * without it (the file is then compiled as CommonJS, where a plain `import()` under the ESM hook fails
 * with "Cannot require() ES Module ... in a cycle").
 *
 * The same error met a JavaScript module with `import`/`export` in a folder whose package.json has no
 * `"type": "module"`, when the CLI ran from this repository's sources (bin/mcp-harness.js registers tsx's ESM
 * hooks for the whole process; the built dist/bin.js registers none): tsx's load hook gives such a `.js` the
 * package's format, CommonJS, where Node itself detects the module syntax and loads it as an ES module; Node's
 * CommonJS loader then meets the syntax, require()s the file as an ES module, and finds that module already
 * being loaded by the import under way (ERR_REQUIRE_CYCLE_MODULE, thrown before the module body ran). Such a
 * module is imported again through `tsImport`, as a TypeScript one is.
 */
import { pathToFileURL } from 'node:url';
import { importExternal } from '../import-external.ts';

/** File names that need the TypeScript loader. */
const TYPESCRIPT = /\.(?:[cm]?ts|tsx)$/;

type TsImport = (specifier: string, parent: string) => Promise<unknown>;
let tsImportPromise: Promise<TsImport> | undefined;

/** tsx's `tsImport`, imported on first use. */
function loadTsImport(): Promise<TsImport> {
  tsImportPromise ??= importExternal('tsx/esm/api').then((m) => m.tsImport as TsImport);
  return tsImportPromise;
}

/**
 * The namespace of the module at `path` (absolute). A CommonJS-compiled TypeScript module
 * (`exports.default` flagged `__esModule`) has its exports merged in, so named exports read the
 * same in every kind of project.
 * @throws Error as the import does (syntax errors, missing imports, a throwing module body).
 */
export async function importModule(path: string): Promise<Record<string, unknown>> {
  const href = pathToFileURL(path).href;
  if (!TYPESCRIPT.test(path)) {
    try {
      return await importExternal(href);
    } catch (error) {
      if (!requireCycleOf(error, path)) throw error;
    }
  }
  const mod = (await (await loadTsImport())(href, import.meta.url)) as Record<string, unknown>;
  const inner = mod.default;
  if (isObject(inner) && inner.__esModule === true) return { ...inner, ...withoutDefault(mod), default: inner.default };
  return mod;
}

/**
 * The default export of the module at `path` (absolute); undefined when it has none.
 * @throws Error as the import does (see importModule).
 */
export async function importDefault(path: string): Promise<unknown> {
  return (await importModule(path)).default;
}

/**
 * An import error as one line that keeps every location: esbuild's "Transform failed with 1 error:"
 * header is dropped and its `file:line:col: ERROR: message` lines are kept (joined with "; ").
 */
export function describeImportError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const lines = text.split('\n').map((l) => l.trim()).filter(Boolean);
  const body = /^Transform failed with \d+ errors?:$/.test(lines[0] ?? '') ? lines.slice(1) : lines;
  return body.map((l) => l.replace(/: ERROR: /, ': ')).join('; ') || 'unknown error';
}

/**
 * Whether `error` is Node's ERR_REQUIRE_CYCLE_MODULE for the module at `path` itself (the format clash described
 * above), not for a module it imports: that one is the user's to fix, and its error is kept.
 */
function requireCycleOf(error: unknown, path: string): boolean {
  const e = error as { code?: unknown; message?: unknown } | null;
  return e?.code === 'ERR_REQUIRE_CYCLE_MODULE' && typeof e.message === 'string' && e.message.startsWith(`Cannot require() ES Module ${path} in a cycle`);
}

function withoutDefault(mod: Record<string, unknown>): Record<string, unknown> {
  const { default: _drop, ...rest } = mod;
  return rest;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
