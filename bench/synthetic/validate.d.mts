/** Types of ./validate.mjs (the synthetic server's subset validator). */

/**
 * Does `value` satisfy `schema`, a node of `root` (default: `schema` itself), for the JSON Schema subset
 * the synthetic tools use? Not a general validator.
 */
export function conforms(schema: Record<string, unknown>, value: unknown, root?: Record<string, unknown>): boolean;
