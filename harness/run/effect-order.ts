/**
 * The call order that keeps a write from racing a read (issue 9 §1, trials F10): same input, same verdict.
 *
 * Items run in their planned order. Calls of read-only tools run concurrently (the session's in-flight
 * window bounds them, as before). A call that may change state (its tool is not annotated
 * `readOnlyHint: true`, `mayChangeState`) is a barrier: it starts only once every call before it has
 * been answered, and nothing after it starts before it is answered. So every read sees exactly the
 * writes planned before it, whatever order the server would have run concurrent requests in.
 *
 * Why plan order with barriers rather than "all reads first, then the writes": the plan order is the
 * scenario files' order (e.g. memory's "create before relate before delete"); moving reads ahead of the
 * writes a user put before them would change what their scenarios test. Where nothing changes state
 * (the safe default) this is exactly the concurrent dispatch of before.
 */
import type { ListedTool } from '../model/protocol.ts';
import { mayChangeState } from '../probes/targets.ts';

/**
 * Run `items` in order, concurrently between barriers: `isBarrier(item)` items run alone. Between two
 * barriers at most `limit` items are started and not yet settled (default: no bound); the next one
 * starts as one settles, always in item order, so the items start in exactly the order of before,
 * only fewer wait at once (at 1,000 tools the ~19,000 probes were ~20 MB of suspended
 * calls queued in the session's window). Give a `limit` above the session's in-flight window, so the
 * window never waits for the pool. Resolves with the results in item order; rejects when a `run`
 * rejects (nothing more is started then).
 */
export async function runInEffectOrder<T, R>(items: readonly T[], isBarrier: (item: T) => boolean, run: (item: T) => Promise<R>, limit = Infinity): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let start = 0;
  while (start < items.length) {
    if (isBarrier(items[start] as T)) {
      results[start] = await run(items[start] as T);
      start += 1;
      continue;
    }
    let end = start + 1;
    while (end < items.length && !isBarrier(items[end] as T)) end += 1;
    await runPool(items, start, end, run, results, limit);
    start = end;
  }
  return results;
}

/** Run items[start, end) in order, at most `limit` unsettled at once, into `results`; rejects at the first rejection. */
function runPool<T, R>(items: readonly T[], start: number, end: number, run: (item: T) => Promise<R>, results: R[], limit: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    let next = start;
    let active = 0;
    let failed = false;
    const fail = (error: unknown) => {
      failed = true;
      reject(error);
    };
    const launch = (): void => {
      while (!failed && active < limit && next < end) {
        const index = next;
        next += 1;
        active += 1;
        let pending: Promise<R>;
        try {
          pending = run(items[index] as T);
        } catch (error) {
          fail(error);
          return;
        }
        pending.then((result) => {
          results[index] = result;
          active -= 1;
          if (next >= end && active === 0) resolve();
          else launch();
        }, fail);
      }
    };
    launch();
  });
}

/** Unsettled items `runInEffectOrder` keeps per in-flight slot of the session window (see its `limit`). */
export const EFFECT_ORDER_SLOTS_PER_WINDOW = 8;

/**
 * A predicate for `runInEffectOrder`: may calling `tool` (by name) change state (`mayChangeState` of its
 * listed annotations)? `undefined` (a request that is not a tools/call) and a name the listing does not
 * have (an unknown-tool probe: the server has no such tool to run) are not barriers.
 */
export function changesStateByName(tools: readonly ListedTool[]): (tool: string | undefined) => boolean {
  const byName = new Map(tools.map((t) => [t.name, t]));
  return (tool) => {
    if (tool === undefined) return false;
    const listed = byName.get(tool);
    return listed !== undefined && mayChangeState(listed.annotations);
  };
}
