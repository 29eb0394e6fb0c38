#!/usr/bin/env node
/**
 * Build-time code generation of the harness's fixed validators with ajv's standalone code
 * (https://ajv.js.org/standalone.html), so that a run loads them instead of compiling them:
 * - harness/schema/generated/meta-<dialect>.cjs: the JSON Schema meta-schemas (2020-12, 2019-09,
 *   draft-07 with draft-06) that `metaValidate` checks tool schemas against, compiled by the engine of
 *   harness/schema/engines.ts with its options; the meta-schemas' own patterns run on the same RE2
 *   matcher (`ajvRegExp`), compiled on first use (harness/schema/lazy-regexp.ts);
 * - harness/wire/generated/<revision>.cjs: per bundled wire revision, the definitions
 *   harness/wire/frames.ts validates with (the envelopes and RESULT_DEFINITIONS), compiled by the
 *   engine of harness/wire/engine.ts with its options (formats: ajv-formats' `fullFormats`).
 * Only `code.source`, `code.lines`, `code.formats` (how the generated code reaches ajv-formats) and, for
 * the meta-schemas, the lazy form of `code.regExp` are added to the run-time options, so the generated
 * functions are the code ajv compiles at run time, with one rewrite (`linearErrorAppends`): the errors of a
 * failed `$ref` are appended in place instead of by `concat`, which copied the whole list at every failing item
 * (quadratic: a tools/list page of 150,000 tools without inputSchema took ~80 s to judge, synchronously).
 * The files are CommonJS, one per dialect or revision, required synchronously on first use: a run
 * parses only the code of the revision it negotiated and the dialects its schemas declare. They are
 * JavaScript, not TypeScript, so tsc does not re-print (and triple) them; `npm run build` copies them.
 *
 *   npm run generate:validators        rewrite the generated folders
 *   node --import tsx scripts/generate-validators.ts --check   exit 1 when a file is stale
 *
 * test/schema/generated-validators.test.ts fails when the committed files differ from this output
 * (e.g. after an ajv or ajv-formats update, or a change to a bundled wire schema).
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEngine } from '../harness/schema/engines.ts';
import { META_SCHEMA_IDS } from '../harness/schema/dialects.ts';
import { lazyAjvRegExp } from '../harness/schema/lazy-regexp.ts';
import { ajvRegExp } from '../harness/schema/regex.ts';
import type { Dialect } from '../harness/schema/service.ts';
import { WIRE_REVISIONS, type WireRevision } from '../harness/wire/revision.ts';
import { definitionsKey, envelopeNames, RESULT_DEFINITIONS, wireSchemaDocument } from '../harness/wire/schemas.ts';
import { createWireEngine, definitionRef } from '../harness/wire/engine.ts';

const require = createRequire(import.meta.url);
const ROOT = fileURLToPath(new URL('../', import.meta.url));
type Standalone = (ajv: unknown, refs: Record<string, string>) => string;
const standaloneCode = require('ajv/dist/standalone').default as Standalone;
const { _ } = require('ajv') as { _: (strings: TemplateStringsArray, ...values: unknown[]) => unknown };

/** How the generated code reaches the formats ajv-formats adds (its `fullFormats`, the plugin's default mode); the source is kept, one statement a line. */
const CODE = { source: true, lines: true, formats: _`require("ajv-formats/dist/formats").fullFormats` };

/**
 * ajv's standalone code (8.x, allErrors) appends a failed sub-validator's errors with
 * `vErrors = vErrors === null ? V.errors : vErrors.concat(V.errors);`, which copies the list gathered so far at every
 * failing `$ref`'d item: N invalid tools (content blocks, ...) cost O(N²). Each such statement becomes an in-place
 * append (a loop, not `push(...)`, whose argument count is bounded by the stack), the same errors in the same order.
 * Where the list was empty, it starts as a copy of `V.errors`, never `V.errors` itself: later appends must not write
 * into the sub-validator's own array (its `errors` after the call). Deterministic (a text rewrite of the generated
 * code).
 * @throws Error when a `vErrors.concat` is left over (an ajv whose code this rewrite does not know: extend it)
 */
export function linearErrorAppends(code: string): string {
  const out = code.replace(
    /vErrors = vErrors === null \? ([\w$.]+)\.errors : vErrors\.concat\(\1\.errors\);/g,
    (_m, v: string) => `{const refErrors = ${v}.errors; if (vErrors === null) vErrors = refErrors.slice(); else for (let i = 0; i < refErrors.length; i++) vErrors.push(refErrors[i]);}`,
  );
  if (out.includes('vErrors.concat(')) throw new Error('ajv standalone code: a `vErrors.concat(` that linearErrorAppends does not rewrite');
  return out;
}

/** The folders the generated files live in (harness-relative); `npm run build` copies them into dist/ (its last step). */
export const GENERATED_DIRS = ['harness/schema/generated', 'harness/wire/generated'] as const;

const versionOf = (pkg: string): string => (require(`${pkg}/package.json`) as { version: string }).version;

function header(what: string): string {
  return `/**
 * GENERATED by scripts/generate-validators.ts (\`npm run generate:validators\`): do not edit.
 * ${what}
 * ajv ${versionOf('ajv')}, ajv-formats ${versionOf('ajv-formats')}. test/schema/generated-validators.test.ts fails when this file is stale.
 */
`;
}

/**
 * The meta-schemas' patterns compile to `lazyAjvRegExp` (the same RE2 matcher, compiled on first use);
 * `ajvRegExp` compiles each one here, so a pattern it refused would fail the generation, not a run.
 */
const metaRegExp = Object.assign((pattern: string) => (ajvRegExp(pattern), lazyAjvRegExp(pattern)), { code: lazyAjvRegExp.code });

/**
 * A dialect's meta-validator module (CommonJS, required on first use by harness/schema/meta.ts): a
 * function of `lazyAjvRegExp` (an ES module the file cannot require) returning the validators by `$id`.
 */
function metaModule(dialect: Dialect): string {
  const engine = createEngine(dialect, { ...CODE, regExp: metaRegExp });
  const refs = Object.fromEntries(META_SCHEMA_IDS[dialect].map((id) => [id, id]));
  const body = linearErrorAppends(standaloneCode(engine, refs).replace(/^"use strict";\n?/, ''));
  const what = `ajv's validators of the ${dialect} meta-schemas (${META_SCHEMA_IDS[dialect].join(', ')}), compiled with harness/schema/engines.ts's options (patterns: ../lazy-regexp.ts).`;
  return `"use strict";\n${header(what)}module.exports = function load(lazyAjvRegExp) {\nconst exports = {};\n${body}\nreturn exports;\n};\n`;
}

/** A revision's wire-validator module (CommonJS, required on first use by harness/wire/validate.ts): the validators by definition name. */
function wireModule(revision: WireRevision): string {
  const defs = wireSchemaDocument(revision).schema[definitionsKey(revision)] as Record<string, unknown>;
  const names = [...new Set([...Object.values(envelopeNames(revision)), ...RESULT_DEFINITIONS])].filter((n) => n in defs).sort();
  const engine = createWireEngine(revision, CODE);
  const body = linearErrorAppends(standaloneCode(engine, Object.fromEntries(names.map((n) => [n, definitionRef(revision, n)]))).replace(/^"use strict";\n?/, ''));
  const what = `ajv's validators of the MCP ${revision} wire schema definitions harness/wire/frames.ts uses (${names.join(', ')}), compiled with harness/wire/engine.ts's options.`;
  return `"use strict";\n${header(what)}${body}\n`;
}

/** The generated files' contents by harness-relative path. */
export function generatedSources(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const dialect of Object.keys(META_SCHEMA_IDS) as Dialect[]) out[`${GENERATED_DIRS[0]}/meta-${dialect}.cjs`] = metaModule(dialect);
  for (const revision of [...WIRE_REVISIONS].sort()) out[`${GENERATED_DIRS[1]}/${revision}.cjs`] = wireModule(revision);
  return out;
}

/** The files in the generated folders now (harness-relative), whatever generated them. */
export function presentFiles(): string[] {
  return GENERATED_DIRS.flatMap((dir) => (existsSync(`${ROOT}${dir}`) ? readdirSync(`${ROOT}${dir}`).map((name) => `${dir}/${name}`) : []));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const check = process.argv.includes('--check');
  const sources = generatedSources();
  let stale = 0;
  for (const path of presentFiles()) {
    if (path in sources) continue;
    stale++;
    if (check) console.error(`${path} is not generated any more: run npm run generate:validators`);
    else rmSync(`${ROOT}${path}`), console.log(`removed ${path}`);
  }
  for (const [path, text] of Object.entries(sources)) {
    const file = `${ROOT}${path}`;
    const current = existsSync(file) ? readFileSync(file, 'utf8') : undefined;
    if (current === text) continue;
    stale++;
    if (check) console.error(`${path} is stale: run npm run generate:validators`);
    else mkdirSync(dirname(file), { recursive: true }), writeFileSync(file, text), console.log(`wrote ${path} (${text.length} bytes)`);
  }
  if (check && stale > 0) process.exitCode = 1;
}
