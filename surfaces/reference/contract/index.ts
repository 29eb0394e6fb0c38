/**
 * The reference contract package. Exports for the harness's contract loader:
 * - `tools`: the zod definitions (the loader projects them to JSON Schema 2020-12, as SDK 2.x advertises);
 * - `draft07Tools`: the same tools projected for SDK 1.x surfaces (draft-07 `$schema`).
 */
import { definitions } from './definitions.ts';
import { toJsonSchema } from './project.ts';

export { definitions, definitionOf, type ToolDefinition } from './definitions.ts';
export { toJsonSchema, projectSchema, type ProjectedTool, type ProjectionTarget } from './project.ts';
export * from './inputs.ts';

/** The contract's tools as zod definitions (contract loader export `tools`). */
export const tools = definitions;

/** The contract projected with target draft-07, as `@modelcontextprotocol/sdk` 1.x advertises it. */
export const draft07Tools = definitions.map((def) => toJsonSchema(def, 'draft-7'));
