/**
 * Meta-schema validation on validators compiled at build time (./generated/meta-<dialect>.cjs, ajv
 * standalone code of ./engines.ts's engines, made by scripts/generate-validators.ts): what ajv's
 * `validateSchema` runs on a dialect's engine, without compiling the meta-schema in every run.
 *
 * ajv's `validateSchema(schema)` picks the meta-schema by the schema's raw `$schema` string (looked
 * up among the engine's schemas, `#`-suffixed spellings resolved to the same one) or, without
 * `$schema`, the engine's default. `precompiledMeta` answers for exactly those spellings of the
 * dialect's bundled meta-schema `$id`s, for every other spelling of them (another scheme, a trailing slash:
 * what ./dialects.ts resolves to the dialect) and for object schemas (ajv's `true` for a boolean schema is
 * the caller's); for anything else (a non-object) it returns undefined and the caller asks the ajv engine.
 * test/schema/meta-precompiled.test.ts proves identical verdicts and errors on every spelling.
 */
import { generatedModule } from '../generated-validators.ts';
import type { JsonSchema } from '../model/protocol.ts';
import { META_SCHEMA_IDS, sameMetaSchemaUri } from './dialects.ts';
import type { EngineValidate } from './engines.ts';
import { lazyAjvRegExp } from './lazy-regexp.ts';
import type { Dialect } from './service.ts';

const loaded = new Map<Dialect, Record<string, EngineValidate>>();

/**
 * The build-time validators of a dialect by meta-schema `$id` (./generated/meta-<dialect>.cjs, a
 * function of the pattern matcher, through ../generated-validators.ts: part of the CLI's bundle and its code
 * cache), evaluated on first use: a run evaluates only the dialects it meets.
 */
export function metaValidators(dialect: Dialect): Record<string, EngineValidate> {
  let validators = loaded.get(dialect);
  if (!validators) {
    const load = generatedModule('schema', `meta-${dialect}`) as (regExp: typeof lazyAjvRegExp) => Record<string, EngineValidate>;
    loaded.set(dialect, (validators = load(lazyAjvRegExp)));
  }
  return validators;
}

/**
 * The precompiled meta-schema validator ajv's `validateSchema` would run for `schema` on `dialect`'s
 * engine, or undefined when ajv must answer itself (see the module comment). Call it, then read its
 * `errors` (ajv's error objects, as `engine.errors` after `validateSchema`).
 */
export function precompiledMeta(dialect: Dialect, schema: JsonSchema): EngineValidate | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const ids = META_SCHEMA_IDS[dialect];
  const declared: unknown = (schema as { $schema?: unknown }).$schema;
  // another spelling of a dialect's URI (an `https://` draft-07, an `http://` 2020-12) is validated against that
  // dialect's meta-schema: ajv's lookup by the raw string would throw "no schema with key or ref" (a false
  // metaInvalid); schema/dialect reports the spelling itself (nonCanonicalUri)
  const id = declared === undefined ? ids[0] : typeof declared === 'string' ? ids.find((i) => sameMetaSchemaUri(declared, i)) : undefined;
  return id === undefined ? undefined : metaValidators(dialect)[id];
}
