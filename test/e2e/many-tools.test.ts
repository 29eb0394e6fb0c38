/**
 * A server-sized list never overflows the harness's stack (the hostile review, B5): 130,000 tools in one
 * tools/list page, none read-only, draw 130,000 contract/every-tool-called warnings. Spreading that list into a
 * call (`findings.push(...findings)`, `Math.max(...values)`) threw "Maximum call stack size exceeded" and
 * turned the run into harness/check-crashed, exit 2. Every reporter writes its file; the run ends judged (warnings
 * only: exit 0). Its twin over the frame limit (400,000 tools, one ~20 MB line): nothing listed, so an error, exit 1.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const TOOLS = 130_000;
let run: CliRun;

beforeAll(async () => {
  run = await runCli(['run', '--reporter', 'console,json,markdown,junit,sarif,html', '--', process.execPath, join(SERVERS, 'many-tools.mjs'), '--tools', String(TOOLS)], { timeoutMs: 300_000 });
}, 320_000);

afterAll(() => cleanup(run));

it('judges every tool: no check crashes, exit 0 (warnings only), not 2 (harness failure)', () => {
  expect(findingsOf(reportOf(run), reportOf(run).surfaces[0].name, 'tools/listing')).toEqual([]);
  const report = reportOf(run);
  expect(report.findings.filter((f) => f.check === 'harness/check-crashed')).toEqual([]);
  expect(run.exitCode).toBe(0);
  const uncalled = findingsOf(report, report.surfaces[0].name, 'contract/every-tool-called');
  expect(uncalled).toHaveLength(TOOLS);
  expect(new Set(uncalled.map((f) => f.messageId))).toEqual(new Set(['skipped']));
});

it('writes every report file', () => {
  for (const file of ['report.json', 'report.md', 'junit.xml', 'report.sarif', 'report.html']) expect(existsSync(join(run.reportDir, file)), file).toBe(true);
});

// The twin over the frame limit: 400,000 tools make one ~20 MB tools/list line, which the harness does not parse.
// Nothing is listed or tested, so the run must not pass: tools/listing's error, exit 1 (it was a warning and exit 0).
describe('a tools/list answer over the frame limit', () => {
  let over: CliRun;
  beforeAll(async () => {
    over = await runCli(['run', '--', process.execPath, join(SERVERS, 'many-tools.mjs'), '--tools', '400000'], { timeoutMs: 300_000 });
  }, 320_000);
  afterAll(() => cleanup(over));

  it('is an error of tools/listing (nothing was tested), exit 1', () => {
    const report = reportOf(over);
    const surface = report.surfaces[0].name;
    expect(findingsOf(report, surface, 'tools/listing').map((f) => [f.messageId, f.severity])).toEqual([['listOversize', 'error']]);
    expect(findingsOf(report, surface, 'transport/stdout').map((f) => f.messageId)).toEqual(['oversize']);
    expect(over.exitCode).toBe(1);
  });
});
