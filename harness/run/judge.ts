/**
 * Judge one observation: run the enabled checks, resolve severities from config, skip checks whose
 * inputs are missing (no contract, no session), and turn a crashing check into a `harness/check-crashed`
 * finding (the run goes on; the exit code becomes 2).
 */
import { runCheck, type Check, type CheckContext } from '../checks/define.ts';
import type { CheckSetting } from '../config/index.ts';
import type { SchemaService } from '../schema/service.ts';
import type { SurfaceObservation } from '../model/observation.ts';
import type { Finding, Report, Severity, SeverityOrOff } from '../model/report.ts';

/** The check ID under which the harness reports its own faults (a check that threw). */
export const HARNESS_CHECK_ID = 'harness/check-crashed';

/** A check with its resolved severity and options. */
export interface EnabledCheck {
  check: Check;
  severity: Severity;
  options: Record<string, unknown>;
}

/**
 * Resolve each check's config entry (`'off' | severity | [severity, options]`) over its default.
 * Checks set to `off` are dropped.
 */
export function enableChecks(checks: Check[], settings: Readonly<Record<string, CheckSetting>>): EnabledCheck[] {
  const enabled: EnabledCheck[] = [];
  for (const check of checks) {
    const setting = settings[check.meta.id];
    const [level, options]: [SeverityOrOff, Record<string, unknown>] = Array.isArray(setting)
      ? [setting[0], setting[1]]
      : [setting ?? check.meta.defaultSeverity, {}];
    if (level === 'off') continue;
    enabled.push({ check, severity: level, options });
  }
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

/** The probes every enabled check plans for this observation (a planning crash plans nothing). */
export function planProbes(enabled: EnabledCheck[], obs: SurfaceObservation, schemas: SchemaService) {
  return enabled.flatMap(({ check, options }) => {
    if (!check.plan || skipReason(check, obs)) return [];
    try {
      return check.plan({ observation: obs, schemas, options });
    } catch {
      return []; // the same crash resurfaces in judge() and is reported there
    }
  });
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
  for (const { check, severity, options } of enabled) {
    const reason = skipReason(check, obs);
    if (reason) {
      // a surface that booted but listed nothing says so for every check it could not run
      if ((check.meta.needsContract && obs.contract === undefined) || obs.bootError?.phase === 'list') skipped.push({ surface: obs.surface, check: check.meta.id, reason });
      continue;
    }
    const ctx: CheckContext = { observation: obs, schemas, options };
    try {
      findings.push(...runCheck(check, ctx, severity));
    } catch (error) {
      crashed = true;
      findings.push({
        check: HARNESS_CHECK_ID,
        severity: 'error',
        surface: obs.surface,
        message: `check ${check.meta.id} crashed: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }
  return { findings, skipped, crashed };
}
