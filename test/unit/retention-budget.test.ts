/**
 * The default retention budget follows the heap limit of the process that runs the harness (harness/retention-budget.ts):
 * the limit / 8, within 256 MiB to 1 GiB; this process's default is derived from its own V8 heap statistics.
 */
import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { RETENTION_CEILING_BYTES, RETENTION_FLOOR_BYTES, defaultRetentionBudget, retentionBudgetFor } from '../../harness/retention-budget.ts';

const MiB = 1024 * 1024;

describe('retentionBudgetFor', () => {
  it('is an eighth of the heap limit between the floor and the ceiling', () => {
    expect(retentionBudgetFor(4345298944)).toBe(543162368); // Node 20's default on a 16 GB machine: the 304 MB server fits
    expect(retentionBudgetFor(3 * 1024 * MiB)).toBe(384 * MiB);
  });

  it('never goes below 256 MiB (a small heap) nor above 1 GiB (a huge one)', () => {
    expect(retentionBudgetFor(1124073472)).toBe(RETENTION_FLOOR_BYTES); // --max-old-space-size=1024
    expect(retentionBudgetFor(RETENTION_FLOOR_BYTES * 8 - 8)).toBe(RETENTION_FLOOR_BYTES);
    expect(retentionBudgetFor(RETENTION_FLOOR_BYTES * 8 + 8)).toBe(RETENTION_FLOOR_BYTES + 1);
    expect(retentionBudgetFor(64 * 1024 * MiB)).toBe(RETENTION_CEILING_BYTES);
    expect(RETENTION_FLOOR_BYTES).toBe(256 * MiB);
    expect(RETENTION_CEILING_BYTES).toBe(1024 * MiB);
  });

  it('gives the floor for a limit that is no positive number', () => {
    for (const limit of [0, -1, Number.NaN, Number.POSITIVE_INFINITY]) expect(retentionBudgetFor(limit)).toBe(RETENTION_FLOOR_BYTES);
  });

  it("derives this process's default from its V8 heap limit", () => {
    const heapLimitBytes = getHeapStatistics().heap_size_limit;
    expect(defaultRetentionBudget()).toEqual({ bytes: retentionBudgetFor(heapLimitBytes), heapLimitBytes });
  });
});
