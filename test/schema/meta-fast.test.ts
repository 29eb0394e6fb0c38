/**
 * surelyMetaValid2020 (harness/schema/meta-fast.ts), the pre-check that lets the schema service skip ajv's
 * 2020-12 meta-schema validator: whenever it says true, the precompiled validator the service would run
 * (./meta.ts precompiledMeta) accepts the schema too. Over the schema corpus (suite, fixtures, synthetic) and,
 * for every schema it accepts, each own property of every object in it replaced by each of a set of wrong
 * values in turn, and an unknown keyword added at each object. The service answers the same issues with the
 * pre-check as without it (a hit equals a miss), and the pre-check takes the synthetic surface whole.
 */
import { describe, expect, it } from 'vitest';
import { surelyMetaValid2020 } from '../../harness/schema/meta-fast.ts';
import { precompiledMeta } from '../../harness/schema/meta.ts';
import { createSchemaService } from '../../harness/schema/ajv.ts';
import { inputSchema, outputSchema } from '../../bench/synthetic/tools.mjs';
import { deepSchema } from './deep.ts';
import { schemaCorpus } from '../helpers/schema-corpus.ts';

/** ajv's answer: the 2020-12 precompiled meta validator accepts the (object, `$schema`-less) schema. */
function ajvValid(schema: unknown): boolean {
  const meta = precompiledMeta('2020-12', schema as never);
  if (!meta) throw new Error('no precompiled 2020-12 meta validator for this schema');
  return meta(schema) === true;
}

const WRONG: readonly unknown[] = ['x', '', 'string', 0, 1, 1.5, -1, Number.NaN, Number.POSITIVE_INFINITY, true, false, null, [], ['string'], ['string', 'string'], ['bogus'], [1], [{}], [true], {}, { a: 1 }, { a: 'x' }, { type: 'bogus' }];

/** Paths (key lists) to every plain object inside `value`, the root included. */
function objectPaths(value: unknown, path: string[] = [], out: string[][] = []): string[][] {
  if (value === null || typeof value !== 'object') return out;
  if (!Array.isArray(value)) out.push(path);
  for (const [key, child] of Object.entries(value)) objectPaths(child, [...path, key], out);
  return out;
}

function at(root: unknown, path: string[]): Record<string, unknown> {
  let node = root as Record<string, unknown>;
  for (const key of path) node = node[key] as Record<string, unknown>;
  return node;
}

/** Copies of `schema`, each with one own property of one object replaced by one wrong value, or one unknown keyword added. */
function* mutations(schema: unknown): Generator<unknown> {
  for (const path of objectPaths(schema)) {
    for (const key of Object.keys(at(schema, path))) {
      for (const wrong of WRONG) {
        const copy = structuredClone(schema);
        at(copy, path)[key] = wrong;
        yield copy;
      }
    }
    const copy = structuredClone(schema);
    at(copy, path).mcpHarnessUnknown = 1;
    yield copy;
  }
}

describe('surelyMetaValid2020', () => {
  it('says true only where ajv\'s 2020-12 meta-schema validator accepts (corpus and mutations)', () => {
    let accepted = 0;
    let declined = 0;
    let mutated = 0;
    let mutatedAccepted = 0;
    for (const raw of schemaCorpus()) {
      if (raw === null || typeof raw !== 'object' || Array.isArray(raw)) continue;
      const { $schema: _declared, ...schema } = raw as Record<string, unknown>; // read as 2020-12 (the suite's other drafts too)
      if (!surelyMetaValid2020(schema)) {
        declined++;
        continue;
      }
      accepted++;
      expect(ajvValid(schema)).toBe(true);
      for (const candidate of mutations(schema)) {
        mutated++;
        if (!surelyMetaValid2020(candidate)) continue;
        mutatedAccepted++;
        expect(ajvValid(candidate), JSON.stringify(candidate)).toBe(true);
      }
    }
    expect(accepted).toBeGreaterThan(300); // both arms
    expect(declined).toBeGreaterThan(50);
    expect(mutated).toBeGreaterThan(10_000);
    expect(mutatedAccepted).toBeGreaterThan(1_000);
  });

  it('takes every synthetic schema; declines what it cannot vouch for', () => {
    for (let i = 0; i < 1000; i += 37) {
      expect(surelyMetaValid2020(inputSchema(i))).toBe(true);
      expect(surelyMetaValid2020(outputSchema(i))).toBe(true);
    }
    class Node {
      type = 'string';
    }
    const hidden = { type: 'string' };
    Object.defineProperty(hidden, 'minLength', { value: -1, enumerable: false });
    for (const schema of [
      true, [], null, 'x', new Node(), { allOf: [new Node()] }, hidden, { items: [{}] }, { type: ['string', 'string'] }, { type: [] },
      { required: ['a', 'a'] }, { minLength: -1 }, { minLength: 1.5 }, { multipleOf: 0 }, { allOf: [] }, { properties: [] },
      { $schema: 'https://json-schema.org/draft/2020-12/schema' }, { $id: 'x' }, { nullable: true }, { const: undefined },
      deepSchema(2_000),
    ]) expect(surelyMetaValid2020(schema)).toBe(false);
    expect(surelyMetaValid2020(Object.assign(Object.create(null) as object, { type: 'string' }))).toBe(true);
  });

  it('leaves the service\'s answers unchanged: the issues with the pre-check equal ajv\'s', () => {
    const service = createSchemaService();
    for (const schema of schemaCorpus()) {
      if (schema === null || typeof schema !== 'object' || Array.isArray(schema) || '$schema' in schema) continue;
      const issues = service.metaValidate(schema as never);
      if (surelyMetaValid2020(schema)) expect(issues).toEqual([]);
      else if (ajvValid(schema)) expect(issues).toEqual([]);
      else expect(issues.length).toBeGreaterThan(0);
    }
  });
});
