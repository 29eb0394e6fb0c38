/**
 * A crash at the default in-flight window (8) takes every call in flight with it; the runner replays
 * those calls one at a time on the restarted server, so only the crashing tool is blamed and the other
 * tools are still validated (issue 2 acceptance: "the other tools are still validated").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, outcomesOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

describe('a tool that crashes the server, with calls pipelined', () => {
  let run: CliRun | undefined;
  beforeAll(async () => {
    run = await runCli(['run', '--allow-destructive', '--', process.execPath, 'test/fixtures/servers/fixture-server.mjs', '--fault=crash-tool=add']);
  });
  afterAll(() => cleanup(run));

  it('blames only the crashing tool', () => {
    const report = reportOf(run!);
    expect(outcomesOf(report, 'ad-hoc', 'add')).toEqual(['exit']);
    for (const tool of ['echo', 'sleep', 'whoami', 'getenv']) expect(outcomesOf(report, 'ad-hoc', tool)).toEqual(['success']);
    const inFlight = findingsOf(report, 'ad-hoc', 'transport/exit').filter((f) => f.tool !== undefined);
    expect([...new Set(inFlight.map((f) => f.tool))]).toEqual(['add']);
    // the exit is transport/exit's finding, never evidence for another check: result/expectation stays quiet
    expect(findingsOf(report, 'ad-hoc', 'result/expectation').filter((f) => f.severity !== 'info')).toEqual([]);
  });
});
