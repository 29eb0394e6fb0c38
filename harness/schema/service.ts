/**
 * The schema service: dialect-aware JSON Schema compilation and validation with a compile cache.
 * Interface only here; the ajv-backed implementation is `createSchemaService()` in ./ajv.ts.
 *
 * Rules (spec:2025-11-25/basic/index.mdx §JSON Schema Usage; SEP-2106):
 * - no `$schema` or 2020-12 -> the 2020-12 engine; 2019-09 -> 2019-09; draft-07 (and draft-06) -> draft-07;
 *   anything else is `unknown-dialect` (a finding, never a crash);
 * - remote `$ref`s are never fetched (`remote-ref`); a local `$ref` that does not resolve is `unresolved-ref`.
 */
import type { JsonSchema } from '../model/protocol.ts';

/** A supported JSON Schema dialect. */
export type Dialect = '2020-12' | '2019-09' | 'draft-07';

/** A problem with a schema itself. `pointer` is a JSON pointer inside the schema document ('' = root). */
export interface SchemaIssue {
  pointer: string;
  keyword: string;
  /** Value-free description, e.g. "must be number" or "$ref '#/$defs/X' does not resolve". */
  message: string;
}

/** A validation failure of an instance. Pointers are JSON pointers; messages are value-free. */
export interface ValidationIssue {
  /** Pointer into the validated instance ('' = root). */
  instancePointer: string;
  /**
   * Pointer to the failing keyword where the schema document holds it, also for a keyword reached through a `$ref`
   * (./keyword-pointer.ts); a `false` subschema is named by its own pointer then `/false schema`, or, where ajv's path
   * does not settle which `false` it is (an inlined `$ref` by URI, into an embedded `$id` resource whose path another
   * `false` fits too, or along a `$ref`-only alias chain), by '' (the document's root, which holds it; keyword `false
   * schema`): never by a node that is not that `false`. Where an object's place is ambiguous (an object a code-written
   * schema reuses at two places) it is ajv's `schemaPath`, relative to the function that reported it.
   */
  schemaPointer: string;
  keyword: string;
  message: string;
}

/**
 * Result of compiling a schema. Compiled validators are cached by the sha256 of the dialect and the schema's JSON text
 * (harness/schema/ajv.ts). `validate` answers `[NOT_EVALUATED_ISSUE]` (./stack-guard.ts `notEvaluated`) when it overflowed
 * the call stack: no verdict on the instance; `compile` gives that schema a `compile-error` from then on.
 */
export type CompileResult =
  | { ok: true; dialect: Dialect; validate: (instance: unknown) => ValidationIssue[] }
  | {
      ok: false;
      dialect?: Dialect;
      reason: 'unknown-dialect' | 'invalid-schema' | 'unresolved-ref' | 'remote-ref' | 'compile-error';
      issues: SchemaIssue[];
    };

/** The name of a dialect a schema can declare: a supported engine's, or draft-06 (run on the draft-07 engine). */
export type DialectName = Dialect | 'draft-06';

/** Dialect resolution of a schema's `$schema`. */
export interface DialectInfo {
  /** The `$schema` value as declared, if any. */
  declared?: string;
  /** The engine it maps to; undefined when the declared dialect is unknown. */
  dialect?: Dialect;
  /**
   * The dialect the schema declares (or defaults to), by name, whenever `dialect` is set: `dialect` itself, except
   * 'draft-06' for a draft-06 `$schema` (validated on the draft-07 engine against the draft-06 meta-schema). What
   * findings name.
   */
  name?: DialectName;
}

/** Dialect-aware compile cache shared by every check of a run (each surface through its own `scope()`). */
export interface SchemaService {
  dialectOf(schema: JsonSchema): DialectInfo;
  /** Compile (cached per schema object and by the sha256 of the dialect and its JSON text). Never throws. */
  compile(schema: JsonSchema): CompileResult;
  /** Validate the schema against its dialect's meta-schema. Never throws. Empty = valid. */
  metaValidate(schema: JsonSchema): SchemaIssue[];
  /** Counters for the benchmark: distinct compiles, cache hits, and how many of the compiles the interpreter took (no code generation). */
  stats(): { compiles: number; hits: number; interpreted: number };
  /**
   * A service sharing this one's engines and caches, with its own record of validators that overflowed the call stack
   * (harness/schema/stack-guard.ts): a run gives each surface its own scope, so what one surface's validations met
   * never changes another surface's verdicts (schema/compile's, result/structured-content's).
   */
  scope(): SchemaService;
}
