/**
 * The reporter registry, keyed by name (Vitest `ReportersMap`). `json` is always written; `console`
 * is the only reporter that owns stdout.
 */
import { ReportError } from '../report/errors.ts';
import { consoleReporter } from './console.ts';
import { htmlReporter } from './html.ts';
import { jsonReporter } from './json.ts';
import { junitReporter } from './junit.ts';
import { markdownReporter } from './markdown.ts';
import { sarifReporter } from './sarif.ts';
import type { Reporter } from './types.ts';

/** A registry: reporter name -> reporter. */
export type ReporterRegistry = ReadonlyMap<string, Reporter>;

/** The built-in reporters: console, json, markdown, junit, sarif, html. */
export const BUILTIN_REPORTERS: ReporterRegistry = new Map<string, Reporter>(
  [consoleReporter, jsonReporter, markdownReporter, junitReporter, sarifReporter, htmlReporter].map((r) => [r.name, r]),
);

/** The reporter always written, whatever the selection. */
export const ALWAYS_WRITTEN = 'json';

/**
 * Resolve reporter names against a registry: duplicates removed, `json` added, order kept.
 * @throws ReportError `MCP_HARNESS_REPORTER_UNKNOWN` naming the unknown reporter(s) and listing the known names.
 */
export function resolveReporters(names: readonly string[], registry: ReporterRegistry = BUILTIN_REPORTERS): Reporter[] {
  const unknown = names.filter((n) => !registry.has(n));
  if (unknown.length > 0) {
    const known = [...registry.keys()].join(', ');
    throw new ReportError('MCP_HARNESS_REPORTER_UNKNOWN', `unknown reporter ${unknown.map((n) => `'${n}'`).join(', ')}; known reporters: ${known}`);
  }
  const selected = [...new Set([...names, ALWAYS_WRITTEN])];
  return selected.map((n) => registry.get(n) as Reporter);
}
