/**
 * The scenario file format (zod, strict): one tool, its named calls and their expected outcomes.
 * `scenario.schema.json` beside this module is generated from it (see scenarioJsonSchema).
 */
import { z } from 'zod';

/** One scenario as written in a file. */
export const scenarioEntrySchema = z.strictObject({
  name: z.string().min(1).describe('Unique per tool within a surface'),
  arguments: z.record(z.string(), z.unknown()).default({}).describe('The tools/call arguments object'),
  expect: z.enum(['success', 'tool-error', 'protocol-error']).describe('Expected outcome class'),
  assert: z
    .strictObject({
      structuredContentHas: z.array(z.string().regex(/^(\/.*)?$/, 'Expected a JSON pointer ("" or starting with "/")')).optional()
        .describe('JSON pointers that must exist in structuredContent'),
      textIncludes: z.array(z.string()).optional().describe('Substrings some text block must contain'),
    })
    .optional(),
  timeoutMs: z.number().int().positive().optional().describe('Per-call timeout override, ms'),
});

/** A scenario file: `{ "tool": "<name>", "scenarios": [...] }`. */
export const scenarioFileSchema = z
  .strictObject({
    $schema: z.string().optional().describe('Editor hint, e.g. a path to scenario.schema.json; ignored'),
    tool: z.string().min(1).describe('The tool these scenarios call'),
    scenarios: z.array(scenarioEntrySchema).min(1, 'Expected at least one scenario'),
  })
  .describe('mcp-harness scenario file');

/** The JSON Schema (2020-12) of the scenario file format, as committed in scenario.schema.json. */
export function scenarioJsonSchema(): Record<string, unknown> {
  return z.toJSONSchema(scenarioFileSchema, { io: 'input', target: 'draft-2020-12' }) as Record<string, unknown>;
}
