/**
 * The stack guard of the schema service's validators (harness/schema/stack-guard.ts; hostile review D5): a validator
 * that overflows the call stack answers "not evaluated", never a verdict on the instance, and its schema compiles as a
 * value-free compile error from then on; a validator that does not overflow keeps its verdicts and its other throws.
 * The compile-time warm-up (a validator too large for V8's compiler) is exercised through the CLI under a small stack
 * in test/e2e/schema-budget.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { createSchemaService } from '../../harness/schema/ajv.ts';
import { NOT_EVALUATED_ISSUE, isStackOverflow, notEvaluated, stackIssue } from '../../harness/schema/stack-guard.ts';

describe('isStackOverflow', () => {
  it("is V8's stack RangeError only", () => {
    let caught: unknown;
    const dive = (n: number): number => dive(n + 1) + 1;
    try {
      dive(0);
    } catch (error) {
      caught = error;
    }
    expect(isStackOverflow(caught)).toBe(true);
    expect(isStackOverflow(new RangeError('Invalid array length'))).toBe(false);
    expect(isStackOverflow(new TypeError('Maximum call stack size exceeded'))).toBe(false);
  });
});

describe('schema service: the stack guard', () => {
  /** An instance whose property read overflows the stack, as a validator too large for V8 or a too-long $ref chain does. */
  const overflowing = (): Record<string, unknown> =>
    Object.defineProperty({}, 'x', {
      enumerable: true,
      get() {
        throw new RangeError('Maximum call stack size exceeded');
      },
    });
  const schema = (): Record<string, unknown> => ({ type: 'object', properties: { x: { type: 'string' } } });

  it('answers "not evaluated" (no verdict), then compiles the schema as a compile error', () => {
    const service = createSchemaService();
    const s = schema();
    const r = service.compile(s);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const issues = r.validate(overflowing());
    expect(issues).toEqual([NOT_EVALUATED_ISSUE]);
    expect(notEvaluated(issues)).toBe(true);
    expect(r.validate({ x: 'a' })).toEqual([NOT_EVALUATED_ISSUE]);
    expect(service.compile(s)).toEqual({ ok: false, dialect: '2020-12', reason: 'compile-error', issues: [stackIssue()] });
  });

  it("keeps an overflow to the scope it happened in: another surface's scope still validates (review D4)", () => {
    const run = createSchemaService();
    const a = run.scope();
    const b = run.scope();
    const s = schema();
    const ra = a.compile(s);
    if (!ra.ok) throw new Error('does not compile');
    expect(ra.validate(overflowing())).toEqual([NOT_EVALUATED_ISSUE]);
    expect(a.compile(s).ok).toBe(false);
    // the same schema object, the same run caches: surface b judges its own results and compiles it
    const rb = b.compile(s);
    if (!rb.ok) throw new Error('refused in another scope');
    expect(rb.validate({ x: 'a' })).toEqual([]);
    expect(rb.validate({ x: 1 })[0]?.keyword).toBe('type');
    expect(run.compile(s).ok).toBe(true);
    expect(run.stats().compiles).toBe(1);
  });

  it('leaves a validator that does not overflow alone: its verdicts, and any other throw, as before', () => {
    const service = createSchemaService();
    const s = schema();
    const r = service.compile(s);
    if (!r.ok) throw new Error('does not compile');
    expect(r.validate({ x: 'a' })).toEqual([]);
    expect(notEvaluated(r.validate({ x: 1 }))).toBe(false);
    const other = Object.defineProperty({}, 'x', { enumerable: true, get: () => { throw new TypeError('a getter'); } });
    expect(() => r.validate(other)).toThrow(TypeError);
    expect(service.compile(s).ok).toBe(true);
  });
});
