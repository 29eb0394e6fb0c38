#!/usr/bin/env node
/**
 * Bundle the CLI entry (harness/bin.ts) into one CommonJS file, dist/bin.bundle.cjs, and build the package's
 * executable, dist/bin.js, from harness/bin-loader.ts: a small ESM loader that runs the bundle through a V8
 * code cache (harness/code-cache.ts). Run by `npm run build` after tsc. The library entries (dist/index.js,
 * dist/vitest.js and their declarations) stay tsc's one-module-per-file output; only the executable is
 * bundled, because a default ad-hoc run otherwise spends a large part of its start-up CPU in Node's ESM
 * loader (resolving, reading and compiling ~340 modules, ~100 of them zod's).
 *
 * - One file, no code splitting. The dynamic `import()`s of harness/run/index.ts (checks, judge,
 *   reporters, the config loader) become lazily evaluated parts of the same file: parsed at start-up,
 *   run when imported. Measured on the trivial fixture server and server-memory against code splitting
 *   (115 chunks): less CPU (0.60-0.70 s against 0.76-0.81 s on the fixture) and no later end, though the
 *   server is spawned a little later (the whole file is parsed first).
 * - CommonJS, not ESM, so that the loader can compile it with `vm.Script` and V8 cached data (Node 20 has
 *   no module compile cache; `vm.SourceTextModule` is experimental). Compiling the bundle took ~90 ms of
 *   every start; with a warm cache ~10-40 ms (harness/code-cache.ts). The bundle's `import()` of what stays
 *   outside (tsx, a JavaScript config) still goes through Node's ESM loader.
 * - Packages are bundled (zod, re2js, picomatch, ...), except those that must stay files of their own:
 *   tsx and esbuild (tsx registers its loader by its own file paths; imported only for a TypeScript
 *   config or contract) and vitest (a peer dependency). Packages required through `createRequire` (ajv,
 *   ajv-formats, xmlbuilder2) are loaded at run time as before; the build-time validators (./generated/*.cjs)
 *   are bundled (`bundleGenerated` below).
 * - The bundle lands in dist/, next to tsc's output. Each harness module that reads `import.meta.url`
 *   (createRequire for ../package.json, packages) gets the URL of its own tsc
 *   output file (dist/<dir>/<name>.js) instead of the bundle's, so relative paths resolve exactly as in
 *   the unbundled tree; a package's `import.meta.url` is the bundle's URL.
 *
 *   node scripts/bundle-cli.mjs        (after `tsc -p tsconfig.build.json`)
 */
import { readdir, readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = resolve(ROOT, 'harness');
/** The bundle's own file URL in the CommonJS output (its banner defines it from `__filename`). */
const BUNDLE_URL = '__mcpHarnessBundleUrl';

/**
 * The build-time validators (harness/schema/generated/ and harness/wire/generated/, scripts/generate-validators.ts) in
 * the bundle. harness/generated-validators.ts requires them at run time; in the bundle it becomes a module with a
 * literal `require` per file (the directories' `.cjs` files at build time), which esbuild bundles as lazily evaluated
 * modules: a run evaluates only the files it needs, as before, and the loader's V8 code cache holds what it compiled
 * of them, instead of every run reading and compiling them again (the meta-schema validator was 10-15 ms between a
 * small server's listing and its first call).
 */
const GENERATED_DIRS = ['schema', 'wire'];
const bundleGenerated = {
  name: 'bundle-generated',
  setup(b) {
    b.onLoad({ filter: /[\\/]harness[\\/]generated-validators\.ts$/ }, async (args) => {
      const source = await readFile(args.path, 'utf8');
      for (const signature of ['export function generatedModule(dir: GeneratedDir, name: string): unknown {', 'export function generatedFormats(): unknown {']) {
        if (!source.includes(signature)) throw new Error(`bundle-generated: ${args.path} no longer has \`${signature}\`; revisit the plugin`);
      }
      const cases = [];
      for (const dir of GENERATED_DIRS) {
        const files = (await readdir(resolve(SOURCES, dir, 'generated'))).filter((f) => f.endsWith('.cjs')).sort();
        if (files.length === 0) throw new Error(`bundle-generated: no .cjs file in harness/${dir}/generated`);
        for (const f of files) cases.push(`    case ${JSON.stringify(`${dir}/${f.slice(0, -'.cjs'.length)}`)}: return require(${JSON.stringify(`./${dir}/generated/${f}`)});`);
      }
      // generatedFormats: the literal require bundles the very copy of ajv-formats the bundled wire validators require
      const contents = `export function generatedModule(dir, name) {\n  switch (dir + '/' + name) {\n${cases.join('\n')}\n  }\n  throw new Error('no build-time validator module ' + dir + '/' + name);\n}\nexport function generatedFormats() {\n  return require('ajv-formats/dist/formats');\n}\n`;
      return { contents, loader: 'js', resolveDir: dirname(args.path) };
    });
  },
};

/** Rewrite `import.meta.url` in a harness module to the URL of the file tsc emits for it in dist/. */
const anchorImportMeta = {
  name: 'anchor-import-meta',
  setup(b) {
    b.onLoad({ filter: /[\\/]harness[\\/].*\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const emitted = relative(SOURCES, args.path).replaceAll('\\', '/').replace(/\.ts$/, '.js');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(`./${emitted}`)}, ${BUNDLE_URL}).href`), loader: 'ts' };
    });
  },
};

/**
 * harness/import-external.ts in the bundle: `import()` through the loader's function (the wrapper's
 * `__mcpHarnessImport`, harness/code-cache.ts). Node 20 drops a vm.Script's dynamic-import callback for code
 * restored from a code cache, so no `import()` may stay in the bundle (checked below).
 */
const importThroughLoader = {
  name: 'import-through-loader',
  setup(b) {
    b.onLoad({ filter: /[\\/]harness[\\/]import-external\.ts$/ }, () => ({
      contents: 'export function importExternal(specifier) { return __mcpHarnessImport(specifier); }',
      loader: 'js',
    }));
  },
};

/**
 * zod's `locales` namespace (zod/v4/locales/index.js, re-exported as `z.locales` and `z.core.locales` by
 * zod/v4/classic/external.js and zod/v4/core/index.js) holds all of its ~60 languages, ~300 KB of the bundle's
 * ~1.5 MB, which every start read, hashed and kept in memory, and whose modules every zod import evaluated. The
 * harness never reads either namespace (zod's English messages come from zod/v4/classic/schemas.js, which imports
 * locales/en.js itself), so in the bundle both hold English alone. `npm run build` fails if zod stops importing
 * the file from there (the plugin must then be revisited).
 */
const englishZodLocales = {
  name: 'english-zod-locales',
  setup(b) {
    let replaced = 0;
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
      if (!/[\\/]zod[\\/]v4[\\/](classic[\\/]external|core[\\/]index)\.js$/.test(args.importer)) return undefined;
      replaced += 1;
      return { path: resolve(dirname(args.importer), '../locales/en.js'), namespace: 'english-zod-locales' };
    });
    b.onLoad({ filter: /.*/, namespace: 'english-zod-locales' }, (args) => ({ contents: `export { default as en } from ${JSON.stringify(args.path)};`, loader: 'js', resolveDir: dirname(args.path) }));
    b.onEnd((result) => {
      if (result.errors.length === 0 && replaced < 2) throw new Error('english-zod-locales: zod no longer imports ../locales/index.js from classic/external.js and core/index.js; revisit the plugin');
    });
  },
};

const result = await build({
  absWorkingDir: ROOT,
  entryPoints: { 'bin.bundle': 'harness/bin.ts' },
  outdir: 'dist',
  outExtension: { '.js': '.cjs' },
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  external: ['tsx', 'tsx/*', 'esbuild', 'vitest', 'vitest/*'],
  // "use strict" first, ahead of the banner's own line: the bundled modules were ESM, always strict
  banner: { js: `"use strict";const ${BUNDLE_URL} = require('node:url').pathToFileURL(__filename).href;` },
  define: { 'import.meta.url': BUNDLE_URL },
  // Whitespace and syntax minified (names kept: stack traces and the bench profile's phase buckets read
  // them), ASCII output (the loader reads the file as latin1) and the packages' legal comments in
  // dist/bin.bundle.cjs.LEGAL.txt: one non-Latin-1
  // character anywhere (an em dash in a licence comment) makes V8 hold the whole source two bytes per
  // character. Measured at 1,000 tools: peak RSS 170-173 -> 163-164 MB; `--version` 61 -> 55 MB.
  legalComments: 'external',
  minifyWhitespace: true,
  minifySyntax: true,
  charset: 'ascii',
  sourcemap: 'external',
  sourcesContent: false,
  logLevel: 'warning',
  metafile: true,
  plugins: [importThroughLoader, bundleGenerated, anchorImportMeta, englishZodLocales],
});
// every build-time validator is in the bundle (bundleGenerated), none left for the run to read from disk
for (const dir of GENERATED_DIRS) {
  for (const f of (await readdir(resolve(SOURCES, dir, 'generated'))).filter((name) => name.endsWith('.cjs'))) {
    if (!(`harness/${dir}/generated/${f}` in result.metafile.inputs)) throw new Error(`harness/${dir}/generated/${f} is not in the bundle; see bundleGenerated`);
  }
}
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.cjs'));
for (const [file] of outputs) {
  const text = await readFile(resolve(ROOT, file), 'latin1');
  const left = text.match(/[^\w$.]import\(/g);
  if (left) throw new Error(`${file}: ${left.length} import() expression(s) left in the bundle; route them through harness/import-external.ts`);
  // the loader reads the bundle as latin1 (harness/code-cache.ts): one byte over 0x7F is a character that changed (esbuild's
  // `charset: 'ascii'` escapes strings, not regular expression literals: write \u escapes there)
  const nonAscii = text.search(/[^\x00-\x7f]/);
  if (nonAscii >= 0) throw new Error(`${file}: a non-ASCII byte at offset ${nonAscii} (${JSON.stringify(text.slice(Math.max(0, nonAscii - 40), nonAscii + 10))}); escape it in the source (\\uXXXX)`);
}
const bytes = outputs.reduce((sum, [, o]) => sum + o.bytes, 0);
// the executable: the loader, with Node built-ins, harness/code-cache.ts (and cache-dir.ts) and harness/run/launch-ahead.ts
// (the small modules that build a default ad-hoc run's spawn spec and start it before the bundle is read) in it; its
// harness modules' `import.meta.url` anchored as in the bundle (the era hints' and the version's files)
const loader = await build({
  absWorkingDir: ROOT,
  entryPoints: { bin: 'harness/bin-loader.ts' },
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  banner: { js: `const ${BUNDLE_URL} = import.meta.url;` },
  logLevel: 'warning',
  metafile: true,
  plugins: [anchorImportMeta],
});
// the loader is compiled at every start without a code cache: it must stay small (launch-ahead's modules only)
const loaderBytes = Object.entries(loader.metafile.outputs).reduce((sum, [, o]) => sum + o.bytes, 0);
if (loaderBytes > 64 * 1024) throw new Error(`dist/bin.js is ${loaderBytes} bytes: launch-ahead pulled in more than the spawn spec needs`);
console.log(`bundled harness/bin.ts into dist/bin.bundle.cjs: ${(bytes / 1024).toFixed(0)} KB; dist/bin.js runs it through a V8 code cache`);
