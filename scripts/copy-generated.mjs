#!/usr/bin/env node
/**
 * `npm run build`, after tsc: copy the generated validators (harness/<dir>/generated/*.cjs, plain
 * JavaScript that tsc does not emit; scripts/generate-validators.ts makes them) to dist/<dir>/generated/,
 * next to the compiled modules that require them.
 */
import { cpSync, existsSync } from 'node:fs';

for (const dir of ['schema', 'wire']) {
  const from = new URL(`../harness/${dir}/generated/`, import.meta.url);
  if (!existsSync(from)) throw new Error(`harness/${dir}/generated/ is missing: run npm run generate:validators`);
  cpSync(from, new URL(`../dist/${dir}/generated/`, import.meta.url), { recursive: true });
}
