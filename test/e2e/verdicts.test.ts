/**
 * Issue 9 §2/§3 through the real CLI: every verdict fixture arm (test/e2e/configs/verdicts.ts) draws
 * the findings it lists, stays silent (nothing at warning or above) on the checks it lists, and never
 * draws the messageIds it lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARMS } from './configs/verdicts.ts';
import { armTitle, expectArm } from './helpers/arms.ts';
import { cleanup, findingsOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

let run: CliRun;

// one CLI run of every arm (over 100 surfaces, ~35-45 s on a quiet 2-core machine): the hook gets the CLI's own kill
// timeout, not the suite's 60 s, which the run neared under the full suite's parallel load
beforeAll(async () => {
  run = await runCli(['run', '--config', 'test/e2e/configs/verdicts.ts'], { timeoutMs: 240_000 });
}, 250_000);

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

  it('rejection-text: each rejection points at the property its locator names: git_clone url (not the first property word, path), create_events events (not calendarId, an indented key of the schema its zod issue dumps), update_project none (not key: the text spells out projectId), link_nodes none (not file_path, which the call gave, in "file_path, from, and to are required"), search_people none (not filters, the second of two alternatives after "one of")', () => {
    const found = findingsOf(reportOf(run), 'rejection-text').filter((f) => f.check === 'errors/input-enforcement' && f.messageId === 'validCallRejected');
    expect(found.map((f) => [f.tool, f.pointer]).sort()).toEqual([
      ['create_events', '/inputSchema/properties/events'],
      ['git_clone', '/inputSchema/properties/url'],
      ['link_nodes', '/inputSchema'],
      ['search_people', '/inputSchema'],
      ['update_project', '/inputSchema'],
    ]);
  });

  for (const arm of ARMS) {
    it(armTitle(arm), () => expectArm(arm, findingsOf(reportOf(run), arm.surface)));
  }
});
