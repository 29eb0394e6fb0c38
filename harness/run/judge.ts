/**
 * Judge one observation: run the enabled checks, resolve severities from config, skip checks whose
 * inputs are missing (no contract, no session), and turn a crashing check into a `harness/check-crashed`
 * finding (the run goes on; the exit code becomes 2).
 */
import { runCheck, type Check, type CheckContext, type CheckOptions } from '../checks/define.ts';
import { parseCheckOptions } from '../checks/options.ts';
import { harnessFinding } from '../checks/internal.ts';
import type { CheckSetting } from '../config/index.ts';
import { checkOptionIssues } from '../config/check-options.ts';
import { ConfigError, type ConfigIssue } from '../config/errors.ts';
import { displayPath } from '../config/display-path.ts';
import type { SchemaService } from '../schema/service.ts';
import type { SurfaceObservation } from '../model/observation.ts';
import type { ProbeRequest } from '../model/wire.ts';
import type { Finding, Report, Severity, SeverityOrOff } from '../model/report.ts';

/** The check ID under which the harness reports its own faults (a check that threw). */
export const HARNESS_CHECK_ID = 'harness/check-crashed' as const;

/** A check with its resolved severity and options (parsed by its `meta.optionsSchema`). */
export interface EnabledCheck {
  check: Check;
  severity: Severity;
  options: CheckOptions;
  /** The config (or a command-line override) set the severity: it then caps every finding's (checks/define.ts `findingSeverity`). */
  configured?: boolean;
}

/**
 * Resolve each check's config entry (`'off' | severity | [severity, options]`) over its default and
 * parse its options over `meta.defaultOptions` with `meta.optionsSchema` (ESLint validates rule options
 * the same way). Checks set to `off` are dropped (their options are not validated, as ESLint does).
 * `configFile` names the file in errors (`<config>` without one).
 * @throws ConfigError (code 'CONFIG_INVALID', exit 2) listing every bad option of every enabled check at
 *   its key path: `mcp-harness.config.ts: checks["tools/name"].options.maxLength: Invalid input: expected number, received string`.
 */
export function enableChecks(checks: Check[], settings: Readonly<Record<string, CheckSetting>>, configFile?: string): EnabledCheck[] {
  const enabled: EnabledCheck[] = [];
  const issues: ConfigIssue[] = [];
  for (const check of checks) {
    const setting = settings[check.meta.id];
    const [level, raw]: [SeverityOrOff, CheckOptions] = Array.isArray(setting)
      ? [setting[0], setting[1]]
      : [setting ?? check.meta.defaultSeverity, {}];
    if (level === 'off') continue;
    const parsed = parseCheckOptions(check, raw);
    if (!parsed.ok) {
      issues.push(...checkOptionIssues(check, raw));
      continue;
    }
    enabled.push({ check, severity: level, options: parsed.options, ...(setting !== undefined ? { configured: true } : {}) });
  }
  if (issues.length > 0) throw new ConfigError(displayPath(configFile, process.cwd()), issues);
  return enabled;
}

/** Why a check cannot run on this observation, or undefined when it can. */
export function skipReason(check: Check, obs: SurfaceObservation): string | undefined {
  if (check.meta.needsContract && obs.contract === undefined) {
    return obs.contractError ? 'the contract could not be loaded' : 'no contract configured (specification-only run)';
  }
  if (check.meta.transports && !check.meta.transports.includes(obs.transport)) {
    return `the check does not apply to the ${obs.transport} transport`;
  }
  if (check.meta.needsSession !== false && obs.bootError !== undefined) {
    return `the surface did not boot (${obs.bootError.phase})`;
  }
  return undefined;
}

/**
 * The probes `planner` (a check's `plan` or `planEarly`) returns for each enabled check this observation does not
 * skip, in check order; a check without that planner plans none, and a planning crash plans nothing (the same crash
 * resurfaces in judge() and is reported there).
 */
function planEach(enabled: EnabledCheck[], obs: SurfaceObservation, schemas: SchemaService, planner: 'plan' | 'planEarly'): ProbeRequest[] {
  return enabled.flatMap(({ check, options }) => {
    const plan = check[planner];
    if (!plan || skipReason(check, obs)) return [];
    try {
      return plan.call(check, { observation: obs, schemas, options });
    } catch {
      return [];
    }
  });
}

/** The probes every enabled check plans for this observation (a planning crash plans nothing). */
export function planProbes(enabled: EnabledCheck[], obs: SurfaceObservation, schemas: SchemaService): ProbeRequest[] {
  return planEach(enabled, obs, schemas, 'plan');
}

/**
 * The early probes (`ProbeRequest.early`) every enabled check plans for this observation, through each check's
 * `planEarly`: the same probes as the early ones of `planProbes(enabled, obs, schemas)`, in the same order,
 * without building the others (a planning crash plans nothing, as there).
 */
export function planEarlyProbes(enabled: EnabledCheck[], obs: SurfaceObservation, schemas: SchemaService): ProbeRequest[] {
  return planEach(enabled, obs, schemas, 'planEarly');
}

/**
 * Each enabled check's `prepare` (Check.prepare) on the observation so far, for the checks it does not skip: what
 * the judge will load first is loaded while the server exits. Judges nothing, reports nothing; never throws (a
 * check that throws here is judged as usual later, and crashes there if it does again).
 */
export function prepareChecks(enabled: EnabledCheck[], obs: SurfaceObservation, schemas: SchemaService): void {
  for (const { check, options } of enabled) {
    if (!check.prepare || skipReason(check, obs)) continue;
    try {
      check.prepare({ observation: obs, schemas, options });
    } catch {
      // judge() runs the check itself and reports what it throws
    }
  }
}

/** Findings and skips for one observation. Never throws. */
export function judge(
  enabled: EnabledCheck[],
  obs: SurfaceObservation,
  schemas: SchemaService,
): { findings: Finding[]; skipped: Report['skipped']; crashed: boolean } {
  const findings: Finding[] = [];
  const skipped: Report['skipped'] = [];
  let crashed = false;
  const runnable: EnabledCheck[] = [];
  for (const entry of enabled) {
    const reason = skipReason(entry.check, obs);
    if (!reason) runnable.push(entry);
    // a surface that booted but listed nothing says so for every check it could not run
    else if ((entry.check.meta.needsContract && obs.contract === undefined) || obs.bootError?.phase === 'list') skipped.push({ surface: obs.surface, check: entry.check.meta.id, reason });
  }
  // a check `judgedLast` reads what the others' validations found (a validator that overflowed the call stack)
  const order = [...runnable.filter((entry) => entry.check.meta.judgedLast !== true), ...runnable.filter((entry) => entry.check.meta.judgedLast === true)];
  for (const { check, severity, options, configured } of order) {
    const ctx: CheckContext = { observation: obs, schemas, options };
    try {
      // one push per finding: a spread of a server-sized list (130,000 tools never called) overflows the stack
      for (const finding of runCheck(check, ctx, severity, configured === true)) findings.push(finding);
    } catch (error) {
      crashed = true;
      findings.push(harnessFinding(HARNESS_CHECK_ID, 'crashed', obs.surface, { check: check.meta.id, error: error instanceof Error ? error.message : String(error) }));
    }
  }
  return { findings, skipped, crashed };
}
