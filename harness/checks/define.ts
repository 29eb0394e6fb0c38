/**
 * The check API: a check is one module, `meta` plus pure functions (ESLint's rule shape).
 *
 * - `plan(ctx)` (optional) returns the probes the check needs executed live; the runner executes
 *   them and puts the records into `ctx.observation.probes`. Pure: it never touches a process.
 * - `check(ctx, report)` judges the observation and reports findings by `messageId`.
 *
 * Checks import from `../model/`, `../schema/` and `../invariants.ts`, never from `../session/`.
 */
import type { z } from 'zod';
import type { SurfaceObservation } from '../model/observation.ts';
import { toolLabel, type TransportKind } from '../model/protocol.ts';
import { SEVERITY_RANK, type Finding, type FindingLocation, type Severity } from '../model/report.ts';
import type { ProbeRequest } from '../model/wire.ts';
import type { SchemaService } from '../schema/service.ts';
import { SERVER_TEXT_BUDGET, boundServerText } from '../model/text-budget.ts';
import { citeSpec } from './cite.ts';

/** A check's options: a plain object (what `[severity, options]` in the config holds once validated). */
export type CheckOptions = Record<string, unknown>;

/**
 * Static description of a check; it feeds the catalog (`mcp-harness checks`, docs/checks.md, SARIF rules).
 * `O` is the type of the check's options (`{}` for a check that takes none).
 */
export interface CheckMeta<O extends CheckOptions = CheckOptions> {
  /** `area/name`; equals the module's path under harness/checks/ without `.ts`. */
  id: string;
  defaultSeverity: Severity;
  /** One line: what the check holds. */
  description: string;
  /** Why it matters (docs). */
  rationale: string;
  /** The spec section or seed rule it implements, e.g. `spec:2025-11-25/server/tools.mdx §Output Schema`. */
  spec: string;
  /** Message catalogue: `{{name}}` placeholders filled from `data`. Values never go in `data`. */
  messages: Record<string, string>;
  /**
   * How to fix, per messageId (Markdown prose, shown under "How to fix" in docs/checks.md): what a
   * server author changes when the finding is the known behaviour of a library (e.g. an SDK's own
   * wrapping). A message that points to it says `see docs/checks.md#<anchor>`.
   */
  fixes?: Record<string, string>;
  /** Docs examples: a failing and a passing case (JSON or prose), shown in docs/checks.md. */
  examples: { fail: string; pass: string };
  /** Does the check need a contract (skipped in ad-hoc mode when none)? */
  needsContract?: boolean;
  /**
   * Judge this check after every other check of the surface (harness/run/judge.ts): it reads what their use of the
   * shared schema service found, e.g. schema/compile reports a schema whose validator overflowed the call stack while
   * another check validated a result against it (harness/schema/stack-guard.ts). Findings are sorted, so the order
   * changes no report.
   */
  judgedLast?: boolean;
  /** Does the check need a live session (skipped when boot failed)? Default true. */
  needsSession?: boolean;
  /**
   * The transports the check applies to (it is skipped on others); absent = every transport. A check of
   * stdio's own rules (stdout purity, the stdin-close shutdown) says `['stdio']`.
   */
  transports?: readonly TransportKind[];
  /**
   * The check's options (ESLint's `meta.schema`): a zod object schema, strict (unknown keys are
   * errors), each key `.describe()`d for docs/checks.md. Absent = the check takes no options, and
   * `[severity, {...}]` with any key is a config error. Validated when the checks are enabled
   * (run/judge.ts `enableChecks`), over `defaultOptions`.
   */
  optionsSchema?: z.ZodType<O>;
  /** Defaults merged under the user's options before validation (ESLint's `meta.defaultOptions`). */
  defaultOptions?: Partial<O>;
}

/** What a check reports; the runner adds check, surface, severity and id. */
export interface FindingDescriptor {
  messageId: string;
  data?: Record<string, string | number>;
  tool?: string;
  pointer?: string;
  /** Override the resolved severity for this finding (version-gated notes, e.g. `info` on 2025-06-18). */
  severity?: Severity;
  /** Values backing the finding; dropped unless --show-values. */
  evidence?: unknown;
  /** The server's last stderr lines (boot failures, timeouts): its own output, kept by default (see Finding.stderr). */
  stderr?: string[];
  /**
   * The user's file the finding points into (a scenario file: `Scenario.file`, relative to the config
   * directory); the runner resolves it and finds the line (see Finding.location).
   */
  location?: FindingLocation;
  /**
   * The parts of the check's `meta.spec` this finding rests on, in the same notation (`spec:<revision>/<page>.mdx
   * §Section; ...`), cited instead of the whole `meta.spec`: a check that cites one page per method it probes links
   * the page of the method a finding is about (protocol/capability-lists: a resources/list finding links
   * server/resources#listing-resources, not the prompts page). Absent: the whole `meta.spec`.
   */
  spec?: string;
}

/** Context a check runs in. */
export interface CheckContext<O extends CheckOptions = CheckOptions> {
  observation: SurfaceObservation;
  /** Compile cache and dialect-aware validation shared across the run. */
  schemas: SchemaService;
  /**
   * Check options from config (`checks: { 'id': ['warning', {...}] }`), merged over
   * `meta.defaultOptions` and parsed by `meta.optionsSchema` (see ./options.ts): typed, never raw.
   */
  options: O;
}

/** A check module; `O` is its options' type. Methods (not function properties) so a `Check<O>` is a `Check`. */
export interface Check<O extends CheckOptions = CheckOptions> {
  meta: CheckMeta<O>;
  plan?(ctx: CheckContext<O>): ProbeRequest[];
  /**
   * The probes of `plan` marked `early` (`ProbeRequest.early`), alone and in the same order: exactly
   * `plan(ctx).filter((p) => p.early)` for every `ctx` (test/checks/plan-early.test.ts holds it for every check of
   * the registry). The runner plans the early probes through this, on the observation with every planned call
   * assumed answered (harness/run/early-probes.ts), without building the check's other probes a second time.
   * A check whose `plan` returns early probes must have it; one without it plans none early.
   */
  planEarly?(ctx: CheckContext<O>): ProbeRequest[];
  /**
   * Load ahead what `check` loads on its first call (a build-time validator module, a compiled schema), with no
   * bearing on any verdict (issue 12): the runner calls it while the surface's server exits after its stdin closed,
   * an idle wait, so the judge that follows the exit does not wait on it (harness/run/judge.ts `prepareChecks`).
   * `ctx.observation` then holds the negotiation, listing, calls and probes, not yet the shutdown, the exits or the
   * final wire tap. Not called for a check the observation skips; what it throws is ignored.
   */
  prepare?(ctx: CheckContext<O>): void;
  check(ctx: CheckContext<O>, report: (finding: FindingDescriptor) => void): void;
}

/** Identity helper that keeps the literal types (like ESLint's rule objects); `O` is inferred from `meta.optionsSchema`. */
export function defineCheck<O extends CheckOptions = CheckOptions>(check: Check<O>): Check<O> {
  return check;
}

/**
 * Fill `{{name}}` placeholders of a catalogue message. A string value longer than the server-text
 * budget (200 code units) is cut there with `… (N characters)` (see ../model/text-budget.ts): data are
 * names and messages a server chose, and this is the one place every message is built (issue 15).
 * Numbers are inserted whole; any other value (a tool's non-string `name`) as its JSON text (`toolLabel`). `budget` (UTF-16 code units) is for the harness's own text (runner findings: `Infinity`).
 * @throws Error on an unknown messageId or a placeholder without data (a bug in the check).
 */
export function formatMessage(meta: CheckMeta, messageId: string, data: Record<string, string | number> = {}, budget: number = SERVER_TEXT_BUDGET): string {
  const template = meta.messages[messageId];
  if (template === undefined) throw new Error(`check ${meta.id}: unknown messageId '${messageId}'`);
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, key: string) => {
    if (!(key in data)) throw new Error(`check ${meta.id}: message '${messageId}' needs data '${key}'`);
    const value = data[key];
    // a value that is neither (a check passing a listed tool's non-string name) reads as its JSON text
    return typeof value === 'string' ? boundServerText(value, budget) : typeof value === 'number' ? String(value) : toolLabel(value);
  });
}

/**
 * A finding's severity: the check's resolved severity (`resolved`: the config's, else the default), or the message's
 * own (`own`: a message that reports below, or above, its check's default). A severity the config set (`configured`)
 * at or below the default caps every finding of the check: `'tools/listing': 'warning'` makes its explicit errors
 * warnings, as docs/ci.md promises ("any severity replaces its default"; a new user's walkthrough: they stayed errors).
 * A configured severity above the default, or none, leaves a message's own severity as it is (an info note stays one).
 */
export function findingSeverity(own: Severity | undefined, resolved: Severity, defaultSeverity: Severity, configured = false): Severity {
  if (own === undefined) return resolved;
  if (configured && SEVERITY_RANK[resolved] >= SEVERITY_RANK[defaultSeverity] && SEVERITY_RANK[own] < SEVERITY_RANK[resolved]) return resolved;
  return own;
}

/**
 * Run one check over one observation and return its findings (severity from `severity`, the
 * resolved config severity; `configured` when the config set it: `findingSeverity`). Exceptions are not caught here: the runner turns them into exit code 2.
 */
export function runCheck(check: Check, ctx: CheckContext, severity: Severity, configured = false): Finding[] {
  const findings: Finding[] = [];
  check.check(ctx, (d) => {
    findings.push({
      check: check.meta.id,
      severity: findingSeverity(d.severity, severity, check.meta.defaultSeverity, configured),
      surface: ctx.observation.surface,
      // a tool named by a listing entry whose `name` is not a string: its JSON text (no finding carries a non-string tool)
      ...(d.tool !== undefined ? { tool: toolLabel(d.tool) } : {}),
      ...(d.pointer !== undefined ? { pointer: d.pointer } : {}),
      message: formatMessage(check.meta, d.messageId, d.data),
      messageId: d.messageId,
      ...citation(d.spec ?? check.meta.spec, ctx.observation.negotiation?.protocolVersion),
      ...(d.evidence !== undefined ? { evidence: d.evidence } : {}),
      ...(d.stderr !== undefined && d.stderr.length > 0 ? { stderr: d.stderr } : {}),
      ...(d.location !== undefined ? { location: d.location } : {}),
    });
  });
  return findings;
}

/**
 * `{ spec }` with the public citations of a catalog spec string, or nothing (see ./cite.ts). `negotiated`: the
 * session's protocol revision, when known: spec pages link that revision where it holds the rule.
 */
export function citation(spec: string | undefined, negotiated?: string): { spec?: string } {
  const cited = citeSpec(spec, negotiated);
  return cited ? { spec: cited } : {};
}
