/** Test helper: deeply nested schemas for the depth-limit tests. */

/** `{ type: 'object', properties: { child: ... } }` nested `levels` times (2 JSON levels each) around `leaf`. */
export function deepSchema(levels: number, leaf: Record<string, unknown> = { type: 'string' }): Record<string, unknown> {
  let schema = leaf;
  for (let i = 0; i < levels; i++) schema = { type: 'object', properties: { child: schema } };
  return schema;
}
