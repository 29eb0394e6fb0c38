/**
 * Issue 9 §2/§3 through the real CLI: every verdict fixture arm (test/e2e/configs/verdicts.ts) draws
 * the findings it lists, stays silent (nothing at warning or above) on the checks it lists, and never
 * draws the messageIds it lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARMS } from './configs/verdicts.ts';
import { cleanup, findingsOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

let run: CliRun;

beforeAll(async () => {
  run = await runCli(['run', '--config', 'test/e2e/configs/verdicts.ts']);
});

afterAll(() => cleanup(run));

describe('verdict fixtures through the CLI', () => {
  it('a surface whose tools/list failed says nothing was tested: status failed, no tool, no call, checks skipped', () => {
    const report = reportOf(run);
    const surface = report.surfaces.find((s) => s.name === 'list-error');
    expect(surface).toMatchObject({ status: 'failed', tools: [] });
    expect(report.skipped.filter((s) => s.surface === 'list-error').map((s) => s.reason)).toContain('the surface did not boot (list)');
  });

  it('runs every arm as a surface that booted, exit 1 (findings), not 2', () => {
    expect(run.exitCode, run.stderr).toBe(1);
    const report = reportOf(run);
    expect(report.surfaces.map((s) => [s.name, s.status]).sort()).toEqual(ARMS.map((a) => [a.surface, a.status ?? 'ok']).sort());
  });

  for (const arm of ARMS) {
    it(`${arm.surface}: ${[...(arm.draws ?? []).map((d) => `draws ${d.check} ${d.messageId}`), ...(arm.silent ?? []).map((c) => `${c} silent`)].join(', ')}`, () => {
      const findings = findingsOf(reportOf(run), arm.surface);
      const summary = findings.map((f) => `${f.severity} ${f.check} ${f.messageId} ${f.tool ?? ''}: ${f.message}`);
      for (const draw of arm.draws ?? []) {
        const hit = findings.filter((f) => f.check === draw.check && f.messageId === draw.messageId && f.severity === draw.severity);
        expect(hit.length, `${draw.check} ${draw.messageId} ${draw.severity} in:\n${summary.join('\n')}`).toBeGreaterThan(0);
        if (draw.includes) expect(hit.map((f) => f.message).join('\n')).toContain(draw.includes);
      }
      const loud = findings.filter((f) => (arm.silent ?? []).includes(f.check) && (f.severity === 'error' || f.severity === 'warning'));
      expect(loud.map((f) => `${f.severity} ${f.check} ${f.messageId}: ${f.message}`)).toEqual([]);
      const forbidden = findings.filter((f) => (arm.never ?? []).some((n) => n.check === f.check && n.messageId === f.messageId));
      expect(forbidden.map((f) => `${f.check} ${f.messageId}: ${f.message}`)).toEqual([]);
      for (const one of arm.once ?? []) {
        expect(findings.filter((f) => f.check === one.check && f.messageId === one.messageId && f.tool === one.tool), `${one.check} ${one.messageId} ${one.tool} once in:\n${summary.join('\n')}`).toHaveLength(1);
      }
    });
  }
});
