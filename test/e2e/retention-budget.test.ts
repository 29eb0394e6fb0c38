/**
 * The retention budget through the real CLI (hostile review D8: 200 tools x 12 MB answers ran the harness out of heap,
 * exit 134 and no report): past limits.maxRetainedBytes the surface stops being sent requests, the run still ends
 * with a report, one harness/retention-budget error names the surface (exit 2: the surface was validated only in part, as
 * harness/untested's run), and the twin within the budget is
 * validated whole.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONFIGS, cleanup, findingsOf, outcomesOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const TOOLS = Array.from({ length: 12 }, (_, i) => `big${i}`);

describe('retention budget', () => {
  let run: CliRun | undefined;
  beforeAll(async () => {
    run = await runCli(['run', '--config', join(CONFIGS, 'retention-budget.ts')]);
  });
  afterAll(() => cleanup(run));

  it('ends with a report and exit 2, the budget named once on the surface that passed it', () => {
    expect(run!.exitCode, run!.stderr).toBe(2);
    const report = reportOf(run!);
    const [finding, ...more] = findingsOf(report, 'over-retention', 'harness/retention-budget');
    expect(more).toEqual([]);
    expect(finding).toMatchObject({ severity: 'error', messageId: 'passed' });
    expect(finding.message).toContain('(100000 bytes, limits.maxRetainedBytes)');
    expect(run!.stdout).toContain('harness/retention-budget');
  });

  it('sends no call after the budget passed, and reports no crash for the calls it did not send', () => {
    const report = reportOf(run!);
    const outcomes = TOOLS.flatMap((tool) => outcomesOf(report, 'over-retention', tool));
    // the listing and the first answers pass 100,000 bytes: the 3rd call's answer passes it, the rest are not sent
    expect(outcomes).toEqual([...Array(3).fill('success'), ...Array(9).fill('exit')]);
    expect(findingsOf(report, 'over-retention', 'transport/exit')).toEqual([]);
  });

  it('validates the twin within the default budget whole', () => {
    const report = reportOf(run!);
    expect(findingsOf(report, 'within-retention', 'harness/retention-budget')).toEqual([]);
    expect(TOOLS.flatMap((tool) => outcomesOf(report, 'within-retention', tool))).toEqual(Array(12).fill('success'));
  });
});
