/**
 * The canonical form of a JSON Schema for comparisons (the narrowing comparator, `diff`) and for the
 * lock's schema hash: one spelling per meaning, with a map back from every canonical JSON pointer to
 * the pointer of what the document really said, so that findings name what the server sent.
 *
 * Form 1 (CANONICAL_FORM = 1) is the document itself (object key order never matters: comparisons
 * and hashes go through ./sorted-json.ts). Also here: the OpenAPI `nullable` keyword's validation
 * semantics (`withoutNullableKeyword`), used by the schema service.
 */
import type { JsonSchema } from '../types.ts';
import { walkSchema } from './walk.ts';

/** Version of the canonical form this module produces; lock files record it (see contract/lock-format.ts). */
export const CANONICAL_FORM = 1;

/** A canonicalised schema and the way back to the raw document's pointers. */
export interface CanonicalSchema {
  /** The schema in canonical form (a fresh value; the input is never mutated). */
  schema: unknown;
  /**
   * The raw-document pointer for a pointer into `schema` ('' = root). A pointer into a part that
   * canonicalisation moved maps to where the raw document spelled it; one that does not exist in the
   * raw document (a removed keyword) maps to its nearest existing ancestor's raw pointer plus the rest.
   */
  rawPointer(canonicalPointer: string): string;
}

/**
 * Bring a schema to canonical form `form` (default: CANONICAL_FORM). Pure and total: never throws;
 * non-object values come back as they are.
 */
export function canonicalise(schema: unknown, form: number = CANONICAL_FORM): CanonicalSchema {
  void form;
  return { schema: schema === undefined ? undefined : structuredClone(schema), rawPointer: (p) => p };
}

/** True when some subschema (not a property named so) carries the OpenAPI `nullable` keyword. */
function usesNullable(schema: JsonSchema): boolean {
  let found = false;
  walkSchema(schema, ({ node }) => {
    if (typeof node === 'object' && 'nullable' in node) found = true;
  });
  return found;
}

/**
 * `schema` with the OpenAPI `nullable` keyword removed from every subschema, so that validation
 * follows JSON Schema semantics: ajv 8 treats `nullable: true` as adding `"null"` to `type` (and
 * throws on `nullable` without `type`), while JSON Schema (2020-12, 2019-09, draft-07) has no such
 * keyword, so it must be ignored when validating (case 03, fastmcp#1280; schema/portability reports
 * the keyword itself). Returns `schema` itself (same object, so compile caches still hit) when it
 * does not use the keyword; otherwise a deep copy. Property names `nullable` are kept. Never throws.
 */
export function withoutNullableKeyword<T extends JsonSchema>(schema: T): T {
  if (!usesNullable(schema)) return schema;
  const copy = structuredClone(schema);
  walkSchema(copy, ({ node }) => {
    if (typeof node === 'object') delete node.nullable;
  });
  return copy;
}
