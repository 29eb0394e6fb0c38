/**
 * A tools/list page of 150,000 tools without inputSchema (test/fixtures/servers/faults/schemaless-tools.mjs) is judged,
 * not hung on (the hostile review): ajv's generated validators appended each tool's errors by copying the whole list
 * (quadratic: the judging took ~2 minutes, synchronously, SIGTERM unhandled meanwhile). Now the run completes well
 * within this test's 60 s (a hang guard, not a benchmark) and protocol/wire-schema names the first MAX_WIRE_ISSUES
 * tools, then one finding counting the rest.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { MAX_WIRE_ISSUES } from '../../harness/wire/validate.ts';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const TOOLS = 150_000;
let run: CliRun;

beforeAll(async () => {
  run = await runCli(['run', '--check', 'protocol/wire-schema', '--reporter', 'json', '--', process.execPath, join(SERVERS, 'faults/schemaless-tools.mjs'), String(TOOLS)], { timeoutMs: 55_000 });
}, 60_000);

afterAll(() => cleanup(run));

it('completes and reports the missing inputSchema: MAX_WIRE_ISSUES tools named, then the count of the rest', () => {
  const report = reportOf(run);
  expect(run.exitCode, run.stderr).toBe(1);
  expect(report.surfaces.map((s) => [s.status, s.tools.length])).toEqual([['ok', TOOLS]]);
  const findings = findingsOf(report, report.surfaces[0].name, 'protocol/wire-schema');
  expect(findings).toHaveLength(MAX_WIRE_ISSUES + 1);
  expect(findings.every((f) => f.severity === 'error')).toBe(true);
  const named = findings.filter((f) => f.message.includes("must have required property 'inputSchema'"));
  expect(named.map((f) => f.pointer).sort()).toEqual(Array.from({ length: MAX_WIRE_ISSUES }, (_, i) => `/result/tools/${i}`).sort());
  const rest = findings.find((f) => f.pointer === '/result');
  expect(rest?.message).toContain(`${TOOLS - MAX_WIRE_ISSUES} more schema violation(s) not listed`);
});
