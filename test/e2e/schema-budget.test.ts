/**
 * Hostile review D10 through the real CLI: a tool schema that costs a validator too much is reported by
 * schema/compile (error, at /inputSchema or /outputSchema) and not evaluated, and the rest of the surface is judged
 * (the fixture's "plain" tool is called and probed); the conformant twins below the budget draw no such finding.
 * - expo: `$defs` d(i) = allOf [$ref d(i+1), $ref d(i+1)] for 32 levels (~2^32 subschemas) as inputSchema and
 *   outputSchema: the old harness validated it for hours with the event loop blocked; the twin has 4 levels.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVERS, cleanup, findingsOf, outcomesOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'schema-budget.mjs');

type Case = 'expo' | 'expoTwin';
const ARGS: Record<Case, string[]> = {
  expo: ['expo', '32'],
  expoTwin: ['expo', '4'],
};
const runs = {} as Record<Case, CliRun>;

beforeAll(async () => {
  const pair = ['expo', 'expoTwin'] as const;
  const done = await Promise.all(pair.map((name) => runCli(['run', '--', process.execPath, SERVER, ...ARGS[name]])));
  pair.forEach((name, i) => (runs[name] = done[i]));
}, 240_000);

afterAll(() => {
  for (const run of Object.values(runs)) cleanup(run);
});

/** The schema/compile findings of a run's tool, as `pointer: message`. */
const compileFindings = (run: CliRun, tool: string): string[] =>
  findingsOf(reportOf(run), 'ad-hoc', 'schema/compile').filter((f) => f.tool === tool).map((f) => `${f.severity} ${f.pointer}: ${f.message}`);

/** No harness/* finding (crashed surface or check), exit 0 or 1 (not 2: a crash), and the plain tool called and probed. */
function judgedAsUsual(run: CliRun): void {
  const report = reportOf(run);
  expect([0, 1], run.stderr).toContain(run.exitCode);
  expect(report.findings.filter((f) => f.check.startsWith('harness/')).map((f) => f.message)).toEqual([]);
  expect(outcomesOf(report, 'ad-hoc', 'plain')).toContain('success');
  expect(findingsOf(report, 'ad-hoc', 'errors/input-enforcement').some((f) => f.tool === 'plain')).toBe(true);
}

describe('a schema that expands exponentially through its $refs', () => {
  it('is reported at /inputSchema and /outputSchema and not evaluated; the rest of the surface is judged', () => {
    const budget = 'expands to more than 100000 subschemas when its $refs are followed; not evaluated';
    expect(compileFindings(runs.expo, 'expo')).toEqual([
      `error /inputSchema: expo: inputSchema does not compile (${budget}).`,
      `error /outputSchema: expo: outputSchema does not compile (${budget}).`,
    ]);
    judgedAsUsual(runs.expo);
  });

  it('below the budget draws no schema/compile finding, and the tool is called', () => {
    expect(compileFindings(runs.expoTwin, 'expo')).toEqual([]);
    expect(outcomesOf(reportOf(runs.expoTwin), 'ad-hoc', 'expo')).toEqual(['success']);
    judgedAsUsual(runs.expoTwin);
  });
});
