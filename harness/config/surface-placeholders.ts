/**
 * The placeholder rules of one surface, read off its raw (possibly invalid) entry so that they are reported together
 * with its shape problems (schema.ts runs them as a refinement even when other keys are wrong): `${configDir}`,
 * `${tempDir}` (needs `setup.tempDir: true`) and `${port}` (needs `url`) in args, cwd, env.set values, url and copy
 * paths; only `${env:NAME}` in header values. A value of the wrong type is the schema's business and skipped here.
 */
import { placeholdersIn } from './placeholders.ts';

/** One placeholder problem: a key path relative to the surface (zod style) and a message. */
export interface PlaceholderIssue {
  path: Array<string | number>;
  message: string;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The strings of a record, with their keys (other values skipped). */
const stringEntries = (v: unknown): Array<[string, string]> => (isRecord(v) ? Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string') : []);

/**
 * Every placeholder problem of surface `s` (a raw config entry), in key order: args, cwd, env.set, url, headers,
 * setup.copy. Pure; never throws.
 */
export function surfacePlaceholderIssues(s: Record<string, unknown>): PlaceholderIssue[] {
  const issues: PlaceholderIssue[] = [];
  const setup = isRecord(s.setup) ? s.setup : {};
  const check = (value: unknown, path: Array<string | number>) => {
    if (typeof value !== 'string') return;
    for (const name of placeholdersIn(value)) {
      if (name === 'tempDir' && setup.tempDir !== true) issues.push({ path, message: '${tempDir} needs setup.tempDir: true on this surface' });
      else if (name === 'port' && s.url === undefined) issues.push({ path, message: '${port} needs "url" on this surface (a free loopback port for its HTTP server)' });
      else if (name !== 'tempDir' && name !== 'configDir' && name !== 'port') issues.push({ path, message: `Unknown placeholder \${${name}} (known: \${configDir}, \${tempDir}, \${port})` });
    }
  };
  if (Array.isArray(s.args)) s.args.forEach((a, i) => check(a, ['args', i]));
  check(s.cwd, ['cwd']);
  for (const [k, v] of stringEntries(isRecord(s.env) ? s.env.set : undefined)) check(v, ['env', 'set', k]);
  check(s.url, ['url']);
  for (const [k, v] of stringEntries(s.headers)) {
    for (const name of placeholdersIn(v)) {
      if (!/^env:[A-Za-z_][A-Za-z0-9_]*$/.test(name)) issues.push({ path: ['headers', k], message: `Unknown placeholder \${${name}} in a header (known: \${env:NAME})` });
    }
  }
  if (Array.isArray(setup.copy)) {
    setup.copy.forEach((c, i) => {
      if (!isRecord(c)) return;
      check(c.from, ['setup', 'copy', i, 'from']);
      check(c.to, ['setup', 'copy', i, 'to']);
    });
  }
  return issues;
}
