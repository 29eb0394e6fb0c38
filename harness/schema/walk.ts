/**
 * A schema-aware walker: visits every subschema of a JSON Schema document (2020-12, 2019-09 and
 * draft-07 applicators) with its JSON pointer. Data keywords (`enum`, `const`, `default`, `examples`)
 * and unknown keywords are not descended into, so a property named `nullable` is never mistaken for
 * the keyword. Iterative (no recursion) and bounded: subschemas deeper than MAX_SCHEMA_DEPTH JSON
 * levels are not visited (the schema service reports such documents as not compiling).
 */
import { MAX_SCHEMA_DEPTH, pointerDepth } from './depth.ts';
import { joinPointer } from './pointer.ts';

/** Keywords whose value is one subschema. */
const SINGLE = ['additionalItems', 'contains', 'not', 'if', 'then', 'else', 'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties', 'propertyNames', 'contentSchema'];
/** Keywords whose value is an array of subschemas. */
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas', 'dependencies'];

/** One visited subschema: the node, its pointer ('' = root) and the keyword path that led to it. */
export interface SchemaVisit {
  node: Record<string, unknown> | boolean;
  pointer: string;
  /** Keyword tokens from the root (property names and indexes excluded), e.g. `['properties','items']`. */
  via: string[];
  /** Pointer of the enclosing subschema; undefined for the root. */
  parent?: string;
}

/** A subschema still to visit; `up`/`keyword` link it to the visit it came from (its keyword path is built only when asked). */
type Pending = { node: unknown; pointer: string; keyword?: string; up?: Pending; parent?: string };

/** The keyword tokens from the root to `p` (the `via` of its visit). */
function keywordPath(p: Pending): string[] {
  const out: string[] = [];
  for (let at: Pending | undefined = p; at?.keyword !== undefined; at = at.up) out.push(at.keyword);
  return out.reverse();
}

/** The direct subschemas of `schema` in document order (SINGLE, items, LIST, MAP). */
function children(schema: Record<string, unknown>, from: Pending): Pending[] {
  const out: Pending[] = [];
  const pointer = from.pointer;
  const add = (node: unknown, keyword: string, at: string) => out.push({ node, pointer: at, keyword, up: from, parent: pointer });
  for (const key of SINGLE) if (key in schema) add(schema[key], key, `${pointer}/${key}`);
  if (Array.isArray(schema.items)) schema.items.forEach((s, i) => add(s, 'items', `${pointer}/items/${i}`));
  else if ('items' in schema) add(schema.items, 'items', `${pointer}/items`);
  for (const key of LIST) {
    const list = schema[key];
    if (Array.isArray(list)) list.forEach((s, i) => add(s, key, `${pointer}/${key}/${i}`));
  }
  for (const key of MAP) {
    const map = schema[key];
    if (map === null || typeof map !== 'object' || Array.isArray(map)) continue;
    for (const [name, sub] of Object.entries(map as Record<string, unknown>)) if (!Array.isArray(sub)) add(sub, key, joinPointer(`${pointer}/${key}`, name));
  }
  return out;
}

/**
 * Visit every subschema depth-first, root first, parents before children, siblings in document
 * order. Non-schema values are skipped; subschemas whose pointer is deeper than MAX_SCHEMA_DEPTH
 * tokens are not visited (nor their children). Never throws; never recurses.
 */
export function walkSchema(root: unknown, visit: (v: SchemaVisit) => void): void {
  const stack: Pending[] = [{ node: root, pointer: '' }];
  while (stack.length > 0) {
    const pending = stack.pop() as Pending;
    const { node, pointer, parent } = pending;
    if (pointerDepth(pointer) > MAX_SCHEMA_DEPTH) continue;
    if (typeof node !== 'boolean' && (node === null || typeof node !== 'object' || Array.isArray(node))) continue;
    const visitOf: SchemaVisit = {
      node: node as Record<string, unknown> | boolean,
      pointer,
      get via() {
        return keywordPath(pending);
      },
    };
    if (parent !== undefined) visitOf.parent = parent;
    visit(visitOf);
    if (typeof node === 'boolean') continue;
    const next = children(node as Record<string, unknown>, pending);
    for (let i = next.length - 1; i >= 0; i--) stack.push(next[i]);
  }
}
