/**
 * `import()` of a module outside the CLI bundle: a user's config, contract or scenario file (by file URL)
 * or a package kept out of the bundle (tsx, by name). From the sources this is Node's own `import()`.
 * scripts/bundle-cli.mjs replaces this module in dist/bin.bundle.cjs with one that calls the loader's
 * `import()` (harness/code-cache.ts): code V8 restores from a code cache on Node 20 loses the dynamic-import
 * callback of `vm.Script` (ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING), so the bundle itself holds no `import()`.
 * A bare specifier resolves as from this package's own files.
 * @throws Error as `import()` does (not found, syntax errors, a throwing module body)
 */
export function importExternal(specifier: string): Promise<Record<string, unknown>> {
  return import(specifier) as Promise<Record<string, unknown>>;
}
