/**
 * Argument probes derived from a tool's inputSchema (errors/input-enforcement, errors/echo,
 * errors/classification): ONE negative probe per constraint the schema states on a top-level
 * property (missing required property, wrong type, below minimum / above maximum, too short / too
 * long, enum outsider, additional property under `additionalProperties: false`), plus positive
 * boundary probes the schema allows (a value exactly at a bound). Pure and deterministic: the same
 * schema, base arguments and id prefix always give the same probes in the same order.
 * Spec: spec:2025-11-25/server/tools.mdx §Error Handling (input validation errors); JSON Schema 2020-12 Validation.
 */
import { isJsonObject as isObject } from '../json.ts';
import { escapeToken } from '../schema/pointer.ts';
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
type Emit = (p: Omit<ArgumentProbe, 'arguments' | 'pointer'> & { pointer?: string; value?: unknown }) => void;

function typesOf(schema: Schema): string[] | undefined {
  if (typeof schema.type === 'string') return [schema.type];
  return Array.isArray(schema.type) ? schema.type.filter((t): t is string => typeof t === 'string') : undefined;
}

function jsonTypeOf(value: unknown): string[] {
  if (value === null) return ['null'];
  if (Array.isArray(value)) return ['array'];
  if (typeof value === 'number') return Number.isInteger(value) ? ['integer', 'number'] : ['number'];
  return [typeof value];
}

function wrongTypeProbe(name: string, schema: Schema, sentinel: string, emit: Emit): void {
  const allowed = typesOf(schema);
  if (!allowed || allowed.length === 0) return;
  const candidates: unknown[] = [sentinel, 12345, true, { [EXTRA_PROPERTY]: sentinel }, [sentinel]];
  const bad = candidates.find((c) => !jsonTypeOf(c).some((t) => allowed.includes(t) || (t === 'integer' && allowed.includes('number'))));
  if (bad === undefined) return;
  emit({ key: `wrong-type:${name}`, label: `property "${name}" of a type the schema does not allow`, pointer: '/type', expect: 'reject', value: bad, ...(typeof bad === 'string' || isObject(bad) || Array.isArray(bad) ? { sentinel } : {}) });
}

function numericProbes(name: string, schema: Schema, emit: Emit): void {
  const integer = typesOf(schema)?.includes('integer') && !typesOf(schema)?.includes('number');
  const exact = (n: number) => !integer || Number.isInteger(n);
  const { minimum, maximum, exclusiveMinimum, exclusiveMaximum } = schema;
  if (typeof minimum === 'number') {
    emit({ key: `below-minimum:${name}`, label: `property "${name}" below its minimum`, pointer: '/minimum', expect: 'reject', value: Math.ceil(minimum) - 1 });
    if (exact(minimum)) emit({ key: `at-minimum:${name}`, label: `property "${name}" exactly at its minimum`, pointer: '/minimum', expect: 'accept', value: minimum });
  }
  if (typeof maximum === 'number') {
    emit({ key: `above-maximum:${name}`, label: `property "${name}" above its maximum`, pointer: '/maximum', expect: 'reject', value: Math.floor(maximum) + 1 });
    if (exact(maximum)) emit({ key: `at-maximum:${name}`, label: `property "${name}" exactly at its maximum`, pointer: '/maximum', expect: 'accept', value: maximum });
  }
  if (typeof exclusiveMinimum === 'number' && exact(exclusiveMinimum)) emit({ key: `at-exclusive-minimum:${name}`, label: `property "${name}" equal to its exclusiveMinimum`, pointer: '/exclusiveMinimum', expect: 'reject', value: exclusiveMinimum });
  if (typeof exclusiveMaximum === 'number' && exact(exclusiveMaximum)) emit({ key: `at-exclusive-maximum:${name}`, label: `property "${name}" equal to its exclusiveMaximum`, pointer: '/exclusiveMaximum', expect: 'reject', value: exclusiveMaximum });
}

function stringProbes(name: string, schema: Schema, sentinel: string, emit: Emit): void {
  const free = schema.pattern === undefined && schema.format === undefined && schema.enum === undefined && schema.const === undefined;
  const { minLength, maxLength } = schema;
  if (typeof minLength === 'number' && minLength >= 1 && minLength <= MAX_BUILT_STRING) {
    emit({ key: `too-short:${name}`, label: `property "${name}" shorter than its minLength`, pointer: '/minLength', expect: 'reject', value: 'a'.repeat(Math.ceil(minLength) - 1) });
    if (free) emit({ key: `at-min-length:${name}`, label: `property "${name}" exactly at its minLength`, pointer: '/minLength', expect: 'accept', value: 'a'.repeat(Math.ceil(minLength)) });
  }
  if (typeof maxLength === 'number' && maxLength >= 0 && maxLength < MAX_BUILT_STRING) {
    const length = Math.floor(maxLength) + 1;
    const value = length >= sentinel.length ? sentinel + 'x'.repeat(length - sentinel.length) : 'x'.repeat(length);
    emit({ key: `too-long:${name}`, label: `property "${name}" longer than its maxLength`, pointer: '/maxLength', expect: 'reject', value, ...(value.includes(sentinel) ? { sentinel } : {}) });
    if (free && maxLength >= 1) emit({ key: `at-max-length:${name}`, label: `property "${name}" exactly at its maxLength`, pointer: '/maxLength', expect: 'accept', value: 'a'.repeat(Math.floor(maxLength)) });
  }
}

function enumProbe(name: string, schema: Schema, sentinel: string, emit: Emit): void {
  if (!Array.isArray(schema.enum) || schema.enum.length === 0) return;
  emit({ key: `enum-outsider:${name}`, label: `property "${name}" outside its enum`, pointer: '/enum', expect: 'reject', value: sentinel, sentinel });
}

/**
 * Derive the argument probes of one tool.
 * @param inputSchema the tool's advertised inputSchema (anything; non-objects give no probes)
 * @param base arguments known to succeed (a successful scenario's); every probe changes one thing
 * @param idPrefix the probe-id prefix (`<check>:<tool>`) the sentinels are derived from
 * @returns at most MAX_PROBES_PER_TOOL probes; never throws
 */
export function deriveArgumentProbes(inputSchema: unknown, base: Record<string, unknown>, idPrefix: string): ArgumentProbe[] {
  if (!isObject(inputSchema)) return [];
  const probes: ArgumentProbe[] = [];
  const properties = isObject(inputSchema.properties) ? inputSchema.properties : {};
  const required = Array.isArray(inputSchema.required) ? inputSchema.required.filter((r): r is string => typeof r === 'string') : [];
  for (const name of required) {
    if (!(name in base)) continue;
    const { [name]: _dropped, ...rest } = base;
    probes.push({ key: `missing-required:${name}`, label: `missing required property "${name}"`, pointer: '/inputSchema/required', expect: 'reject', arguments: rest });
  }
  for (const [name, schema] of Object.entries(properties)) {
    if (!isObject(schema)) continue;
    const sentinel = makeSentinel(`${idPrefix}:${name}`);
    const emit: Emit = ({ value, pointer, ...p }) =>
      probes.push({ ...p, pointer: `/inputSchema/properties/${escapeToken(name)}${pointer ?? ''}`, arguments: { ...base, [name]: value } });
    wrongTypeProbe(name, schema, sentinel, emit);
    numericProbes(name, schema, emit);
    stringProbes(name, schema, sentinel, emit);
    enumProbe(name, schema, sentinel, emit);
  }
  if (inputSchema.additionalProperties === false && !(EXTRA_PROPERTY in properties)) {
    const sentinel = makeSentinel(`${idPrefix}:${EXTRA_PROPERTY}`);
    probes.push({ key: 'additional-property', label: 'a property the schema does not declare (additionalProperties: false)', pointer: '/inputSchema/additionalProperties', expect: 'reject', arguments: { ...base, [EXTRA_PROPERTY]: sentinel }, sentinel });
  }
  return probes.slice(0, MAX_PROBES_PER_TOOL);
}
