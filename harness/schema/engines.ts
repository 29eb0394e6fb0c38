/**
 * One ajv 8 instance per dialect (2020-12, 2019-09, draft-07 incl. the draft-06 meta-schema),
 * configured for the harness: `strict: false` (unknown keywords and formats are portability notes,
 * not crashes), `allErrors: true`, `validateSchema: false` (meta-validation is separate), no
 * `loadSchema` (remote refs are never fetched), `addUsedSchema: false` (schemas with the same `$id`
 * from different tools never collide), ajv-formats for the standard formats.
 */
import { createRequire } from 'node:module';
import Ajv07 from 'ajv';
import Ajv2019 from 'ajv/dist/2019.js';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormatsModule from 'ajv-formats';
import type { Dialect } from './service.ts';

const require = createRequire(import.meta.url);
const draft06 = require('ajv/dist/refs/json-schema-draft-06.json') as Record<string, unknown>;

/** The subset of the ajv API the harness uses (shared by the three engine classes). */
export interface Engine {
  compile(schema: unknown): ((data: unknown) => boolean) & { errors?: AjvError[] | null };
  validateSchema(schema: unknown): boolean | Promise<unknown>;
  errors?: AjvError[] | null;
}

/** An ajv error object (the fields the harness reads). */
export interface AjvError {
  instancePath: string;
  schemaPath: string;
  keyword: string;
  message?: string;
  params: Record<string, unknown>;
}

type AjvCtor = new (opts: Record<string, unknown>) => Engine;
type FormatsPlugin = (ajv: Engine) => unknown;

/** Default export of a CJS module loaded through ESM interop. */
function interop<T>(mod: unknown): T {
  const m = mod as { default?: unknown };
  return (m.default ?? mod) as T;
}

/**
 * `code.optimize: false`: ajv's generated-code optimisation passes cost more than they save for
 * schemas compiled once and validated a few times each (measured by `npm run bench`: -25% wall time and
 * -60 MB peak on the 1,000-tool surface).
 */
const OPTIONS = { strict: false, allErrors: true, validateSchema: false, addUsedSchema: false, logger: false, validateFormats: true, code: { optimize: false } };

/** A fresh engine for a dialect. */
export function createEngine(dialect: Dialect): Engine {
  const Ctor = interop<AjvCtor>(dialect === '2020-12' ? Ajv2020 : dialect === '2019-09' ? Ajv2019 : Ajv07);
  const engine = new Ctor(OPTIONS);
  interop<FormatsPlugin>(addFormatsModule)(engine);
  if (dialect === 'draft-07') (engine as unknown as { addMetaSchema(s: unknown): void }).addMetaSchema(draft06);
  return engine;
}
