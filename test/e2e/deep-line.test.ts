/**
 * Review 4, D1, through the real CLI: a tools/call answered with one line (8 MB, under the 16 MiB line limit) whose
 * structuredContent is nested 2,000,000 levels deep. Parsed whole it costs the harness ~800 MB of heap; under
 * `--max-old-space-size=256` the old harness died in JSON.parse (exit 134, no report). It must drop the value as too
 * deep (result/size tooDeep, as for a 300-level value) and write its report. The twin nests 200 levels (within the
 * 256-level limit) and draws nothing at warning or above. The same nesting inside a text block (a JSON string, so
 * the frame is shallow) was parsed whole by result/text-mirror; it must draw the finding a 300-level text draws.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVERS, cleanup, findingsOf, outcomesOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'deep-line.mjs');
const SMALL_HEAP = { NODE_OPTIONS: '--max-old-space-size=256' };

type Case = 'deep' | 'twin' | 'deepText' | 'shallowText';
const ARGS: Record<Case, string[]> = {
  deep: ['--depth', '2000000'],
  twin: ['--depth', '200'],
  // the nesting inside a text block (a string): result/text-mirror parses it against structuredContent {"a":1}
  deepText: ['--depth', '2000000', '--in-text'],
  shallowText: ['--depth', '300', '--in-text'],
};
const runs = {} as Record<Case, CliRun>;

beforeAll(async () => {
  for (const pair of [['deep', 'twin'], ['deepText', 'shallowText']] as const) {
    const done = await Promise.all(pair.map((name) => runCli(['run', '--', process.execPath, SERVER, ...ARGS[name]], { env: SMALL_HEAP })));
    pair.forEach((name, i) => (runs[name] = done[i]));
  }
}, 240_000);

afterAll(() => {
  for (const run of Object.values(runs)) cleanup(run);
});

describe('a line nested millions of levels deep', () => {
  it('is dropped as too deep, reported, and the run ends with a report (exit 0 or 1), not out of memory', () => {
    const run = runs.deep;
    expect(run.stderr).not.toMatch(/heap out of memory/);
    expect([0, 1]).toContain(run.exitCode);
    const report = reportOf(run);
    expect(outcomesOf(report, 'ad-hoc', 'nest')).toContain('success');
    const deep = findingsOf(report, 'ad-hoc', 'result/size').filter((f) => f.messageId === 'tooDeep');
    expect(deep.map((f) => [f.tool, f.severity])).toContainEqual(['nest', 'warning']);
    // nothing judged the dropped value (its text mirror and schema never reached a check)
    expect(findingsOf(report, 'ad-hoc').filter((f) => f.check !== 'result/size' && f.severity !== 'info')).toEqual([]);
  });

  it('inside a text block, it is compared by result/text-mirror as a 300-level text is: the same finding, and a report', () => {
    expect(runs.deepText.stderr).not.toMatch(/heap out of memory/);
    expect([0, 1]).toContain(runs.deepText.exitCode);
    const mirror = (run: CliRun): string[] => findingsOf(reportOf(run), 'ad-hoc', 'result/text-mirror').map((f) => `${f.messageId} ${f.id}`);
    expect(mirror(runs.shallowText)).toHaveLength(1);
    expect(mirror(runs.deepText)).toEqual(mirror(runs.shallowText));
  });

  it('its twin, 200 levels deep (within the limit), draws nothing at warning or above', () => {
    const run = runs.twin;
    expect(run.exitCode).toBe(0);
    const report = reportOf(run);
    expect(outcomesOf(report, 'ad-hoc', 'nest')).toContain('success');
    expect(findingsOf(report, 'ad-hoc').filter((f) => f.severity !== 'info')).toEqual([]);
  });
});
