/**
 * harness/schema/sure-valid.ts: `surelyValid` says "valid" only where the interpreter (@cfworker/json-schema's
 * `validate`, on the same prepared copy and reference table) says valid; and it does say so for most valid
 * instances of the subset, so the fast path is really taken. The corpus: the JSON-Schema-Test-Suite's required
 * groups of draft-07, 2019-09 and 2020-12 (bench/json-schema-test-suite/), the synthetic bench surface with
 * mutated instances, and the keyword semantics where a fast path is easy to get wrong.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate, type Schema } from '@cfworker/json-schema';
import { describe, expect, it } from 'vitest';
import { interpreterInput } from '../../harness/schema/interpret.ts';
import { surelyValid } from '../../harness/schema/sure-valid.ts';
import type { Dialect } from '../../harness/schema/service.ts';
import { inputSchema, outputSchema, sampleArguments, structuredResult } from '../../bench/synthetic/tools.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DRAFTS: { dialect: Dialect; file: string }[] = [
  { dialect: 'draft-07', file: 'draft7' },
  { dialect: '2019-09', file: 'draft2019-09' },
  { dialect: '2020-12', file: 'draft2020-12' },
];

interface SuiteGroup {
  description: string;
  schema: unknown;
  tests: { description: string; data: unknown; valid: boolean }[];
}

/** What the fast path and the interpreter say of one instance. */
function verdicts(schema: unknown, dialect: Dialect, instance: unknown): { sure: boolean; interpreter: boolean | undefined } | undefined {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return undefined;
  const input = interpreterInput(structuredClone(schema) as Record<string, unknown>, dialect);
  if (!input) return undefined;
  let interpreter: boolean | undefined;
  try {
    interpreter = validate(instance, input.copy, input.draft, input.lookup, true).valid;
  } catch {
    interpreter = undefined;
  }
  return { sure: surelyValid(instance, input.copy, input.draft, input.lookup), interpreter };
}

/** Verdicts of a schema in 2020-12 (the dialect of a tool schema without `$schema`). */
const sure2020 = (schema: unknown, instance: unknown): boolean => {
  const v = verdicts(schema, '2020-12', instance);
  if (!v) throw new Error('outside the interpreter subset');
  return v.sure;
};

describe('surelyValid: never valid where the interpreter says invalid', () => {
  it('on the JSON-Schema-Test-Suite (draft-07, 2019-09, 2020-12), and confirms most valid instances', () => {
    const wrong: string[] = [];
    let validInSubset = 0;
    let confirmed = 0;
    for (const { dialect, file } of DRAFTS) {
      const groups = JSON.parse(readFileSync(join(ROOT, `bench/json-schema-test-suite/${file}.json`), 'utf8')) as Record<string, SuiteGroup[]>;
      for (const [name, list] of Object.entries(groups)) {
        for (const group of list) {
          if (JSON.stringify(group.schema).includes('localhost:1234')) continue;
          for (const test of group.tests) {
            const v = verdicts(group.schema, dialect, test.data);
            if (!v) continue;
            if (v.sure && (v.interpreter !== true || !test.valid)) wrong.push(`${dialect} ${name}: ${group.description}: ${test.description}`);
            if (v.interpreter === true) {
              validInSubset++;
              if (v.sure) confirmed++;
            }
          }
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(validInSubset).toBeGreaterThan(500);
    // the fast path answers most of them itself (the rest use keywords it leaves to the interpreter)
    expect(confirmed / validInSubset).toBeGreaterThan(0.5);
  });

  it('on the synthetic surface: conformant values confirmed, every mutation judged by the interpreter alone', () => {
    const mutations: ((v: Record<string, unknown>) => void)[] = [
      (v) => delete v[Object.keys(v)[0]],
      (v) => (v[Object.keys(v)[0]] = 12.5),
      (v) => (v.extra = true),
      (v) => (v.query = ''),
      (v) => (v.query = '\u{1F600}'.repeat(200)),
      (v) => (v.limit = 0),
      (v) => (v.limit = 1.5),
      (v) => (v.mode = 'nope'),
      (v) => (v.range = { min: -1, max: 3 }),
      (v) => (v.filters = []),
      (v) => (v.items = [{ id: 'it-x', score: 0.5, kind: 'alpha' }]),
      (v) => (v.items = [{ id: 'it-1', score: 2, kind: 'alpha' }]),
      (v) => (v.page = { index: 0 }),
      (v) => (v.status = null),
      (v) => (v.total = 1e9),
    ];
    for (const i of [0, 1, 7, 42, 99, 500, 999]) {
      for (const [schema, value] of [[inputSchema(i), sampleArguments(i)], [outputSchema(i), structuredResult(i)]] as const) {
        const ok = verdicts(schema, '2020-12', value);
        expect(ok).toEqual({ sure: true, interpreter: true });
        for (const mutate of mutations) {
          const changed = structuredClone(value) as Record<string, unknown>;
          mutate(changed);
          const v = verdicts(schema, '2020-12', changed);
          if (v?.sure) expect(v.interpreter).toBe(true);
        }
      }
      expect(verdicts(outputSchema(i), '2020-12', structuredResult(i, true))).toEqual({ sure: false, interpreter: false });
    }
  });
});

describe('surelyValid: the interpreter’s semantics, keyword by keyword', () => {
  it('type: an integer is a number without a fraction; a list admits any of its names', () => {
    expect(sure2020({ type: 'integer' }, 1.0)).toBe(true);
    expect(sure2020({ type: 'integer' }, 1.5)).toBe(false);
    expect(sure2020({ type: ['string', 'null'] }, null)).toBe(true);
    expect(sure2020({ type: ['string', 'null'] }, 1)).toBe(false);
  });

  it('minLength and maxLength count code points (a surrogate pair is one)', () => {
    expect(sure2020({ type: 'string', maxLength: 1 }, '\u{1F600}')).toBe(true);
    expect(sure2020({ type: 'string', minLength: 2 }, '\u{1F600}')).toBe(false);
  });

  it('const and enum compare objects by value, key order aside, and primitives strictly', () => {
    expect(sure2020({ enum: [{ a: 1, b: 2 }] }, JSON.parse('{"b":2,"a":1}'))).toBe(true);
    expect(sure2020({ const: 1 }, '1')).toBe(false);
    expect(sure2020({ enum: ['a', 'b'] }, 'c')).toBe(false);
  });

  it('required and properties read own properties only; additionalProperties covers the rest', () => {
    expect(sure2020({ type: 'object', required: ['toString'] }, {})).toBe(false);
    expect(sure2020({ type: 'object', required: ['toString'] }, JSON.parse('{"toString":1}'))).toBe(true);
    const closed = JSON.parse('{"type":"object","properties":{"__proto__":{"type":"string"}},"additionalProperties":false}') as unknown;
    expect(sure2020(closed, JSON.parse('{"__proto__":"x"}'))).toBe(true);
    expect(sure2020(closed, JSON.parse('{"__proto__":1}'))).toBe(false);
    expect(sure2020({ additionalProperties: { type: 'integer' } }, { a: 1, b: 'x' })).toBe(false);
  });

  it('a pattern (the interpreter’s private format) is applied to strings only', () => {
    expect(sure2020({ type: 'string', pattern: '^it-[0-9]+$' }, 'it-1')).toBe(true);
    expect(sure2020({ type: 'string', pattern: '^it-[0-9]+$' }, 'it-x')).toBe(false);
    expect(sure2020({ pattern: '^it-[0-9]+$' }, 5)).toBe(true);
  });

  it('$ref: its target and, from 2019-09 on, its siblings; in draft-07 the siblings are not evaluated', () => {
    const schema = { $defs: { S: { type: 'string' } }, properties: { v: { $ref: '#/$defs/S', maxLength: 1 } } };
    expect(sure2020(schema, { v: 'x' })).toBe(true);
    expect(sure2020(schema, { v: 'xy' })).toBe(false);
    expect(sure2020(schema, { v: 1 })).toBe(false);
    const v7 = verdicts({ definitions: { S: { type: 'string' } }, properties: { v: { $ref: '#/definitions/S', description: 'd' } } }, 'draft-07', { v: 'xy' });
    expect(v7).toEqual({ sure: true, interpreter: true });
  });

  it('a $ref cycle that never reaches the instance ends as "not sure", without overflowing the stack', () => {
    expect(sure2020({ $defs: { A: { $ref: '#/$defs/B' }, B: { $ref: '#/$defs/A' } }, $ref: '#/$defs/A' }, 1)).toBe(false);
  });

  it('is not sure of a schema whose keywords the interpreter would read through a prototype (a reviewer’s cases)', () => {
    const polluted = Object.prototype as Record<string, unknown>;
    for (const [keyword, value, schema, instance] of [['type', 'string', {}, 5], ['minimum', 10, { properties: {} }, 5]] as const) {
      Object.defineProperty(polluted, keyword, { value, configurable: true, enumerable: false, writable: true });
      try {
        const input = interpreterInput(structuredClone(schema) as Record<string, unknown>, '2020-12');
        expect(input).not.toBeNull();
        if (!input) continue;
        expect(validate(instance, input.copy, input.draft, input.lookup, true).valid).toBe(false);
        expect(surelyValid(instance, input.copy, input.draft, input.lookup)).toBe(false);
      } finally {
        delete polluted[keyword];
      }
    }
    class Base {
      get maximum(): number {
        return 1;
      }
    }
    const inherited = Object.assign(new Base(), { type: 'number' }) as unknown as Schema;
    expect(validate(5, inherited, '2020-12', {}, true).valid).toBe(false);
    expect(surelyValid(5, inherited, '2020-12', {})).toBe(false);
    expect(surelyValid(5, { type: 'number', maximum: 9 }, '2020-12', {})).toBe(true);
  });

  it('keywords it leaves to the interpreter make it "not sure", even for a valid instance', () => {
    for (const schema of [{ anyOf: [{ type: 'string' }] }, { oneOf: [{ type: 'string' }] }, { not: { type: 'integer' } }, { type: 'array', uniqueItems: true }, { type: 'array', contains: { type: 'string' } }]) {
      const instance = 'type' in schema ? ['x'] : 'x';
      const v = verdicts(schema, '2020-12', instance);
      expect(v).toEqual({ sure: false, interpreter: true });
    }
    // keywords the interpreter does not read assert nothing
    expect(sure2020({ type: 'string', title: 't', description: 'd', default: 'x', examples: ['y'], 'x-vendor': { type: 'integer' } }, 'z')).toBe(true);
  });
});
