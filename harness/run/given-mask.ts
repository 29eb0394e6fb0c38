/**
 * The values a surface was given on purpose (its `env.set` values, and the variables it passes beyond the default
 * allow-list), masked where a record of its tools is kept or compared with one: `snapshot` records a lock with them
 * masked (a lock is meant to be committed; 0e77f09), and `diff` and `run` compare the server's listing with a lock in
 * the same spelling. The session's env mask covers the harness's environment the server was NOT given; a given value is
 * the server's to use (argument generation and every other check read it as sent), only the comparison reads it masked.
 */
import type { ResolvedSurface } from '../config/index.ts';
import { DEFAULT_ENV_ALLOW } from '../config/defaults.ts';
import { createEnvMask, type EnvMask } from '../session/env-mask.ts';

/** The mask of the values `surface` was given on purpose: its `env.set` values and the variables passed beyond the default allow-list. */
export function givenValuesMask(surface: ResolvedSurface): EnvMask {
  const given: Record<string, string | undefined> = { ...surface.env.set };
  for (const name of surface.env.allow) if (!DEFAULT_ENV_ALLOW.includes(name) && !(name in given)) given[name] = process.env[name];
  return createEnvMask(given, []);
}

/**
 * `value` (JSON data: listed tools, a contract's tools) with every string and every key through `mask` (`[masked:NAME]`),
 * as parsed (never the JSON text: a value holding JSON's own punctuation must not cut the document). The same value
 * when nothing was masked. Never throws on JSON data.
 */
export function withMaskedStrings<T>(value: T, mask: EnvMask): T {
  if (mask.empty) return value;
  let changed = false;
  const text = JSON.stringify(value, (_key, v: unknown) => {
    if (typeof v === 'string') {
      const masked = mask.text(v);
      if (masked !== v) changed = true;
      return masked;
    }
    if (v === null || typeof v !== 'object' || Array.isArray(v)) return v;
    const keys = Object.keys(v);
    if (keys.every((key) => mask.text(key) === key)) return v;
    changed = true;
    const out: Record<string, unknown> = {};
    for (const key of keys) Object.defineProperty(out, mask.text(key), { value: (v as Record<string, unknown>)[key], enumerable: true, writable: true, configurable: true });
    return out;
  });
  return changed ? (JSON.parse(text) as T) : value;
}
