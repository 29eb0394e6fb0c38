/**
 * Config vocabulary: what a user writes (`UserConfig`, every key optional but `surfaces`) and what the
 * harness runs on (`ResolvedConfig`, every key filled, paths absolute). Types only; no I/O.
 * The user-side types are derived from the zod schema in ./schema.ts (`z.input`), never mirrored by hand;
 * the resolved types are the harness's own.
 */
import type { z } from 'zod';
import type { checkSetting, contractKinds, surfaceSchema, timeoutsSchema, userConfigSchema, versionSource } from './schema.ts';

/** Per-request and per-process time budgets, all in milliseconds (every key filled; see timeoutsSchema). */
export type Timeouts = Required<z.output<typeof timeoutsSchema>>;

/** A check's config entry: a severity, or `[severity, options]` (ESLint style). */
export type CheckSetting = z.input<typeof checkSetting>;

/**
 * A declared version source (contract/version-lock agrees each with serverInfo.version): a literal,
 * the surface's manifest (`version` of its package.json), or a string constant a module exports.
 */
export type VersionSource = z.input<typeof versionSource>;

/** Where a surface's contract comes from: a contract module (zod or JSON Schema) or a lock file (schema.ts `contractKinds`). */
export type ContractConfig = z.input<typeof contractKinds>;

/**
 * Result budgets for the result/size and tools/name checks (every key filled), and the retention budget: bytes when
 * configured, absent for the default the session derives from the heap limit (harness/retention-budget.ts).
 */
export type Limits = Required<Omit<NonNullable<z.output<typeof surfaceSchema>['limits']>, 'maxRetainedBytes'>> & { maxRetainedBytes?: number };

/** A surface as written in the config. Paths are relative to the config file's directory. */
export type SurfaceConfig = z.input<typeof surfaceSchema>;

/** The config file's default export (see defineConfig). */
export type UserConfig = z.input<typeof userConfigSchema>;

/** A copy step with absolute `from`; `to` may still hold `${tempDir}` until the run instantiates it. */
export interface CopyStep {
  from: string;
  to: string;
}

/**
 * A surface with every default filled. Paths are absolute except where they hold `${tempDir}`,
 * which only exists per run (see instantiateSurface in ./placeholders.ts).
 */
export interface ResolvedSurface {
  name: string;
  /** The server's executable; empty for a `url`-only surface (a server that is already running). */
  command: string;
  /** The Streamable HTTP endpoint (may hold `${port}` until the run instantiates it); absent = stdio. */
  url?: string;
  /** HTTP headers as configured: values may hold `${env:NAME}` (filled in by the session setup, never stored). */
  headers: Record<string, string>;
  ready?: { line: string };
  args: string[];
  cwd: string;
  env: { allow: string[]; set: Record<string, string> };
  contract?: ContractConfig;
  /** Absolute scenario paths (directories or files). */
  scenarios: string[];
  generate: { enabled: boolean; destructive: boolean };
  echo: 'forbid' | 'warn';
  overrides: 'narrow' | 'none';
  manifest?: string;
  declaredVersion?: VersionSource | VersionSource[];
  watchedPaths: string[];
  era: 'auto' | 'modern' | 'legacy';
  callConcurrency: number;
  /** The in-flight window of the pipelined probes (config schema: probeConcurrency). */
  probeConcurrency: number;
  /** HOME, TMPDIR and cwd in a fresh temporary directory (harness/run/sandbox.ts). */
  sandbox: boolean;
  /** Run the server as the user nobody (harness/run/isolate.ts). */
  isolate: boolean;
  timeouts: Timeouts;
  setup: { tempDir: boolean; copy: CopyStep[] };
  limits: Limits;
  /** The directory relative paths were resolved against. */
  configDir: string;
  /** True for the surface built from `run -- COMMAND ARGS` (no config file). */
  adHoc?: boolean;
}

/** The config the runner executes: every key filled, paths absolute, frozen. */
export interface ResolvedConfig {
  /** Absolute path of the config file, or undefined for an ad-hoc run. */
  configFile?: string;
  configDir: string;
  reportDir: string;
  reporters: string[];
  failOn: 'error' | 'warning';
  /**
   * Surfaces validated at once as configured (default os.availableParallelism()); the run may use fewer, so that their
   * retention budgets fit in half the heap limit (harness/run/concurrency-bound.ts).
   */
  concurrency: number;
  /**
   * True when `concurrency` is the default (no config `concurrency`, no `--concurrency`): a memory bound that lowers it
   * is then silent, as a derived worker count is (harness/run/concurrency-bound.ts); absent means set explicitly.
   */
  concurrencyDefaulted?: boolean;
  showValues: boolean;
  baseline?: string;
  /** UserConfig.docsUrl, when set. */
  docsUrl?: string;
  checks: Record<string, CheckSetting>;
  timeouts: Timeouts;
  surfaces: ResolvedSurface[];
}
