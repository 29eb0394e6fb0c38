/**
 * Importing a TypeScript or JavaScript config module through tsx's `tsImport`, which works whatever the
 * user's package.json says: with `"type": "module"`, or without it (the file is then compiled as CommonJS,
 * where a plain `import()` under the ESM hook fails with "Cannot require() ES Module ... in a cycle").
 */
import { pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

/**
 * The default export of the module at `path` (absolute). A CommonJS-compiled module's
 * `exports.default` (flagged `__esModule`) is unwrapped, so `export default {...}` reads the same in
 * every kind of project. Resolves to undefined when the module has no default export.
 * @throws Error as the import does (syntax errors, missing imports, a throwing module body).
 */
export async function importDefault(path: string): Promise<unknown> {
  const mod = (await tsImport(pathToFileURL(path).href, import.meta.url)) as { default?: unknown };
  const value = mod.default;
  if (isObject(value) && value.__esModule === true) return value.default;
  return value;
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

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}
