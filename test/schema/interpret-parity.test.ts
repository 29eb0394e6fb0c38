/**
 * The schema service's interpreting fast path (harness/schema/interpret.ts) gives ajv's verdicts: the
 * same compile results (ok, reason, issues) and, for every instance, the same validation issues as the
 * ajv-only service (`interpret: false`). Corpus: the JSON-Schema-Test-Suite's required groups of
 * draft-07, 2019-09 and 2020-12 (bench/json-schema-test-suite/, remote-ref groups left out), every
 * inputSchema/outputSchema in the JSON fixtures (test/fixtures/**), the synthetic bench surface, and
 * edge cases of the subset's boundary (patterns, refs into unknown keywords, nullable, formats).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createSchemaService } from '../../harness/schema/ajv.ts';
import { generateArguments } from '../../harness/scenarios/generate/index.ts';
import type { JsonSchema } from '../../harness/model/protocol.ts';
import { fixtureJsonDocuments } from '../helpers/fixture-json.ts';
import { inputSchema, outputSchema, sampleArguments, structuredResult } from '../../bench/synthetic/tools.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');

const DRAFTS = [
  { name: 'draft-07', file: 'draft7', uri: 'http://json-schema.org/draft-07/schema#' },
  { name: '2019-09', file: 'draft2019-09', uri: 'https://json-schema.org/draft/2019-09/schema' },
  { name: '2020-12', file: 'draft2020-12', uri: 'https://json-schema.org/draft/2020-12/schema' },
] as const;

interface Case {
  label: string;
  schema: JsonSchema;
  instances: unknown[];
}

interface SuiteGroup {
  description: string;
  schema: JsonSchema;
  tests: { description: string; data: unknown; valid: boolean }[];
}

/** The suite's required groups of each draft, `$schema` added where the group has none. */
function suiteCases(): Case[] {
  return DRAFTS.flatMap((draft) => {
    const files = JSON.parse(readFileSync(join(ROOT, `bench/json-schema-test-suite/${draft.file}.json`), 'utf8')) as Record<string, SuiteGroup[]>;
    return Object.entries(files).flatMap(([file, groups]) =>
      groups
        .filter((g) => !JSON.stringify(g.schema).includes('localhost:1234'))
        .map((g) => ({
          label: `${draft.name} ${file}: ${g.description}`,
          schema: typeof g.schema === 'object' && g.schema !== null && !('$schema' in g.schema) ? { $schema: draft.uri, ...g.schema } : g.schema,
          instances: g.tests.map((t) => t.data),
        })),
    );
  });
}

/** Every inputSchema/outputSchema of the JSON fixtures, with every argument/structuredContent value of the same file as instances. */
function fixtureCases(): Case[] {
  const cases: Case[] = [];
  for (const { file, doc } of fixtureJsonDocuments()) {
    const schemas: JsonSchema[] = [];
    const values: unknown[] = [];
    const walk = (node: unknown): void => {
      if (Array.isArray(node)) return node.forEach(walk);
      if (node === null || typeof node !== 'object') return;
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'inputSchema' || key === 'outputSchema') && (typeof value === 'boolean' || (value !== null && typeof value === 'object'))) schemas.push(value as JsonSchema);
        if (key === 'arguments' || key === 'structuredContent') values.push(value);
        walk(value);
      }
    };
    walk(doc);
    schemas.forEach((schema, i) => cases.push({ label: `${file} #${i}`, schema, instances: values }));
  }
  return cases;
}

/** The synthetic bench surface's schemas with their conformant and broken values. */
function syntheticCases(): Case[] {
  return [0, 1, 7, 42, 99].flatMap((i) => [
    { label: `synthetic ${i} input`, schema: inputSchema(i) as JsonSchema, instances: [sampleArguments(i), {}, { query: '' }] },
    { label: `synthetic ${i} output`, schema: outputSchema(i) as JsonSchema, instances: [structuredResult(i, false), structuredResult(i, true), {}] },
  ]);
}

/** The subset's boundary: what must stay on ajv, and what the interpreter takes with ajv's semantics. */
const EDGE: Case[] = [
  { label: 'pattern', schema: { type: 'string', pattern: '^it-[0-9]+$' }, instances: ['it-1', 'it-x', 'xit-1', 3] },
  { label: 'unicode pattern', schema: { type: 'string', pattern: '^\\p{L}+$' }, instances: ['été', 'a1', ''] },
  { label: 'pattern refused by the linear-time engine (accepts everything)', schema: { type: 'string', pattern: '^(?=a)a+$', maxLength: 3 }, instances: ['aaa', 'b', 'aaaa'] },
  { label: 'invalid pattern (ajv: compile-error)', schema: { type: 'string', pattern: '(' }, instances: ['x'] },
  { label: 'catastrophic pattern', schema: { type: 'string', pattern: '^(a+)+$' }, instances: [`${'a'.repeat(40_000)}!`, 'aaa'] },
  { label: 'propertyNames pattern', schema: { type: 'object', propertyNames: { pattern: '^[a-z]+$' } }, instances: [{ ab: 1 }, { A: 1 }] },
  { label: 'a property named pattern', schema: { type: 'object', properties: { pattern: { type: 'string' }, format: { type: 'integer' } } }, instances: [{ pattern: 'x', format: 1 }, { pattern: 1 }] },
  { label: 'ref into an unknown keyword with a pattern', schema: { 'x-lib': { pattern: '^(a+)+$' }, properties: { v: { $ref: '#/x-lib' } } }, instances: [{ v: `${'a'.repeat(40_000)}!` }, { v: 'aa' }] },
  { label: 'ref into a default value', schema: { default: { type: 'string' }, properties: { v: { $ref: '#/default' } } }, instances: [{ v: 1 }, { v: 'x' }] },
  { label: 'format', schema: { type: 'string', format: 'date-time' }, instances: ['2024-01-01T00:00:00Z', 'nope'] },
  { label: 'number format', schema: { type: 'number', format: 'int32' }, instances: [1, 2 ** 40] },
  { label: 'multipleOf float', schema: { type: 'number', multipleOf: 0.1 }, instances: [0.3, 0.7, 1] },
  { label: 'nullable', schema: { type: 'object', properties: { a: { type: 'string', nullable: true } } }, instances: [{ a: null }, { a: 1 }, { a: 'x' }] },
  { label: 'required toString', schema: { type: 'object', required: ['toString', 'constructor'] }, instances: [{}, JSON.parse('{"toString":1,"constructor":2}')] },
  { label: '__proto__ property', schema: { type: 'object', properties: { __proto__: { type: 'string' } }, additionalProperties: false }, instances: [JSON.parse('{"__proto__":"x"}'), JSON.parse('{"__proto__":1}')] },
  { label: 'string id keyword', schema: { id: 'http://example.com/x', type: 'object', properties: { a: { $ref: '#/$defs/A' } }, $defs: { A: { type: 'string' } } }, instances: [{ a: 'x' }, { a: 1 }] },
  { label: 'draft-06', schema: { $schema: 'http://json-schema.org/draft-06/schema#', type: 'object', properties: { a: { exclusiveMinimum: 1 } } }, instances: [{ a: 1 }, { a: 2 }] },
  { label: 'nested $schema', schema: { properties: { a: { $schema: 'http://json-schema.org/draft-07/schema#', type: 'string' } } }, instances: [{ a: 1 }] },
  { label: 'unknown keyword holding an $id', schema: { 'x-meta': { $id: 'urn:x' }, type: 'integer' }, instances: [1, 'x'] },
  { label: 'escaped ref token', schema: { $defs: { 'a/b': { type: 'string' } }, properties: { v: { $ref: '#/$defs/a~1b' } } }, instances: [{ v: 1 }, { v: 'x' }] },
  { label: 'boolean schemas', schema: { properties: { yes: true, no: false } }, instances: [{ yes: 1 }, { no: 1 }] },
  { label: 'dependencies (2020-12)', schema: { dependencies: { a: ['b'], c: { required: ['d'] } } }, instances: [{ a: 1 }, { a: 1, b: 2 }, { c: 1 }, { c: 1, d: 1 }] },
  { label: 'uniqueItems', schema: { type: 'array', uniqueItems: true }, instances: [[{ a: 1, b: 2 }, { b: 2, a: 1 }], [1, 1.0], [1, '1']] },
  { label: 'integer', schema: { type: 'integer' }, instances: [1, 1.0, 1.5, 1e308, -0] },
  // an empty enum admits no value (JSON Schema Validation §6.1.2); ajv compiles harness/schema/empty-enum.ts's copy, the interpreter reads it as it is
  ...[undefined, 'https://json-schema.org/draft/2019-09/schema', 'http://json-schema.org/draft-07/schema#', 'http://json-schema.org/draft-06/schema#'].flatMap((uri): Case[] => [
    {
      label: `empty enum ${uri ?? '(2020-12 default)'}`,
      schema: { ...(uri ? { $schema: uri } : {}), type: 'object', properties: { mode: { type: 'string', enum: [] }, q: { type: 'string' } }, required: ['q'] },
      instances: [{ q: 'x' }, { q: 'x', mode: 'a' }, { q: 'x', mode: 1 }, { mode: null }, {}],
    },
    {
      label: `empty enum beside not, in allOf, under a $ref ${uri ?? '(2020-12 default)'}`,
      schema: { ...(uri ? { $schema: uri } : {}), properties: { a: { not: { type: 'number' }, enum: [] }, b: { allOf: [{ type: 'string' }, { enum: [] }] }, c: { $ref: '#/definitions/None' } }, definitions: { None: { enum: [] } } },
      instances: [{}, { a: 'x' }, { a: 1 }, { b: 'x' }, { c: null }],
    },
    { label: `repeating enum members ${uri ?? '(2020-12 default)'}`, schema: { ...(uri ? { $schema: uri } : {}), enum: ['a', 'a', 1, 1.0] }, instances: ['a', 1, 'b'] },
  ]),
];

/**
 * Every keyword the interpreter reads whose meaning differs between drafts, and its own bookkeeping members, in every
 * dialect: where a dialect's ajv engine does not know a keyword it ignores it, so the interpreter must not apply it
 * either (a reviewer: draft-07 `prefixItems` and `minContains` gave "valid" where ajv said invalid, and a member named
 * `__absolute_ref__` redirected a `$ref`).
 */
const DIALECT_KEYWORDS: Case[] = DRAFTS.flatMap((draft) => {
  const arrays = [[], [1], ['a'], [1, 'a'], ['a', 1], [2, 2], ['a', 'b', 'c']];
  const objects = [{}, { a: 1 }, { a: 1, b: 2 }, { c: 1 }, { c: 1, d: 'x' }];
  const cases: [string, Record<string, unknown>, unknown[]][] = [
    ['prefixItems then items', { prefixItems: [{}], items: { type: 'string' } }, arrays],
    ['prefixItems alone', { prefixItems: [{ type: 'string' }] }, arrays],
    ['prefixItems and items false', { prefixItems: [{}], items: false }, arrays],
    ['prefixItems and additionalItems', { prefixItems: [{}], additionalItems: { type: 'string' } }, arrays],
    ['items schema and additionalItems', { items: { type: 'integer' }, additionalItems: false }, arrays],
    ['contains', { contains: { const: 1 } }, arrays],
    ['minContains 0', { contains: { const: 1 }, minContains: 0 }, arrays],
    ['minContains 2', { contains: { type: 'string' }, minContains: 2 }, arrays],
    ['maxContains 1', { contains: { type: 'string' }, maxContains: 1 }, arrays],
    ['dependentRequired', { dependentRequired: { a: ['b'] } }, objects],
    ['dependentSchemas', { dependentSchemas: { c: { required: ['d'] } } }, objects],
    ['dependencies', { dependencies: { a: ['b'], c: { required: ['d'] } } }, objects],
    ['propertyNames', { propertyNames: { maxLength: 1 } }, objects],
    ['if then else', { if: { required: ['a'] }, then: { required: ['b'] }, else: { required: ['c'] } }, objects],
    ['__absolute_ref__ beside $ref', { $defs: { A: { type: 'string' }, B: {} }, properties: { x: { $ref: '#/$defs/A', __absolute_ref__: '#/$defs/B' }, y: { $ref: '#/$defs/B' } } }, [{ x: 5 }, { x: 'y' }]],
    ['__absolute_recursive_ref__', { properties: { x: { type: 'string', __absolute_recursive_ref__: '#' } } }, [{ x: 5 }]],
    ['__absolute_uri__', { properties: { x: { type: 'string', __absolute_uri__: 'urn:x' } } }, [{ x: 5 }]],
  ];
  return cases.map(([label, schema, instances]) => ({ label: `${draft.name} ${label}`, schema: { $schema: draft.uri, ...schema }, instances }));
});

/** Both services' answers for a case, as plain data. */
function answers(service: ReturnType<typeof createSchemaService>, c: Case): unknown {
  const compiled = service.compile(c.schema);
  if (!compiled.ok) return { ok: false, reason: compiled.reason, issues: compiled.issues };
  const outcome = (instance: unknown): unknown => {
    try {
      return compiled.validate(instance);
    } catch (error) {
      return { threw: (error as Error).name };
    }
  };
  return { ok: true, dialect: compiled.dialect, issues: c.instances.map(outcome) };
}

function expectParity(cases: Case[]): { interpreted: number } {
  const ajvOnly = createSchemaService({ interpret: false });
  const fast = createSchemaService();
  const mismatches: string[] = [];
  for (const c of cases) {
    const want = answers(ajvOnly, c);
    const got = answers(fast, c);
    if (JSON.stringify(want) !== JSON.stringify(got)) mismatches.push(`${c.label}\n  ajv:  ${JSON.stringify(want).slice(0, 400)}\n  fast: ${JSON.stringify(got).slice(0, 400)}`);
  }
  expect(mismatches).toEqual([]);
  expect(ajvOnly.stats().interpreted).toBe(0);
  return { interpreted: fast.stats().interpreted };
}

describe('schema service: the interpreting fast path gives ajv’s verdicts and issues', () => {
  it('on the JSON-Schema-Test-Suite (draft-07, 2019-09, 2020-12 required groups)', () => {
    const cases = suiteCases();
    const { interpreted } = expectParity(cases);
    // the fast path is really taken: most suite groups are in its subset
    expect(interpreted).toBeGreaterThan(cases.length / 2);
  });

  it('on the fixtures’ tool schemas and the synthetic surface, including generated arguments', () => {
    const cases = [...fixtureCases(), ...syntheticCases()];
    const ajvOnly = createSchemaService({ interpret: false });
    for (const c of cases) {
      const g = generateArguments(c.schema, ajvOnly, { sentinels: true });
      if (g.ok) c.instances = [...c.instances, g.arguments];
    }
    expect(cases.length).toBeGreaterThan(90);
    const { interpreted } = expectParity(cases);
    expect(interpreted).toBeGreaterThan(cases.length / 2);
  });

  it('on the subset’s boundary cases; a catastrophic pattern never runs on a backtracking engine', () => {
    const { interpreted } = expectParity(EDGE);
    expect(interpreted).toBeGreaterThan(10);
  });

  it('on every draft-dependent keyword the interpreter reads, in every dialect', () => {
    const { interpreted } = expectParity(DIALECT_KEYWORDS);
    expect(interpreted).toBeGreaterThan(20); // most of them stay on the fast path where the dialect knows the keyword
  });

  it('keeps formats, float multipleOf, invalid patterns and non-local ids on ajv', () => {
    const fast = createSchemaService();
    for (const label of ['format', 'number format', 'multipleOf float', 'invalid pattern (ajv: compile-error)', 'string id keyword', 'nested $schema', 'ref into a default value']) {
      const c = EDGE.find((e) => e.label === label) as Case;
      const before = fast.stats().interpreted;
      fast.compile(c.schema);
      expect(fast.stats().interpreted, label).toBe(before);
    }
    const c = EDGE.find((e) => e.label === 'pattern') as Case;
    fast.compile(c.schema);
    expect(fast.stats().interpreted).toBe(1);
  });

  it('takes an empty enum on the fast path in every dialect (the interpreter finds every instance invalid there, as ajv does)', () => {
    const fast = createSchemaService();
    const cases = EDGE.filter((e) => e.label.startsWith('empty enum'));
    expect(cases).toHaveLength(8);
    for (const c of cases) fast.compile(c.schema);
    expect(fast.stats().interpreted).toBe(8);
  });
});
