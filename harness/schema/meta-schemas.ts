/**
 * The draft-07 and draft-06 meta-schemas that meta-validation (./engines.ts, and through it the build-time validators
 * of ./generated/) checks a declared draft-07 or draft-06 schema against: ajv's bundled copies, which are the
 * documents json-schema.org publishes, with the one constraint in them that their own specification's prose
 * contradicts taken out.
 *
 * JSON Schema Validation draft-07 (draft-handrews-json-schema-validation-01) §6.1.2 and draft-06
 * (draft-wright-json-schema-validation-01) §6.23 say of `enum`: "The value of this keyword MUST be an array. This
 * array SHOULD have at least one element. Elements in the array SHOULD be unique." The published meta-schemas of both
 * drafts nevertheless give `enum` `minItems: 1` and `uniqueItems: true` (draft-04's MUSTs, kept when the prose was
 * relaxed), so a schema with an empty or repeating `enum`, legal under the prose, failed meta-validation as if it broke
 * a MUST. The spec's editors call this a meta-schema bug (json-schema-org/json-schema-spec#717), fixed in the
 * meta-schemas from 2019-09 on (#739: `"enum": {"type": "array", "items": true}`, as the 2019-09 and 2020-12
 * validation vocabularies ajv bundles read); python-jsonschema relaxed its draft-06/07 copies the same way ("Trust the
 * spec, not the metaschema, on enum", 2019). Here too the prose decides: `enum` keeps `type: "array"` (the MUST) and
 * `items`, and loses `minItems` and `uniqueItems` (the SHOULDs, which schema/portability reports as warnings).
 *
 * Nothing else differs from ajv's copies. Compared with the json-schema-spec repository's draft-07 and draft-06
 * branches, ajv's copies are otherwise less strict, not stricter (draft-07 there also types `writeOnly` as a boolean;
 * draft-06 there also checks `patternProperties` names with `format: "regex"`); those are left as ajv has them.
 * test/schema/meta-schemas.test.ts holds these documents to ajv's copies but for `enum`.
 */
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The `$id` of the draft-07 meta-schema, as ajv registers it (its key: no empty fragment). */
export const DRAFT_07_META_ID = 'http://json-schema.org/draft-07/schema';

type MetaSchema = { properties: Record<string, Record<string, unknown>> } & Record<string, unknown>;

/** ajv's bundled copy of a meta-schema, deep-copied (ajv's own module object is never changed). */
function ajvCopy(file: 'json-schema-draft-07.json' | 'json-schema-draft-06.json'): MetaSchema {
  return structuredClone(require(`ajv/dist/refs/${file}`) as MetaSchema);
}

/** `schema` with `properties.enum`'s `minItems` and `uniqueItems` removed (see the module comment). */
function withProseEnum(schema: MetaSchema): MetaSchema {
  const { minItems: _minItems, uniqueItems: _uniqueItems, ...rest } = schema.properties.enum ?? {};
  schema.properties.enum = rest;
  return schema;
}

/**
 * The draft-07 meta-schema meta-validation uses: ajv's copy with `enum: {"type": "array", "items": true}`
 * (JSON Schema Validation draft-07 §6.1.2). A fresh object on every call.
 */
export function draft07MetaSchema(): Record<string, unknown> {
  return withProseEnum(ajvCopy('json-schema-draft-07.json'));
}

/**
 * The draft-06 meta-schema meta-validation uses: ajv's copy with `enum: {"type": "array"}` (JSON Schema Validation
 * draft-06 §6.23). A fresh object on every call.
 */
export function draft06MetaSchema(): Record<string, unknown> {
  return withProseEnum(ajvCopy('json-schema-draft-06.json'));
}
