/** Output schemas of the reference contract (zod v4); every handler's structuredContent matches one. */
import { z } from 'zod';
import { CHANNELS } from './inputs.ts';

const Risk = z.enum(['low', 'medium', 'high']);

/** `preview_release` result. */
export const PreviewReleaseResult = z.object({
  previewId: z.string(),
  version: z.string(),
  channel: z.enum(CHANNELS),
  rolloutPercent: z.number().int(),
  risk: Risk,
});
/** `compare_variants` result: variants ranked best first (index into the request's variants). */
export const CompareVariantsResult = z.object({
  ranking: z.array(z.object({ index: z.number().int(), score: z.number().int(), risk: Risk })),
  bestIndex: z.number().int(),
});
/** `compare_local` result: branches ranked best first (index into the request's variants). */
export const CompareLocalResult = z.object({
  ranking: z.array(z.object({ index: z.number().int(), score: z.number().int(), conflictRisk: Risk })),
  recommendedIndex: z.number().int(),
});
/** `score_branch` result: score 0-100 and a letter grade. */
export const ScoreBranchResult = z.object({
  score: z.number().int().min(0).max(100),
  grade: z.enum(['A', 'B', 'C', 'D']),
});
/** `list_targets` result. */
export const ListTargetsResult = z.object({
  targets: z.array(z.object({ id: z.string(), channel: z.enum(CHANNELS), region: z.string() })),
  total: z.number().int(),
});
/** `get_status` result. */
export const GetStatusResult = z.object({
  previewId: z.string(),
  state: z.enum(['building', 'ready', 'expired']),
  ageMinutes: z.number().int(),
});
/** `delete_preview` result. */
export const DeletePreviewResult = z.object({ previewId: z.string(), deleted: z.boolean() });
