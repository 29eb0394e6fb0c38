/**
 * Schema conversion for contract modules: each tool schema may be a zod v4 schema (converted with
 * `z.toJSONSchema`), a zod v3 schema (converted with zod-to-json-schema, `$schema` stripped), a raw
 * zod shape (`{ a: z.string() }`, wrapped in an object first) or a plain JSON Schema object (copied).
 */
import { isJsonObject as isObject } from '../json.ts';
import { z } from 'zod';
import { zodToJsonSchema } from 'zod-to-json-schema';

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

function convertZod4(schema: unknown, io: SchemaIo): Record<string, unknown> {
  return z.toJSONSchema(schema as z.ZodType, { io }) as Record<string, unknown>;
}

async function convertZod3(schema: unknown, io: SchemaIo, shape: boolean): Promise<Record<string, unknown>> {
  let target = schema;
  if (shape) {
    const { z: z3 } = await import('zod/v3');
    target = z3.object(schema as Parameters<typeof z3.object>[0]);
  }
  const json = zodToJsonSchema(target as Parameters<typeof zodToJsonSchema>[0], {
    target: 'jsonSchema2019-09',
    pipeStrategy: io,
  }) as Record<string, unknown>;
  delete json.$schema;
  return json;
}

/**
 * Convert one contract schema value to a JSON Schema object (never mutating the input).
 * Never throws: converter failures (e.g. a zod type with no JSON Schema form) come back as `ok: false`.
 */
export async function toJsonSchemaObject(value: unknown, io: SchemaIo): Promise<ConversionResult> {
  const kind = detectSchemaKind(value);
  try {
    switch (kind) {
      case 'zod4':
        return { ok: true, schema: convertZod4(value, io) };
      case 'zod4-shape':
        return { ok: true, schema: convertZod4(z.object(value as z.ZodRawShape), io) };
      case 'zod3':
      case 'zod3-shape':
        return { ok: true, schema: await convertZod3(value, io, kind === 'zod3-shape') };
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
