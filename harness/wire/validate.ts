/**
 * Validation of wire messages against the bundled reference schemas (./schemas.ts), with one ajv
 * engine per revision's dialect (draft-07 up to 2025-06-18, 2020-12 after). Validators are compiled
 * once per (revision, definition) and cached for the process.
 */
import Ajv07 from 'ajv';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { WireRevision } from './revision.ts';
import { definitionsKey, isDraft07, wireSchemaDocument } from './schemas.ts';

/** One schema violation. `pointer` is a JSON pointer into the validated value ('' = root); messages are value-free. */
export interface WireIssue {
  pointer: string;
  keyword: string;
  message: string;
}

interface AjvError { instancePath: string; schemaPath: string; keyword: string; message?: string }
type Validator = ((data: unknown) => boolean) & { errors?: AjvError[] | null };
interface Engine { addSchema(schema: unknown, key: string): unknown; getSchema(keyRef: string): Validator | undefined }
type Ctor = new (opts: Record<string, unknown>) => Engine;

/** Default export of a CJS module loaded through ESM interop. */
function interop<T>(mod: unknown): T {
  return ((mod as { default?: unknown }).default ?? mod) as T;
}

const engines = new Map<WireRevision, Engine>();
/** The key each engine holds its revision's wire schema document under. */
const DOCUMENT_KEY = 'mcp-wire';
const validators = new Map<string, Validator>();

function engineFor(revision: WireRevision): Engine {
  let engine = engines.get(revision);
  if (!engine) {
    const C = interop<Ctor>(isDraft07(revision) ? Ajv07 : Ajv2020);
    engine = new C({ strict: false, allErrors: true, validateSchema: false, logger: false });
    interop<(e: Engine) => unknown>(addFormatsModule)(engine);
    engine.addSchema(wireSchemaDocument(revision).schema, DOCUMENT_KEY);
    engines.set(revision, engine);
  }
  return engine;
}

function validatorFor(revision: WireRevision, definition: string): Validator {
  const key = `${revision}#${definition}`;
  let validator = validators.get(key);
  if (!validator) {
    const { schema } = wireSchemaDocument(revision);
    const defsKey = definitionsKey(revision);
    const defs = schema[defsKey] as Record<string, unknown>;
    if (!(definition in defs)) throw new Error(`wire schema ${revision} has no definition '${definition}'`);
    validator = engineFor(revision).getSchema(`${DOCUMENT_KEY}#/${defsKey}/${definition}`);
    if (!validator) throw new Error(`wire schema ${revision}: definition '${definition}' did not compile`);
    validators.set(key, validator);
  }
  return validator;
}

/**
 * Drop the per-branch errors under a failed `anyOf`/`oneOf` (errors at or below its instance
 * pointer): the composite error says enough, and branch errors would multiply findings (one per
 * content-block kind, for example).
 */
function pruneBranches(errors: AjvError[]): AjvError[] {
  const composites = errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf').map((e) => e.instancePath);
  const under = (path: string, base: string) => path === base || path.startsWith(`${base}/`);
  return errors.filter((e) => e.keyword === 'anyOf' || e.keyword === 'oneOf' || !composites.some((c) => under(e.instancePath, c)));
}

/**
 * Validate `value` against the named definition of a revision's wire schema.
 * @returns issues (empty = valid), deduplicated by (pointer, keyword).
 * @throws Error when the definition is not bundled (a bug in the caller).
 */
export function validateWire(revision: WireRevision, definition: string, value: unknown): WireIssue[] {
  const validate = validatorFor(revision, definition);
  if (validate(value)) return [];
  const seen = new Set<string>();
  const issues: WireIssue[] = [];
  for (const e of pruneBranches(validate.errors ?? [])) {
    const key = `${e.instancePath}\u0000${e.keyword}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ pointer: e.instancePath, keyword: e.keyword, message: e.message ?? `fails ${e.keyword}` });
  }
  return issues;
}
