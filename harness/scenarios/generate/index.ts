/**
 * generateArguments: deterministic `tools/call` arguments from a tool's inputSchema, validated against
 * that schema (dialect per `$schema`, via the schema service). Same input, same output.
 * Generation tries `default`/`examples` first and, when the result does not validate (defaults that
 * contradict their schema are common, e.g. a null default outside an enum), again without them.
 */
import { createSchemaService } from '../../schema/ajv.ts';
import type { SchemaService } from '../../schema/service.ts';
import { notEvaluated } from '../../schema/stack-guard.ts';
import type { JsonSchema } from '../../model/protocol.ts';
import { isObject } from './schema-utils.ts';
import { freshBudget, generateValue, type Generated } from './values.ts';

/** Generated arguments, or a value-free reason naming the JSON pointer (into the schema or the arguments). */
export type GenerateResult = { ok: true; arguments: Record<string, unknown> } | { ok: false; reason: string };

/** Generation switches. `sentinels`: plant sentinels in free strings where they keep the arguments valid (call planning does). */
export interface GenerateOptions {
  sentinels?: boolean;
}

let sharedService: SchemaService | undefined;

/** The root to generate from: a root without type or composition is read as an object schema. */
function asRoot(schema: Record<string, unknown>): Record<string, unknown> {
  const composed = ['type', '$ref', 'allOf', 'anyOf', 'oneOf', 'const', 'enum'].some((k) => k in schema);
  return composed ? schema : { ...schema, type: 'object' };
}

const where = (pointer: string) => (pointer === '' ? '(root)' : pointer);
/** The schema location of a failure: its pointer, and the `$ref` that led there when it lies in a reference's target. */
const located = (g: { pointer: string; via?: string }): string => (g.via === undefined ? where(g.pointer) : `${where(g.pointer)} (through the $ref at ${where(g.via)})`);

/** One attempt; returns arguments or the reason it failed. */
function attempt(schema: Record<string, unknown>, useHints: boolean, validate: (v: unknown) => { instancePointer: string; keyword: string }[], sentinels = false): GenerateResult {
  const g: Generated = generateValue(asRoot(schema), '', { root: schema, useHints, depth: 0, refs: [], budget: freshBudget(), sentinels });
  if (!g.ok) {
    // a subschema no value satisfies: no valid arguments exist (a required property's enum is empty, say), which is not the generator's failing
    if (g.noValue) return { ok: false, reason: `no value satisfies inputSchema ${located(g)}: ${g.reason}, so no valid arguments exist` };
    return { ok: false, reason: `cannot generate a value at inputSchema ${located(g)}: ${g.reason}` };
  }
  if (!isObject(g.value)) return { ok: false, reason: 'inputSchema (root) does not describe an object' };
  const issues = validate(g.value);
  if (issues.length === 0) return { ok: true, arguments: g.value };
  if (notEvaluated(issues)) return { ok: false, reason: 'inputSchema could not be evaluated (its validator exceeds the call stack)' };
  const first = issues[0];
  return { ok: false, reason: `generated arguments fail the inputSchema at ${where(first.instancePointer)} (keyword '${first.keyword}')` };
}

/**
 * Deterministic arguments for `inputSchema`: required properties only, each from `const`, `default`,
 * `enum[0]`, `examples[0]`, or a type-appropriate value honouring bounds and formats (never a network
 * URL). With `options.sentinels`, free strings carry a sentinel where it keeps them valid (strings.ts
 * `sampleString`; errors/echo judges every failure answer that repeats one); when the arguments with
 * sentinels do not validate, generation runs again without them. Validated with the schema service (`schemas`, or a shared default
 * one). Never throws.
 */
export function generateArguments(inputSchema: JsonSchema, schemas?: SchemaService, options: GenerateOptions = {}): GenerateResult {
  if (inputSchema === true) return { ok: true, arguments: {} };
  if (!isObject(inputSchema)) return { ok: false, reason: 'inputSchema (root) is not a schema object' };
  const service = schemas ?? (sharedService ??= createSchemaService());
  const compiled = service.compile(inputSchema);
  if (!compiled.ok) {
    const at = compiled.issues[0]?.pointer ?? '';
    return { ok: false, reason: `inputSchema does not compile (${compiled.reason}) at ${where(at)}` };
  }
  for (const useHints of options.sentinels ? [true, false] : []) {
    const planted = attempt(inputSchema, useHints, compiled.validate, true);
    if (planted.ok) return planted;
  }
  const first = attempt(inputSchema, true, compiled.validate);
  return first.ok ? first : attempt(inputSchema, false, compiled.validate);
}
