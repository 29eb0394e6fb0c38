/**
 * An empty `enum` in the copy of a schema that ajv compiles. JSON Schema allows `"enum": []` (Validation 2020-12 and
 * draft-07 §6.1.2, draft-06 §6.23: the array "SHOULD have at least one element"), and no value is equal to a member of
 * an empty array, so the subschema that holds it admits no value, as `false` would there. ajv 8 refuses to compile it
 * ("enum must have non-empty array", ajv/dist/vocabularies/validation/enum.js, in every dialect), which made a valid
 * schema a compile error. `withoutEmptyEnums` gives ajv an equivalent copy instead, the way the service already
 * strips OpenAPI's `nullable` (./canonicalise.ts) and the interpreter rewrites patterns (./interpret.ts): in every
 * subschema holding `"enum": []`, the keyword is replaced by one that no instance satisfies either:
 * - `"not": {}` when the subschema has no `not` of its own;
 * - otherwise `{"not": {}}` appended to its `allOf` (created when absent; the existing members keep their indexes, so
 *   a `$ref` into them still resolves);
 * every sibling keyword (`$defs`, `$id`, anchors, assertions) stays as it was. The copy is ajv's only: the interpreter
 * (@cfworker/json-schema, ./interpret.ts) reads `"enum": []` itself and finds every instance invalid, and findings
 * name the document the server sent. ajv's issues at a rewritten keyword are mapped back to the `enum` keyword they
 * stand for (`restore`), with ajv's own enum message.
 *
 * Where: every subschema the schema walker visits (./walk.ts), and every subschema a local `$ref` reaches elsewhere (a
 * target under an unknown keyword, which ajv compiles when a `$ref` names it); never inside data (`const`, `enum`,
 * `default`, `examples` values) or under a name map's names (a property named `enum`).
 */
import type { JsonSchema } from '../model/protocol.ts';
import { MAX_SCHEMA_DEPTH } from './depth.ts';
import { joinPointer, resolvePointer } from './pointer.ts';
import { findRefs } from './refs.ts';
import type { ValidationIssue } from './service.ts';
import { walkSchema } from './walk.ts';

/** ajv's message for an instance outside an `enum` (ajv/dist/vocabularies/validation/enum.js), used for the mapped issues. */
const ENUM_MESSAGE = 'must be equal to one of the allowed values';

/** The copy ajv compiles and the way back from its issues to the document's keywords. */
export interface AjvCopy<T extends JsonSchema = JsonSchema> {
  /** The schema itself (same object) when it holds no empty `enum`; otherwise a deep copy with each one rewritten. */
  schema: T;
  /**
   * An issue of the copy as an issue of the document: at a rewritten keyword, the `enum` it stands for (schemaPointer,
   * keyword `enum`, ajv's enum message); any other issue unchanged.
   */
  restore(issue: ValidationIssue): ValidationIssue;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const isEmptyEnum = (node: Json): boolean => Object.hasOwn(node, 'enum') && Array.isArray(node.enum) && node.enum.length === 0;

/**
 * False only when no object anywhere in the document has an own `enum` that is an empty array (a scan of every value,
 * data included, without pointers: it errs towards true). Bounded by MAX_SCHEMA_DEPTH + 1 levels (true beyond). Never
 * recurses.
 */
function mayHoldEmptyEnum(root: unknown): boolean {
  const nodes: unknown[] = [root];
  const depths: number[] = [0];
  while (nodes.length > 0) {
    const node = nodes.pop();
    const depth = depths.pop() as number;
    if (node === null || typeof node !== 'object') continue;
    if (depth > MAX_SCHEMA_DEPTH + 1) return true;
    const values = Array.isArray(node) ? node : Object.values(node as Json);
    if (!Array.isArray(node) && isEmptyEnum(node as Json)) return true;
    for (const value of values) {
      nodes.push(value);
      depths.push(depth + 1);
    }
  }
  return false;
}

/** A plain local `$ref` (`#/a/b`) as the document pointer it names, or undefined. */
function fragmentPointer(ref: unknown): string | undefined {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  try {
    return decodeURIComponent(ref.slice(1));
  } catch {
    return undefined;
  }
}

/**
 * The pointers of the subschemas of `schema` that hold `"enum": []`, in document order of the walk (see the module
 * comment for where it looks). Pure; never throws on JSON data.
 */
export function emptyEnumSites(schema: JsonSchema): string[] {
  if (!mayHoldEmptyEnum(schema)) return [];
  const sites: string[] = [];
  const seen = new Set<string>();
  const targets: string[] = [];
  const walkFrom = (start: string, node: unknown): void => {
    walkSchema(node, (visit) => {
      const pointer = start + visit.pointer;
      if (seen.has(pointer)) return;
      seen.add(pointer);
      if (typeof visit.node === 'boolean') return;
      if (isEmptyEnum(visit.node)) sites.push(pointer);
      if (start !== '') {
        // outside the walked document findRefs does not look: a plain fragment reference leads on
        const next = fragmentPointer(visit.node.$ref);
        if (next !== undefined) targets.push(next);
      }
    });
  };
  walkFrom('', schema);
  for (const site of findRefs(schema)) if (site.kind === 'local' && site.target !== undefined) targets.push(site.target);
  while (targets.length > 0) {
    const target = targets.shift() as string;
    if (seen.has(target)) continue;
    const found = resolvePointer(schema, target);
    if (found.found) walkFrom(target, found.value);
  }
  return sites;
}

/**
 * The copy of `schema` ajv compiles: each empty `enum` replaced by an unsatisfiable equivalent (see the module comment),
 * with `restore` mapping ajv's issues back. Returns `schema` itself (no copy) when it holds none. The input is never
 * mutated. Never throws on JSON data.
 */
export function withoutEmptyEnums<T extends JsonSchema>(schema: T): AjvCopy<T> {
  const sites = emptyEnumSites(schema);
  if (sites.length === 0) return { schema, restore: (issue) => issue };
  const copy = structuredClone(schema);
  const renamed = new Map<string, string>();
  for (const site of sites) {
    const found = resolvePointer(copy, site);
    if (!found.found || !isObject(found.value)) continue;
    const node = found.value;
    if (!Object.hasOwn(node, 'not')) {
      delete node.enum;
      node.not = {};
      renamed.set(joinPointer(site, 'not'), joinPointer(site, 'enum'));
    } else if (node.allOf === undefined || Array.isArray(node.allOf)) {
      const allOf = Array.isArray(node.allOf) ? [...(node.allOf as unknown[])] : [];
      delete node.enum;
      node.allOf = [...allOf, { not: {} }];
      renamed.set(joinPointer(site, 'allOf', allOf.length, 'not'), joinPointer(site, 'enum'));
    }
    // a non-array allOf beside `not`: the schema is not valid for its dialect anyway; ajv refuses it as it is
  }
  return {
    schema: copy,
    restore(issue) {
      const original = renamed.get(issue.schemaPointer);
      return original === undefined ? issue : { ...issue, schemaPointer: original, keyword: 'enum', message: ENUM_MESSAGE };
    },
  };
}
