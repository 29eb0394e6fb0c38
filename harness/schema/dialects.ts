/**
 * Dialect resolution from `$schema` (spec:2025-11-25/basic/index.mdx §JSON Schema Usage):
 * none or 2020-12 -> 2020-12; 2019-09 -> 2019-09; draft-07 and draft-06 -> the draft-07 engine (a draft-06 schema
 * keeps its name, draft-06, for findings); anything else unknown.
 */
import type { JsonSchema } from '../model/protocol.ts';
import type { Dialect, DialectInfo, DialectName } from './service.ts';

/** Known meta-schema URIs, normalised (no scheme, no trailing `#` or `/`), mapped to the dialect's name. */
const KNOWN: Record<string, DialectName> = {
  'json-schema.org/draft/2020-12/schema': '2020-12',
  'json-schema.org/draft/2019-09/schema': '2019-09',
  'json-schema.org/draft-07/schema': 'draft-07',
  'json-schema.org/draft-06/schema': 'draft-06',
};

/** The engine of each dialect name: draft-06 runs on draft-07's (draft-07 only added keywords to draft-06). */
const ENGINE: Readonly<Record<DialectName, Dialect>> = { '2020-12': '2020-12', '2019-09': '2019-09', 'draft-07': 'draft-07', 'draft-06': 'draft-07' };

/**
 * The `$id`s of the meta-schemas each dialect's ajv engine holds (./engines.ts), the one it validates a
 * schema without `$schema` against first (draft-07's engine also holds draft-06's meta-schema).
 */
export const META_SCHEMA_IDS: Readonly<Record<Dialect, readonly string[]>> = {
  '2020-12': ['https://json-schema.org/draft/2020-12/schema'],
  '2019-09': ['https://json-schema.org/draft/2019-09/schema'],
  'draft-07': ['http://json-schema.org/draft-07/schema', 'http://json-schema.org/draft-06/schema'],
};

/**
 * Each dialect's meta-schema `$id`, the one spelling of `$schema` that validators looking the meta-schema up by URI
 * know (ajv's `compile` throws "no schema with key or ref" for `https://json-schema.org/draft-07/schema#` or an
 * `http://` 2020-12), with or without an empty fragment (`#`).
 */
const CANONICAL: Readonly<Record<DialectName, string>> = {
  '2020-12': 'https://json-schema.org/draft/2020-12/schema',
  '2019-09': 'https://json-schema.org/draft/2019-09/schema',
  'draft-07': 'http://json-schema.org/draft-07/schema',
  'draft-06': 'http://json-schema.org/draft-06/schema',
};

/** The meta-schema `$id` of a dialect (no fragment): what a `$schema` naming it should say. */
export function metaSchemaIdOf(name: DialectName): string {
  return CANONICAL[name];
}

/** True when `declared` is the meta-schema `$id` of dialect `name` exactly, or that `$id` with an empty fragment. */
export function isCanonicalSchemaUri(declared: string, name: DialectName): boolean {
  return declared === CANONICAL[name] || declared === `${CANONICAL[name]}#`;
}

/** True when two `$schema` URIs name the same meta-schema once normalised (scheme, empty fragment, trailing slash dropped). */
export function sameMetaSchemaUri(a: string, b: string): boolean {
  return normalise(a) === normalise(b);
}

/**
 * Normalise a `$schema` URI: drop the scheme, a trailing empty fragment and a trailing slash, and lower-case the host
 * (RFC 3986 §3.1, §3.2.2: scheme and host are case-insensitive, so `HTTP://JSON-SCHEMA.ORG/draft-07/schema#` names
 * draft-07; the path stays case-sensitive).
 */
function normalise(uri: string): string {
  const bare = uri.trim().replace(/^https?:\/\//i, '').replace(/#$/, '').replace(/\/$/, '');
  const slash = bare.indexOf('/');
  return slash === -1 ? bare.toLowerCase() : bare.slice(0, slash).toLowerCase() + bare.slice(slash);
}


/**
 * The dialect of a schema: its engine (`dialect`) and its name (`name`, draft-06 for a draft-06 `$schema`). A boolean
 * schema or one without `$schema` is 2020-12; a non-string or unknown `$schema` yields `{ declared }` only (declared is
 * stringified for non-strings).
 */
export function dialectOf(schema: JsonSchema): DialectInfo {
  if (typeof schema !== 'object' || schema === null || !('$schema' in schema)) return { dialect: '2020-12', name: '2020-12' };
  const declared = schema.$schema;
  if (typeof declared !== 'string') return { declared: JSON.stringify(declared) ?? 'undefined' };
  const name = Object.hasOwn(KNOWN, normalise(declared)) ? KNOWN[normalise(declared)] : undefined;
  return name ? { declared, dialect: ENGINE[name], name } : { declared };
}
