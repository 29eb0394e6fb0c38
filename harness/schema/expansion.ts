/**
 * The expansion budget of tool schemas: how many subschemas a validator evaluates for one pass over a schema when
 * its `$ref`s are followed. A small document can expand exponentially: `$defs` where each level is
 * `{allOf: [{$ref: next}, {$ref: next}]}` is ~1.5 KB at 32 levels and 2^32 subschemas to evaluate, and any validator
 * of an instance against it (ajv, the interpreter, ./sure-valid.ts) takes that long, blocking the event loop for
 * hours (hostile review D10). The schema service (./ajv.ts) measures each schema once, before anything generates or
 * validates against it, and refuses one that expands past MAX_EXPANDED_SUBSCHEMAS as a `compile-error` (reported by
 * schema/compile, as a too-deep document is); the rest of the surface is judged as usual.
 *
 * The measure: every subschema position a validator evaluates (applicators, `items`, the schema maps; not
 * `$defs`/`definitions`, which are evaluated only through a reference) counts once per path that reaches it, a local
 * `$ref` (`$dynamicRef`, `$recursiveRef`: their static target) counting its target's expansion; except that of the
 * subschemas of `properties`, of `prefixItems` and of an array `items`, which apply to distinct members of the
 * instance (a name, an index: one instance member meets one of them), only the largest counts. That is the most
 * subschemas evaluated along one path of the instance, so the work of a validation is at most the instance's size
 * times it: an OpenAPI-derived schema whose shared `$defs` refer to each other in many properties (a 32 KB DAG of
 * 40 definitions, each referring to up to five others) expanded past 350,000 counted whole, yet an instance meets
 * only one property's subschema per member; the in-place applicators (`allOf`, `anyOf`, `oneOf`, `not`, `if`,
 * `then`, `else`, `dependentSchemas`) and the maps whose subschemas may meet the same member (`patternProperties`,
 * `additionalProperties`, ...) are summed, so 2^N through `allOf` (or through a chain of properties each holding
 * one) is still 2^N. A reference back to a
 * subschema on the current path (a recursive schema) counts once and is not followed: such recursion descends only as
 * deep as the instance does (./ref-cycles.ts reports it as a portability note). Memoised per subschema object, so the
 * cost is linear in the document and its references, never in the expansion. Iterative (no recursion); the count
 * saturates at Number.MAX_SAFE_INTEGER.
 */
import { resolvePointer } from './pointer.ts';
import { findRefs } from './refs.ts';
import type { SchemaIssue } from './service.ts';
import { directSubschemas } from './walk.ts';

/**
 * The most subschemas one evaluation of a tool schema may expand to (its `$ref`s followed). At ~0.1 to 1 µs per
 * subschema per validation, about 0.01 to 0.1 s for one instance; real tool schemas expand to a few thousand.
 */
export const MAX_EXPANDED_SUBSCHEMAS = 100_000;

/** Expansion by document object: compile and any later caller measure a listing's schema once. */
const measured = new WeakMap<object, number>();

type Node = Record<string, unknown> | boolean;
/** A successor: its subschema, and `group` when only the largest of its group counts (see the module comment). */
type Next = { node: Node; group?: string };
/**
 * One subschema on the walk's path: its successors (evaluated subschemas, then reference targets), the running sum and
 * the largest size so far of each group whose largest member alone counts.
 */
type Frame = { node: Record<string, unknown>; next: Next[]; at: number; sum: number; largest: Map<string, number> };

/** Keywords whose subschemas apply to distinct members of an instance (a property name, an index): the largest counts. */
const ONE_PER_MEMBER = new Set(['properties', 'prefixItems', 'items']);

const add = (a: number, b: number): number => Math.min(a + b, Number.MAX_SAFE_INTEGER);

/** Reference targets by the subschema object holding the reference (local, resolving references only). */
function targetsByHolder(root: Record<string, unknown>): Map<object, Node[]> {
  const out = new Map<object, Node[]>();
  for (const site of findRefs(root)) {
    if (site.kind !== 'local' || site.target === undefined) continue;
    const holder = resolvePointer(root, site.holder);
    const target = resolvePointer(root, site.target);
    if (!holder.found || !target.found) continue;
    const h = holder.value;
    const t = target.value;
    if (h === null || typeof h !== 'object' || (typeof t !== 'boolean' && (t === null || typeof t !== 'object' || Array.isArray(t)))) continue;
    const list = out.get(h);
    if (list) list.push(t as Node);
    else out.set(h, [t as Node]);
  }
  return out;
}

/** The subschemas evaluated right after `node`: its evaluated positions (no `$defs`/`definitions`), then its reference targets. */
function successors(node: Record<string, unknown>, targets: Map<object, Node[]>): Next[] {
  const next: Next[] = [];
  for (const sub of directSubschemas(node)) {
    if (sub.keyword === '$defs' || sub.keyword === 'definitions') continue;
    next.push(ONE_PER_MEMBER.has(sub.keyword) ? { node: sub.node, group: sub.keyword } : { node: sub.node });
  }
  const refs = targets.get(node);
  if (refs) for (const t of refs) next.push({ node: t });
  return next;
}

/** Count a successor of `size` subschemas into its frame: summed, or the largest of its group. */
function count(frame: Frame, group: string | undefined, size: number): void {
  if (group === undefined) frame.sum = add(frame.sum, size);
  else frame.largest.set(group, Math.max(frame.largest.get(group) ?? 0, size));
}

/** A frame's size once every successor is counted: its sum plus the largest of each group. */
function sizeOf(frame: Frame): number {
  let size = frame.sum;
  for (const largest of frame.largest.values()) size = add(size, largest);
  return size;
}

/**
 * The number of subschemas one evaluation of `schema` expands to when its local `$ref`s are followed (see the
 * module comment; a boolean or non-object schema is 1). Linear in the document and its references; memoised per
 * document object (treat schemas as immutable after listing). Never throws on JSON data; never recurses.
 */
export function expandedSize(schema: unknown): number {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return 1;
  const known = measured.get(schema);
  if (known !== undefined) return known;
  const root = schema as Record<string, unknown>;
  const targets = targetsByHolder(root);
  const done = new Map<object, number>();
  const onPath = new Set<object>([root]);
  const stack: Frame[] = [{ node: root, next: successors(root, targets), at: 0, sum: 1, largest: new Map() }];
  let total = 1;
  while (stack.length > 0) {
    const frame = stack[stack.length - 1] as Frame;
    if (frame.at < frame.next.length) {
      const { node: sub, group } = frame.next[frame.at++] as Next;
      if (typeof sub === 'boolean' || onPath.has(sub)) count(frame, group, 1); // a boolean; or recursion: once, not followed
      else {
        const size = done.get(sub);
        if (size !== undefined) count(frame, group, size);
        else {
          onPath.add(sub);
          stack.push({ node: sub, next: successors(sub, targets), at: 0, sum: 1, largest: new Map() });
        }
      }
      continue;
    }
    stack.pop();
    onPath.delete(frame.node);
    const size = sizeOf(frame);
    done.set(frame.node, size);
    const parent = stack[stack.length - 1];
    if (parent) count(parent, parent.next[parent.at - 1]?.group, size);
    else total = size;
  }
  measured.set(schema, total);
  return total;
}

/**
 * True when one evaluation of `schema` provably visits each subschema at most once, read from its reference sites
 * alone (`findRefs`, already computed for the compile): no local reference; or every local target is a member of a
 * `$defs`/`definitions` map (never reached but through a reference), referenced by one site only, and none lies
 * inside another. Then the walk's regions (the root without its maps, each target's subtree) are disjoint and each is
 * entered at most once per entry of the one region holding its site, so the expansion is at most the document's
 * size: linear work, however large. Shared targets, nested targets and references into evaluated positions fall
 * through to the full measure. Issue 12: the measure of every listing schema cost the 1,000-tool run ~40-150 ms of
 * its call planning; the synthetic and the real schemas measured here take this path.
 */
function visitsEachOnce(schema: unknown): boolean {
  const counts = new Map<string, number>();
  for (const site of findRefs(schema)) {
    if (site.kind !== 'local' || site.target === undefined) continue;
    counts.set(site.target, (counts.get(site.target) ?? 0) + 1);
  }
  for (const [target, n] of counts) {
    if (n > 1) return false;
    const tokens = target.split('/');
    const map = tokens[tokens.length - 2];
    if (tokens.length < 3 || (map !== '$defs' && map !== 'definitions')) return false;
    for (let at = target.indexOf('/', 1); at !== -1; at = target.indexOf('/', at + 1)) if (counts.has(target.slice(0, at))) return false;
  }
  return true;
}

/** True when `schema` expands past MAX_EXPANDED_SUBSCHEMAS subschemas (`expandedSize`); never for one that visits each subschema once. */
export function isTooExpansive(schema: unknown): boolean {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return false;
  const known = judged.get(schema);
  if (known !== undefined) return known;
  const too = !visitsEachOnce(schema) && expandedSize(schema) > MAX_EXPANDED_SUBSCHEMAS;
  judged.set(schema, too);
  return too;
}

/** `isTooExpansive` by document object: the compile of an inputSchema and the judge's of the same listing ask once. */
const judged = new WeakMap<object, boolean>();

/** The value-free issue reported for a schema past the expansion budget (pointer: the root). */
export function expansionIssue(): SchemaIssue {
  return { pointer: '', keyword: 'expansion', message: `expands to more than ${MAX_EXPANDED_SUBSCHEMAS} subschemas when its $refs are followed; not evaluated` };
}
