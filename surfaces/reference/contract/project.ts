/**
 * Projection of contract definitions to JSON Schema, aligned with what the SDKs advertise in
 * `tools/list`: inputs with `io: 'input'`, outputs with `io: 'output'`. SDK 2.x
 * (`@modelcontextprotocol/server`) converts with target `draft-2020-12`; SDK 1.x
 * (`@modelcontextprotocol/sdk`) converts zod v4 schemas with target `draft-7`.
 */
import { z } from 'zod';
import type { ContractTool } from '../../../harness/model/contract.ts';
import type { ToolDefinition } from './definitions.ts';

/** The JSON Schema target of a projection: 2020-12 (SDK 2.x, the default) or draft-07 (SDK 1.x). */
export type ProjectionTarget = 'draft-2020-12' | 'draft-7';

/** A projected tool: the contract tool with every field present. */
export interface ProjectedTool extends ContractTool {
  title: string;
  description: string;
  outputSchema: Record<string, unknown>;
}

/** Convert one zod object schema the way the SDKs do (adds `type: "object"` at the root of inputs). */
export function projectSchema(schema: z.ZodType, io: 'input' | 'output', target: ProjectionTarget = 'draft-2020-12'): Record<string, unknown> {
  const json = z.toJSONSchema(schema, { io, target }) as Record<string, unknown>;
  return io === 'input' ? { type: 'object', ...json } : json;
}

/**
 * Project a contract definition to `{ name, title, description, inputSchema, outputSchema, annotations }`
 * with JSON Schema documents. Pure. `target` picks the dialect (default 2020-12, as SDK 2.x advertises).
 * @throws Error from `z.toJSONSchema` for a zod type with no JSON Schema form (a bug in the contract).
 */
export function toJsonSchema(def: ToolDefinition, target: ProjectionTarget = 'draft-2020-12'): ProjectedTool {
  return {
    name: def.name,
    title: def.title,
    description: def.description,
    inputSchema: projectSchema(def.inputSchema, 'input', target),
    outputSchema: projectSchema(def.outputSchema, 'output', target),
    annotations: { ...def.annotations },
  };
}
