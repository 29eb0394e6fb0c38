/**
 * A tiny validator for the JSON Schema subset the synthetic tools use (type, enum, const, properties,
 * required, additionalProperties: false, items, local `$ref`, numeric and length bounds, pattern), so
 * the synthetic server rejects the arguments its inputSchema forbids, as a conforming server must
 * (spec 2025-11-25 server/tools §Error Handling). Plain Node, no dependencies. Not a general validator.
 */

const TYPES = {
  object: (v) => v !== null && typeof v === 'object' && !Array.isArray(v),
  array: Array.isArray,
  string: (v) => typeof v === 'string',
  integer: Number.isInteger,
  number: (v) => typeof v === 'number' && Number.isFinite(v),
  boolean: (v) => typeof v === 'boolean',
};

/** Resolve a local `#/$defs/Name` reference against `root`. */
function deref(schema, root) {
  return typeof schema.$ref === 'string' ? root.$defs[schema.$ref.slice('#/$defs/'.length)] : schema;
}

function bounds(s, v) {
  if (typeof v === 'number' && ((s.minimum !== undefined && v < s.minimum) || (s.maximum !== undefined && v > s.maximum))) return false;
  const length = typeof v === 'string' ? [...v].length : Array.isArray(v) ? v.length : undefined;
  if (length === undefined) return true;
  const [min, max] = typeof v === 'string' ? [s.minLength, s.maxLength] : [s.minItems, s.maxItems];
  return !((min !== undefined && length < min) || (max !== undefined && length > max));
}

/** Does `value` satisfy `schema` (a node of `root`)? */
export function conforms(schema, value, root = schema) {
  const s = deref(schema, root);
  if (s.type !== undefined && !TYPES[s.type]?.(value)) return false;
  if (s.enum !== undefined && !s.enum.includes(value)) return false;
  if (s.const !== undefined && s.const !== value) return false;
  if (s.pattern !== undefined && (typeof value !== 'string' || !new RegExp(s.pattern, 'u').test(value))) return false;
  if (!bounds(s, value)) return false;
  if (Array.isArray(value) && s.items) return value.every((item) => conforms(s.items, item, root));
  if (!TYPES.object(value)) return true;
  const props = s.properties ?? {};
  if ((s.required ?? []).some((key) => !(key in value))) return false;
  if (s.additionalProperties === false && Object.keys(value).some((key) => !(key in props))) return false;
  return Object.entries(value).every(([key, v]) => !(key in props) || conforms(props[key], v, root));
}
