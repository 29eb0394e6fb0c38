/**
 * Tiny JSON helpers shared across layers (no imports, no I/O): the JSON-object guard and an
 * iterative nesting-depth measure. Nothing here recurses, so no input can overflow the stack.
 */

/** True for a JSON object: a non-null object that is not an array. */
export function isJsonObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * The nesting depth of a JSON value, measured without recursion: a scalar is 0, `{}` and `[]` are 1,
 * `{"a":{"b":1}}` is 2 (every object or array level counts once).
 * @param limit stop as soon as the depth exceeds `limit` and return `limit + 1` (bounds the work on
 *   adversarial input); default: no limit
 * @returns the depth, or `limit + 1` when deeper than `limit`. Never throws; an object met twice
 *   (shared or cyclic, which parsed JSON never is) is entered only the first time.
 */
export function jsonDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  if (value === null || typeof value !== 'object') return 0;
  let max = 0;
  // two parallel stacks (no [node, depth] pair per node: this runs on every record of a run)
  const nodes: object[] = [value];
  const depths: number[] = [1];
  const seen = new Set<object>();
  while (nodes.length > 0) {
    const node = nodes.pop() as object;
    const depth = depths.pop() as number;
    if (seen.has(node)) continue;
    seen.add(node);
    if (depth > limit) return limit + 1;
    if (depth > max) max = depth;
    for (const child of Array.isArray(node) ? (node as unknown[]) : Object.values(node)) {
      if (child !== null && typeof child === 'object') {
        nodes.push(child);
        depths.push(depth + 1);
      }
    }
  }
  return max;
}
