/**
 * A surface that outlasts its time budget (timeouts.surfaceMs) is cut short: the run goes on, the
 * budget is reported under transport/timeout, and the call the harness cut short is a timeout, not an
 * exit blamed on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIGS, cleanup, findingsOf, outcomesOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

describe('surface time budget', () => {
  let run: CliRun | undefined;
  beforeAll(async () => {
    run = await runCli(['run', '--config', join(CONFIGS, 'budget.ts')]);
  });
  afterAll(() => cleanup(run));

  it('reports the budget, marks the cut call as a timeout and blames no exit', () => {
    expect(run!.exitCode).toBe(1);
    const report = reportOf(run!);
    expect(findingsOf(report, 'over-budget', 'transport/timeout').map((f) => f.messageId)).toContain('surfaceBudget');
    expect(outcomesOf(report, 'over-budget', 'sleep')).toEqual(['timeout']);
    expect(findingsOf(report, 'over-budget', 'transport/exit')).toEqual([]);
  });

  it('counts the call in flight as a timeout, the calls never sent as no calls at all, and blames neither: the budget is the one finding (sweep 32: the call it cut is no call timeout)', () => {
    const report = reportOf(run!);
    // echo, add, fail answered; sleep was in flight; whoami and getenv waited behind it and were never written
    const calls = Object.fromEntries(report.surfaces.find((s) => s.name === 'queued-over-budget')!.tools.map((t) => [t.name, t.calls.map((c) => c.outcome)]));
    expect(calls).toEqual({ echo: ['success'], add: ['success'], fail: ['tool-error'], sleep: ['timeout'], whoami: [], getenv: [] });
    const timeouts = findingsOf(report, 'queued-over-budget', 'transport/timeout');
    // the wait of sleep was cut short by the budget, not by its own request timeout: no `call` naming the wall time
    expect(timeouts.map((f) => `${f.messageId} ${f.tool ?? '-'}`).sort()).toEqual(['surfaceBudget -']);
    expect(findingsOf(report, 'queued-over-budget', 'transport/exit')).toEqual([]);
    const md = readFileSync(join(run!.reportDir, 'report.md'), 'utf8');
    expect(md).toContain("| whoami | 0 | not called | not run: the surface's time budget (timeouts.surfaceMs) ran out before it was called |");
  });
});
