/**
 * Input schemas of the reference contract (zod v4). `PreviewInput` and `BranchAnalysisInput` are the
 * element types of the two array-of-object inputs (`compare_variants`, `compare_local`); surfaces that
 * override a tool may only narrow these (see surfaces/reference/narrowed/overrides.ts).
 */
import { z } from 'zod';

/** Release channels a preview can target. */
export const CHANNELS = ['stable', 'beta', 'nightly'] as const;
/** Merge strategies a branch analysis can assume. */
export const STRATEGIES = ['merge', 'rebase', 'squash'] as const;

/** One release preview request: version (max 32 chars), channel, rollout percent 0-100, optional notes. */
export const PreviewInput = z.object({
  version: z.string().min(1).max(32).describe('Semantic version to preview, e.g. 1.4.0 or 2.0.0-rc.1'),
  channel: z.enum(CHANNELS).describe('Release channel the preview targets'),
  rolloutPercent: z.number().int().min(0).max(100).describe('Share of users that receive the release, percent'),
  notes: z.string().max(500).optional().describe('Release notes shown with the preview'),
});

/** One local branch to analyse: name (max 100 chars), optional base ref, commit count, merge strategy. */
export const BranchAnalysisInput = z.object({
  branch: z.string().min(1).max(100).describe('Branch name'),
  baseRef: z.string().max(100).optional().describe('Ref the branch is compared against; default main'),
  commits: z.number().int().min(0).max(10000).describe('Commits on the branch since the base ref'),
  strategy: z.enum(STRATEGIES).describe('Merge strategy to assume'),
});

/** A preview identifier as returned by preview_release (max 64 chars). */
export const PreviewId = z.string().min(1).max(64).describe('Preview identifier returned by preview_release');

/** `preview_release` arguments: one PreviewInput. */
export const PreviewReleaseArgs = PreviewInput;
/** `compare_variants` arguments. */
export const CompareVariantsArgs = z.object({ variants: z.array(PreviewInput).describe('Release variants to rank') });
/** `compare_local` arguments. */
export const CompareLocalArgs = z.object({ variants: z.array(BranchAnalysisInput).describe('Local branches to rank') });
/** `score_branch` arguments. */
export const ScoreBranchArgs = z.object({
  branch: z.string().min(1).max(100).describe('Branch name'),
  commits: z.number().int().min(0).max(10000).describe('Commits on the branch since main'),
  reviewers: z.number().int().min(0).max(20).optional().describe('Approving reviewers so far'),
});
/** `list_targets` arguments. */
export const ListTargetsArgs = z.object({
  channel: z.enum(CHANNELS).optional().describe('Only targets of this channel'),
  limit: z.number().int().min(1).max(50).optional().describe('Maximum number of targets to return; default 10'),
});
/** `get_status` arguments. */
export const GetStatusArgs = z.object({ previewId: PreviewId });
/** `delete_preview` arguments. */
export const DeletePreviewArgs = z.object({
  previewId: PreviewId,
  confirm: z.boolean().describe('Must be true: deleting a preview cannot be undone'),
});
