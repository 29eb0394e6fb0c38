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
  return walkDepth(value, limit, new Set<object>());
}

/** Nodes `jsonTreeDepth` walks before it hands a value to `jsonDepth` (a value that large, or not a tree). */
const TREE_WALK_BUDGET = 1_000_000;

/**
 * `jsonDepth` for a value that came out of `JSON.parse` (a tree: no object is reached twice), without the
 * visited set: the same number for every tree, at about half the cost (no set insert per node). It runs on
 * every server value of a run (run/depth-guard.ts). Past TREE_WALK_BUDGET nodes it returns `jsonDepth`'s
 * answer instead, so a value that is not a tree after all (shared or cyclic objects) still ends in bounded work.
 * @param limit as in `jsonDepth`
 * @returns the depth, or `limit + 1` when deeper than `limit`. Never throws.
 */
export function jsonTreeDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  const depth = walkDepth(value, limit, undefined);
  return depth < 0 ? jsonDepth(value, limit) : depth;
}

/**
 * The iterative depth walk of both: with `seen`, an object met twice is entered only the first time; without
 * it, every node is entered and the walk gives up (-1) past TREE_WALK_BUDGET nodes.
 */
function walkDepth(value: unknown, limit: number, seen: Set<object> | undefined): number {
  if (value === null || typeof value !== 'object') return 0;
  let max = 0;
  let visited = 0;
  // two parallel stacks (no [node, depth] pair per node: this runs on every record of a run)
  const nodes: object[] = [value];
  const depths: number[] = [1];
  while (nodes.length > 0) {
    const node = nodes.pop() as object;
    const depth = depths.pop() as number;
    if (seen) {
      if (seen.has(node)) continue;
      seen.add(node);
    } else if (++visited > TREE_WALK_BUDGET) return -1;
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

/** Nodes `isPlainJsonData` walks before it gives up (a value that large, a cycle, or sharing that multiplies the walk). */
const PLAIN_WALK_BUDGET = 1_000_000;

/**
 * True when `value` is plain JSON data, what JSON.parse makes: null, booleans, finite numbers, strings, and
 * arrays and objects whose prototype is Array.prototype, Object.prototype or null, with no `toJSON` function and
 * every member (own enumerable string keys) plain JSON data as well. Then JSON.stringify writes the value itself
 * (no member dropped, nothing converted), so two such values with the same text are equal. A sparse array is not
 * plain (JSON.stringify writes its holes as `null`). Iterative, no visited set (this runs on every schema the
 * compile cache keys): shared members are walked again, and past PLAIN_WALK_BUDGET nodes (a cycle, or sharing that
 * multiplies the walk) the answer is false. Never throws on plain data.
 */
export function isPlainJsonData(value: unknown): boolean {
  const stack: unknown[] = [value];
  let visited = 0;
  while (stack.length > 0) {
    const node = stack.pop();
    if (node === null || typeof node === 'string' || typeof node === 'boolean') continue;
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) return false;
      continue;
    }
    if (typeof node !== 'object') return false; // undefined, a function, a symbol, a bigint
    if (++visited > PLAIN_WALK_BUDGET) return false;
    const prototype = Object.getPrototypeOf(node) as unknown;
    if (Array.isArray(node)) {
      if (prototype !== Array.prototype || Object.keys(node).length !== node.length) return false;
      for (let i = 0; i < node.length; i++) stack.push(node[i]);
      continue;
    }
    if (prototype !== Object.prototype && prototype !== null) return false;
    const record = node as Record<string, unknown>;
    if (typeof record.toJSON === 'function') return false;
    for (const key in record) {
      if (!Object.hasOwn(record, key)) return false; // an enumerable inherited member: not what JSON.parse makes
      stack.push(record[key]);
    }
  }
  return true;
}

/**
 * `JSON.parse` of a file's text with one leading byte order mark (U+FEFF) dropped, as Node's `require` of a .json
 * file, TypeScript and npm read it: Windows PowerShell 5 (`Set-Content -Encoding UTF8`, `Out-File`) and Notepad save
 * UTF-8 with one, and `JSON.parse` refuses it (`Unexpected token '\uFEFF'`, the mark unseen in the message; hostile
 * review hostile4). For the JSON files a user gives the harness: config, baseline, lock, scenario and report files.
 * A mark anywhere else is left to `JSON.parse`.
 * @throws SyntaxError as `JSON.parse`
 */
export function parseJsonFile(text: string): unknown {
  return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text) as unknown;
}
