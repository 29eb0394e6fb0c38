/**
 * The JSON Schemas a listed tool carries, with the JSON pointer root each finding is prefixed with
 * (`/inputSchema`, `/outputSchema`). Used by the schema checks so that both schemas of every tool
 * are judged the same way.
 */
import type { JsonSchema, ListedTool } from '../model/protocol.ts';

/** One schema of a tool: its field name, pointer root and the raw schema (object or boolean). */
export interface ToolSchemaEntry {
  field: 'inputSchema' | 'outputSchema';
  /** `/inputSchema` or `/outputSchema`. */
  root: string;
  schema: JsonSchema;
}

/** The tool's inputSchema and outputSchema that are schemas at all (objects or booleans); others are skipped (tools/advertised-shape reports them). */
export function schemasOf(tool: ListedTool): ToolSchemaEntry[] {
  const out: ToolSchemaEntry[] = [];
  for (const field of ['inputSchema', 'outputSchema'] as const) {
    const schema: unknown = tool?.[field];
    const isSchema = typeof schema === 'boolean' || (schema !== null && typeof schema === 'object' && !Array.isArray(schema));
    if (isSchema) out.push({ field, root: `/${field}`, schema: schema as JsonSchema });
  }
  return out;
}

/** Tools of a listing that have a string name (others are reported by tools/advertised-shape). */
export function namedTools(tools: ListedTool[] | undefined): ListedTool[] {
  return (tools ?? []).filter((t) => t !== null && typeof t === 'object' && typeof t.name === 'string');
}
