/**
 * Frozen defaults for every optional config key (docs/config.md lists the same values).
 */
import { availableParallelism } from 'node:os';
import type { Limits, Timeouts } from './types.ts';

/** Default time budgets, ms. */
export const DEFAULT_TIMEOUTS: Readonly<Timeouts> = Object.freeze({
  requestMs: 15_000,
  probeMs: 5_000,
  startMs: 15_000,
  stdinGraceMs: 2_000,
  termGraceMs: 2_000,
  surfaceMs: 300_000,
});

/**
 * Parent environment variables a surface receives by default (matched case-insensitively, since
 * Windows spells PATH as Path). NODE_OPTIONS is deliberately absent: a harness run under a debugger or
 * a loader (tsx, --inspect) must not leak that into the server under test.
 */
export const DEFAULT_ENV_ALLOW: readonly string[] = Object.freeze(['PATH', 'HOME', 'LANG', 'TERM', 'TMPDIR', 'SystemRoot']);

/**
 * Default result and name budgets: ~25k tokens is a common host cap; 64 chars a common name cap. The retention budget
 * (`maxRetainedBytes`) has no fixed default: unset, the session derives it from the heap limit of the process that
 * runs the harness (harness/retention-budget.ts: the limit / 8, within 256 MiB to 1 GiB), so a surface's kept answers
 * stay well inside that heap with room for judging them.
 */
export const DEFAULT_LIMITS: Readonly<Limits> = Object.freeze({
  maxResultBytes: 100_000,
  maxResultTokens: 25_000,
  maxToolNameLength: 64,
});

/** Top-level defaults (concurrency is computed: os.availableParallelism()). */
export const CONFIG_DEFAULTS = Object.freeze({
  reportDir: 'reports',
  reporters: Object.freeze(['console', 'json', 'markdown']) as readonly string[],
  failOn: 'error' as const,
  showValues: false,
});

/** Per-surface defaults. */
export const SURFACE_DEFAULTS = Object.freeze({
  callConcurrency: 8,
  echo: 'warn' as const,
  overrides: 'narrow' as const,
  era: 'auto' as const,
  generate: Object.freeze({ enabled: true, destructive: false }),
});

/** Surfaces run in parallel by default: one per available core. */
export function defaultConcurrency(): number {
  return Math.max(1, availableParallelism());
}
