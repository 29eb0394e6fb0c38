/**
 * Issue 9 §3 through the real CLI: every probe fixture arm (test/e2e/configs/probes.ts) draws the
 * findings it lists, stays silent on the checks it lists, and never draws the messageIds it lists.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ARMS } from './configs/probes.ts';
import { armTitle, expectArm } from './helpers/arms.ts';
import { cleanup, findingsOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

let run: CliRun;

beforeAll(async () => {
  run = await runCli(['run', '--config', 'test/e2e/configs/probes.ts']);
});

afterAll(() => cleanup(run));

describe('probe fixtures through the CLI', () => {
  it('runs every arm as a surface, exit 1 (findings), not 2', () => {
    expect(run.exitCode, run.stderr).toBe(1);
    expect(reportOf(run).surfaces.map((s) => [s.name, s.status]).sort()).toEqual(ARMS.map((a) => [a.surface, a.status ?? 'ok']).sort());
  });

  it("protocol-probes: each capability-lists finding links the page of its own method (prompts/list the prompts page, resources/list the resources page), never the other's", () => {
    const found = findingsOf(reportOf(run), 'protocol-probes').filter((f) => f.check === 'protocol/capability-lists');
    const links = found.map((f) => [f.messageId, f.message.includes('resources/list') ? 'resources' : f.message.includes('prompts/list') ? 'prompts' : '?', /server\/(prompts|resources)#[\w-]+/g.exec(f.spec ?? '')?.[0], (f.spec ?? '').match(/server\/(prompts|resources)#/g)?.length]);
    expect(links.sort()).toEqual([
      ['cursorRepeated', 'resources', 'server/resources#listing-resources', 1],
      ['itemRepeated', 'resources', 'server/resources#listing-resources', 1],
      ['listError', 'prompts', 'server/prompts#listing-prompts', 1],
    ]);
  });

  for (const arm of ARMS) {
    it(armTitle(arm), () => expectArm(arm, findingsOf(reportOf(run), arm.surface)));
  }
});
