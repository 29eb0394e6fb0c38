/**
 * Before merging shard reports: when they carry `shard` info (written by `run --shard K/N`), the set
 * must be the shards of one run, complete: one harness version (Vitest's --merge-reports refuses blobs of
 * different versions, naming each file's), one plan key (harness/run/plan-key.ts: the same surfaces, check
 * settings and filters; Playwright's merge-reports merges whatever blobs it is given), one N, each shard K
 * exactly once. A lost shard refuses the merge instead of rendering a report that looks complete, a doubled
 * one instead of counting its work twice. Reports without shard info (none of them carrying it) are not
 * checked here.
 */
import type { Report } from '../model/report.ts';
import { ReportError } from './errors.ts';

/**
 * Check the shard set of `reports` (`names` name the files, same order).
 * @throws ReportError `MCP_HARNESS_SHARD_INVALID` naming the files: a report without shard info among
 * shard reports, different totals N, different harness versions (each file's listed), a shard of another run
 * (its plan key differs from the first file's, or one of the two has none), a duplicate shard
 * (`duplicate shard 1/2 in a and b`), a missing one (`missing shard 2/2`; `repeated` names the files that were
 * given more than once and merged once, so `merge s1 s1` says why shard 2 is missing rather than only that it is).
 */
export function assertCompleteShardSet(reports: readonly Report[], names: readonly string[], repeated: readonly string[] = []): void {
  const sharded = reports.map((r, i) => ({ shard: r.shard, name: names[i] }));
  if (sharded.every((s) => s.shard === undefined)) return;
  const fail = (message: string): never => {
    throw new ReportError('MCP_HARNESS_SHARD_INVALID', `merge: ${message}`);
  };
  const unmarked = sharded.find((s) => s.shard === undefined);
  if (unmarked) fail(`${unmarked.name} has no shard info, but other reports are shards (merge either shard reports only or none)`);
  const first = sharded[0];
  const total = first.shard!.total;
  const other = sharded.find((s) => s.shard!.total !== total);
  if (other) fail(`${other.name} is shard ${label(other.shard!)}, but ${first.name} is shard ${label(first.shard!)}: every shard must share one total N`);
  const versions = reports.map((r) => r.harnessVersion);
  if (new Set(versions).size > 1) fail(`the shards of one run come from one harness version, but: ${sharded.map((s, i) => `${s.name} was written by ${versions[i]}`).join('; ')}`);
  const plan = first.shard!.plan;
  const stranger = sharded.find((s) => s.shard!.plan !== plan);
  if (stranger) {
    // a report without a plan key was written by a build before plan keys: its plan is unknown, not another one
    const keyless = [stranger, first].filter((s) => s.shard!.plan === undefined).map((s) => s.name);
    const why =
      keyless.length > 0
        ? `${keyless.join(' and ')} carries no plan key (written by a build before plan keys), so nothing shows they ran the same surfaces, check settings and --check/--tool filters; run every shard with one build`
        : `their plan keys differ (${stranger.shard!.plan}, ${plan}), so they ran other surfaces, check settings or --check/--tool filters; merge the shards of one run`;
    fail(`${stranger.name} (shard ${label(stranger.shard!)}) is not a shard of the run ${first.name} (shard ${label(first.shard!)}) belongs to: ${why}`);
  }
  const byIndex = new Map<number, string>();
  for (const { shard, name } of sharded) {
    const seen = byIndex.get(shard!.index);
    if (seen !== undefined) fail(`duplicate shard ${label(shard!)} in ${seen} and ${name}`);
    byIndex.set(shard!.index, name);
  }
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((k) => !byIndex.has(k));
  if (missing.length > 0) fail(`missing ${missing.map((k) => `shard ${k}/${total}`).join(', ')} (given: ${names.join(', ')}${repeated.length > 0 ? `; given more than once, merged once: ${repeated.join(', ')}` : ''})`);
}

function label(shard: { index: number; total: number }): string {
  return `${shard.index}/${shard.total}`;
}
