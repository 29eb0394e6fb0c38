/**
 * Schema conversion for contract modules: each tool schema may be a zod v4 schema (converted by the
 * zod that made it, see `toJsonSchemaObject`), a zod v3 schema (zod-to-json-schema, `$schema`
 * stripped), a raw zod shape (`{ a: z.string() }`, wrapped in its zod's object first) or a plain JSON
 * Schema object (copied). Projections target the surface's dialect (draft-07 or 2020-12).
 */
import { realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isJsonObject as isObject } from '../json.ts';
import { z } from 'zod';
import type { zodToJsonSchema as ZodToJsonSchema } from 'zod-to-json-schema';
import { importExternal } from '../import-external.ts';

/** Which kind of schema a contract value is. `unknown` values cannot be converted. */
export type SchemaKind = 'zod4' | 'zod3' | 'zod4-shape' | 'zod3-shape' | 'json-schema' | 'unknown';

/** `input` converts the way the SDKs advertise inputSchema, `output` the way they advertise outputSchema. */
export type SchemaIo = 'input' | 'output';

/** The outcome of a conversion: a JSON Schema object or a value-free reason. */
export type ConversionResult = { ok: true; schema: Record<string, unknown> } | { ok: false; reason: string };

function zodGeneration(value: unknown): 'zod4' | 'zod3' | undefined {
  if (!isObject(value)) return undefined;
  if ('_zod' in value) return 'zod4';
  if ('_def' in value && typeof (value as { safeParse?: unknown }).safeParse === 'function') return 'zod3';
  return undefined;
}

/** True when `value` is plain JSON data (plain objects, arrays, strings, finite numbers, booleans, null). */
function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (!isObject(value)) return false;
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return false;
  return Object.values(value).every(isPlainJson);
}

/**
 * Classify a contract schema value. A non-empty plain object whose every value is a zod schema of one
 * generation is a raw shape; an empty object is the JSON Schema `{}`.
 */
export function detectSchemaKind(value: unknown): SchemaKind {
  const generation = zodGeneration(value);
  if (generation) return generation;
  if (!isObject(value)) return 'unknown';
  const members = Object.values(value);
  if (members.length > 0) {
    const generations = new Set(members.map(zodGeneration));
    if (generations.size === 1 && generations.has('zod4')) return 'zod4-shape';
    if (generations.size === 1 && generations.has('zod3')) return 'zod3-shape';
  }
  return isPlainJson(value) ? 'json-schema' : 'unknown';
}

/** The JSON Schema dialect a contract is projected to: draft-07 (SDK 1.x surfaces) or 2020-12 (SDK 2.x). */
export type ContractDialect = 'draft-07' | '2020-12';

/** How to convert: which side of a transform, which dialect, and where the schema's own zod lives. */
export interface ConvertOptions {
  io: SchemaIo;
  /** Default 2020-12. */
  dialect?: ContractDialect;
  /** The contract module file: its own `zod` is resolved from there (never the harness's copy). */
  from?: string;
}

type ToJsonSchema = (schema: unknown, params: Record<string, unknown>) => Record<string, unknown>;
type ZodVersion = { major: number; minor: number; patch: number };
interface Zod4Module {
  toJSONSchema: ToJsonSchema;
  object?: (shape: unknown) => unknown;
  version?: ZodVersion;
}

const sameVersion = (a: ZodVersion | undefined, b: ZodVersion | undefined): boolean => a !== undefined && b !== undefined && a.major === b.major && a.minor === b.minor && a.patch === b.patch;
const versionText = (v: ZodVersion | undefined): string => (v ? `${v.major}.${v.minor}.${v.patch}` : 'unknown');

/** Import `specifier` as the module at `from` would (its own node_modules), or undefined. */
async function importFrom(from: string | undefined, specifier: string): Promise<Record<string, unknown> | undefined> {
  try {
    const path = createRequire(from === undefined ? `${process.cwd()}/` : resolve(from)).resolve(specifier);
    return await importExternal(pathToFileURL(path).href);
  } catch {
    return undefined;
  }
}

/** The version a zod 4 module reports (`core.version` / `version`), if any. */
function moduleVersion(mod: Record<string, unknown>): ZodVersion | undefined {
  const core = isObject(mod.core) ? mod.core : mod;
  const v = (core as { version?: unknown }).version ?? (mod as { version?: unknown }).version;
  return isObject(v) && typeof v.major === 'number' ? (v as ZodVersion) : undefined;
}

/** The places a contract module resolves packages from: its path, and its real path when it is a symlink. */
function resolutionBases(from: string | undefined): (string | undefined)[] {
  if (from === undefined) return [undefined];
  const path = resolve(from);
  let real = path;
  try {
    real = realpathSync(path);
  } catch {
    // a path that does not exist resolves as given
  }
  return real === path ? [path] : [path, real];
}

/**
 * The zod 4 that made `schema`: the copy of `zod` (or `zod/v4`, `zod/v4/core`) that the contract
 * module resolves (from its path, then its real path) whose version equals the schema's
 * `_zod.version`; the harness's own copy only when it is that same version. Otherwise what was
 * tried, as `specifier version` entries.
 */
async function zod4Of(schema: unknown, from: string | undefined): Promise<{ mod: Zod4Module } | { tried: string[] }> {
  const wanted = (schema as { _zod?: { version?: ZodVersion } })._zod?.version;
  const tried: string[] = [];
  for (const base of resolutionBases(from)) {
    for (const specifier of ['zod', 'zod/v4', 'zod/v4/core']) {
      const mod = await importFrom(base, specifier);
      if (!mod || typeof mod.toJSONSchema !== 'function') {
        tried.push(`${specifier} (not found)`);
        continue;
      }
      const version = moduleVersion(mod);
      tried.push(`${specifier} ${versionText(version)}`);
      if (wanted === undefined || sameVersion(version, wanted)) return { mod: mod as unknown as Zod4Module };
    }
  }
  const own = moduleVersion(z as unknown as Record<string, unknown>);
  if (sameVersion(own, wanted)) return { mod: z as unknown as Zod4Module };
  tried.push(`the harness's own zod ${versionText(own)}`);
  return { tried: [...new Set(tried)] };
}

/** The Standard JSON Schema converter of a schema (`~standard.jsonSchema`), where its library has one. */
function standardConverter(value: unknown): { input: (o: object) => Record<string, unknown>; output: (o: object) => Record<string, unknown> } | undefined {
  const std = isObject(value) ? (value as Record<string, unknown>)['~standard'] : undefined;
  const converter = isObject(std) ? std.jsonSchema : undefined;
  return isObject(converter) && typeof converter.input === 'function' && typeof converter.output === 'function' ? (converter as never) : undefined;
}

/**
 * A zod 4 schema (or raw shape) to JSON Schema: through the schema's own Standard JSON Schema
 * interface when it carries one (no zod needs to resolve then), else the `toJSONSchema` of its zod
 * (see `zod4Of`; a raw shape is wrapped in that zod's `object()` first).
 * @throws Error naming where zod was resolved from and every copy tried, when none made the schema.
 */
async function convertZod4(schema: unknown, options: ConvertOptions, shape: boolean): Promise<Record<string, unknown>> {
  const dialect = options.dialect ?? '2020-12';
  const own = shape ? undefined : standardConverter(schema);
  if (own) return own[options.io]({ target: dialect === 'draft-07' ? 'draft-07' : 'draft-2020-12' });
  const member = shape ? Object.values(schema as Record<string, unknown>)[0] : schema;
  const found = await zod4Of(member, options.from);
  if (!('mod' in found)) {
    const version = versionText((member as { _zod?: { version?: ZodVersion } })._zod?.version);
    const where = options.from === undefined ? 'the working directory' : resolve(options.from);
    const why = shape ? 'a raw shape needs its zod to wrap it' : 'the schema carries no Standard JSON Schema interface (~standard.jsonSchema, zod >= 4.2)';
    throw new Error(`no copy of zod ${version} (the one that made this schema) resolves from ${where}; tried: ${found.tried.join(', ')}; ${why}: install zod ${version} where the contract module can resolve it, or point contract.module at the package that made the schemas`);
  }
  let target = schema;
  if (shape) {
    if (typeof found.mod.object !== 'function') throw new Error('its zod has no object() to wrap a raw shape');
    target = found.mod.object(schema);
  }
  const converter = standardConverter(target);
  if (converter) return converter[options.io]({ target: dialect === 'draft-07' ? 'draft-07' : 'draft-2020-12' });
  return found.mod.toJSONSchema(target, { io: options.io, target: dialect === 'draft-07' ? 'draft-7' : 'draft-2020-12' });
}

/**
 * A zod 3 schema (or raw shape) to JSON Schema the way the MCP SDK advertises it (zod-to-json-schema,
 * draft-07 target, `strictUnions`), respelled in 2020-12 for that dialect (see `toDraft2020`): the
 * converter's own 2019-09 target writes draft-04's boolean `exclusiveMinimum`, which 2020-12 does not have.
 */
async function convertZod3(schema: unknown, options: ConvertOptions, shape: boolean): Promise<Record<string, unknown>> {
  let target = schema;
  if (shape) {
    const own = await importFrom(options.from, 'zod');
    const z3 = own && typeof (own as { object?: unknown }).object === 'function' && !('core' in own) ? (own as { object: (s: unknown) => unknown }) : (await import('zod/v3')).z;
    target = (z3.object as (s: unknown) => unknown)(schema);
  }
  // imported here, not at load: only a zod 3 contract needs it (39 modules, ~45 ms of start-up CPU otherwise, issue 12)
  const { zodToJsonSchema } = await import('zod-to-json-schema');
  // A default (strip) object takes unknown keys as input and drops them, so its input projection is open (zod 4's
  // `io: 'input'` says the same; zod-to-json-schema's default wrote it closed, and a zod 3 contract drew an
  // opened-object error at every object of a zod 4 server built from the same schemas); `.strict()` stays closed and
  // outputs, which never carry unknown keys, stay closed (a contract review)
  const removeAdditionalStrategy = options.io === 'input' ? 'strict' : 'passthrough';
  const json = zodToJsonSchema(target as Parameters<typeof ZodToJsonSchema>[0], { target: 'jsonSchema7', strictUnions: true, pipeStrategy: options.io, removeAdditionalStrategy }) as Record<string, unknown>;
  delete json.$schema;
  return options.dialect === 'draft-07' ? json : (toDraft2020(json) as Record<string, unknown>);
}

/** Keywords whose value maps names to subschemas, for `toDraft2020`'s walk. */
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions', '$defs', 'dependencies']);

/**
 * A draft-07 document (zod-to-json-schema's output) in 2020-12 spelling: `definitions` -> `$defs` (and
 * `$ref`s to them rewritten), tuple `items: [...]` + `additionalItems` -> `prefixItems` + `items`.
 * Returns a fresh value; property names are never rewritten.
 */
function toDraft2020(value: unknown, root: unknown = value): unknown {
  if (Array.isArray(value)) return value.map((v) => toDraft2020(v, root));
  if (!isObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (SCHEMA_MAPS.has(key) && isObject(v)) out[key === 'definitions' ? '$defs' : key] = Object.fromEntries(Object.entries(v).map(([name, sub]) => [name, toDraft2020(sub, root)]));
    else if (key === '$ref' && typeof v === 'string') out.$ref = respelledRef(root, v);
    else if (key === 'items' && Array.isArray(v)) out.prefixItems = v.map((x) => toDraft2020(x, root));
    else if (key === 'additionalItems') {
      if (Array.isArray(value.items)) out.items = toDraft2020(v, root);
      else out[key] = toDraft2020(v, root);
    } else if (key === 'enum' || key === 'const' || key === 'default' || key === 'examples' || key === 'required') out[key] = structuredClone(v);
    else out[key] = toDraft2020(v, root);
  }
  return out;
}

/**
 * A local `$ref` of the draft-07 document `root` in `toDraft2020`'s spelling: each `definitions` it passes is
 * `$defs`, a tuple's `items/N` is `prefixItems/N` and its `additionalItems` is `items` (zod-to-json-schema points
 * `$ref`s into tuples when a schema is reused: a review found them left dangling). Read along the document, so a
 * property named `items` is never respelled. Any other `$ref` is returned as it is.
 */
function respelledRef(root: unknown, ref: string): string {
  if (!ref.startsWith('#/')) return ref;
  const tokens = ref.slice(2).split('/').map((t) => t.replace(/~1/g, '/').replace(/~0/g, '~'));
  const out: string[] = [];
  let node: unknown = root;
  let inMap = false; // the token names a member of a properties-like map, not a keyword
  for (const token of tokens) {
    const parent = node;
    node = isObject(parent) ? parent[token] : Array.isArray(parent) ? parent[Number(token)] : undefined;
    if (!inMap && isObject(parent) && token === 'definitions') out.push('$defs');
    else if (!inMap && isObject(parent) && token === 'items' && Array.isArray(parent.items)) out.push('prefixItems');
    else if (!inMap && isObject(parent) && token === 'additionalItems' && Array.isArray(parent.items)) out.push('items');
    else out.push(token);
    inMap = !inMap && isObject(parent) && SCHEMA_MAPS.has(token);
  }
  return `#/${out.map((t) => t.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`;
}

/**
 * Convert one contract schema value to a JSON Schema object (never mutating the input), with the zod
 * that made it: the schema's own Standard JSON Schema converter (`~standard.jsonSchema`, zod >= 4.2;
 * tried first, so nothing needs to resolve), else the `toJSONSchema` of the zod 4 copy the contract
 * module resolves from its own location (`options.from`, and its real path) whose version is the
 * schema's, or zod-to-json-schema for zod 3; targeting `options.dialect` (default 2020-12).
 * Never throws: converter failures (e.g. a zod type with no JSON Schema form, no matching zod copy)
 * come back as `ok: false`.
 */
export async function toJsonSchemaObject(value: unknown, io: SchemaIo, options: Omit<ConvertOptions, 'io'> = {}): Promise<ConversionResult> {
  const kind = detectSchemaKind(value);
  const opts: ConvertOptions = { ...options, io };
  try {
    switch (kind) {
      case 'zod4':
      case 'zod4-shape':
        return { ok: true, schema: await convertZod4(value, opts, kind === 'zod4-shape') };
      case 'zod3':
      case 'zod3-shape':
        return { ok: true, schema: await convertZod3(value, opts, kind === 'zod3-shape') };
      case 'json-schema':
        return { ok: true, schema: structuredClone(value as Record<string, unknown>) };
      default:
        return { ok: false, reason: 'not a zod schema or JSON Schema object' };
    }
  } catch (error) {
    const detail = error instanceof Error ? error.message.split('\n')[0] : 'unknown error';
    return { ok: false, reason: `cannot convert the ${kind} schema to JSON Schema (${detail})` };
  }
}
