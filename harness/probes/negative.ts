/**
 * Argument probes derived from a tool's inputSchema (errors/input-enforcement, errors/echo,
 * errors/classification): ONE negative probe per constraint the schema states on a top-level
 * property (missing required property, wrong type, below minimum / above maximum, too short / too
 * long, enum outsider, additional property under `additionalProperties: false`), plus positive
 * boundary probes the schema allows (a value exactly at a bound; a string's length bounds only on a property the
 * base arguments carry). Pure and deterministic: the same
 * schema, base arguments and id prefix always give the same probes in the same order.
 * Spec: spec:2025-11-25/server/tools.mdx §Error Handling (input validation errors); JSON Schema 2020-12 Validation.
 */
import { isJsonObject as isObject } from '../json.ts';
import { escapeToken } from '../schema/pointer.ts';
import { testPattern } from '../schema/regex.ts';
import { makeSentinel } from './sentinel.ts';

/** One argument probe. `arguments` is the base object with one change; `sentinel` marks a planted sentinel. */
export interface ArgumentProbe {
  /** Stable key, unique within the tool: `<kind>:<property>` or `additional-property`. */
  key: string;
  /** Value-free description, e.g. `missing required property "x"`. */
  label: string;
  /** JSON pointer to the constraint in the tool (`/inputSchema/...`). */
  pointer: string;
  /** `reject`: the schema forbids the arguments; `accept`: the schema allows them. */
  expect: 'reject' | 'accept';
  arguments: Record<string, unknown>;
  sentinel?: string;
}

/** Upper bound on probes per tool (keeps a run lean). */
export const MAX_PROBES_PER_TOOL = 16;
/** Longest string a too-long probe will build, in characters. */
const MAX_BUILT_STRING = 65_536;
/** Property name used for the additional-property probe. */
export const EXTRA_PROPERTY = 'mcp_harness_extra';

type Schema = Record<string, unknown>;
/** What a probe maker hands to `emit`: the probe's kind (its texts come from TEXTS), and the one changed value. */
interface Emitted {
  kind: PropertyKind;
  expect: ArgumentProbe['expect'];
  value: unknown;
  /** Whether the value carries the property's sentinel. */
  sentinel?: boolean;
}
/** The property's sentinel, made on first use (most probes carry none). */
type Sentinel = () => string;

/**
 * The texts of each probe kind on a property `name`: the key is `<kind>:<name>`, the label below, the pointer
 * `/inputSchema/properties/<name>` followed by the suffix. `missing-required` points at `/inputSchema/required`.
 */
const TEXTS = {
  'missing-required': { label: (name: string) => `missing required property "${name}"`, pointer: '' },
  'wrong-type': { label: (name: string) => `property "${name}" of a type the schema does not allow`, pointer: '/type' },
  'below-minimum': { label: (name: string) => `property "${name}" below its minimum`, pointer: '/minimum' },
  'at-minimum': { label: (name: string) => `property "${name}" exactly at its minimum`, pointer: '/minimum' },
  'above-maximum': { label: (name: string) => `property "${name}" above its maximum`, pointer: '/maximum' },
  'at-maximum': { label: (name: string) => `property "${name}" exactly at its maximum`, pointer: '/maximum' },
  'at-exclusive-minimum': { label: (name: string) => `property "${name}" equal to its exclusiveMinimum`, pointer: '/exclusiveMinimum' },
  'at-exclusive-maximum': { label: (name: string) => `property "${name}" equal to its exclusiveMaximum`, pointer: '/exclusiveMaximum' },
  'too-short': { label: (name: string) => `property "${name}" shorter than its minLength`, pointer: '/minLength' },
  'at-min-length': { label: (name: string) => `property "${name}" exactly at its minLength`, pointer: '/minLength' },
  'too-long': { label: (name: string) => `property "${name}" longer than its maxLength`, pointer: '/maxLength' },
  'at-max-length': { label: (name: string) => `property "${name}" exactly at its maxLength`, pointer: '/maxLength' },
  'enum-outsider': { label: (name: string) => `property "${name}" outside its enum`, pointer: '/enum' },
} as const;
type PropertyKind = keyof typeof TEXTS;

/** A probe's three texts. */
interface Texts {
  key: string;
  label: string;
  pointer: string;
}

/** The texts of `kind` on property `name`, as built (no table). */
function buildTexts(kind: PropertyKind, name: string): Texts {
  const text = TEXTS[kind];
  const pointer = kind === 'missing-required' ? '/inputSchema/required' : `/inputSchema/properties/${escapeToken(name)}${text.pointer}`;
  return { key: `${kind}:${name}`, label: text.label(name), pointer };
}

/** Longest property name whose texts `textsOf` keeps, and how many names it keeps (across runs: a bound, not a per-run table). */
const SHARED_MAX_NAME_LENGTH = 192;
const SHARED_MAX_NAMES = 2048;
const textsByName = new Map<string, Partial<Record<PropertyKind, Texts>>>();

/**
 * The texts of `kind` on property `name`, one object (and one string each) per distinct name and kind, shared by
 * every tool whose property has the same name: a 1,000-tool surface plans ~16,000 probes from a few dozen names,
 * and each would otherwise build (and, to share them, hash) its own three strings, live until the report. The
 * table is looked up by the property name alone (a parsed name's hash is computed once), then by kind. Names past
 * the bounds get texts as built: the same values.
 */
function textsOf(kind: PropertyKind, name: string): Texts {
  let byKind = textsByName.get(name);
  if (byKind === undefined) {
    if (name.length > SHARED_MAX_NAME_LENGTH || textsByName.size >= SHARED_MAX_NAMES) return buildTexts(kind, name);
    textsByName.set(name, (byKind = {}));
  }
  return (byKind[kind] ??= buildTexts(kind, name));
}

function typesOf(schema: Schema): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  return Array.isArray(schema.type) ? schema.type.filter((t): t is string => typeof t === 'string') : undefined;
}

/** The JSON types of each wrong-type candidate, in candidate order: a string, 12345, true, an object, an array. */
const CANDIDATE_TYPES: readonly (readonly string[])[] = [['string'], ['integer', 'number'], ['boolean'], ['object'], ['array']];

/** The candidate value of index `i` (see CANDIDATE_TYPES); every one but the number and the boolean carries the sentinel. */
function candidate(i: number, sentinel: string): unknown {
  switch (i) {
    case 0: return sentinel;
    case 1: return 12345;
    case 2: return true;
    case 3: return { [EXTRA_PROPERTY]: sentinel };
    default: return [sentinel];
  }
}

/** Whether `allowed` admits a value of the JSON types `types` (an integer is also a number). Plain loops: per property of every probed tool. */
function admitsAny(allowed: readonly string[], types: readonly string[]): boolean {
  for (const t of types) if (allowed.includes(t) || (t === 'integer' && allowed.includes('number'))) return true;
  return false;
}

function wrongTypeProbe(schema: Schema, sentinel: Sentinel, out: Emitted[]): void {
  const allowed = typesOf(schema);
  if (!allowed || allowed.length === 0) return;
  let bad = -1;
  for (let i = 0; i < CANDIDATE_TYPES.length; i++) {
    if (!admitsAny(allowed, CANDIDATE_TYPES[i] as readonly string[])) {
      bad = i;
      break;
    }
  }
  if (bad < 0) return;
  out.push({ kind: 'wrong-type', expect: 'reject', value: candidate(bad, sentinel()), sentinel: bad === 0 || bad >= 3 });
}

function numericProbes(schema: Schema, out: Emitted[]): void {
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  if (typeof minimum !== 'number' && typeof maximum !== 'number' && typeof exclusiveMinimum !== 'number' && typeof exclusiveMaximum !== 'number') return;
  const types = typesOf(schema);
  const integer = types !== undefined && types.includes('integer') && !types.includes('number');
  const exact = (n: number) => !integer || Number.isInteger(n);
  // a bound is a valid value only when nothing else in the schema rules it out: a multipleOf it is not a multiple of, an
  // enum or const, an exclusive bound at or past it (an accept probe must carry valid arguments)
  const { multipleOf } = schema;
  const allowed = (n: number) => exact(n) && schema.enum === undefined && schema.const === undefined
    && (multipleOf === undefined || (typeof multipleOf === 'number' && multipleOf > 0 && Number.isInteger(n / multipleOf)))
    && !(typeof exclusiveMinimum === 'number' && n <= exclusiveMinimum) && !(typeof exclusiveMaximum === 'number' && n >= exclusiveMaximum);
  // past 2^53 (zod 4's float32/float64 bounds) the integer next to a bound rounds back to the bound: no such probe
  const below = typeof minimum === 'number' ? Math.ceil(minimum) - 1 : undefined;
  const above = typeof maximum === 'number' ? Math.floor(maximum) + 1 : undefined;
  if (typeof minimum === 'number') {
    if (below !== undefined && below < minimum) out.push({ kind: 'below-minimum', expect: 'reject', value: below });
    if (allowed(minimum)) out.push({ kind: 'at-minimum', expect: 'accept', value: minimum });
  }
  if (typeof maximum === 'number') {
    if (above !== undefined && above > maximum) out.push({ kind: 'above-maximum', expect: 'reject', value: above });
    if (allowed(maximum)) out.push({ kind: 'at-maximum', expect: 'accept', value: maximum });
  }
  if (typeof exclusiveMinimum === 'number' && exact(exclusiveMinimum)) out.push({ kind: 'at-exclusive-minimum', expect: 'reject', value: exclusiveMinimum });
  if (typeof exclusiveMaximum === 'number' && exact(exclusiveMaximum)) out.push({ kind: 'at-exclusive-maximum', expect: 'reject', value: exclusiveMaximum });
}

/**
 * A string property's length probes: too short / too long (reject), and exactly at minLength / maxLength (accept).
 * An accept probe's value is `a` repeated, a string of no meaning: its refusal says something of the bound only when
 * the server already took some content for the property, so the accept probes are made only for a property the base
 * arguments carry (`inBase`: the base call succeeded with it). A property the base leaves out may check its content
 * beyond the schema (a time zone or a date in a plain `string`), and a refusal of `aaa...` would then be read as a
 * refusal of the bound (a sweep of published servers: calc-mcp's datetime refused a 64-character `timezone` as no
 * time zone, and was told it refused a value at its maxLength). Reject probes need no such base: any refusal is right.
 */
function stringProbes(schema: Schema, sentinel: Sentinel, out: Emitted[], inBase: boolean): void {
  const { minLength, maxLength } = schema;
  if (typeof minLength !== 'number' && typeof maxLength !== 'number') return;
  const free = inBase && schema.pattern === undefined && schema.format === undefined && schema.enum === undefined && schema.const === undefined;
  if (typeof minLength === 'number' && minLength >= 1 && minLength <= MAX_BUILT_STRING) {
    out.push({ kind: 'too-short', expect: 'reject', value: 'a'.repeat(Math.ceil(minLength) - 1) });
    if (free) out.push({ kind: 'at-min-length', expect: 'accept', value: 'a'.repeat(Math.ceil(minLength)) });
  }
  if (typeof maxLength === 'number' && maxLength >= 0 && maxLength < MAX_BUILT_STRING) {
    const length = Math.floor(maxLength) + 1;
    const planted = length >= sentinel().length;
    const value = planted ? sentinel() + 'x'.repeat(length - sentinel().length) : 'x'.repeat(length);
    out.push({ kind: 'too-long', expect: 'reject', value, sentinel: planted });
    if (free && maxLength >= 1) out.push({ kind: 'at-max-length', expect: 'accept', value: 'a'.repeat(Math.floor(maxLength)) });
  }
}

function enumProbe(schema: Schema, sentinel: Sentinel, out: Emitted[]): void {
  if (!Array.isArray(schema.enum) || schema.enum.length === 0) return;
  out.push({ kind: 'enum-outsider', expect: 'reject', value: sentinel(), sentinel: true });
}

/** The sentinel of `<idPrefix>:<name>`, made once on first use. */
function lazySentinel(idPrefix: string, name: string): Sentinel {
  let made: string | undefined;
  return () => (made ??= makeSentinel(`${idPrefix}:${name}`));
}

/**
 * The first `limit` argument probes of a tool, in order: missing required properties, then per property its
 * wrong-type, numeric, string and enum probes, then the additional property. Plain loops and arrays (no
 * generators: this runs once per probed tool, mostly as cold code, where each generator object and resumption
 * cost more than the probe it yields); a property's probes are all made before the cap is applied, with values
 * that depend on nothing but the schema, base and prefix, so the first `limit` are what a lazy derivation gives.
 */
function argumentProbes(inputSchema: Record<string, unknown>, base: Record<string, unknown>, idPrefix: string, limit: number): ArgumentProbe[] {
  const out: ArgumentProbe[] = [];
  const properties = isObject(inputSchema.properties) ? inputSchema.properties : {};
  const required = Array.isArray(inputSchema.required) ? inputSchema.required.filter((r): r is string => typeof r === 'string') : [];
  for (const name of required) {
    if (!(name in base)) continue;
    if (out.length >= limit) return out;
    const { [name]: _dropped, ...rest } = base;
    const { key, label, pointer } = textsOf('missing-required', name);
    out.push({ key, label, pointer, expect: 'reject', arguments: rest });
  }
  const emitted: Emitted[] = [];
  for (const name of Object.keys(properties)) {
    const schema = properties[name];
    if (!isObject(schema)) continue;
    const sentinel = lazySentinel(idPrefix, name);
    emitted.length = 0;
    wrongTypeProbe(schema, sentinel, emitted);
    numericProbes(schema, emitted);
    stringProbes(schema, sentinel, emitted, name in base);
    enumProbe(schema, sentinel, emitted);
    for (const e of emitted) {
      if (out.length >= limit) return out;
      const args = { ...base, [name]: e.value };
      const { key, label, pointer } = textsOf(e.kind, name);
      out.push(e.sentinel
        ? { key, label, expect: e.expect, sentinel: sentinel(), pointer, arguments: args }
        : { key, label, expect: e.expect, pointer, arguments: args });
    }
  }
  if (out.length < limit && inputSchema.additionalProperties === false && !(EXTRA_PROPERTY in properties) && !patternAdmits(inputSchema.patternProperties, EXTRA_PROPERTY)) {
    const sentinel = makeSentinel(`${idPrefix}:${EXTRA_PROPERTY}`);
    out.push({ key: 'additional-property', label: 'a property the schema does not declare (additionalProperties: false)', pointer: '/inputSchema/additionalProperties', expect: 'reject', arguments: { ...base, [EXTRA_PROPERTY]: sentinel }, sentinel });
  }
  return out;
}

/**
 * Whether `patternProperties` (JSON Schema 2020-12 §10.3.2.2) has a pattern that matches `name` on the harness's
 * linear-time engine, or one that engine refuses (its ajv matcher then accepts everything, ../schema/regex.ts
 * `ajvRegExp`): such a property is validated by that pattern's schema, and `additionalProperties: false` does not
 * apply to it, so adding it breaks nothing (the additional-property probe would be valid arguments marked invalid).
 */
function patternAdmits(patternProperties: unknown, name: string): boolean {
  if (!isObject(patternProperties)) return false;
  for (const pattern of Object.keys(patternProperties)) if (testPattern(pattern, name) !== false) return true;
  return false;
}

/**
 * Derivations by (inputSchema object, base arguments object, id prefix): the plan passes of a run (early,
 * final) and the checks' judging ask for the same probes of the same listing and calls. Keyed weakly by
 * the objects themselves, so nothing outlives the listing and calls it came from (a long-lived process
 * running many runs keeps nothing). The inputs are never mutated after listing and planning.
 */
const derived = new WeakMap<object, WeakMap<object, Map<string, readonly ArgumentProbe[]>>>();

/**
 * Derive the argument probes of one tool.
 * @param inputSchema the tool's advertised inputSchema (anything; non-objects give no probes)
 * @param base the arguments of a call the server answered (a successful scenario's; for errors/echo on a read-only
 *   tool, targets.ts `answeredArguments`, possibly one refused in its result body); every probe changes one thing
 * @param idPrefix the prefix the sentinels are derived from (the checks pass `argumentProbePrefix(tool)`)
 * @returns at most MAX_PROBES_PER_TOOL probes; never throws. The same schema, base and prefix objects give
 *   the same (shared, read-only) probe objects: callers must not mutate them.
 */
export function deriveArgumentProbes(inputSchema: unknown, base: Record<string, unknown>, idPrefix: string): ArgumentProbe[] {
  return isObject(inputSchema) ? [...derivedProbes(inputSchema, base, idPrefix)] : [];
}

/** The memoised derivation of `deriveArgumentProbes` itself (shared: never mutated by callers). */
function derivedProbes(inputSchema: Record<string, unknown>, base: Record<string, unknown>, idPrefix: string): readonly ArgumentProbe[] {
  let byBase = derived.get(inputSchema);
  if (!byBase) derived.set(inputSchema, (byBase = new WeakMap()));
  let byPrefix = byBase.get(base);
  if (!byPrefix) byBase.set(base, (byPrefix = new Map()));
  let probes = byPrefix.get(idPrefix);
  if (!probes) byPrefix.set(idPrefix, (probes = argumentProbes(inputSchema, base, idPrefix, MAX_PROBES_PER_TOOL)));
  return probes;
}

/**
 * The first probe of `deriveArgumentProbes(inputSchema, base, idPrefix)` that `wanted` accepts, or undefined:
 * the same answer as `.find(wanted)` on it, and the same (memoised, shared) probe object, so two checks that pick
 * the same probe of a tool with the same prefix send one request (harness/run/shared-probes.ts).
 */
export function firstArgumentProbe(inputSchema: unknown, base: Record<string, unknown>, idPrefix: string, wanted: (probe: ArgumentProbe) => boolean): ArgumentProbe | undefined {
  return isObject(inputSchema) ? derivedProbes(inputSchema, base, idPrefix).find(wanted) : undefined;
}

/**
 * The id prefix every check derives a tool's argument probes with (their sentinels come from it):
 * `errors/input-enforcement:<tool>`, input-enforcement's own. errors/classification and errors/echo pick their
 * probe from the same derivation, so a probe they pick from the same base is the very request input-enforcement
 * plans too (the same arguments object), sent once for all of them (harness/run/shared-probes.ts). The one exception:
 * errors/echo's probe of a read-only tool whose calls were all refused in a result body, which input-enforcement does
 * not probe (targets.ts `answeredArguments`).
 */
export function argumentProbePrefix(tool: string): string {
  return `errors/input-enforcement:${tool}`;
}
