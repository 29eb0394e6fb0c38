/**
 * Check options (ESLint's `meta.schema` + `meta.defaultOptions`): the user's `[severity, options]`
 * merged over the check's defaults and parsed by its zod `optionsSchema`. The check layer only parses;
 * run/judge.ts turns the issues into a ConfigError naming the config file and key path.
 */
import type { z } from 'zod';
import type { Check, CheckOptions } from './define.ts';

/** The outcome of parsing one check's options: the typed options, or zod's issues (paths relative to the options object). */
export type ParsedCheckOptions =
  | { ok: true; options: CheckOptions }
  | { ok: false; issues: readonly z.core.$ZodIssue[]; schema?: z.ZodType };

/**
 * Parse `raw` (the user's options object, `{}` when none was given) for `check`: `meta.defaultOptions`
 * first, the user's keys over them, then `meta.optionsSchema`. A check without a schema takes no
 * options: any key is one `unrecognized_keys` issue at the root.
 */
export function parseCheckOptions(check: Check, raw: CheckOptions = {}): ParsedCheckOptions {
  const { optionsSchema, defaultOptions } = check.meta;
  const merged = { ...(defaultOptions ?? {}), ...raw };
  if (optionsSchema === undefined) {
    const keys = Object.keys(raw);
    return keys.length === 0
      ? { ok: true, options: {} }
      : { ok: false, issues: [{ code: 'custom', path: [], message: `The check takes no options (got ${keys.map((k) => `"${k}"`).join(', ')})`, input: raw }] };
  }
  const parsed = optionsSchema.safeParse(merged);
  return parsed.success ? { ok: true, options: parsed.data } : { ok: false, issues: parsed.error.issues, schema: optionsSchema };
}
