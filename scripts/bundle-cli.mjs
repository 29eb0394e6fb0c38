#!/usr/bin/env node
/**
 * Bundle the CLI entry (harness/bin.ts) into one file, dist/bin.js, run by `npm run build` after tsc. The library entries (dist/index.js, dist/vitest.js and their
 * declarations) stay tsc's one-module-per-file output; only the executable is bundled, because a
 * default ad-hoc run otherwise spends a large part of its start-up CPU in Node's ESM loader
 * (resolving, reading and compiling ~340 modules, ~100 of them zod's).
 *
 * - One file, no code splitting. The dynamic `import()`s of harness/run/index.ts (checks, judge,
 *   reporters, the config loader) become lazily evaluated parts of the same file: parsed at start-up,
 *   run when imported. Measured on the trivial fixture server and server-memory against code splitting
 *   (115 chunks): less CPU (0.60-0.70 s against 0.76-0.81 s on the fixture) and no later end, though the
 *   server is spawned a little later (the whole file is parsed first).
 * - Packages are bundled (zod, re2js, picomatch, ...), except those that must stay files of their own:
 *   tsx and esbuild (tsx registers its loader by its own file paths; imported only for a TypeScript
 *   config or contract) and vitest (a peer dependency). Packages required through `createRequire` (ajv,
 *   ajv-formats, xmlbuilder2) and the generated validators (./generated/*.cjs) are loaded at run time
 *   as before.
 * - The bundle lands in dist/, next to tsc's output. Each harness module that reads `import.meta.url`
 *   (createRequire for ../package.json, ./generated/*.cjs, packages) gets the URL of its own tsc
 *   output file (dist/<dir>/<name>.js) instead of the bundle's, so relative paths resolve exactly as in
 *   the unbundled tree.
 * - A `require` for the bundled CommonJS packages (picomatch's `require('path')`) is made with
 *   createRequire in the banner.
 *
 *   node scripts/bundle-cli.mjs        (after `tsc -p tsconfig.build.json`)
 */
import { readFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SOURCES = resolve(ROOT, 'harness');

/** Rewrite `import.meta.url` in a harness module to the URL of the file tsc emits for it in dist/. */
const anchorImportMeta = {
  name: 'anchor-import-meta',
  setup(b) {
    b.onLoad({ filter: /[\\/]harness[\\/].*\.ts$/ }, async (args) => {
      const text = await readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      const emitted = relative(SOURCES, args.path).replaceAll('\\', '/').replace(/\.ts$/, '.js');
      return { contents: text.replaceAll('import.meta.url', `new URL(${JSON.stringify(`./${emitted}`)}, import.meta.url).href`), loader: 'ts' };
    });
  },
};

const result = await build({
  absWorkingDir: ROOT,
  entryPoints: { bin: 'harness/bin.ts' },
  outdir: 'dist',
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['tsx', 'tsx/*', 'esbuild', 'vitest', 'vitest/*'],
  banner: { js: "import { createRequire as __mcpHarnessCreateRequire } from 'node:module'; const require = __mcpHarnessCreateRequire(import.meta.url);" },
  // Whitespace and syntax minified (names kept: stack traces and the bench profile's phase buckets read
  // them), ASCII output and the packages' legal comments in dist/bin.js.LEGAL.txt: one non-Latin-1
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
  plugins: [anchorImportMeta],
});
const outputs = Object.entries(result.metafile.outputs).filter(([file]) => file.endsWith('.js'));
const bytes = outputs.reduce((sum, [, o]) => sum + o.bytes, 0);
console.log(`bundled harness/bin.ts into dist/bin.js: ${(bytes / 1024).toFixed(0)} KB`);
