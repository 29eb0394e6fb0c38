/**
 * `lazyAjvRegExp`: ./regex.ts's `ajvRegExp` (the linear-time RE2 matcher ajv's `pattern` runs on),
 * compiled on the first `test` instead of when a validator is created. The build-time meta-schema
 * validators (./generated/meta-<dialect>.cjs) use it for the meta-schemas' own patterns (`$id`,
 * `$anchor`, ...): most schemas never hold those keywords, so a run does not pay re2js's first
 * compile (~25 ms) for them. The matcher is the same; the generator (scripts/generate-validators.ts)
 * compiles every such pattern once at build time, so none can fail at its first `test`.
 */
import { ajvRegExp, type LinearRegex } from './regex.ts';

/** ajv's `code.regExp` signature: `pattern` compiled on first `test`, then `ajvRegExp`'s matcher. */
export function lazyAjvRegExp(pattern: string): LinearRegex {
  let compiled: LinearRegex | undefined;
  return {
    test: (text: string) => (compiled ??= ajvRegExp(pattern)).test(text),
    toString: () => `lazy:${pattern}`,
  };
}
/** The name the generated code calls it by (ajv's `code.regExp.code`). */
lazyAjvRegExp.code = 'lazyAjvRegExp';
