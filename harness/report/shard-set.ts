/**
 * Before merging shard reports: when they carry `shard` info (written by `run --shard K/N`), the set
 * must be complete, each shard K of N exactly once with one N (Playwright's merge-reports merges blobs
 * blindly; a lost or doubled shard would silently under- or over-report). Reports without shard info
 * (none of them carrying it) are not checked.
 */
import type { Report } from '../model/report.ts';
import { ReportError } from './errors.ts';

/**
 * Check the shard set of `reports` (`names` name the files, same order).
 * @throws ReportError `MCP_HARNESS_SHARD_INVALID` naming the files: a report without shard info among
 * shard reports, different totals N, a duplicate shard (`duplicate shard 1/2 in a and b`), a missing one
 * (`missing shard 2/2`).
 */
export function assertCompleteShardSet(reports: readonly Report[], names: readonly string[]): void {
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
  const byIndex = new Map<number, string>();
  for (const { shard, name } of sharded) {
    const seen = byIndex.get(shard!.index);
    if (seen !== undefined) fail(`duplicate shard ${label(shard!)} in ${seen} and ${name}`);
    byIndex.set(shard!.index, name);
  }
  const missing = Array.from({ length: total }, (_, i) => i + 1).filter((k) => !byIndex.has(k));
  if (missing.length > 0) fail(`missing ${missing.map((k) => `shard ${k}/${total}`).join(', ')} (given: ${names.join(', ')})`);
}

function label(shard: { index: number; total: number }): string {
  return `${shard.index}/${shard.total}`;
}
