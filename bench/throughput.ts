/**
 * Validation throughput of the harness's schema service (createSchemaService, harness/schema/ajv.ts) on
 * the synthetic schemas: distinct compiles per second (a fresh service, every input and output schema
 * once), cached compile lookups per second (the same schemas again: the canonical-hash cache hit the
 * checks pay per call), and validations per second (each tool's arguments and structuredContent against
 * the compiled validators: the first pass, as a run pays it, then repeated passes for at least `minMs`).
 */
import { createSchemaService } from '../harness/schema/ajv.ts';
import type { CompileResult } from '../harness/schema/service.ts';
import { inputSchema, outputSchema, sampleArguments, structuredResult, SYNTHETIC_TOOL_COUNT } from './synthetic/tools.mjs';

/** Throughput figures; rates are per second of wall time. */
export interface Throughput {
  /** Distinct schemas compiled (input + output per tool). */
  schemas: number;
  compileMs: number;
  compilesPerSec: number;
  cachedLookupsPerSec: number;
  /** First pass over fresh validators (includes V8's lazy compilation of each generated function). */
  coldValidationsPerSec: number;
  validations: number;
  /** Later passes, for at least `minMs`. */
  validationsPerSec: number;
  /** Instances that did not validate (must be 0: the samples are valid). */
  invalid: number;
}

/** Measurement options: tool count (default 1000) and the minimum validation loop time, ms (default 1000). */
export interface ThroughputOptions {
  tools?: number;
  minMs?: number;
}

type Validate = Extract<CompileResult, { ok: true }>['validate'];

/**
 * Measure compile and validation throughput. @throws Error when a synthetic schema does not compile
 * (a bug in bench/synthetic/tools.mjs).
 */
export function measureThroughput(options: ThroughputOptions = {}): Throughput {
  const count = options.tools ?? SYNTHETIC_TOOL_COUNT;
  const schemas = Array.from({ length: count }, (_, i) => [inputSchema(i), outputSchema(i)]).flat();
  const service = createSchemaService();
  let started = performance.now();
  const validators = schemas.map((schema) => okOrThrow(service.compile(schema)));
  const compileMs = performance.now() - started;
  started = performance.now();
  for (const schema of schemas) service.compile(structuredClone(schema));
  const lookupMs = performance.now() - started;
  const instances = Array.from({ length: count }, (_, i) => [sampleArguments(i), structuredResult(i)]).flat();
  const cold = validateFor(validators, instances, 0);
  const { validations, invalid, ms } = validateFor(validators, instances, options.minMs ?? 1000);
  return {
    schemas: schemas.length,
    compileMs,
    compilesPerSec: rate(schemas.length, compileMs),
    cachedLookupsPerSec: rate(schemas.length, lookupMs),
    coldValidationsPerSec: rate(cold.validations, cold.ms),
    validations,
    validationsPerSec: rate(validations, ms),
    invalid: invalid + cold.invalid,
  };
}

function okOrThrow(result: CompileResult): Validate {
  if (!result.ok) throw new Error(`a synthetic schema does not compile (${result.reason})`);
  return result.validate;
}

/** Validate instance k against validator k, in passes, until `minMs` has passed (one pass at least). */
function validateFor(validators: Validate[], instances: unknown[], minMs: number) {
  const started = performance.now();
  let validations = 0;
  let invalid = 0;
  do {
    for (let k = 0; k < validators.length; k++) if (validators[k](instances[k]).length > 0) invalid++;
    validations += validators.length;
  } while (performance.now() - started < minMs);
  return { validations, invalid, ms: performance.now() - started };
}

function rate(count: number, ms: number): number {
  return ms > 0 ? (count * 1000) / ms : 0;
}
