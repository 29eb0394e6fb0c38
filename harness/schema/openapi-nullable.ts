/**
 * JSON Schema semantics for OpenAPI's `nullable`: ajv 8 treats `nullable: true` as adding `"null"`
 * to `type` (and throws on `nullable` without `type`), while JSON Schema (2020-12, 2019-09, draft-07)
 * has no such keyword, so it must be ignored when validating (case 03, fastmcp#1280). The schema
 * service compiles every schema through this; schema/portability reports the keyword itself.
 */
import type { JsonSchema } from '../types.ts';
import { walkSchema } from './walk.ts';

/** True when some subschema (not a property named so) carries the `nullable` keyword. */
function usesNullable(schema: JsonSchema): boolean {
  let found = false;
  walkSchema(schema, ({ node }) => {
    if (typeof node === 'object' && 'nullable' in node) found = true;
  });
  return found;
}

/**
 * `schema` with the `nullable` keyword removed from every subschema, so that validation follows JSON
 * Schema semantics. Returns `schema` itself (same object, so compile caches still hit) when it does not
 * use the keyword; otherwise a deep copy. Property names `nullable` are kept. Never throws.
 */
export function withoutNullableKeyword<T extends JsonSchema>(schema: T): T {
  if (!usesNullable(schema)) return schema;
  const copy = structuredClone(schema);
  walkSchema(copy, ({ node }) => {
    if (typeof node === 'object') delete node.nullable;
  });
  return copy;
}
