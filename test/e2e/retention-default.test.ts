/**
 * The default retention budget follows the heap of the process that runs the harness (harness/retention-budget.ts;
 * a reviewer: a server of 50 tools answering 2 MB each, ~304 MB in all, drew harness/retention-budget and exit 2 under
 * the fixed 256 MiB default on a 4 GB heap). One bounded server, about 300 MB of answers (8 read-only tools x 15 MB,
 * each called by its generated call and its probes), run by the real CLI twice: with a 4 GB heap the derived default
 * (its limit / 8, ~518 MiB) holds it and the surface is validated whole; with a 1 GB heap the default is the 256 MiB
 * floor, and the server is a flood there: the finding, named with the budget and the heap limit it came from, a
 * report, no heap crash. The explicit budget's arm is test/e2e/retention-budget.test.ts.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { RETENTION_FLOOR_BYTES, retentionBudgetFor } from '../../harness/retention-budget.ts';
import { SERVERS, cleanup, findingsOf, outcomesOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const TOOLS = Array.from({ length: 8 }, (_, i) => `big${i}`);
const server = ['--', process.execPath, join(SERVERS, 'big-answers.mjs'), '--tools', '8', '--bytes', '15000000'];
const run = (heapMiB: number) => runCli(['run', '--stdin-grace', '300', '--term-grace', '300', ...server], { nodeArgs: [`--max-old-space-size=${heapMiB}`] });

describe('the default retention budget follows the heap limit', () => {
  let large: CliRun | undefined;
  let small: CliRun | undefined;
  beforeAll(async () => {
    large = await run(4096);
    small = await run(1024);
  });
  afterAll(() => {
    cleanup(large);
    cleanup(small);
  });

  it('validates the bounded server whole on a 4 GB heap', () => {
    expect(large!.exitCode, large!.stdout + large!.stderr).toBe(0);
    const report = reportOf(large!);
    expect(findingsOf(report, 'ad-hoc', 'harness/retention-budget')).toEqual([]);
    expect(TOOLS.flatMap((tool) => outcomesOf(report, 'ad-hoc', tool))).toEqual(Array(8).fill('success'));
  });

  it('gives the same server the finding on a 1 GB heap, naming the budget and the heap limit it came from', () => {
    expect(small!.exitCode, small!.stderr).toBe(2);
    expect(small!.stderr).not.toMatch(/FATAL ERROR|out of memory/i); // V8's heap crash (exit 134) says both
    const [finding, ...more] = findingsOf(reportOf(small!), 'ad-hoc', 'harness/retention-budget');
    expect(more).toEqual([]);
    expect(finding).toMatchObject({ severity: 'error', messageId: 'passedDefault' });
    const named = /\((\d+) bytes, the default: this process's V8 heap limit of (\d+) bytes \/ 8, within 256 MiB to 1 GiB\)/.exec(finding.message);
    expect(named, finding.message).not.toBeNull();
    const [budget, heapLimit] = [Number(named![1]), Number(named![2])];
    expect(heapLimit).toBeGreaterThan(1024 * 1024 * 1024);
    expect(heapLimit).toBeLessThan(1280 * 1024 * 1024);
    expect(budget).toBe(retentionBudgetFor(heapLimit));
    expect(budget).toBe(RETENTION_FLOOR_BYTES);
  });
});
