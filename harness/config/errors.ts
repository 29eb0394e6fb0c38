/**
 * ConfigError: a coded error whose message names the file and the key path of every problem, one line
 * per issue (`mcp-harness.config.ts: surfaces[2].timeouts.requestMs: Invalid input: expected number, received string`).
 * Also turns zod issues into such lines, with a "did you mean" for unknown keys.
 */
import type { z } from 'zod';
import { knownKeysAt } from './walk.ts';
import { nearest } from './suggest.ts';

/** One problem: a key path (`surfaces[0].env.allow[1]`, '' = the file itself) and a message. */
export interface ConfigIssue {
  path: string;
  message: string;
  /** The file this issue is in, when it differs from the error's file (several scenario files). */
  file?: string;
}

/** Invalid or unreadable configuration (config file or scenario file). `code` is stable: 'CONFIG_INVALID'. */
export class ConfigError extends Error {
  readonly code = 'CONFIG_INVALID';
  /** The file as displayed (relative to the cwd when inside it). */
  readonly file: string;
  readonly issues: ConfigIssue[];

  constructor(file: string, issues: ConfigIssue[]) {
    super(issues.map((i) => (i.path ? `${i.file ?? file}: ${i.path}: ${i.message}` : `${i.file ?? file}: ${i.message}`)).join('\n'));
    this.name = 'ConfigError';
    this.file = file;
    this.issues = issues;
  }
}

/** Formats a zod path as a key path: `surfaces[2].timeouts.requestMs`, odd keys as `env.set["A-B"]`. */
export function formatKeyPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out ? `.${key}` : key;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** Converts zod issues to ConfigIssues; unknown keys become one issue each, with a suggestion when close. */
export function issuesFromZod(schema: z.ZodType, issues: readonly z.core.$ZodIssue[]): ConfigIssue[] {
  return issues.flatMap((issue): ConfigIssue[] => {
    if (issue.code === 'unrecognized_keys') {
      const known = knownKeysAt(schema, issue.path);
      return issue.keys.map((key) => ({ path: formatKeyPath([...issue.path, key]), message: unknownKeyMessage(key, known) }));
    }
    const inner = issue.code === 'invalid_key' ? issue.issues[0]?.message : undefined;
    return [{ path: formatKeyPath(issue.path), message: rephrase(inner ?? issue.message) }];
  });
}

function unknownKeyMessage(key: string, known: string[]): string {
  const hint = nearest(key, known);
  return hint ? `Unknown key (did you mean "${hint}"?)` : `Unknown key (expected one of ${known.map((k) => `"${k}"`).join(', ')})`;
}

/** zod says "received undefined" for a missing key; say "Required" instead. */
function rephrase(message: string): string {
  const missing = /^Invalid input: expected (\w+), received undefined$/.exec(message);
  return missing ? `Required (expected ${missing[1]})` : message;
}
