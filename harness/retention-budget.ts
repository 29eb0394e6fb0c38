/**
 * The default retention budget (config `limits.maxRetainedBytes`, SessionOptions.maxRetainedBytes), derived from
 * the heap of the process that runs the harness: a share of V8's heap limit, never below the old fixed 256 MiB and
 * never above 1 GiB. Here, not in config/ or session/, because both resolve it (a surface's config, a session
 * started without one). An explicit budget is never derived.
 *
 * The share (1/RETENTION_HEAP_DIVISOR) comes from measurement (/usr/bin/time -v and process.memoryUsage() on the
 * built CLI, Node 20): a surface's peak heap is ~1.05-1.2x the bytes it kept for answers of text (50 tools x 2 MB:
 * 404 MB kept, 424 MB heap, 509 MB RSS; 30 answers of 12 MB past a 256 MiB budget: 360 MB kept, 419 MB heap). Eight
 * leaves room for a few surfaces validated at once (config `concurrency`, each with its own budget) and for judging:
 * the run validates no more surfaces at once than their budgets fit in half the heap limit (harness/run/concurrency-bound.ts).
 * What a frame costs is estimated from its text and its structure (`retainedCost`), so answers dense in objects and
 * arrays, whose heap is many times their text, pass the budget by what they really hold.
 */
import { getHeapStatistics } from 'node:v8';

/** The smallest default budget, bytes (256 MiB: the fixed default before it was derived). */
export const RETENTION_FLOOR_BYTES = 256 * 1024 * 1024;
/** The largest default budget, bytes (1 GiB). */
export const RETENTION_CEILING_BYTES = 1024 * 1024 * 1024;
/** The default budget is the heap limit divided by this (then clamped to the floor and ceiling). */
export const RETENTION_HEAP_DIVISOR = 8;

/** A default retention budget and the heap limit it was derived from, both bytes. */
export interface DerivedRetentionBudget {
  bytes: number;
  heapLimitBytes: number;
}

/**
 * The default budget for a heap limit of `heapLimitBytes` bytes (V8's `heap_size_limit`): that / RETENTION_HEAP_DIVISOR,
 * rounded down, clamped to [RETENTION_FLOOR_BYTES, RETENTION_CEILING_BYTES]. A limit that is not a positive finite
 * number gets the floor. Pure.
 */
export function retentionBudgetFor(heapLimitBytes: number): number {
  if (!Number.isFinite(heapLimitBytes) || heapLimitBytes <= 0) return RETENTION_FLOOR_BYTES;
  return Math.min(RETENTION_CEILING_BYTES, Math.max(RETENTION_FLOOR_BYTES, Math.floor(heapLimitBytes / RETENTION_HEAP_DIVISOR)));
}

/**
 * This process's default budget (`retentionBudgetFor` of `v8.getHeapStatistics().heap_size_limit`, which follows
 * `--max-old-space-size`, NODE_OPTIONS included), with the heap limit it came from. Never throws.
 */
export function defaultRetentionBudget(): DerivedRetentionBudget {
  const heapLimitBytes = getHeapStatistics().heap_size_limit;
  return { bytes: retentionBudgetFor(heapLimitBytes), heapLimitBytes };
}

/**
 * The retention budget of a fresh-process session (a fresh-process probe's process or a spare started for one,
 * harness/session/probe-fresh.ts), bytes (16 MiB, the default frame limit `maxLineBytes`). Such a session keeps its
 * probe's answer whatever the budget (an answer to a request in flight always is, WireTapRecorder.retain), and what
 * else it keeps (tap frames, notifications) no check reads, so a budget of its own this small changes no verdict; it
 * only bounds what a server flooding that process makes the harness hold (it had the surface's full budget, up to 1 GiB,
 * for each such process at once).
 */
export const FRESH_RETAINED_BYTES = 16 * 1024 * 1024;

/** A fresh-process session's retention budget, bytes: the surface's `budgetBytes`, at most FRESH_RETAINED_BYTES. Pure. */
export function freshRetentionBudget(budgetBytes: number): number {
  return Math.min(budgetBytes, FRESH_RETAINED_BYTES);
}

/** Heap bytes a parsed JSON object or array takes beyond its text (V8, Node 20: header, map, backing store), estimated. */
export const CONTAINER_COST_BYTES = 40;
/** Heap bytes a member of an object or an element of an array takes beyond its text (one tagged slot), estimated. */
export const SLOT_COST_BYTES = 8;

/**
 * What a parsed server frame costs the retention budget, bytes: the byte length of its text (`bytes`, the line's
 * UTF-8 length) plus CONTAINER_COST_BYTES for each object or array in `value` and SLOT_COST_BYTES for each member or
 * element. The text alone undercounts structure-dense values: `[{},{},...]` takes ~21 heap bytes per byte of text,
 * `[0,0,...]` ~4, a text block ~1; with the structure counted the estimate stays within ~0.8-2x of the heap measured for
 * every shape tried (2 MB lines, Node 20). Iterative, linear in the value's nodes; pure (never throws on JSON values).
 */
export function retainedCost(value: unknown, bytes: number): number {
  let cost = bytes;
  const stack: unknown[] = [value];
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node !== 'object') continue;
    cost += CONTAINER_COST_BYTES;
    if (Array.isArray(node)) {
      cost += node.length * SLOT_COST_BYTES;
      for (let i = 0; i < node.length; i++) if (node[i] !== null && typeof node[i] === 'object') stack.push(node[i]);
    } else {
      for (const key in node) {
        cost += SLOT_COST_BYTES;
        const member = (node as Record<string, unknown>)[key];
        if (member !== null && typeof member === 'object') stack.push(member);
      }
    }
  }
  return cost;
}
