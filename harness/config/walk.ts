/**
 * Schema walking for error messages: which keys an object schema knows at a zod issue path.
 * Reads zod v4's `_zod.def` (type, shape, innerType, element, valueType, options).
 */
import type { z } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  element?: z.ZodType;
  valueType?: z.ZodType;
  options?: z.ZodType[];
  in?: z.ZodType;
  items?: z.ZodType[];
}

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** Strips wrappers (optional, default, pipe...); for unions, the first object member. */
function unwrap(schema: z.ZodType): z.ZodType {
  const def = defOf(schema);
  if (def.innerType) return unwrap(def.innerType);
  if (def.type === 'pipe' && def.in) return unwrap(def.in);
  if (def.type === 'union' && def.options) {
    const object = def.options.map(unwrap).find((o) => defOf(o).type === 'object');
    if (object) return object;
  }
  return schema;
}

function child(schema: z.ZodType, key: PropertyKey): z.ZodType | undefined {
  const def = defOf(unwrap(schema));
  if (def.type === 'object') return def.shape?.[String(key)];
  if (def.type === 'array') return def.element;
  if (def.type === 'tuple') return typeof key === 'number' ? def.items?.[key] : undefined;
  if (def.type === 'record') return def.valueType;
  return undefined;
}

/** The keys of the object schema at `path` (empty when the path does not lead to an object). */
export function knownKeysAt(schema: z.ZodType, path: readonly PropertyKey[]): string[] {
  let node: z.ZodType | undefined = schema;
  for (const key of path) {
    node = node && child(node, key);
  }
  if (!node) return [];
  const def = defOf(unwrap(node));
  return def.type === 'object' && def.shape ? Object.keys(def.shape) : [];
}
