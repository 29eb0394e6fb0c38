/**
 * The zod schema of the config file (strict: unknown keys are errors); ./types.ts derives the user-side
 * types from it (`z.input`), so the two cannot drift.
 * Cross-field rules (unique surface names, contract kind, manifest for `fromManifest`, placeholders) are refinements
 * that report at the offending key path so ConfigError can name it; the surface and top-level ones run even when
 * other keys are wrong, so a config's problems are all reported at once.
 */
import { z } from 'zod';

import { surfacePlaceholderIssues } from './surface-placeholders.ts';
import { isHttpUrl } from './url.ts';

export { isHttpUrl };

/** A refinement's `when`: run it whenever the value is an object, even when other keys already failed. */
const isRecordPayload = (payload: { value: unknown }): boolean => typeof payload.value === 'object' && payload.value !== null && !Array.isArray(payload.value);

function isRegExp(value: string): boolean {
  try {
    new RegExp(value);
    return true;
  } catch {
    return false;
  }
}

const severityOrOff = z.enum(['off', 'info', 'warning', 'error']);
const positiveMs = z.number().int().positive();
const relPath = z.string().min(1);

/** Timeouts with every key optional; values are positive integer milliseconds. */
export const timeoutsSchema = z.strictObject({
  /** One request (tools/call, tools/list page, probe) until its answer. */
  requestMs: positiveMs.optional(),
  /** The `server/discover` era probe before falling back to `initialize`. */
  probeMs: positiveMs.optional(),
  /** Spawn until the handshake answered. */
  startMs: positiveMs.optional(),
  /** Shutdown: wait this long after closing stdin before SIGTERM. */
  stdinGraceMs: positiveMs.optional(),
  /** Shutdown: wait this long after SIGTERM before SIGKILL. */
  termGraceMs: positiveMs.optional(),
  /** Budget for a whole surface (boot, calls, probes, shutdown). */
  surfaceMs: positiveMs.optional(),
});

/** A check's config entry: a severity, or `[severity, options]` (ESLint style). */
export const checkSetting = z.union([severityOrOff, z.tuple([severityOrOff, z.record(z.string(), z.unknown())])], {
  error: 'Expected "off" | "info" | "warning" | "error", or [severity, options]',
});

/** The keys of a contract module entry (zod or JSON Schema tool definitions). */
const moduleFields = {
  module: relPath,
  /** The export holding the tools (default: `tools`, the default export, or the one export that holds tool definitions). */
  export: z.string().min(1).optional(),
  /** The tools this surface serves (a subset of the module's): names or a predicate; default all. */
  tools: z.union([z.array(z.string().min(1)), z.custom<(name: string) => boolean>((v) => typeof v === 'function')], { error: 'Expected a list of tool names or a function (name) => boolean' }).optional(),
  /** The JSON Schema dialect zod schemas are projected to: draft-07 (SDK 1.x surfaces) or 2020-12 (2.x). */
  dialect: z.enum(['draft-07', '2020-12']).optional(),
  /**
   * Entry fields that are `_meta` keys: a list (`['category']`: the entry's `category` is its
   * `_meta.category`) or a record `{ <_meta key>: <entry field> }`. A key the entry's own `_meta`
   * declares wins. Default none: an entry's metadata is its `_meta`.
   */
  meta: z.union([z.array(z.string().min(1)), z.record(z.string().min(1), z.string().min(1))], { error: 'Expected a list of entry field names, or a record { <_meta key>: <entry field> }' }).optional(),
};

/** The keys of a lock entry: a lock file written by `mcp-harness snapshot`. */
const lockFields = { lock: relPath };

/** Keys an entry of the other kind must leave out (typed `?: undefined`, so TypeScript rejects a mix). */
function absent<const K extends string>(keys: readonly K[]): { [P in K]: z.ZodOptional<z.ZodUndefined> } {
  return Object.fromEntries(keys.map((key) => [key, z.undefined().optional()])) as { [P in K]: z.ZodOptional<z.ZodUndefined> };
}

const MODULE_KEYS = Object.keys(moduleFields) as Array<keyof typeof moduleFields>;

/** Where a surface's contract comes from, exactly: a contract module or a lock file, never both (./types.ts `ContractConfig`). */
export const contractKinds = z.union([z.strictObject({ ...moduleFields, ...absent(['lock']) }), z.strictObject({ ...lockFields, ...absent(MODULE_KEYS) })]);

/**
 * The contract entry as validated: one strict object of both kinds' keys, whose refinement names the
 * offending key ("exactly one of", "applies to module contracts only"; a plain union of the two would
 * answer a mix with "Invalid input"), piped into `contractKinds`. The refinement admits exactly what
 * `contractKinds` admits, so the pipe never fails, and the schema's input and output types are the
 * union's: the cast states what the pipe cannot infer.
 */
export const contractSchema = z
  .strictObject({ ...moduleFields, module: moduleFields.module.optional(), lock: lockFields.lock.optional() })
  .superRefine((c, ctx) => {
    if ((c.module === undefined) === (c.lock === undefined)) {
      ctx.addIssue({ code: 'custom', message: 'Expected exactly one of "module" or "lock"' });
    } else if (c.lock !== undefined) {
      for (const key of MODULE_KEYS) {
        if (c[key] !== undefined) ctx.addIssue({ code: 'custom', path: [key], message: `"${key}" applies to "module" contracts only` });
      }
    }
  })
  .pipe(contractKinds) as unknown as z.ZodType<z.output<typeof contractKinds>, z.input<typeof contractKinds>>;

/** One declared version source: a literal, the surface's manifest, or a string constant a module exports. */
export const versionSource = z.union([
  z.string().min(1),
  z.strictObject({ fromManifest: z.literal(true) }),
  z.strictObject({ module: relPath, export: z.string().min(1) }),
]);

/** One surface. */
export const surfaceSchema = z
  .strictObject({
    /** Unique per config; `[A-Za-z0-9_.-]+`. */
    name: z.string().regex(/^[A-Za-z0-9_.-]+$/, 'Expected a name of [A-Za-z0-9_.-]+'),
    command: z.string().min(1).optional(),
    url: z.string().refine(isHttpUrl, 'Expected an absolute http(s) URL of the MCP endpoint, e.g. http://127.0.0.1:${port}/mcp').optional(),
    headers: z.record(z.string().regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, 'Expected an HTTP header name'), z.string()).optional(),
    ready: z.strictObject({ line: z.string().min(1).refine(isRegExp, 'Expected a regular expression (JavaScript syntax, no slashes or flags)') }).optional(),
    args: z.array(z.string()).optional(),
    cwd: relPath.optional(),
    /** Environment: parent variables named in `allow` (default DEFAULT_ENV_ALLOW) plus `set`. */
    env: z
      .strictObject({
        allow: z.array(z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*\*?$/, 'Expected an environment variable name (optionally ending in *)')).optional(),
        set: z.record(z.string(), z.string()).optional(),
      })
      .optional(),
    contract: contractSchema.optional(),
    /** Scenario directories or files. */
    scenarios: z.union([relPath, z.array(relPath)]).optional(),
    /** Argument generation for tools without a scenario (default enabled; tools not annotated readOnlyHint: true excluded unless `destructive`). */
    generate: z.strictObject({ enabled: z.boolean().optional(), destructive: z.boolean().optional() }).optional(),
    echo: z.enum(['forbid', 'warn']).optional(),
    overrides: z.enum(['narrow', 'none']).optional(),
    /** The surface's package.json (sdk/generation, contract/version-lock). */
    manifest: relPath.optional(),
    declaredVersion: z.union([versionSource, z.array(versionSource).min(1)]).optional(),
    watchedPaths: z.array(relPath).optional(),
    era: z.enum(['auto', 'modern', 'legacy']).optional(),
    /** Requests in flight at once on this surface (default 8, chosen by measurement; 1 for order-dependent servers). */
    callConcurrency: z.number().int().positive().optional(),
    /**
     * Probes (the harness's own requests after the calls: invalid arguments, unknown tools...) in flight at once
     * (default: callConcurrency). Raise it for a large surface of a server that runs requests concurrently (at 8 the
     * ~18,000 probes of a 1,000-tool surface are a ping-pong of ~3.7 requests per pipe write; 32 took ~150 ms off
     * them); not the default, because a server that handles one request at a time then times a probe out once a
     * call takes more than requestMs / window (a reviewer: 42 timeouts at 32, none at 8, with 500 ms calls), and a
     * window widened only when every call answered fast drew 56 on a server whose rejections take 700 ms (calls do not
     * bound probes). After a crash every request runs alone whatever this says.
     */
    probeConcurrency: z.number().int().positive().optional(),
    /** Run the server with HOME, TMPDIR and cwd in a fresh temporary directory, removed afterwards (default false; `--sandbox`). */
    sandbox: z.boolean().optional(),
    /** Run the server as the user nobody (needs the harness to run as root; default false; `--isolate`). */
    isolate: z.boolean().optional(),
    timeouts: timeoutsSchema.optional(),
    /** Per-run setup: a temp dir (`${tempDir}`) and files copied into place before spawn. */
    setup: z
      .strictObject({
        tempDir: z.boolean().optional(),
        copy: z.array(z.strictObject({ from: relPath, to: relPath })).optional(),
      })
      .optional(),
    limits: z
      .strictObject({
        /** Result size budget, bytes (UTF-8 length of the response line). */
        maxResultBytes: z.number().int().positive().optional(),
        /** Result size budget, estimated tokens (~4 bytes per token). */
        maxResultTokens: z.number().int().positive().optional(),
        /** Tool name length budget for hosts that prefix names (e.g. `mcp__server__tool`). */
        maxToolNameLength: z.number().int().positive().optional(),
        /**
         * Retention budget, bytes: what the harness keeps of the server's frames on this surface (responses,
         * notifications, wire-tap frames) before it stops sending requests there (harness/retention-budget). Default:
         * the harness process's V8 heap limit / 8, within 256 MiB to 1 GiB (harness/retention-budget.ts).
         */
        maxRetainedBytes: z.number().int().positive().optional(),
      })
      .optional(),
  })
  // the cross-field rules and the placeholders run even when other keys of the surface are wrong (`when`), on values
  // that may be of any type: every problem of a config is reported at once, not one round after another
  .superRefine((s, ctx) => {
    if (s.command === undefined && s.url === undefined) {
      ctx.addIssue({ code: 'custom', path: ['command'], message: 'Expected "command" (a stdio server), "url" (a running Streamable HTTP server), or both (a server the harness starts)' });
    }
    if (s.ready !== undefined && (s.command === undefined || s.url === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['ready'], message: '"ready" needs both "command" and "url" (it says when the server the harness starts is ready)' });
    }
    if (s.headers !== undefined && s.url === undefined) {
      ctx.addIssue({ code: 'custom', path: ['headers'], message: '"headers" apply to Streamable HTTP surfaces only: add "url"' });
    }
    const sources: unknown[] = Array.isArray(s.declaredVersion) ? s.declaredVersion : s.declaredVersion === undefined ? [] : [s.declaredVersion];
    if (sources.some((v) => typeof v === 'object' && v !== null && 'fromManifest' in v) && s.manifest === undefined) {
      ctx.addIssue({ code: 'custom', path: ['declaredVersion'], message: '{ fromManifest: true } needs "manifest"' });
    }
    for (const issue of surfacePlaceholderIssues(s)) ctx.addIssue({ code: 'custom', ...issue });
  }, { when: isRecordPayload });

/** The whole config file (its default export). */
export const userConfigSchema = z
  .strictObject({
    reportDir: relPath.optional(),
    reporters: z.array(z.string().min(1)).optional(),
    failOn: z.enum(['error', 'warning']).optional(),
    concurrency: z.number().int().positive().optional(),
    showValues: z.boolean().optional(),
    baseline: relPath.optional(),
    /**
     * Absolute http(s) URL of docs/checks.md that check links in the reports (Markdown, HTML, SARIF
     * `helpUri`) point into, e.g. a fork or a pinned tag. `MCP_HARNESS_DOCS_URL` overrides it.
     */
    docsUrl: z
      .string()
      .regex(/^https?:\/\/\S+$/, 'Expected an absolute http(s) URL of docs/checks.md (SARIF helpUri must be a URI)')
      .optional(),
    checks: z.record(z.string().regex(/^[^/\s]+\/[^/\s]+$/, 'Expected a check ID of the form area/name'), checkSetting).optional(),
    timeouts: timeoutsSchema.optional(),
    surfaces: z.array(surfaceSchema).min(1, 'Expected at least one surface'),
  })
  .superRefine((c, ctx) => {
    const seen = new Map<string, number>();
    // run whatever else is wrong (`when`): the surfaces may be of any shape here
    const surfaces: unknown[] = Array.isArray(c.surfaces) ? c.surfaces : [];
    surfaces.forEach((s, i) => {
      const name = typeof s === 'object' && s !== null ? (s as { name?: unknown }).name : undefined;
      if (typeof name !== 'string') return;
      const first = seen.get(name);
      if (first === undefined) seen.set(name, i);
      else ctx.addIssue({ code: 'custom', path: ['surfaces', i, 'name'], message: `Duplicate surface name "${name}" (also surfaces[${first}].name)` });
    });
  }, { when: isRecordPayload });
