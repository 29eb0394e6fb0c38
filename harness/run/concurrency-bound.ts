/**
 * How many surfaces a run validates at once, bounded by memory: each surface may make the harness keep up to its
 * retention budget of server answers (limits.maxRetainedBytes, harness/retention-budget.ts) in its main session, plus
 * a small budget in each fresh-process session it holds at once (FRESH_RETAINED_BYTES). A surface's budget, and so
 * its verdict, never depends on the other surfaces or on timing; instead the run starts no more surfaces at once than
 * fit, together, in a share of the V8 heap limit (RETENTION_HEAP_SHARE), so several flooding servers validated side
 * by side (config `concurrency`, default one per core) draw each its harness/retention-budget finding and the run
 * still writes its report, instead of ending in V8's out-of-memory crash (exit 134, no report). The other half of
 * the heap is left for judging what was kept (~1.05-1.2x the kept bytes at peak, retention-budget.ts), the answers
 * in flight when a budget passes (one window, each at most `maxLineBytes`) and the harness itself.
 */
import { getHeapStatistics } from 'node:v8';
import { freshSessionsAtOnce } from '../checks/fresh-process.ts';
import type { ResolvedSurface } from '../config/types.ts';
import { defaultRetentionBudget, freshRetentionBudget } from '../retention-budget.ts';

/** The share of the V8 heap limit the budgets of the surfaces run at once may take together (one half). */
export const RETENTION_HEAP_SHARE = 0.5;

/** The run's concurrency as configured and as bounded (`boundConcurrency`); sizes in bytes. */
export interface ConcurrencyBound {
  /** Surfaces at once as configured (config `concurrency`, `--concurrency`, default os.availableParallelism()). */
  configured: number;
  /** Surfaces at once the run uses: `boundedConcurrency(configured, surfaceBytes, heapLimitBytes)`. */
  effective: number;
  /** What one surface may make the harness keep, bytes (`surfaceRetentionBytes`; the largest over the run's surfaces). */
  surfaceBytes: number;
  /** The V8 heap limit of this process, bytes (`heap_size_limit`, which follows `--max-old-space-size`). */
  heapLimitBytes: number;
  /**
   * True when the bound runs fewer surfaces at once than would have run without it (fewer than both `configured` and
   * the run's surface count): the run says so once (the CLI: an info line on stderr, `describeBound`).
   */
  lowered: boolean;
}

/**
 * Surfaces to run at once: `configured`, but no more than fit in RETENTION_HEAP_SHARE of `heapLimitBytes` at
 * `surfaceBytes` each, and never fewer than one: min(configured, max(1, floor(heapLimitBytes x share / surfaceBytes))).
 * A `configured` below 1 counts as 1; a `surfaceBytes` that is not a positive finite number leaves `configured` as it is.
 * Pure.
 */
export function boundedConcurrency(configured: number, surfaceBytes: number, heapLimitBytes: number): number {
  const wanted = Math.max(1, Math.floor(configured));
  if (!Number.isFinite(surfaceBytes) || surfaceBytes <= 0) return wanted;
  const fits = Math.floor((heapLimitBytes * RETENTION_HEAP_SHARE) / surfaceBytes);
  return Math.min(wanted, Math.max(1, fits));
}

/**
 * What one surface may make the harness keep at once, bytes: its main session's retention budget (`budgetBytes`)
 * plus `freshSessions` fresh-process sessions' (`freshRetentionBudget` of it each). Pure.
 */
export function surfaceRetentionBytes(budgetBytes: number, freshSessions: number): number {
  return budgetBytes + freshSessions * freshRetentionBudget(budgetBytes);
}

/**
 * The bound for running `surfaces` with `configured` surfaces at once in this process: each surface's budget is
 * its limits.maxRetainedBytes, else the derived default (`defaultRetentionBudget`); the largest such surface sizes the
 * bound (surfaces start in any order). `enabled` says which checks run (their fresh-process sessions are counted,
 * `freshSessionsAtOnce`). `heapLimitBytes` defaults to this process's V8 heap limit. Never throws.
 */
export function boundConcurrency(surfaces: readonly ResolvedSurface[], configured: number, enabled: (id: string) => boolean, heapLimitBytes = getHeapStatistics().heap_size_limit): ConcurrencyBound {
  const fresh = freshSessionsAtOnce(enabled);
  let derived: number | undefined;
  const budget = (s: ResolvedSurface) => s.limits.maxRetainedBytes ?? (derived ??= defaultRetentionBudget().bytes);
  const surfaceBytes = Math.max(0, ...surfaces.map((s) => surfaceRetentionBytes(budget(s), fresh)));
  const wanted = Math.max(1, Math.floor(configured));
  const effective = boundedConcurrency(wanted, surfaceBytes, heapLimitBytes);
  return { configured: wanted, effective, surfaceBytes, heapLimitBytes, lowered: effective < Math.min(wanted, surfaces.length) };
}

/**
 * The one line that says a bound lowered the run's concurrency (no server value: only the harness's own sizes, bytes),
 * and how to run more surfaces at once.
 */
export function describeBound(bound: ConcurrencyBound): string {
  const atOnce = bound.effective === 1 ? '1 surface at a time' : `${bound.effective} surfaces at once`;
  return `running ${atOnce}, not ${bound.configured} (concurrency): each surface may keep up to ${bound.surfaceBytes} bytes of server answers (limits.maxRetainedBytes, with its fresh-process sessions), and the surfaces run at once are held to half of this process's V8 heap limit (${bound.heapLimitBytes} bytes); run the harness with a larger heap (node --max-old-space-size) or set a smaller limits.maxRetainedBytes to run more at once`;
}
