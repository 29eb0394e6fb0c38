/**
 * The narrowed surface's hand-written input overrides. The harness allows only these narrowings of
 * the contract: a removed `properties` key, an added or tightened min/max bound, an enum subset, and
 * the same recursively through `items`/`properties` (harness rule `tools/input-narrowing`).
 * Descriptions are carried over so the advertised subtrees differ only by those keywords.
 */
import { z } from 'zod';
import { BranchAnalysisInput, CompareLocalArgs, CompareVariantsArgs, ListTargetsArgs, PreviewInput } from '../contract/inputs.ts';

function narrowEnum<const T extends readonly [string, ...string[]]>(source: z.ZodType, values: T) {
  return z.enum(values).describe(source.description ?? '');
}

/** PreviewInput narrowed: no `notes`, version maxLength 16 (was 32), channel without `nightly`. */
export const ScoreInput = PreviewInput.omit({ notes: true }).extend({
  version: PreviewInput.shape.version.max(16),
  channel: narrowEnum(PreviewInput.shape.channel, ['stable', 'beta']),
});

/** BranchAnalysisInput narrowed: no `baseRef`, branch maxLength 64, commits maximum 1000, no `rebase`. */
export const LocalBranchInput = BranchAnalysisInput.omit({ baseRef: true }).extend({
  branch: BranchAnalysisInput.shape.branch.max(64),
  commits: BranchAnalysisInput.shape.commits.max(1000),
  strategy: narrowEnum(BranchAnalysisInput.shape.strategy, ['merge', 'squash']),
});

/** WIDER variant for `--widen` / REFERENCE_WIDEN=1: version maxLength 64 loosens the contract's 32. */
export const WidenedScoreInput = ScoreInput.extend({
  // A fresh string schema: adding .max(64) to the contract's schema would keep its max(32) check.
  version: z.string().min(1).max(64).describe(PreviewInput.shape.version.description ?? ''),
});

/**
 * The input overrides by tool name: `compare_variants` and `compare_local` narrow inside the array
 * elements; `list_targets` tightens `limit`'s maximum to 20 (top level).
 * @param widen swap `compare_variants` for a WIDER override (a contract violation, for end-to-end tests)
 */
export function inputOverrides(widen = false): Record<string, z.ZodObject> {
  return {
    compare_variants: z.object({
      variants: z.array(widen ? WidenedScoreInput : ScoreInput).describe(CompareVariantsArgs.shape.variants.description ?? ''),
    }),
    compare_local: z.object({
      variants: z.array(LocalBranchInput).describe(CompareLocalArgs.shape.variants.description ?? ''),
    }),
    list_targets: ListTargetsArgs.extend({
      limit: ListTargetsArgs.shape.limit.unwrap().max(20).optional().describe(ListTargetsArgs.shape.limit.description ?? ''),
    }),
  };
}
