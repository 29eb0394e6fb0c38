/**
 * scripts/generate-validators.ts `linearErrorAppends`: ajv's standalone code appended a failed `$ref`'s errors with
 * `vErrors.concat(...)`, copying the whole list at every failing item (a tools/list page of 150,000 tools without
 * inputSchema took ~80 s to judge). The rewrite appends in place, gives the same errors in the same order, and never
 * writes into a sub-validator's own `errors` array.
 */
import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedSources, linearErrorAppends } from '../../scripts/generate-validators.ts';

const require = createRequire(import.meta.url);
const Ajv = require('ajv').default as new (opts: Record<string, unknown>) => { addSchema(s: unknown, k: string): unknown };
const standaloneCode = require('ajv/dist/standalone').default as (ajv: unknown, refs: Record<string, string>) => string;

type Validator = ((data: unknown) => boolean) & { errors?: { instancePath: string; keyword: string }[] | null };

/** An object whose `a` and `items[]` are `$ref`'d objects needing `n`, and whose `b` is a string. */
const SCHEMA = {
  type: 'object',
  properties: { a: { $ref: '#/definitions/x' }, items: { type: 'array', items: { $ref: '#/definitions/x' } }, b: { type: 'string' } },
  definitions: { x: { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } } },
};

/** Evaluate ajv's standalone code for SCHEMA, rewritten or not: the root and `x`, the very sub-validator the root calls. */
function load(rewrite: boolean): { root: Validator; x: Validator; code: string } {
  const ajv = new Ajv({ allErrors: true, strict: false, inlineRefs: false, code: { source: true, lines: true } }); // x called, not inlined, as the wire schemas' larger definitions are
  ajv.addSchema(SCHEMA, 's');
  const raw = standaloneCode(ajv, { root: 's' });
  const code = rewrite ? linearErrorAppends(raw) : raw;
  const sub = /\? (validate\d+)\.errors : vErrors\.concat/.exec(raw)?.[1];
  if (!sub) throw new Error('ajv inlined the $ref: the test needs a called sub-validator');
  const module = { exports: {} as Record<string, Validator> };
  new Function('module', 'exports', 'require', `${code}\nexports.x = ${sub};`)(module, module.exports, require);
  return { root: module.exports.root, x: module.exports.x, code };
}

describe('linearErrorAppends', () => {
  it('rewrites every concat site of ajv standalone code into an in-place append', () => {
    const raw = load(false).code;
    expect(raw).toContain('vErrors.concat(');
    const out = linearErrorAppends(raw);
    expect(out).not.toContain('vErrors.concat(');
    expect(out).toContain('vErrors.push(refErrors[i])');
    expect(out).toContain('refErrors.slice()');
    expect(linearErrorAppends(out)).toBe(out); // idempotent
  });

  it('rewrites the exact statement ajv writes, and refuses a concat it does not know', () => {
    const site = 'vErrors = vErrors === null ? validate4.errors : vErrors.concat(validate4.errors);';
    expect(linearErrorAppends(site)).toBe(
      '{const refErrors = validate4.errors; if (vErrors === null) vErrors = refErrors.slice(); else for (let i = 0; i < refErrors.length; i++) vErrors.push(refErrors[i]);}',
    );
    expect(() => linearErrorAppends('vErrors = vErrors.concat(other);')).toThrow(/linearErrorAppends/);
  });

  it('gives the same verdicts and errors, in order, as the code ajv wrote', () => {
    const before = load(false).root;
    const after = load(true).root;
    const values = [
      { a: { n: 1 }, b: 's' },
      { a: {}, b: 1 },
      { a: 5, items: [{}, { n: 'x' }, { n: 2 }, 7], b: [] },
      { items: Array.from({ length: 500 }, () => ({})) },
    ];
    for (const value of values) {
      expect(after(value)).toBe(before(value));
      expect(after.errors).toEqual(before.errors);
    }
  });

  it('never writes into a sub-validator\'s own errors (the first failing $ref is copied, not aliased)', () => {
    const { root, x } = load(true);
    // the first error comes from `x` (a), the next from `b`: appended to a copy, not to x.errors
    expect(root({ a: {}, b: 1 })).toBe(false);
    expect(root.errors?.map((e) => [e.instancePath, e.keyword])).toEqual([['/a', 'required'], ['/b', 'type']]);
    expect(x.errors?.map((e) => [e.instancePath, e.keyword])).toEqual([['/a', 'required']]);
    const held = x.errors;
    expect(x({})).toBe(false); // a later call of x sets its own fresh list; the one held before is untouched
    expect(held?.length).toBe(1);
    expect(root({ a: {}, b: 1 })).toBe(false);
    expect(held?.length).toBe(1);
    expect(root.errors?.length).toBe(2);
  });

  it('every generated validator file is rewritten (no concat left)', () => {
    for (const [path, text] of Object.entries(generatedSources())) {
      expect(text.includes('vErrors.concat('), path).toBe(false);
      expect(readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8').includes('vErrors.concat('), path).toBe(false);
    }
  });
});
