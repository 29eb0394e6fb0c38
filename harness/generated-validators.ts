/**
 * The build-time validators (scripts/generate-validators.ts): the meta-schema validators of ./schema/generated/
 * (`meta-<dialect>.cjs`) and the wire validators of ./wire/generated/ (`<revision>.cjs`), required on first use, and
 * the ajv-formats module the wire validators require.
 * In the CLI's bundle this module is replaced by one that holds them all (scripts/bundle-cli.mjs, `bundleGenerated`):
 * their code then sits in the bundle and its V8 code cache (harness/code-cache.ts), evaluated when a run first needs
 * one, instead of being read and compiled again in every run (issue 12: the meta-schema validator was 10-15 ms
 * between a small server's listing and its first call).
 */
import { createRequire } from 'node:module';

const requireHere = createRequire(import.meta.url);

/** The directories of build-time validators, under harness/ (and dist/). */
export type GeneratedDir = 'schema' | 'wire';

/**
 * The module `./<dir>/generated/<name>.cjs` (`meta-draft-07`, `2025-11-25`, ...): what `require` returns for it.
 * @throws what `require` throws for a file that does not exist (in the bundle: an Error naming the module)
 */
export function generatedModule(dir: GeneratedDir, name: string): unknown {
  return requireHere(`./${dir}/generated/${name}.cjs`);
}

/**
 * `ajv-formats/dist/formats`, the module the wire validators require for their format checks, as the very instance
 * they use (in source form Node's module cache holds one; in the bundle, the one bundled copy), for
 * harness/wire/validate.ts `warmWireFormats`.
 */
export function generatedFormats(): unknown {
  return requireHere('ajv-formats/dist/formats');
}
