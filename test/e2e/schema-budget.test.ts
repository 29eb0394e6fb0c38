/**
 * Hostile review D10 and D5 through the real CLI: a tool schema that costs a validator too much is reported by
 * schema/compile (error, at /inputSchema or /outputSchema) and not evaluated, and the rest of the surface is judged
 * (the fixture's "plain" tool is called and probed); the conformant twins below the budget draw no such finding.
 * - expo: `$defs` d(i) = allOf [$ref d(i+1), $ref d(i+1)] for 32 levels (~2^32 subschemas) as inputSchema and
 *   outputSchema: the old harness validated it for hours with the event loop blocked; the twin has 4 levels.
 * - wide / wide-out: 3,000 properties with a `format` (ajv's generated validator overflows V8's stack on its first
 *   call; the harness runs under `--stack-size=100` so that a 3,000-property line shows what ~25,000 do under the
 *   default stack): the old harness lost the whole surface (harness/surface-crashed) or the check
 *   (harness/check-crashed); the twins have 50 properties.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVERS, cleanup, findingsOf, outcomesOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'schema-budget.mjs');
const SMALL_STACK = ['--stack-size=100'];

type Case = 'expo' | 'expoTwin' | 'wide' | 'wideTwin' | 'wideOut' | 'wideOutTwin';
const ARGS: Record<Case, string[]> = {
  expo: ['expo', '32'],
  expoTwin: ['expo', '4'],
  wide: ['wide', '3000'],
  wideTwin: ['wide', '50'],
  wideOut: ['wide-out', '3000'],
  wideOutTwin: ['wide-out', '50'],
};
const runs = {} as Record<Case, CliRun>;

beforeAll(async () => {
  for (const pair of [['expo', 'expoTwin'], ['wide', 'wideTwin'], ['wideOut', 'wideOutTwin']] as const) {
    const done = await Promise.all(pair.map((name) => runCli(['run', '--', process.execPath, SERVER, ...ARGS[name]], { nodeArgs: SMALL_STACK })));
    pair.forEach((name, i) => (runs[name] = done[i]));
  }
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

describe("a schema whose validator overflows V8's stack", () => {
  const overflow = 'its validator exceeds the call stack; not evaluated';

  it('as inputSchema: reported, the tool left uncalled, the rest of the surface judged (no crashed surface)', () => {
    expect(compileFindings(runs.wide, 'wide')).toEqual([`error /inputSchema: wide: inputSchema does not compile (${overflow}).`]);
    judgedAsUsual(runs.wide);
  });

  it('as outputSchema: reported, the call still judged by the other checks (no crashed check)', () => {
    expect(compileFindings(runs.wideOut, 'wide')).toEqual([`error /outputSchema: wide: outputSchema does not compile (${overflow}).`]);
    expect(outcomesOf(reportOf(runs.wideOut), 'ad-hoc', 'wide')).toEqual(['success']);
    expect(findingsOf(reportOf(runs.wideOut), 'ad-hoc', 'result/structured-content')).toEqual([]);
    judgedAsUsual(runs.wideOut);
  });

  it('below the overflow: no schema/compile finding, the tools called and their output judged', () => {
    expect(compileFindings(runs.wideTwin, 'wide')).toEqual([]);
    expect(outcomesOf(reportOf(runs.wideTwin), 'ad-hoc', 'wide')).toEqual(['success']);
    judgedAsUsual(runs.wideTwin);
    expect(compileFindings(runs.wideOutTwin, 'wide')).toEqual([]);
    expect(outcomesOf(reportOf(runs.wideOutTwin), 'ad-hoc', 'wide')).toEqual(['success']);
    judgedAsUsual(runs.wideOutTwin);
  });
});
