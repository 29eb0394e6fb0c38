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
 * Run `items` in order, concurrently between barriers: `isBarrier(item)` items run alone. Resolves with
 * the results in item order; rejects when a `run` rejects (after the batch in flight settles).
 */
export async function runInEffectOrder<T, R>(items: readonly T[], isBarrier: (item: T) => boolean, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: Promise<R>[] = [];
  let batch: Promise<R>[] = [];
  for (const item of items) {
    if (!isBarrier(item)) {
      batch.push(run(item));
      results.push(batch[batch.length - 1]);
      continue;
    }
    await Promise.all(batch);
    batch = [];
    const alone = run(item);
    results.push(alone);
    await alone;
  }
  return Promise.all(results);
}

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
