/**
 * `${name}` placeholders in surface args, cwd, env.set values and copy targets.
 * Known names: `configDir` (substituted at resolve time), `tempDir` (per run, needs
 * `setup.tempDir: true`; substituted by instantiateSurface once the runner created the directory) and
 * `port` (per run, needs `url`: a free loopback port the runner picked).
 */
import { isAbsolute, resolve } from 'node:path';
import { ConfigError } from './errors.ts';
import type { ResolvedSurface } from './types.ts';

const PLACEHOLDER = /\$\{([^}]*)\}/g;

/** Where a value sits, for error messages: display file and key path. */
export interface ValueLocation {
  key: string;
  file?: string;
}

/** The placeholder names used in `value`, in order. */
export function placeholdersIn(value: string): string[] {
  return [...value.matchAll(PLACEHOLDER)].map((m) => m[1]);
}

/**
 * Replaces every `${name}` in `value` with `vars[name]`. Pure.
 * @throws ConfigError naming `at.file` and `at.key` for a name `vars` does not define.
 */
export function substitute(value: string, vars: Readonly<Record<string, string>>, at: ValueLocation = { key: '' }): string {
  return value.replace(PLACEHOLDER, (_, name: string) => {
    if (!Object.hasOwn(vars, name)) {
      const known = Object.keys(vars).map((k) => `\${${k}}`).join(', ');
      throw new ConfigError(at.file ?? '<config>', [{ path: at.key, message: `Unknown placeholder \${${name}} (known: ${known})` }]);
    }
    return vars[name];
  });
}

/** Resolves `p` against `base` unless absolute. */
const absolute = (base: string, p: string): string => (isAbsolute(p) ? p : resolve(base, p));

/**
 * The surface for one run: `${tempDir}` replaced by `tempDir` (an absolute directory the runner
 * created) and `${port}` by `port` (a free loopback port) in url, args, cwd, env.set values and copy targets; cwd and copy targets made absolute
 * (copy targets relative to the temp dir). Pure.
 * @throws ConfigError if a value still holds an unknown placeholder.
 */
export function instantiateSurface(surface: ResolvedSurface, run: { tempDir?: string; port?: number }): ResolvedSurface {
  const vars: Record<string, string> = {
    ...(run.tempDir === undefined ? {} : { tempDir: run.tempDir }),
    ...(run.port === undefined ? {} : { port: String(run.port) }),
  };
  const sub = (v: string, key: string) => substitute(v, vars, { key: `surfaces.${surface.name}.${key}` });
  const base = run.tempDir ?? surface.configDir;
  return {
    ...surface,
    ...(surface.url !== undefined ? { url: sub(surface.url, 'url') } : {}),
    args: surface.args.map((a, i) => sub(a, `args[${i}]`)),
    cwd: absolute(surface.configDir, sub(surface.cwd, 'cwd')),
    env: { allow: surface.env.allow, set: Object.fromEntries(Object.entries(surface.env.set).map(([k, v]) => [k, sub(v, `env.set.${k}`)])) },
    setup: { ...surface.setup, copy: surface.setup.copy.map((c, i) => ({ from: c.from, to: absolute(base, sub(c.to, `setup.copy[${i}].to`)) })) },
  };
}
