/**
 * The stack guard of the schema service's validators. ajv compiles a schema to JavaScript; V8 compiles that function
 * on its first call, and a wide schema (~25,000 properties with a `format`, a ~1 MB tools/list line) makes the compiler
 * overflow the call stack there ("Maximum call stack size exceeded" in ajv's `validate0`, hostile review D5); a long
 * `$ref` chain overflows it at run time. The service (./ajv.ts) calls each new ajv validator once at compile time (the
 * warm-up), so the first case is a `compile-error` that schema/compile reports; a validator that still overflows later
 * answers NOT_EVALUATED_ISSUE, which every caller reads as "this schema could not be evaluated" (`notEvaluated`), never
 * as a verdict on the instance, and the schema compiles as `stackIssue()` from then on.
 */
import type { SchemaIssue, ValidationIssue } from './service.ts';

/** True for the RangeError V8 throws when the call stack overflows ("Maximum call stack size exceeded"). */
export function isStackOverflow(error: unknown): boolean {
  return error instanceof RangeError && /call stack/i.test(error.message);
}

/** The value-free schema issue of a schema whose validator overflows the call stack (pointer: the root). */
export function stackIssue(): SchemaIssue {
  return { pointer: '', keyword: 'stack', message: 'its validator exceeds the call stack; not evaluated' };
}

/** The one issue a validator answers when it overflowed the call stack: the instance was not evaluated. */
export const NOT_EVALUATED_ISSUE: ValidationIssue = Object.freeze({ instancePointer: '', schemaPointer: '', keyword: 'not-evaluated', message: 'the schema could not be evaluated' });

/** True when a validator's answer is NOT_EVALUATED_ISSUE: no verdict on the instance (schema/compile reports the schema). */
export function notEvaluated(issues: readonly unknown[]): boolean {
  return issues.length === 1 && issues[0] === NOT_EVALUATED_ISSUE;
}
