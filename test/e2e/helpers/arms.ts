/**
 * Fixture arms run as surfaces of one CLI run (test/e2e/configs/verdicts.ts, probes.ts): what each arm
 * must draw, which checks stay silent at warning and above, which messageIds it must never draw, and
 * which findings appear exactly once. One assertion function shared by the tests that run them.
 */
import { expect } from 'vitest';
import type { Finding, Severity } from '../../../harness/model/report.ts';

/** One expected finding: check, messageId, severity, and optionally text the message must contain. */
export interface Draw {
  check: string;
  messageId: string;
  severity: Severity;
  includes?: string;
  /** Text the message must not contain. */
  excludes?: string;
}

/** One arm: a fixture run with `args`, and what it must (not) draw. */
export interface Arm {
  surface: string;
  file: string;
  args?: string[];
  draws?: Draw[];
  silent?: string[];
  /** Checks that must draw nothing at error (warnings allowed: a rule of a later revision than the negotiated one). */
  noErrors?: string[];
  /** MessageIds it must never draw (of `tool` only, when given). */
  never?: { check: string; messageId: string; tool?: string }[];
  /** Findings that must appear exactly once (a looped tool is judged once). */
  once?: { check: string; messageId: string; tool: string }[];
  /** The surface's report status (default `ok`). */
  status?: 'ok' | 'failed';
  /** The surface's own timeouts (ms; the config's apply to the others), merged over the config's. */
  timeouts?: { requestMs?: number; surfaceMs?: number };
}

/** The test title of an arm: what it draws and what stays silent. */
export function armTitle(arm: Arm): string {
  return `${arm.surface}: ${[...(arm.draws ?? []).map((d) => `draws ${d.check} ${d.messageId}`), ...(arm.silent ?? []).map((c) => `${c} silent`)].join(', ')}`;
}

/** Assert one arm's expectations on the findings of its surface (vitest `expect`; throws on a miss). */
export function expectArm(arm: Arm, findings: readonly Finding[]): void {
  const summary = findings.map((f) => `${f.severity} ${f.check} ${f.messageId} ${f.tool ?? ''}: ${f.message}`);
  for (const draw of arm.draws ?? []) {
    const hit = findings.filter((f) => f.check === draw.check && f.messageId === draw.messageId && f.severity === draw.severity);
    expect(hit.length, `${draw.check} ${draw.messageId} ${draw.severity} in:\n${summary.join('\n')}`).toBeGreaterThan(0);
    if (draw.includes) expect(hit.map((f) => f.message).join('\n')).toContain(draw.includes);
    if (draw.excludes) expect(hit.map((f) => f.message).join('\n')).not.toContain(draw.excludes);
  }
  const loud = findings.filter((f) => (arm.silent ?? []).includes(f.check) && (f.severity === 'error' || f.severity === 'warning'));
  expect(loud.map((f) => `${f.severity} ${f.check} ${f.messageId}: ${f.message}`)).toEqual([]);
  const errors = findings.filter((f) => (arm.noErrors ?? []).includes(f.check) && f.severity === 'error');
  expect(errors.map((f) => `${f.check} ${f.messageId}: ${f.message}`)).toEqual([]);
  const forbidden = findings.filter((f) => (arm.never ?? []).some((n) => n.check === f.check && n.messageId === f.messageId && (n.tool === undefined || n.tool === f.tool)));
  expect(forbidden.map((f) => `${f.check} ${f.messageId}: ${f.message}`)).toEqual([]);
  for (const one of arm.once ?? []) {
    expect(findings.filter((f) => f.check === one.check && f.messageId === one.messageId && f.tool === one.tool), `${one.check} ${one.messageId} ${one.tool} once in:\n${summary.join('\n')}`).toHaveLength(1);
  }
}
