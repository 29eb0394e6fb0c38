/**
 * Reporter names are checked before any surface runs (a typo must not cost a whole run): `--reporter`
 * while parsing the command line, the config file's `reporters` right after loading it. Known names
 * are the built-in registry's (harness/reporters/registry.ts).
 */
import { ConfigError, type ConfigIssue } from './errors.ts';
import { nearest } from './suggest.ts';

/**
 * The built-in reporter names, in registry order (a constant, so parsing the command line does not
 * load the reporters; test/cli/args.test.ts holds it equal to harness/reporters/registry.ts).
 */
const BUILTIN_REPORTER_NAMES: readonly string[] = ['console', 'json', 'markdown', 'junit', 'sarif', 'html'];

/** The known reporter names, in registry order. */
export function knownReporterNames(): string[] {
  return [...BUILTIN_REPORTER_NAMES];
}

/**
 * One issue per unknown name: `keyOf(i)` is the key path of the i-th name (`--reporter`, `reporters[1]`).
 * Message: `Unknown reporter "nope" (known: console, json, ...)`, with a "did you mean" when close.
 */
export function reporterIssues(names: readonly string[], keyOf: (index: number) => string): ConfigIssue[] {
  const known = knownReporterNames();
  return names.flatMap((name, i) => {
    if (known.includes(name)) return [];
    const hint = nearest(name, known);
    const suggestion = hint ? `did you mean "${hint}"? ` : '';
    return [{ path: keyOf(i), message: `Unknown reporter "${name}" (${suggestion}known: ${known.join(', ')})` }];
  });
}

/**
 * Check reporter names.
 * @param file how the source is named in the error (`<command line>`, `mcp-harness.config.ts`).
 * @throws ConfigError naming `file` and each unknown name's key path.
 */
export function assertKnownReporters(names: readonly string[] | undefined, file: string, keyOf: (index: number) => string): void {
  const issues = reporterIssues(names ?? [], keyOf);
  if (issues.length > 0) throw new ConfigError(file, issues);
}
