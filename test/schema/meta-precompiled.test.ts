/**
 * The build-time meta-schema validators (harness/schema/generated/meta-<dialect>.cjs, via
 * harness/schema/meta.ts) give exactly what ajv's run-time `validateSchema` gives on the dialect's
 * engine: the same verdict and the same error objects (instancePath, schemaPath, keyword, params,
 * message, in order), for every `$schema` spelling they answer, and the service's `metaValidate`
 * still equals an ajv-only reference for the spellings they leave to ajv.
 * Corpus: every schema of the JSON-Schema-Test-Suite (draft-07, 2019-09, 2020-12; bench/json-schema-test-suite/),
 * every inputSchema/outputSchema in the JSON fixtures (test/fixtures/**), the synthetic bench surface,
 * and mutants of all of them (each keyword of each schema object given a value of the wrong kind),
 * which is what drives the meta-schemas' error paths.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { globSync } from 'tinyglobby';
import { describe, expect, it } from 'vitest';
import { createSchemaService, toSchemaIssues } from '../../harness/schema/ajv.ts';
import { META_SCHEMA_IDS, dialectOf, metaSchemaIdOf } from '../../harness/schema/dialects.ts';
import { createEngine, type Engine } from '../../harness/schema/engines.ts';
import { lazyAjvRegExp } from '../../harness/schema/lazy-regexp.ts';
import { precompiledMeta } from '../../harness/schema/meta.ts';
import { ajvRegExp } from '../../harness/schema/regex.ts';
import type { Dialect } from '../../harness/schema/service.ts';
import type { JsonSchema } from '../../harness/model/protocol.ts';
import { inputSchema, outputSchema } from '../../bench/synthetic/tools.mjs';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const DIALECTS = Object.keys(META_SCHEMA_IDS) as Dialect[];
type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Every schema the suite files hold (each group's root schema), without its `$schema`. */
function suiteSchemas(): Obj[] {
  const out: Obj[] = [];
  for (const file of ['draft7', 'draft2019-09', 'draft2020-12']) {
    const groups = JSON.parse(readFileSync(join(ROOT, `bench/json-schema-test-suite/${file}.json`), 'utf8')) as Record<string, { schema: unknown }[]>;
    for (const list of Object.values(groups)) for (const g of list) if (isObj(g.schema)) out.push(withoutSchemaKeyword(g.schema));
  }
  return out;
}

/** Every object under an inputSchema/outputSchema key of the JSON fixtures. */
function fixtureSchemas(): Obj[] {
  const out: Obj[] = [];
  const collect = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(collect);
    else if (isObj(node)) {
      for (const [key, value] of Object.entries(node)) {
        if ((key === 'inputSchema' || key === 'outputSchema') && isObj(value)) out.push(withoutSchemaKeyword(value));
        collect(value);
      }
    }
  };
  for (const file of globSync('test/fixtures/**/*.json', { cwd: ROOT })) {
    try {
      collect(JSON.parse(readFileSync(join(ROOT, file), 'utf8')));
    } catch {
      // not JSON (a fixture of a parse failure): no schemas in it
    }
  }
  return out;
}

function withoutSchemaKeyword(schema: Obj): Obj {
  const { $schema: _ignored, ...rest } = schema;
  return rest;
}

/** Wrong-kind values for a keyword: each meta-schema keyword rejects some of them (type, minimum, integer, uniqueItems, a nested schema). */
const WRONG: unknown[] = [null, -1, 1.5, 'x', [1, 1], { type: 7 }];

/** Each schema object's keywords (at any depth) replaced, one at a time, by each wrong value. */
function mutants(schema: Obj): Obj[] {
  const out: Obj[] = [];
  const visit = (node: unknown, replace: (v: unknown) => Obj): void => {
    if (Array.isArray(node)) {
      node.forEach((item, i) => visit(item, (v) => replace(node.map((x, j) => (j === i ? v : x)))));
      return;
    }
    if (!isObj(node)) return;
    for (const key of Object.keys(node)) {
      const set = (v: unknown): Obj => replace({ ...node, [key]: v });
      for (const w of WRONG) out.push(set(w));
      visit(node[key], set);
    }
  };
  visit(schema, (v) => v as Obj);
  return out;
}

/** ajv's answer on the dialect's run-time engine: verdict and the full error objects. */
function runtime(engine: Engine, schema: Obj): unknown {
  const valid = engine.validateSchema(schema);
  return { valid, errors: valid ? null : engine.errors };
}

function precompiled(dialect: Dialect, schema: Obj): unknown {
  const validate = precompiledMeta(dialect, schema as JsonSchema);
  if (!validate) throw new Error(`no precompiled validator for ${JSON.stringify(schema.$schema)}`);
  const valid = validate(schema);
  return { valid, errors: valid ? null : validate.errors };
}

/** The `$schema` spellings the precompiled validators answer on each dialect's engine (undefined: none declared, 2020-12 only). */
function spellings(dialect: Dialect): (string | undefined)[] {
  const ids = META_SCHEMA_IDS[dialect].flatMap((id) => [id, `${id}#`]);
  return dialect === '2020-12' ? [undefined, ...ids] : ids;
}

const withSchema = (schema: Obj, spelling: string | undefined): Obj => (spelling === undefined ? schema : { $schema: spelling, ...schema });

function expectParity(dialect: Dialect, schemas: Obj[]): number {
  const engine = createEngine(dialect);
  const mismatches: string[] = [];
  let invalid = 0;
  for (const schema of schemas) {
    const want = runtime(engine, schema);
    const got = precompiled(dialect, schema);
    if ((want as { valid: boolean }).valid === false) invalid++;
    if (JSON.stringify(want) !== JSON.stringify(got)) mismatches.push(`${JSON.stringify(schema).slice(0, 300)}\n  ajv:         ${JSON.stringify(want).slice(0, 400)}\n  precompiled: ${JSON.stringify(got).slice(0, 400)}`);
  }
  expect(mismatches.slice(0, 5)).toEqual([]);
  return invalid;
}

/** Distinct schemas, in first-seen order. */
const distinct = (schemas: Obj[]): Obj[] => [...new Map(schemas.map((s) => [JSON.stringify(s), s])).values()];

/** The meta-schemas' own patterns and formats: `$id` fragments, anchors, `$ref`s. */
const EDGE: Obj[] = [
  { $id: 'https://example.test/a#frag' }, { $id: 'urn:x#' }, { $id: 'a b' }, { $anchor: '1x' }, { $anchor: 'a_b-c.d' }, { $anchor: 'a:b' },
  { $dynamicAnchor: 'a b' }, { $dynamicAnchor: 'meta' }, { $recursiveAnchor: 'x' }, { $ref: '#/$defs/%25' }, { $defs: { a: { $anchor: 'é' } } },
  { properties: { a: { $id: '#only-fragment' } } }, { pattern: '(' }, { pattern: '^(a+)+$' }, { format: 7 }, { $comment: 1 },
];

const CORPUS = distinct([...suiteSchemas(), ...fixtureSchemas(), ...EDGE, ...[0, 1, 7, 42].flatMap((i) => [inputSchema(i) as Obj, outputSchema(i) as Obj].map(withoutSchemaKeyword))]);
const MUTANTS = distinct(CORPUS.flatMap(mutants));

describe('precompiled meta-schema validators', () => {
  it('the corpus is the suite, the fixtures and the synthetic surface', () => {
    expect(CORPUS.length).toBeGreaterThan(500);
    expect(MUTANTS.length).toBeGreaterThan(10_000);
  });

  it('each spelling it answers is the one ajv resolves to the same meta-schema', () => {
    for (const dialect of DIALECTS) {
      const engine = createEngine(dialect) as Engine & { getSchema(key: string): { schema: { $id?: string } } | undefined };
      for (const spelling of spellings(dialect)) {
        if (spelling === undefined) continue;
        const id = engine.getSchema(spelling)?.schema.$id?.replace(/#$/, '');
        expect(id, `${dialect} ${spelling}`).toBe(spelling.replace(/#$/, ''));
        expect(precompiledMeta(dialect, { $schema: spelling }), `${dialect} ${spelling}`).toBeDefined();
      }
    }
  });

  for (const dialect of DIALECTS) {
    for (const spelling of spellings(dialect)) {
      it(`${dialect}, $schema ${spelling ?? '(none)'}: the corpus, as ajv`, () => {
        expectParity(dialect, CORPUS.map((s) => withSchema(s, spelling)));
      });
    }
    for (const id of META_SCHEMA_IDS[dialect]) {
      it(`${id}: every mutant of the corpus, as ajv (errors in the same order)`, () => {
        const all = MUTANTS.map((s) => withSchema(s, id));
        const invalid = expectParity(dialect, all);
        expect(invalid).toBeGreaterThan(all.length / 4); // the error paths are what this exercises
      });
    }
  }

  it('the meta-schemas\' patterns run on the same RE2 matcher, compiled on first use', () => {
    const texts = ['', 'a', 'a#', 'a#b', '#', '1x', 'a_b-c.d', 'a:b', 'é', 'a b', 'a\nb', '\u2028'];
    for (const pattern of ['^[^#]*#?$', '^[A-Za-z_][-A-Za-z0-9._]*$', '^[A-Za-z][-A-Za-z0-9.:_]*$', '\\s', '^.$']) {
      const lazy = lazyAjvRegExp(pattern);
      const eager = ajvRegExp(pattern);
      expect(texts.map((t) => lazy.test(t)), pattern).toEqual(texts.map((t) => eager.test(t)));
    }
    const invalid = lazyAjvRegExp('(');
    expect(() => invalid.test('x')).toThrow(SyntaxError);
  });

  // another spelling of a dialect's URI is validated against that dialect's meta-schema (ajv's lookup by the raw string
  // threw "no schema with key or ref", which read as a false metaInvalid): the reference is ajv's validateSchema of the
  // same schema declaring the meta-schema's own $id
  it('validates other spellings against their dialect\'s meta-schema, leaves non-objects to ajv, and metaValidate equals an ajv-only reference', () => {
    const reference = (schema: JsonSchema): unknown => {
      const { dialect, name } = dialectOf(schema);
      if (!dialect || !name) return 'unknown dialect';
      if (typeof schema === 'boolean') return [];
      try {
        const engine = createEngine(dialect);
        const own = typeof schema === 'object' && schema !== null && '$schema' in schema ? { ...schema, $schema: metaSchemaIdOf(name) } : schema;
        return engine.validateSchema(own) === true ? [] : toSchemaIssues(engine.errors);
      } catch (error) {
        return [{ pointer: '', keyword: '$schema', message: `meta-schema validation failed: ${(error as Error).message}` }];
      }
    };
    const odd: unknown[] = [
      { $schema: 'http://json-schema.org/draft/2020-12/schema', type: 'string' },
      { $schema: 'https://json-schema.org/draft/2020-12/schema/', type: 7 },
      { $schema: 'https://json-schema.org/draft-07/schema#', minimum: 'x' },
      { $schema: ' http://json-schema.org/draft-07/schema# ', type: 'object' },
      { $schema: 'http://json-schema.org/draft-06/schema', exclusiveMinimum: true },
      { $schema: 'https://json-schema.org/draft/2019-09/schema#', $recursiveRef: 7 },
      true,
      false,
      null,
      [],
      { type: 'object', properties: { a: { type: 'nope' } } },
    ];
    const service = createSchemaService();
    for (const schema of odd as JsonSchema[]) {
      if (!dialectOf(schema).dialect) continue;
      expect(service.metaValidate(schema), JSON.stringify(schema)).toEqual(reference(schema));
    }
    expect(precompiledMeta('2020-12', { $schema: 'http://json-schema.org/draft/2020-12/schema' })).toBe(precompiledMeta('2020-12', {}));
    expect(precompiledMeta('draft-07', { $schema: 'https://json-schema.org/draft-06/schema' })).toBe(precompiledMeta('draft-07', { $schema: 'http://json-schema.org/draft-06/schema#' }));
    expect(precompiledMeta('2020-12', null as unknown as JsonSchema)).toBeUndefined();
    expect(precompiledMeta('2020-12', true)).toBeUndefined();
  });
});
