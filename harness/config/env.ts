/**
 * A surface's process environment: an allow-list over the parent environment plus explicit values.
 * The parent environment is never inherited wholesale (docs/security.md §The harness's environment), so secrets in CI variables do not
 * reach servers under test. The session must spawn with this object only (no inherited variables: `spawn` gets exactly this env).
 */
import type { ResolvedSurface } from './types.ts';

/** Does env var `name` match allow entry `pattern` (exact, or prefix when it ends in `*`)? Case-insensitive. */
export function envNameMatches(name: string, pattern: string): boolean {
  const n = name.toUpperCase();
  const p = pattern.toUpperCase();
  return p.endsWith('*') ? n.startsWith(p.slice(0, -1)) : n === p;
}

/**
 * The environment for `surface`: each parent variable whose name matches `surface.env.allow`
 * (undefined values dropped), then `surface.env.set` on top. Pure; never reads process.env itself.
 */
export function resolveSurfaceEnv(
  surface: Pick<ResolvedSurface, 'env'>,
  parentEnv: Readonly<Record<string, string | undefined>>,
): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [name, value] of Object.entries(parentEnv)) {
    if (value !== undefined && surface.env.allow.some((p) => envNameMatches(name, p))) env[name] = value;
  }
  return { ...env, ...surface.env.set };
}
