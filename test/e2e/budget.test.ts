/**
 * A surface that outlasts its time budget (timeouts.surfaceMs) is cut short: the run goes on, the
 * budget is reported under transport/timeout, and the call the harness cut short is a timeout, not an
 * exit blamed on the server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
