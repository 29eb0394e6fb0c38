/**
 * Validation of wire messages against the bundled reference schemas (./schemas.ts). The definitions
 * ./frames.ts uses are precompiled at build time (./generated/<revision>.cjs, ajv standalone code of
 * ./engine.ts's engine); any other definition is compiled by that engine on first use (draft-07 up
 * to 2025-06-18, 2020-12 after). Validators are kept per (revision, definition) for the process.
 */
import { createWireEngine, definitionRef, type WireAjvError as AjvError, type WireEngine, type WireValidator as Validator } from './engine.ts';
import type { WireRevision } from './revision.ts';
import { definitionsKey, wireSchemaDocument } from './schemas.ts';
import { generatedFormats, generatedModule } from '../generated-validators.ts';
import { surelyValidWire } from './sure-valid.ts';

export type { WireValidator } from './engine.ts';

/** One schema violation. `pointer` is a JSON pointer into the validated value ('' = root); messages are value-free. */
export interface WireIssue {
  pointer: string;
  keyword: string;
  message: string;
}

const engines = new Map<WireRevision, WireEngine>();
const generated = new Map<WireRevision, Record<string, Validator>>();
/** Validators by revision, then definition (two lookups of constant strings: no key text built per frame). */
const validators = new Map<WireRevision, Map<string, Validator>>();

function engineFor(revision: WireRevision): WireEngine {
  let engine = engines.get(revision);
  if (!engine) engines.set(revision, (engine = createWireEngine(revision)));
  return engine;
}

/**
 * The build-time validators of a revision by definition name (./generated/<revision>.cjs, through
 * ../generated-validators.ts: part of the CLI's bundle and its code cache), evaluated on first use: a run
 * evaluates only the revisions it validates frames of.
 */
export function generatedFor(revision: WireRevision): Record<string, Validator> {
  let loaded = generated.get(revision);
  if (!loaded) generated.set(revision, (loaded = generatedModule('wire', revision) as Record<string, Validator>));
  return loaded;
}

/** A URI for warmWireFormats: a valid one runs the whole `uri` expression. */
const WARM_URI = 'https://example.com/a?b=c#d';

/**
 * Compile ahead the costliest format check the build-time validators share (Check.prepare of protocol/wire-schema):
 * ajv-formats' `uri`, a regular expression of ~2 KB (no `g` or `y` flag) that V8 compiles on its first run and again
 * to machine code on the next, ~5 ms at the first validated frame with a URI otherwise. Runs the very module the
 * generated validators require (`ajv-formats/dist/formats`, through ../generated-validators.ts: the same instance in
 * source form and in the CLI's bundle).
 */
export function warmWireFormats(): void {
  const { fullFormats } = generatedFormats() as { fullFormats: { uri: (s: string) => boolean } };
  for (let i = 0; i < 2; i++) fullFormats.uri(WARM_URI);
}

/**
 * The validator of a definition: the build-time one when generated, else compiled by ajv from the
 * revision's engine (the same code: both come from ./engine.ts's engine and options).
 * @throws Error when the definition is not bundled.
 */
function validatorFor(revision: WireRevision, definition: string): Validator {
  let byDefinition = validators.get(revision);
  if (!byDefinition) validators.set(revision, (byDefinition = new Map()));
  let validator = byDefinition.get(definition);
  if (!validator) {
    const defs = wireSchemaDocument(revision).schema[definitionsKey(revision)] as Record<string, unknown>;
    if (!(definition in defs)) throw new Error(`wire schema ${revision} has no definition '${definition}'`);
    validator = Object.hasOwn(generatedFor(revision), definition) ? generatedFor(revision)[definition] : engineFor(revision).getSchema(definitionRef(revision, definition));
    if (!validator) throw new Error(`wire schema ${revision}: definition '${definition}' did not compile`);
    byDefinition.set(definition, validator);
  }
  return validator;
}

/**
 * Whether a definition's validator comes from the build-time module (for the parity tests).
 * @throws Error when the definition is not bundled.
 */
export function isPrecompiled(revision: WireRevision, definition: string): boolean {
  return Object.hasOwn(generatedFor(revision), definition);
}

/**
 * Drop the per-branch errors under a failed `anyOf`/`oneOf` (errors at or below its instance
 * pointer): the composite error says enough, and branch errors would multiply findings (one per
 * content-block kind, for example). Linear in the errors (times the pointer depth): each error's pointer and its
 * ancestors are looked up in a set of the composites' pointers, as a page of 100,000 invalid content blocks has as many
 * composites as errors.
 */
export function pruneBranches(errors: readonly AjvError[]): AjvError[] {
  const composite = (e: AjvError) => e.keyword === 'anyOf' || e.keyword === 'oneOf';
  const composites = new Set<string>();
  for (const e of errors) if (composite(e)) composites.add(e.instancePath);
  if (composites.size === 0) return [...errors];
  const underComposite = (path: string): boolean => {
    if (composites.has(path)) return true;
    for (let at = path.lastIndexOf('/'); at >= 0; at = path.lastIndexOf('/', at - 1)) {
      if (composites.has(path.slice(0, at))) return true;
      if (at === 0) break;
    }
    return false;
  };
  return errors.filter((e) => composite(e) || !underComposite(e.instancePath));
}

/**
 * The most issues one validation turns into (`validateWire`): past it, one `maxIssues` issue at the value's root says
 * how many distinct (pointer, keyword) issues were left out; past the cap, the first issue of each kind (keyword, pointer
 * with array indexes as `*`) not listed yet is still listed. A frame with millions of invalid items (a tools/list page
 * of 300,000 tools without inputSchema) is named by its first 1,000 issues, not judged and reported item by item.
 */
export const MAX_WIRE_ISSUES = 1000;

/**
 * Validate `value` against the named definition of a revision's wire schema.
 * @returns issues (empty = valid), deduplicated by (pointer, keyword).
 * @throws Error when the definition is not bundled (a bug in the caller).
 */
export function validateWire(revision: WireRevision, definition: string, value: unknown): WireIssue[] {
  const validate = validatorFor(revision, definition);
  // the common frames of a large surface, judged without the generated code where it would find nothing (./sure-valid.ts)
  if (surelyValidWire(revision, definition, value) || validate(value)) return [];
  const seen = new Set<string>();
  // (keyword, pointer with array indexes as `*`) of every issue listed: past the cap, the first issue of a kind not
  // listed yet is still listed, so a different violation is never hidden behind a thousand alike (a review: an
  // `isError` of the wrong type behind 1,001 invalid content blocks)
  const kinds = new Set<string>();
  const kindOf = (e: { instancePath: string; keyword: string }) => `${e.instancePath.replace(/\/\d+(?=\/|$)/g, '/*')}\u0000${e.keyword}`;
  const issues: WireIssue[] = [];
  let listed = 0;
  let omitted = 0;
  for (const e of pruneBranches(validate.errors ?? [])) {
    const key = `${e.instancePath}\u0000${e.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const kind = kindOf(e);
    if (listed < MAX_WIRE_ISSUES || !kinds.has(kind)) {
      issues.push({ pointer: e.instancePath, keyword: e.keyword, message: e.message ?? `fails ${e.keyword}` });
      kinds.add(kind);
      listed++;
    } else omitted++;
  }
  if (omitted > 0) issues.push({ pointer: '', keyword: 'maxIssues', message: `${omitted} more schema violation(s) not listed (the first ${MAX_WIRE_ISSUES}, and the first of every other kind, are)` });
  return issues;
}
