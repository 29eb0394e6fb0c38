/**
 * The recursive value generator: one deterministic JSON value per schema node. Order of preference:
 * `const`, `default`, `enum` (first member of the node's type), `examples[0]`, then a value of the
 * node's type honouring its bounds. Objects get their required properties only; arrays `minItems`
 * items. Local `$ref`s are followed (bounded), `allOf` merged, `anyOf`/`oneOf` take the first branch
 * that generates. Failures carry a value-free reason and the JSON pointer of the schema node (after a
 * `$ref`, the pointer of its target).
 */
import { sampleNumber } from './numbers.ts';
import { admitsNoValue, escapeToken, hasEmptyEnum, hasType, isObject, mergeSchemas, pickType, resolveLocalRef, type SchemaObject } from './schema-utils.ts';
import { testPattern } from '../../schema/regex.ts';
import { sampleString } from './strings.ts';
import { makeSentinel } from '../../probes/sentinel.ts';

/**
 * A generated value or why none could be generated (`pointer` into the schema). `noValue`: no value satisfies the
 * subschema at `pointer` at all (it is `false`, or its `enum` is empty), so no valid arguments exist, rather than the
 * generator finding none. `via`: when `pointer` lies in a `$ref`'s target, the pointer of the outermost `$ref` on the
 * way from the root (the property a reader looks for: `/properties/mode`, not only `/$defs/None`).
 */
export type Generated = { ok: true; value: unknown } | { ok: false; pointer: string; reason: string; noValue?: true; via?: string };

/** Generation state: the root (for `$ref`), whether `default`/`examples` are used, and depth budgets. */
export interface GenContext {
  root: unknown;
  useHints: boolean;
  depth: number;
  /** The local `$ref`s followed on the path to this node, outermost first (a repeated one is recursion). */
  refs: readonly string[];
  /** Characters of generated strings, array items and property names still allowed (shared along one attempt). */
  budget: { left: number };
  /** Plant a sentinel (`makeSentinel('generated:<pointer>')`) in free strings where it keeps them valid (errors/echo). */
  sentinels?: boolean;
}

/**
 * Maximum nesting of schema nodes along one path (`MAX_DEPTH`, a chain of distinct `$ref`s included: it is nesting,
 * not recursion), and how often one `$ref` may be followed along one path (`MAX_REFS`: recursion unrolled).
 */
export const MAX_DEPTH = 32;
export const MAX_REFS = 8;
/** Largest `minItems`/`minProperties` honoured. */
export const MAX_ITEMS = 1000;
/** Size budget of one generated argument object: characters of strings and names plus one per item or property. */
export const MAX_GENERATED_SIZE = 1_048_576;

/** The starting budget of one generation attempt. */
export const freshBudget = (): { left: number } => ({ left: MAX_GENERATED_SIZE });

/** Own-property read: inherited names (`constructor`, `__proto__`, `toString`) are never schemas. */
const own = (o: SchemaObject, key: string): unknown => (Object.hasOwn(o, key) ? o[key] : undefined);

/**
 * Defines `name` as a new own data property of a fresh plain object (a `__proto__` name stays a property,
 * never the prototype). `__proto__` is Object.prototype's only accessor, so every other name is assigned:
 * the same own, enumerable, writable, configurable property, without defineProperty's slow path (which
 * also left the generated arguments in dictionary mode, slow for every probe that copies them).
 */
const put = (o: Record<string, unknown>, name: string, value: unknown): void => {
  if (name === '__proto__') Object.defineProperty(o, name, { value, enumerable: true, writable: true, configurable: true });
  else o[name] = value;
};

/** Spends `cost` of the attempt's size budget; false when it is exhausted. */
const spend = (ctx: GenContext, cost: number): boolean => (ctx.budget.left -= cost) >= 0;
const overBudget = (pointer: string): Generated => ({ ok: false, pointer, reason: `the generated arguments exceed the generation size budget (${MAX_GENERATED_SIZE} characters)` });

const fail = (pointer: string, reason: string): Generated => ({ ok: false, pointer, reason });
/** A subschema that admits no value (`noValue`): `reason` says why, `pointer` names the subschema. */
const noValue = (pointer: string, reason: string): Generated => ({ ok: false, pointer, reason, noValue: true });
const ok = (value: unknown): Generated => ({ ok: true, value });
const without = (s: SchemaObject, ...keys: string[]) => Object.fromEntries(Object.entries(s).filter(([k]) => !keys.includes(k)));

/** Generates a value for `schema` found at `pointer`. */
export function generateValue(schema: unknown, pointer: string, ctx: GenContext): Generated {
  // past the depth through a $ref that repeats on the path (mutual recursion, A -> B -> A...) it is recursion that went too deep
  if (ctx.depth > MAX_DEPTH) return fail(pointer, new Set(ctx.refs).size < ctx.refs.length ? 'recursive $ref exceeds the generation depth' : 'nesting exceeds the generation depth');
  if (schema === true || (isObject(schema) && Object.keys(schema).length === 0)) return ok('sample');
  if (!isObject(schema)) return schema === false ? noValue(pointer, 'its schema is false') : fail(pointer, 'not a schema object');
  const next = { ...ctx, depth: ctx.depth + 1 };
  if (typeof schema.$ref === 'string') return followRef(schema, pointer, next);
  if (Array.isArray(schema.allOf)) return mergeAllOf(schema, pointer, next);
  // JSON Schema Validation §6.1.2: no value equals a member of an empty enum, whatever const, default or type say
  if (hasEmptyEnum(schema)) return noValue(pointer, 'its enum is empty');
  const hinted = fromHints(schema, ctx.useHints);
  if (hinted) return hinted;
  const branches = Array.isArray(schema.anyOf) ? 'anyOf' : Array.isArray(schema.oneOf) ? 'oneOf' : undefined;
  if (branches) return firstBranch(schema, branches, pointer, next);
  return byType(schema, pointer, next);
}

function followRef(s: SchemaObject, pointer: string, ctx: GenContext): Generated {
  const ref = s.$ref as string;
  if (!ref.startsWith('#')) return fail(`${pointer}/$ref`, 'remote $ref is never fetched');
  // only a $ref already followed on this path recurses; a chain of distinct ones is bounded by MAX_DEPTH (review: a
  // chain of 8 $defs, 9 hops with the root's, was refused as "recursive" when every hop counted)
  let seen = 0;
  for (const r of ctx.refs) if (r === ref) seen++;
  if (seen >= MAX_REFS) return fail(`${pointer}/$ref`, 'recursive $ref exceeds the generation depth');
  const target = resolveLocalRef(ctx.root, ref);
  if (target === undefined) return fail(`${pointer}/$ref`, '$ref does not resolve');
  const siblings = without(s, '$ref');
  const merged = isObject(target) && Object.keys(siblings).length > 0 ? mergeSchemas(target, siblings) : target;
  // Report from the target's real location in the document, and name the outermost reference that reached it.
  const g = generateValue(merged, decodeURIComponent(ref.slice(1)), { ...ctx, refs: [...ctx.refs, ref] });
  return g.ok ? g : { ...g, via: pointer };
}

function mergeAllOf(s: SchemaObject, pointer: string, ctx: GenContext): Generated {
  let merged = without(s, 'allOf');
  for (const [i, branch] of (s.allOf as unknown[]).entries()) {
    let b = branch;
    for (let hops = 0; isObject(b) && typeof b.$ref === 'string' && hops < MAX_REFS; hops++) {
      const target = resolveLocalRef(ctx.root, b.$ref);
      if (target === undefined) return fail(`${pointer}/allOf/${i}/$ref`, '$ref does not resolve');
      b = isObject(target) ? mergeSchemas(target, without(b, '$ref')) : target;
    }
    if (b === false) return noValue(`${pointer}/allOf/${i}`, 'its schema is false');
    if (isObject(b)) merged = mergeSchemas(merged, b);
  }
  return generateValue(merged, pointer, ctx);
}

/** `const`, then (with hints) `default`, then `enum`, then (with hints) `examples[0]`. */
function fromHints(s: SchemaObject, useHints: boolean): Generated | undefined {
  if ('const' in s) return ok(s.const);
  if (useHints && 'default' in s) return ok(s.default);
  if (Array.isArray(s.enum) && s.enum.length > 0) return ok(s.enum.find((v) => hasType(v, s.type) && v !== null) ?? s.enum[0]);
  if (useHints && Array.isArray(s.examples) && s.examples.length > 0) return ok(s.examples[0]);
  return undefined;
}

function firstBranch(s: SchemaObject, key: 'anyOf' | 'oneOf', pointer: string, ctx: GenContext): Generated {
  const rest = without(s, key);
  // the first failure of a branch that may admit a value says why generation failed; only when no branch admits a
  // value does none exist here (`noValue`)
  let first: Generated | undefined;
  let branches = 0;
  for (const [i, branch] of (s[key] as unknown[]).entries()) {
    branches++;
    const combined = isObject(branch) ? { allOf: [rest, branch] } : branch;
    const g = generateValue(combined, `${pointer}/${key}/${i}`, ctx);
    if (g.ok) return g;
    if (!g.noValue) first ??= g;
  }
  if (first) return first;
  return branches === 0 ? fail(`${pointer}/${key}`, `${key} has no branch`) : noValue(pointer, `no branch of its ${key} admits a value`);
}

function byType(s: SchemaObject, pointer: string, ctx: GenContext): Generated {
  const type = pickType(s);
  if (type === 'object') return generateObject(s, pointer, ctx);
  if (type === 'array') return generateArray(s, pointer, ctx);
  if (type === 'string') {
    const str = sampleString(s, ctx.sentinels ? makeSentinel(`generated:${pointer}`) : undefined);
    if (!str.ok) return fail(`${pointer}/${str.keyword}`, str.reason);
    return spend(ctx, str.value.length) ? ok(str.value) : overBudget(pointer);
  }
  if (type === 'boolean') return ok(false);
  if (type === 'null') return ok(null);
  if (type === 'number' || type === 'integer') {
    const n = sampleNumber(s, type === 'integer');
    return n === undefined ? fail(pointer, 'no number satisfies the bounds') : ok(n);
  }
  return fail(`${pointer}/type`, 'unknown type');
}

/**
 * The schema a property `name` must satisfy, or undefined when the object forbids it. Names are
 * matched against `patternProperties` on the linear-time engine; a refused pattern matches no name.
 */
function propertySchema(s: SchemaObject, name: string): [unknown, string] | undefined {
  const properties = own(s, 'properties');
  if (isObject(properties) && Object.hasOwn(properties, name)) return [properties[name], `/properties/${escapeToken(name)}`];
  const patterns = own(s, 'patternProperties');
  for (const [pattern, sub] of Object.entries(isObject(patterns) ? patterns : {})) {
    if (testPattern(pattern, name) === true) return [sub, `/patternProperties/${escapeToken(pattern)}`];
  }
  if (s.additionalProperties === false) return undefined;
  return [own(s, 'additionalProperties') ?? true, '/additionalProperties'];
}

function generateObject(s: SchemaObject, pointer: string, ctx: GenContext): Generated {
  const names = (Array.isArray(s.required) ? s.required : []).filter((n): n is string => typeof n === 'string');
  const min = typeof s.minProperties === 'number' ? Math.ceil(s.minProperties) : 0;
  if (min > MAX_ITEMS) return fail(`${pointer}/minProperties`, `minProperties exceeds the generation limit (${MAX_ITEMS} properties)`);
  const properties = own(s, 'properties');
  // optional properties only to reach minProperties, never one whose schema admits no value
  const declared = isObject(properties) ? properties : {};
  for (const extra of Object.keys(declared)) if (names.length < min && !names.includes(extra) && !admitsNoValue(declared[extra])) names.push(extra);
  const out: Record<string, unknown> = {};
  for (const name of names) {
    if (Object.hasOwn(out, name)) continue;
    const prop = propertySchema(s, name);
    if (!prop) return fail(`${pointer}/required`, 'a required property is not allowed by properties/additionalProperties');
    if (!spend(ctx, name.length + 1)) return overBudget(pointer);
    const g = generateValue(prop[0], pointer + prop[1], ctx);
    if (!g.ok) return g;
    put(out, name, g.value);
  }
  return ok(out);
}

function generateArray(s: SchemaObject, pointer: string, ctx: GenContext): Generated {
  const min = typeof s.minItems === 'number' ? Math.ceil(s.minItems) : 0;
  if (min > MAX_ITEMS) return fail(`${pointer}/minItems`, `minItems exceeds the generation limit (${MAX_ITEMS} items)`);
  if (!spend(ctx, min)) return overBudget(pointer);
  const prefix = Array.isArray(s.prefixItems) ? s.prefixItems : Array.isArray(s.items) ? s.items : [];
  const rest = Array.isArray(s.items) ? (s.additionalItems ?? true) : (s.items ?? true);
  const count = Math.max(min, 'contains' in s && min === 0 ? 1 : 0);
  const out: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const [sub, at] = i < prefix.length ? [prefix[i], `${pointer}/${Array.isArray(s.prefixItems) ? 'prefixItems' : 'items'}/${i}`]
      : i === 0 && 'contains' in s && !('items' in s) ? [s.contains, `${pointer}/contains`] : [rest, `${pointer}/items`];
    const g = generateValue(sub, at, ctx);
    if (!g.ok) return g;
    out.push(g.value);
  }
  return ok(out);
}
