/**
 * Config vocabulary: what a user writes (`UserConfig`, every key optional but `surfaces`) and what the
 * harness runs on (`ResolvedConfig`, every key filled, paths absolute). Types only; no I/O.
 * The zod schema in ./schema.ts validates the same shape (a compile-time test keeps them aligned).
 */
import type { SeverityOrOff } from '../model/report.ts';

/** Per-request and per-process time budgets, all in milliseconds. */
export interface Timeouts {
  /** One request (tools/call, tools/list page, probe) until its answer. */
  requestMs: number;
  /** The `server/discover` era probe before falling back to `initialize`. */
  probeMs: number;
  /** Spawn until the handshake answered. */
  startMs: number;
  /** Shutdown: wait this long after closing stdin before SIGTERM. */
  stdinGraceMs: number;
  /** Shutdown: wait this long after SIGTERM before SIGKILL. */
  termGraceMs: number;
  /** Budget for a whole surface (boot, calls, probes, shutdown). */
  surfaceMs: number;
}

/** A check's config entry: a severity, or `[severity, options]` (ESLint style). */
export type CheckSetting = SeverityOrOff | [SeverityOrOff, Record<string, unknown>];

/**
 * A declared version source (contract/version-lock agrees each with serverInfo.version): a literal,
 * the surface's manifest (`version` of its package.json), or a string constant a module exports.
 */
export type VersionSource = string | { fromManifest: true } | { module: string; export: string };

/** Where a surface's contract comes from: a contract module (zod or JSON Schema) or a lock file. */
export type ContractConfig =
  | {
      module: string;
      /** The export holding the tools (default: `tools`, the default export, or the one export that holds tool definitions). */
      export?: string;
      /** The tools this surface serves (a subset of the module's): names or a predicate; default all. */
      tools?: string[] | ((name: string) => boolean);
      /** The JSON Schema dialect zod schemas are projected to: draft-07 (SDK 1.x surfaces) or 2020-12 (2.x). */
      dialect?: 'draft-07' | '2020-12';
      /**
       * Entry fields that are `_meta` keys: a list (`['category']`: the entry's `category` is its
       * `_meta.category`) or a record `{ <_meta key>: <entry field> }`. A key the entry's own `_meta`
       * declares wins. Default none: an entry's metadata is its `_meta`.
       */
      meta?: string[] | Record<string, string>;
    }
  | { lock: string };

/** Result budgets for the result/size and tools/name checks. */
export interface Limits {
  /** Result size budget, bytes (UTF-8 length of the response line). */
  maxResultBytes: number;
  /** Result size budget, estimated tokens (~4 bytes per token). */
  maxResultTokens: number;
  /** Tool name length budget for hosts that prefix names (e.g. `mcp__server__tool`). */
  maxToolNameLength: number;
}

/** A surface as written in the config. Paths are relative to the config file's directory. */
export interface SurfaceConfig {
  /** Unique per config; `[A-Za-z0-9_.-]+`. */
  name: string;
  /** The server's executable: a stdio server, or (with `url`) the Streamable HTTP server the harness starts. */
  command?: string;
  /**
   * The MCP endpoint of a Streamable HTTP server (`http://127.0.0.1:${port}/mcp`): alone, a server that is
   * already running; with `command`, the server the harness starts and stops. `${port}` is a free loopback
   * port chosen per run (also usable in `args` and `env.set`).
   */
  url?: string;
  /**
   * Headers sent on every HTTP request (`url` surfaces), e.g. `{ Authorization: 'Bearer ${env:TOKEN}' }`:
   * `${env:NAME}` is read from the harness's environment at run time. Values never appear in a report.
   */
  headers?: Record<string, string>;
  /** When the started server is ready: once `url` answers (default), or once a stdout/stderr line matches `line` (a regular expression). */
  ready?: { line: string };
  args?: string[];
  cwd?: string;
  /** Environment: parent variables named in `allow` (default DEFAULT_ENV_ALLOW) plus `set`. */
  env?: { allow?: string[]; set?: Record<string, string> };
  contract?: ContractConfig;
  /** Scenario directories or files. */
  scenarios?: string | string[];
  /** Argument generation for tools without a scenario (default enabled; tools not annotated readOnlyHint: true excluded unless `destructive`). */
  generate?: { enabled?: boolean; destructive?: boolean };
  echo?: 'forbid' | 'warn';
  overrides?: 'narrow' | 'none';
  /** The surface's package.json (sdk/generation, contract/version-lock). */
  manifest?: string;
  declaredVersion?: VersionSource | VersionSource[];
  watchedPaths?: string[];
  era?: 'auto' | 'modern' | 'legacy';
  /** Requests in flight at once on this surface (default 8, chosen by measurement; 1 for order-dependent servers). */
  callConcurrency?: number;
  /** Run the server with HOME, TMPDIR and cwd in a fresh temporary directory, removed afterwards (default false; `--sandbox`). */
  sandbox?: boolean;
  /** Run the server as the user nobody (needs the harness to run as root; default false; `--isolate`). */
  isolate?: boolean;
  timeouts?: Partial<Timeouts>;
  /** Per-run setup: a temp dir (`${tempDir}`) and files copied into place before spawn. */
  setup?: { tempDir?: boolean; copy?: { from: string; to: string }[] };
  limits?: Partial<Limits>;
}

/** The config file's default export (see defineConfig). */
export interface UserConfig {
  reportDir?: string;
  reporters?: string[];
  failOn?: 'error' | 'warning';
  concurrency?: number;
  showValues?: boolean;
  baseline?: string;
  /**
   * Absolute http(s) URL of docs/checks.md that check links in the reports (Markdown, HTML, SARIF
   * `helpUri`) point into, e.g. a fork or a pinned tag. `MCP_HARNESS_DOCS_URL` overrides it.
   */
  docsUrl?: string;
  checks?: Record<string, CheckSetting>;
  timeouts?: Partial<Timeouts>;
  surfaces: SurfaceConfig[];
}

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
  concurrency: number;
  showValues: boolean;
  baseline?: string;
  /** UserConfig.docsUrl, when set. */
  docsUrl?: string;
  checks: Record<string, CheckSetting>;
  timeouts: Timeouts;
  surfaces: ResolvedSurface[];
}
