/**
 * Pure handlers of the release tools: preview_release, compare_variants, get_status, delete_preview.
 * Deterministic: the same arguments always give the same output. Failures name fields, never values.
 */
import type { z } from 'zod';
import type { DeletePreviewArgs, GetStatusArgs, PreviewInput } from '../contract/inputs.ts';
import { fail, ok, stableHash, type HandlerOutcome } from './result.ts';

type Preview = z.infer<typeof PreviewInput>;
type Risk = 'low' | 'medium' | 'high';

const PREVIEW_ID = /^pv-[0-9a-f]{8}$/;
/** Upper bound of variants compare_variants ranks in one call. */
export const MAX_VARIANTS = 10;

function riskOf(preview: Preview): Risk {
  if (preview.channel === 'nightly' || preview.rolloutPercent > 50) return 'high';
  return preview.channel === 'beta' || preview.version.includes('-') ? 'medium' : 'low';
}

function scoreOf(preview: Preview): number {
  const penalty = { low: 0, medium: 25, high: 50 }[riskOf(preview)];
  return Math.max(0, 100 - penalty - Math.floor(preview.rolloutPercent / 4));
}

/** Preview id for a version/channel pair: `pv-` + 8 hex digits. */
export function previewIdOf(version: string, channel: string): string {
  return `pv-${stableHash(`${version}@${channel}`).toString(16).padStart(8, '0')}`;
}

/** preview_release. Rule: a prerelease version (with `-`) cannot target the stable channel. */
export function previewRelease(args: Preview): HandlerOutcome<Record<string, unknown>> {
  if (args.channel === 'stable' && args.version.includes('-')) {
    return fail('version', 'a prerelease version cannot target the stable channel');
  }
  const { version, channel, rolloutPercent } = args;
  return ok({ previewId: previewIdOf(version, channel), version, channel, rolloutPercent, risk: riskOf(args) });
}

/** compare_variants. Rules: 2 to MAX_VARIANTS variants; no two with the same version and channel. */
export function compareVariants(args: { variants: Preview[] }): HandlerOutcome<Record<string, unknown>> {
  const { variants } = args;
  if (variants.length < 2) return fail('variants', 'at least two variants are needed to compare');
  if (variants.length > MAX_VARIANTS) return fail('variants', `at most ${MAX_VARIANTS} variants can be compared`);
  const keys = new Set(variants.map((v) => `${v.version}@${v.channel}`));
  if (keys.size !== variants.length) return fail('variants', 'two variants share the same version and channel');
  const ranking = variants
    .map((v, index) => ({ index, score: scoreOf(v), risk: riskOf(v) }))
    .sort((a, b) => b.score - a.score || a.index - b.index);
  return ok({ ranking, bestIndex: ranking[0].index });
}

/** get_status. Rule: the id must have the preview id form; the state follows from the id's hash. */
export function getStatus(args: z.infer<typeof GetStatusArgs>): HandlerOutcome<Record<string, unknown>> {
  if (!PREVIEW_ID.test(args.previewId)) return fail('previewId', 'no preview with this id exists');
  const hash = stableHash(args.previewId);
  const state = (['building', 'ready', 'expired'] as const)[hash % 3];
  return ok({ previewId: args.previewId, state, ageMinutes: hash % 1440 });
}

/** delete_preview. Rules: `confirm` must be true; the id must have the preview id form. */
export function deletePreview(args: z.infer<typeof DeletePreviewArgs>): HandlerOutcome<Record<string, unknown>> {
  if (args.confirm !== true) return fail('confirm', 'must be true to delete a preview');
  if (!PREVIEW_ID.test(args.previewId)) return fail('previewId', 'no preview with this id exists');
  return ok({ previewId: args.previewId, deleted: true });
}
