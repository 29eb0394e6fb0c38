/**
 * Pure handlers of the branch and target tools: compare_local, score_branch, list_targets.
 * Deterministic; failures name fields, never values.
 */
import type { z } from 'zod';
import type { BranchAnalysisInput, ListTargetsArgs, ScoreBranchArgs } from '../contract/inputs.ts';
import { fail, ok, type HandlerOutcome } from './result.ts';

type Branch = z.infer<typeof BranchAnalysisInput>;
type Risk = 'low' | 'medium' | 'high';

function conflictRiskOf(branch: Branch): Risk {
  if (branch.commits > 200 || (branch.strategy === 'rebase' && branch.commits > 50)) return 'high';
  return branch.commits > 20 ? 'medium' : 'low';
}

function branchScore(commits: number, reviewers = 0): number {
  return Math.max(0, Math.min(100, 100 - Math.floor(commits / 5) + reviewers * 5 - (reviewers === 0 ? 20 : 0)));
}

/** compare_local. Rules: at least one branch; branch names unique within the call. */
export function compareLocal(args: { variants: Branch[] }): HandlerOutcome<Record<string, unknown>> {
  const { variants } = args;
  if (variants.length === 0) return fail('variants', 'at least one branch is needed');
  if (new Set(variants.map((v) => v.branch)).size !== variants.length) {
    return fail('variants', 'branch names must be unique');
  }
  const ranking = variants
    .map((v, index) => ({ index, score: branchScore(v.commits, v.strategy === 'squash' ? 1 : 0), conflictRisk: conflictRiskOf(v) }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  return ok({ ranking, recommendedIndex: ranking[0].index });
}

/** score_branch. Rule: a branch without commits cannot be scored. */
export function scoreBranch(args: z.infer<typeof ScoreBranchArgs>): HandlerOutcome<Record<string, unknown>> {
  if (args.commits === 0) return fail('commits', 'a branch without commits cannot be scored');
  const score = branchScore(args.commits, args.reviewers);
  const grade = score >= 85 ? 'A' : score >= 70 ? 'B' : score >= 50 ? 'C' : 'D';
  return ok({ score, grade });
}

/** The fixed deployment targets list_targets serves. */
export const TARGETS = [
  { id: 'tgt-eu-stable', channel: 'stable', region: 'eu-west' },
  { id: 'tgt-us-stable', channel: 'stable', region: 'us-east' },
  { id: 'tgt-eu-beta', channel: 'beta', region: 'eu-west' },
  { id: 'tgt-us-beta', channel: 'beta', region: 'us-east' },
  { id: 'tgt-ap-nightly', channel: 'nightly', region: 'ap-south' },
] as const;

/** list_targets: filter by channel, cap at `limit` (default 10). `total` counts before the cap. */
export function listTargets(args: z.infer<typeof ListTargetsArgs>): HandlerOutcome<Record<string, unknown>> {
  const matching = TARGETS.filter((t) => args.channel === undefined || t.channel === args.channel);
  return ok({ targets: matching.slice(0, args.limit ?? 10).map((t) => ({ ...t })), total: matching.length });
}
