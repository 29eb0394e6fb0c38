import { describe, expect, it } from 'vitest';
import { buildReport } from '../../harness/report/build.ts';
import { ReportError } from '../../harness/report/errors.ts';
import { mergeReports } from '../../harness/report/merge.ts';
import { assertCompleteShardSet } from '../../harness/report/shard-set.ts';
import type { Report } from '../../harness/model/report.ts';
import { sampleInput } from '../fixtures/reports/sample.ts';

/** Shard `index`/`total` of a run with plan key `plan` (null: none, a report of an older build). */
const shard = (index: number, total: number, plan: string | null = 'p1', harnessVersion = '0.1.0'): Report =>
  buildReport(sampleInput({ harnessVersion, shard: { index, total, ...(plan === null ? {} : { plan }) } }));
const plain = (): Report => buildReport(sampleInput());

function mergeError(reports: Report[], names: string[]): ReportError {
  const error = (() => {
    try {
      mergeReports(reports, names);
    } catch (e) {
      return e;
    }
    return undefined;
  })();
  expect(error).toBeInstanceOf(ReportError);
  expect((error as ReportError).code).toBe('MCP_HARNESS_SHARD_INVALID');
  return error as ReportError;
}

describe('merge: the shard set', () => {
  it('merges a complete set in any order, and reports without shard info as before', () => {
    expect(() => assertCompleteShardSet([shard(2, 3), shard(1, 3), shard(3, 3)], ['b', 'a', 'c'])).not.toThrow();
    expect(mergeReports([shard(2, 2), shard(1, 2)], ['b', 'a']).shard).toBeUndefined();
    expect(() => mergeReports([plain(), plain()], ['x', 'y'])).not.toThrow();
  });

  it('refuses a duplicated shard, naming both files (merge sh1 sh1)', () => {
    const error = mergeError([shard(1, 2), shard(1, 2)], ['sh1/report.json', 'sh1-again/report.json']);
    expect(error.message).toContain('duplicate shard 1/2 in sh1/report.json and sh1-again/report.json');
  });

  it('refuses a missing shard, naming it', () => {
    expect(mergeError([shard(1, 3), shard(3, 3)], ['a', 'c']).message).toContain('missing shard 2/3');
    expect(mergeError([shard(1, 2)], ['a']).message).toContain('missing shard 2/2');
  });

  it('refuses shards of different totals, and a report without shard info among shards', () => {
    expect(mergeError([shard(1, 2), shard(2, 3)], ['a', 'b']).message).toMatch(/b is shard 2\/3, but a is shard 1\/2/);
    expect(mergeError([shard(1, 2), plain()], ['a', 'full']).message).toContain('full has no shard info');
  });

  it('refuses a shard of another run (another plan key, or none beside one), naming both files', () => {
    expect(mergeError([shard(1, 2), shard(2, 2, 'p2')], ['a', 'b']).message).toContain('b (shard 2/2) is not a shard of the run a (shard 1/2) belongs to: their plan keys differ (p2, p1)');
    // review: '(p1, none) ... so they ran other surfaces' blamed the plan of a report that has none (an older build)
    expect(mergeError([shard(1, 2, null), shard(2, 2)], ['old', 'new']).message).toContain('new (shard 2/2) is not a shard of the run old (shard 1/2) belongs to: old carries no plan key (written by a build before plan keys)');
    expect(mergeError([shard(1, 2), shard(2, 2, null)], ['new', 'old']).message).toContain(': old carries no plan key (written by a build before plan keys), so nothing shows they ran the same surfaces');
    expect(() => mergeReports([shard(1, 2, null), shard(2, 2, null)], ['a', 'b'])).not.toThrow();
  });

  it('refuses shards of different harness versions (a minor or patch too), each file with its version', () => {
    expect(mergeError([shard(1, 2), shard(2, 2, 'p1', '0.1.1')], ['a', 'b']).message).toContain('one harness version, but: a was written by 0.1.0; b was written by 0.1.1');
  });

  it('a file named twice is one report: merged once with a warning, never a doubled shard', () => {
    const warnings: string[] = [];
    const one = shard(1, 2);
    expect(() => mergeReports([one, one, shard(2, 2)], ['a', 'a', 'b'], (w) => warnings.push(w))).not.toThrow();
    expect(warnings).toEqual(['a is given more than once: it is merged once']);
  });

  it('a shard missing because its sibling was given twice says so (merge s1 s1), not only that it is missing', () => {
    const one = shard(1, 2);
    expect(mergeError([one, one], ['s1', 's1']).message).toBe('merge: missing shard 2/2 (given: s1; given more than once, merged once: s1)');
    expect(mergeError([one], ['s1']).message).toBe('merge: missing shard 2/2 (given: s1)');
  });
});
