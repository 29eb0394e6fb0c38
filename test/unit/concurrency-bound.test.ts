/**
 * The run's concurrency is bounded by memory (harness/run/concurrency-bound.ts): no more surfaces at once than their
 * retention budgets (each with its fresh-process sessions) fit in half the V8 heap limit; each surface's budget stays
 * its own. Both arms of the formula (lowered, not lowered), and what a surface is counted at.
 */
import { getHeapStatistics } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { FRESH_PROCESS_PROBES, freshSessionsAtOnce } from '../../harness/checks/fresh-process.ts';
import type { ResolvedSurface } from '../../harness/config/types.ts';
import { FRESH_RETAINED_BYTES, defaultRetentionBudget, freshRetentionBudget } from '../../harness/retention-budget.ts';
import { RETENTION_HEAP_SHARE, boundConcurrency, boundedConcurrency, describeBound, surfaceRetentionBytes } from '../../harness/run/concurrency-bound.ts';

const MiB = 1024 * 1024;
const GiB = 1024 * MiB;
const all = () => true;

/** A surface as the bound reads it: only its limits matter. */
const surface = (name: string, maxRetainedBytes?: number) => ({ name, limits: maxRetainedBytes === undefined ? {} : { maxRetainedBytes } }) as unknown as ResolvedSurface;

describe('boundedConcurrency', () => {
  it('lowers the configured concurrency to what fits in half the heap limit', () => {
    // a 64-core runner, Node 20's default heap (~4 GiB): 518 MiB a surface fits 4 times in 2 GiB, not 64
    expect(boundedConcurrency(64, 518 * MiB, 4 * GiB)).toBe(3);
    expect(boundedConcurrency(16, 512 * MiB, 4 * GiB)).toBe(4);
    expect(RETENTION_HEAP_SHARE).toBe(0.5);
  });

  it('keeps the configured concurrency when it fits (the twin)', () => {
    expect(boundedConcurrency(2, 512 * MiB, 4 * GiB)).toBe(2);
    expect(boundedConcurrency(4, 512 * MiB, 4 * GiB)).toBe(4); // exactly the share
    expect(boundedConcurrency(8, 1 * MiB, 4 * GiB)).toBe(8);
  });

  it('never goes below one surface, however large a surface is', () => {
    expect(boundedConcurrency(4, 300 * MiB, 512 * MiB)).toBe(1);
    expect(boundedConcurrency(4, 64 * GiB, 512 * MiB)).toBe(1);
    expect(boundedConcurrency(0, 1 * MiB, 4 * GiB)).toBe(1);
  });

  it('leaves the configured concurrency alone for a size that is no positive number', () => {
    for (const size of [0, -1, Number.NaN]) expect(boundedConcurrency(6, size, 512 * MiB)).toBe(6);
  });
});

describe('what a surface is counted at', () => {
  it('counts each check that opens fresh processes twice, on any era', () => {
    expect(Object.keys(FRESH_PROCESS_PROBES)).toHaveLength(2); // one opening each (a shared one on legacy, their own in round 2)
    expect(freshSessionsAtOnce(all)).toBe(4);
    expect(freshSessionsAtOnce((id) => id !== 'protocol/client-capabilities')).toBe(2);
    expect(freshSessionsAtOnce(() => false)).toBe(0);
  });

  it('adds its fresh-process sessions at their own small budget to its main budget', () => {
    expect(freshRetentionBudget(1 * GiB)).toBe(FRESH_RETAINED_BYTES);
    expect(freshRetentionBudget(1 * MiB)).toBe(1 * MiB);
    expect(FRESH_RETAINED_BYTES).toBe(16 * MiB);
    expect(surfaceRetentionBytes(256 * MiB, 4)).toBe(320 * MiB);
    expect(surfaceRetentionBytes(1 * MiB, 4)).toBe(5 * MiB);
    expect(surfaceRetentionBytes(256 * MiB, 0)).toBe(256 * MiB);
  });
});

describe('boundConcurrency', () => {
  it('lowers, and says so, when the largest surface does not fit as often as configured', () => {
    const bound = boundConcurrency([surface('a', 100 * MiB), surface('b', 400 * MiB), surface('c', 50 * MiB)], 3, all, 2 * GiB);
    expect(bound).toEqual({ configured: 3, effective: 2, surfaceBytes: 464 * MiB, heapLimitBytes: 2 * GiB, lowered: true });
    const line = describeBound(bound);
    expect(line).toContain('running 2 surfaces at once, not 3 (concurrency)');
    expect(line).toContain(`${464 * MiB} bytes`);
    expect(line).toContain(`(${2 * GiB} bytes)`);
    expect(describeBound({ ...bound, effective: 1 })).toContain('running 1 surface at a time, not 3');
  });

  it('does not lower when the surfaces fit (the twin)', () => {
    const bound = boundConcurrency([surface('a', 100 * MiB), surface('b', 100 * MiB)], 2, all, 2 * GiB);
    expect(bound).toMatchObject({ configured: 2, effective: 2, lowered: false });
  });

  it('says nothing when the run has no more surfaces than the bound allows anyway', () => {
    // one surface: the bound of 1 runs it as the configured 8 would
    expect(boundConcurrency([surface('a', 1 * GiB)], 8, all, 512 * MiB)).toMatchObject({ effective: 1, lowered: false });
  });

  it("counts a surface without limits.maxRetainedBytes at this process's derived default", () => {
    const heap = getHeapStatistics().heap_size_limit;
    const bound = boundConcurrency([surface('a'), surface('b')], 2, all, heap);
    expect(bound.surfaceBytes).toBe(surfaceRetentionBytes(defaultRetentionBudget().bytes, 4));
    expect(bound.heapLimitBytes).toBe(heap);
  });
});
