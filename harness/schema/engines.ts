/**
 * One ajv 8 instance per dialect (2020-12, 2019-09, draft-07 incl. the draft-06 meta-schema),
 * configured for the harness (the draft-07 and draft-06 meta-schemas are ./meta-schemas.ts's: `enum` as the
 * specifications' prose states it, not ajv's bundled `minItems: 1`/`uniqueItems: true`): `strict: false` (unknown keywords and formats are portability notes,
 * not crashes), `allErrors: true`, `validateSchema: false` (meta-validation is separate), no
 * `loadSchema` (remote refs are never fetched), ajv-formats for the standard formats.
 *
 * Compiled schemas are registered while they compile (`addUsedSchema: true`, which ajv needs to
 * resolve `$ref: "#"` in a schema without `$id`, as zod emits for a recursive root) and unregistered
 * right after by `compileIsolated`, so schemas with the same `$id` (or the same embedded `$id`s) from
 * different tools never collide or see each other.
 */
import { createRequire } from 'node:module';
import { draft06MetaSchema, draft07MetaSchema, DRAFT_07_META_ID } from './meta-schemas.ts';
import { ajvRegExp } from './regex.ts';
import type { Dialect } from './service.ts';

const require = createRequire(import.meta.url);

/** The subset of the ajv API the harness uses (shared by the three engine classes). */
export interface Engine {
  compile(schema: unknown): ((data: unknown) => boolean) & { errors?: AjvError[] | null };
  validateSchema(schema: unknown): boolean | Promise<unknown>;
  errors?: AjvError[] | null;
  /** ajv's registry of compiled schemas by key/`$id` (public in ajv's typings). */
  readonly schemas: Record<string, unknown>;
  /** ajv's registry of `$id`s and embedded resources (values: schema envs or pointer strings). */
  readonly refs: Record<string, unknown>;
}

/** The compiled validator type of an Engine. */
export type EngineValidate = ReturnType<Engine['compile']>;

/** An ajv error object (the fields the harness reads). */
export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
  /** With `verbose` (see `createEngine`): the schema (object or boolean) that holds the failing keyword. */
  parentSchema?: unknown;
}

type AjvCtor = new (opts: Record<string, unknown>) => Engine;
type FormatsPlugin = (ajv: Engine) => unknown;

/** Default export of a CJS module loaded through ESM interop. */
function interop<T>(mod: unknown): T {
  const m = mod as { default?: unknown };
  return (m.default ?? mod) as T;
}

/**
 * `code.regExp`: server patterns run on the linear-time engine of ./regex.ts (ReDoS-safe), never on
 * V8's backtracking RegExp.
 * `code.optimize: false`: ajv's generated-code optimisation passes cost more than they save for
 * schemas compiled once and validated a few times each (measured by `npm run bench`: -25% wall time and
 * -60 MB peak on the 1,000-tool surface).
 */
const OPTIONS = { strict: false, allErrors: true, ownProperties: true, validateSchema: false, addUsedSchema: true, logger: false, validateFormats: true, code: { optimize: false, regExp: ajvRegExp } };

/**
 * A fresh engine for a dialect. `code` adds ajv `code` options to the harness's (the build-time
 * generator, scripts/generate-validators.ts, adds `source`, `lines`, `formats` and the lazy form of
 * `regExp`; nothing else may differ, so the generated meta validators are the code this engine
 * compiles at run time). `verbose` turns on ajv's `verbose` option: each error then carries
 * `parentSchema`, the schema object holding the failing keyword, which the schema service reads to name
 * the keyword where the document holds it (./keyword-pointer.ts); it changes only the error objects'
 * fields, not what validates (the meta validators are generated without it).
 */
export function createEngine(dialect: Dialect, code: Record<string, unknown> = {}, verbose = false): Engine {
  // ajv is loaded with the first engine, not with this module: a run whose schemas never reach ajv
  // (meta-validation is precompiled, ./meta.ts; valid instances are the interpreter's, ./interpret.ts)
  // never pays its ~100 ms module load.
  const Ctor = interop<AjvCtor>(require(dialect === '2020-12' ? 'ajv/dist/2020' : dialect === '2019-09' ? 'ajv/dist/2019' : 'ajv'));
  const engine = new Ctor({ ...OPTIONS, ...(verbose ? { verbose: true } : {}), code: { ...OPTIONS.code, ...code } });
  interop<FormatsPlugin>(require('ajv-formats'))(engine);
  if (dialect === 'draft-07') {
    // ajv's constructor registered its bundled draft-07 meta-schema; the harness's replaces it under the same key
    // (ajv's own call: addMetaSchema(schema, id, false)), and draft-06's joins it
    const meta = engine as unknown as { removeSchema(key: string): void; addMetaSchema(schema: unknown, key?: string, validate?: boolean): void };
    meta.removeSchema(DRAFT_07_META_ID);
    meta.addMetaSchema(draft07MetaSchema(), DRAFT_07_META_ID, false);
    meta.addMetaSchema(draft06MetaSchema());
  }
  return engine;
}

/** Put a registry back to a snapshot: drop keys added since, restore keys changed or removed. */
function restore(registry: Record<string, unknown>, snapshot: Record<string, unknown>): void {
  for (const key of Object.keys(registry)) if (!(key in snapshot)) delete registry[key];
  for (const [key, value] of Object.entries(snapshot)) if (registry[key] !== value) registry[key] = value;
}

/**
 * Compile `schema` on a shared engine without leaving it registered: the engine's `schemas` and
 * `refs` registries are restored after the compile (also when it throws), so a later schema with
 * the same `$id` compiles on its own. The returned validator keeps what it resolved.
 * @throws whatever ajv's `compile` throws (invalid schema, unresolvable ref).
 */
export function compileIsolated(engine: Engine, schema: unknown): EngineValidate {
  const schemas = { ...engine.schemas };
  const refs = { ...engine.refs };
  try {
    return engine.compile(schema);
  } finally {
    restore(engine.schemas, schemas);
    restore(engine.refs, refs);
  }
}
