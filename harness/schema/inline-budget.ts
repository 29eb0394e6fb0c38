/**
 * The budget of local `$ref` inlining in canonical form (./canonicalise.ts): whether inlining every local `$ref`
 * of a document stays within MAX_INLINED_NODES canonical nodes and MAX_SCHEMA_DEPTH levels, decided up front and
 * as a whole. The decision is a function of the document's content, never of its key order: canonical form
 * inlines every local `$ref` or none, so two spellings of one schema (a server's and its lock's sorted keys)
 * get one canonical form and one hash under any budget (a hostile review: a 2^16-node `$ref` DAG spent a
 * node budget in document key order, and an unchanged server failed its own lock). The estimate walks the
 * `$ref` graph once, memoised per target, so a billion-laughs document costs its own size, not its expansion.
 * Pure; never throws.
 */
import { MAX_SCHEMA_DEPTH } from './depth.ts';
import { resolvePointer } from './pointer.ts';

/** Keywords whose value is one subschema. */
export const SINGLE = new Set(['additionalItems', 'contains', 'not', 'if', 'then', 'else', 'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties', 'propertyNames', 'contentSchema', 'items']);
/** Keywords whose value is an array of subschemas. */
export const LIST = new Set(['allOf', 'anyOf', 'oneOf', 'prefixItems']);
/** Keywords whose value maps names to subschemas (`dependencies` members may also be name lists). */
export const MAP = new Set(['properties', 'patternProperties', '$defs', 'dependentSchemas', 'dependencies']);
/** Keywords whose meaning depends on sibling keywords: a `$ref` target is not merged with siblings that carry one. */
export const SIBLING_SENSITIVE = new Set(['additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'items', 'additionalItems', 'prefixItems', 'if', 'then', 'else']);

/** Upper bound on the canonical nodes (subschemas) of one document with every local `$ref` inlined; beyond it none is. */
export const MAX_INLINED_NODES = 50_000;

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);

/** The raw pointer a local `$ref` names, or undefined when it is not a local JSON-pointer fragment. */
export function localTarget(ref: unknown): string | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#')) return undefined;
  try {
    const pointer = decodeURIComponent(ref.slice(1));
    return pointer === '' || pointer.startsWith('/') ? pointer : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when a node's local `$ref` target `target` (resolved) merges into the node: an object schema, and no
 * sibling keyword is sibling-sensitive or also in the target (keys of `siblings`: the node's keys but `$ref`).
 */
export function mergeable(target: unknown, siblings: readonly string[]): target is Json {
  return isObject(target) && !siblings.some((k) => SIBLING_SENSITIVE.has(k) || k in target);
}

/** Size of an inlined subtree: canonical nodes, and height in JSON levels (a `$ref` hop counts as one). */
interface Extent {
  nodes: number;
  height: number;
}

/** Saturation marker: beyond the budget (nodes or depth); the walk stops. */
const OVER: Extent = { nodes: Number.POSITIVE_INFINITY, height: Number.POSITIVE_INFINITY };

/**
 * True when inlining every local `$ref` of `schema` (as canonical form does: not into a `$ref` being expanded,
 * not where the target is no object or a sibling keyword clashes; `$defs`/`definitions` then dropped) builds at
 * most `maxNodes` subschema nodes nested at most `maxDepth` JSON levels (a `$ref` hop counts as a level, so
 * alias chains are bounded too). Cost: one visit per document node and per distinct target (memoised over the
 * `$ref` graph); recursion at most `maxDepth` deep. Where a `$ref` cycle makes the memo undercount, canonical
 * form's own node count (the same bound, checked while building) decides. Order-independent: sums and maxima.
 */
export function inliningFits(schema: unknown, maxNodes: number = MAX_INLINED_NODES, maxDepth: number = MAX_SCHEMA_DEPTH): boolean {
  const memo = new Map<string, Extent>();
  const expanding: string[] = [''];

  const add = (a: Extent, b: Extent, step: number): Extent => {
    const out = { nodes: a.nodes + b.nodes, height: Math.max(a.height, b.height + step) };
    return out.nodes > maxNodes || out.height > maxDepth ? OVER : out;
  };

  /** The extent of the subschema `value` built at `depth` levels below the root. */
  const extent = (value: unknown, depth: number): Extent => {
    if (depth > maxDepth) return OVER;
    if (!isObject(value)) return { nodes: 1, height: 0 };
    let total: Extent = { nodes: 1, height: 0 };
    const keys = Object.keys(value);
    const target = localTarget(value.$ref);
    if (target !== undefined && !expanding.includes(target)) {
      const found = resolvePointer(schema, target);
      if (found.found && mergeable(found.value, keys.filter((k) => k !== '$ref'))) {
        let known = memo.get(target);
        if (known === undefined) {
          expanding.push(target);
          known = extent(found.value, depth + 1);
          expanding.pop();
          memo.set(target, known);
        }
        if (known === OVER || depth + 1 + known.height > maxDepth) return OVER;
        // the target's node is the merged node itself: its nodes less one
        total = add(total, { nodes: known.nodes - 1, height: known.height }, 1);
        if (total === OVER) return OVER;
      }
    }
    for (const key of keys) {
      const sub = value[key];
      if (key === '$defs' || key === 'definitions') continue; // dropped when every `$ref` is inlined
      if (SINGLE.has(key)) total = add(total, extent(sub, depth + 1), 1);
      else if (LIST.has(key) && Array.isArray(sub)) for (const item of sub) total = total === OVER ? OVER : add(total, extent(item, depth + 2), 2);
      else if (MAP.has(key) && isObject(sub)) for (const name of Object.keys(sub)) total = total === OVER ? OVER : add(total, extent(sub[name], depth + 2), 2);
      if (total === OVER) return OVER;
    }
    return total;
  };
  return extent(schema, 0) !== OVER;
}
