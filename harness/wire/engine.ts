/**
 * The ajv engine of the wire schemas: one revision's bundled schema document (./schemas.ts) under a
 * fixed key, draft-07 for the revisions up to 2025-06-18 and 2020-12 after, `strict: false`,
 * `allErrors: true`, ajv-formats. ./validate.ts compiles from it at run time what the build-time
 * validators (./generated/<revision>.cjs, made by scripts/generate-validators.ts from this engine) lack.
 */
import { createRequire } from 'node:module';
import type { WireRevision } from './revision.ts';
import { definitionsKey, isDraft07, wireSchemaDocument } from './schemas.ts';

/** An ajv error object (the fields the wire validation reads). */
export interface WireAjvError { instancePath: string; schemaPath: string; keyword: string; message?: string }
/** A compiled wire validator: ajv's calling convention (`errors` set after a failed call). */
export type WireValidator = ((data: unknown) => boolean) & { errors?: WireAjvError[] | null };
/** The subset of the ajv API the wire validation uses. */
export interface WireEngine { addSchema(schema: unknown, key: string): unknown; getSchema(keyRef: string): WireValidator | undefined }
type Ctor = new (opts: Record<string, unknown>) => WireEngine;

const require = createRequire(import.meta.url);

/** Default export of a CJS module loaded through ESM interop. */
function interop<T>(mod: unknown): T {
  return ((mod as { default?: unknown }).default ?? mod) as T;
}

/** The key each engine holds its revision's wire schema document under. */
const DOCUMENT_KEY = 'mcp-wire';

/**
 * A fresh engine holding a revision's wire schema document. `code` adds ajv `code` options (the
 * build-time generator adds `source`, `lines` and `formats`; nothing else may differ, so the generated
 * validators are the code this engine compiles at run time).
 */
export function createWireEngine(revision: WireRevision, code: Record<string, unknown> = {}): WireEngine {
  // ajv is loaded with the first engine: the validators of ./generated/ need none.
  const C = interop<Ctor>(require(isDraft07(revision) ? 'ajv' : 'ajv/dist/2020'));
  const engine = new C({ strict: false, allErrors: true, validateSchema: false, logger: false, code });
  interop<(e: WireEngine) => unknown>(require('ajv-formats'))(engine);
  engine.addSchema(wireSchemaDocument(revision).schema, DOCUMENT_KEY);
  return engine;
}

/** The engine key of a definition in a revision's document (`mcp-wire#/$defs/<name>` or `#/definitions/<name>`). */
export function definitionRef(revision: WireRevision, definition: string): string {
  return `${DOCUMENT_KEY}#/${definitionsKey(revision)}/${definition}`;
}
