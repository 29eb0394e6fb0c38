/**
 * A schema-aware walker: visits every subschema of a JSON Schema document (2020-12, 2019-09 and
 * draft-07 applicators) with its JSON pointer. Data keywords (`enum`, `const`, `default`, `examples`)
 * and unknown keywords are not descended into, so a property named `nullable` is never mistaken for
 * the keyword.
 */
import { joinPointer } from './pointer.ts';

/** Keywords whose value is one subschema. */
const SINGLE = ['additionalItems', 'contains', 'not', 'if', 'then', 'else', 'additionalProperties', 'unevaluatedItems', 'unevaluatedProperties', 'propertyNames', 'contentSchema'];
/** Keywords whose value is an array of subschemas. */
const LIST = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
/** Keywords whose value maps names to subschemas. */
const MAP = ['properties', 'patternProperties', '$defs', 'definitions', 'dependentSchemas'];

/** One visited subschema: the node, its pointer ('' = root) and the keyword path that led to it. */
export interface SchemaVisit {
  node: Record<string, unknown> | boolean;
  pointer: string;
  /** Keyword tokens from the root (property names and indexes excluded), e.g. `['properties','items']`. */
  via: string[];
}

/** Visit every subschema depth-first, root first. Non-schema values are skipped; never throws. */
export function walkSchema(root: unknown, visit: (v: SchemaVisit) => void): void {
  const step = (node: unknown, pointer: string, via: string[]): void => {
    if (typeof node === 'boolean') return visit({ node, pointer, via });
    if (node === null || typeof node !== 'object' || Array.isArray(node)) return;
    const schema = node as Record<string, unknown>;
    visit({ node: schema, pointer, via });
    for (const key of SINGLE) if (key in schema) step(schema[key], joinPointer(pointer, key), [...via, key]);
    if (Array.isArray(schema.items)) schema.items.forEach((s, i) => step(s, joinPointer(pointer, 'items', i), [...via, 'items']));
    else if ('items' in schema) step(schema.items, joinPointer(pointer, 'items'), [...via, 'items']);
    for (const key of LIST) {
      const list = schema[key];
      if (Array.isArray(list)) list.forEach((s, i) => step(s, joinPointer(pointer, key, i), [...via, key]));
    }
    for (const key of [...MAP, 'dependencies']) {
      const map = schema[key];
      if (map === null || typeof map !== 'object' || Array.isArray(map)) continue;
      for (const [name, sub] of Object.entries(map as Record<string, unknown>)) {
        if (!Array.isArray(sub)) step(sub, joinPointer(pointer, key, name), [...via, key]);
      }
    }
  };
  step(root, '', []);
}
