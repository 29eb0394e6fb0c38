/**
 * The reference contract: seven tools of a small "release preview" service, with zod v4 schemas.
 * Surfaces register these; `toJsonSchema` (./project.ts) projects them to what `tools/list` advertises.
 */
import type { z } from 'zod';
import type { ToolAnnotations } from '../../../harness/model/protocol.ts';
import * as input from './inputs.ts';
import * as output from './outputs.ts';

/** One contract tool definition: zod object schemas plus metadata, exactly what a surface registers. */
export interface ToolDefinition {
  name: string;
  title: string;
  description: string;
  inputSchema: z.ZodObject;
  outputSchema: z.ZodObject;
  annotations: ToolAnnotations;
}

const readOnly: ToolAnnotations = { readOnlyHint: true, destructiveHint: false, idempotentHint: true, openWorldHint: false };

/** The contract's tools, in registration order. */
export const definitions: readonly ToolDefinition[] = [
  {
    name: 'preview_release',
    title: 'Preview release',
    description: 'Create a deterministic preview of a release on one channel and estimate its risk.',
    inputSchema: input.PreviewReleaseArgs,
    outputSchema: output.PreviewReleaseResult,
    annotations: { ...readOnly, title: 'Preview release' },
  },
  {
    name: 'compare_variants',
    title: 'Compare release variants',
    description: 'Rank two or more release variants by estimated risk and reach, best first.',
    inputSchema: input.CompareVariantsArgs,
    outputSchema: output.CompareVariantsResult,
    annotations: { ...readOnly, title: 'Compare release variants' },
  },
  {
    name: 'compare_local',
    title: 'Compare local branches',
    description: 'Rank local branches by how safely they merge into their base ref, best first.',
    inputSchema: input.CompareLocalArgs,
    outputSchema: output.CompareLocalResult,
    annotations: { ...readOnly, title: 'Compare local branches' },
  },
  {
    name: 'score_branch',
    title: 'Score branch',
    description: 'Score one branch from 0 to 100 by size and review coverage.',
    inputSchema: input.ScoreBranchArgs,
    outputSchema: output.ScoreBranchResult,
    annotations: { ...readOnly, title: 'Score branch' },
  },
  {
    name: 'list_targets',
    title: 'List deployment targets',
    description: 'List the deployment targets a release can be previewed on.',
    inputSchema: input.ListTargetsArgs,
    outputSchema: output.ListTargetsResult,
    annotations: { ...readOnly, title: 'List deployment targets' },
  },
  {
    name: 'get_status',
    title: 'Get preview status',
    description: 'Report the state of a preview created by preview_release.',
    inputSchema: input.GetStatusArgs,
    outputSchema: output.GetStatusResult,
    annotations: { ...readOnly, title: 'Get preview status' },
  },
  {
    name: 'delete_preview',
    title: 'Delete preview',
    description: 'Delete a preview. Cannot be undone; requires confirm set to true.',
    inputSchema: input.DeletePreviewArgs,
    outputSchema: output.DeletePreviewResult,
    annotations: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false, title: 'Delete preview' },
  },
];

/** Look up a definition by tool name. @throws Error for a name the contract does not define. */
export function definitionOf(name: string): ToolDefinition {
  const def = definitions.find((d) => d.name === name);
  if (!def) throw new Error(`reference contract: no tool named '${name}'`);
  return def;
}
