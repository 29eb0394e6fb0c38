/**
 * The Tools view does not call a tool "passed" when no call of it succeeded (a sweep of published servers:
 * a server without its network answered every tools/call with -32603 and the table read "26 passed"),
 * through the real CLI: the fault answers every call with a JSON-RPC error, its twin with an isError
 * result; both read "never succeeded" in report.md, report.html and the console. A tool whose call succeeds
 * still reads "passed", and the console says nothing of it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const FAILURES = join(SERVERS, 'verdicts/tool-failures.mjs');
const OK_TOOLS = [{ name: 'lookup', inputSchema: { type: 'object' }, annotations: { readOnlyHint: true } }];
const runs: Record<'rpc' | 'isError' | 'ok', CliRun> = {} as never;

beforeAll(async () => {
  const args = ['run', '--reporter', 'console,markdown,html', '--'];
  runs.rpc = await runCli([...args, process.execPath, FAILURES]);
  runs.isError = await runCli([...args, process.execPath, FAILURES, '--twin']);
  runs.ok = await runCli([...args, process.execPath, join(SERVERS, 'fixture-server.mjs'), `--tools=${JSON.stringify(OK_TOOLS)}`]);
});
afterAll(() => Object.values(runs).forEach(cleanup));

const md = (run: CliRun) => readFileSync(join(run.reportDir, 'report.md'), 'utf8');
const html = (run: CliRun) => readFileSync(join(run.reportDir, 'report.html'), 'utf8');

describe('the Tools view of a surface whose every call failed', () => {
  it.each([
    ['rpc', '1 JSON-RPC error'],
    ['isError', '1 isError result'],
  ] as const)('%s: report.md counts its tools as never succeeded, none as passed', (arm, note) => {
    const text = md(runs[arm]);
    expect(text).toContain('### Surface ad-hoc: 0 passed, 0 with findings, 2 never succeeded, 0 not called');
    expect(text).toContain(`| fetch\\_forecast | 1 | never succeeded | no call succeeded: ${note} |`);
    expect(text).not.toMatch(/\| passed \|/);
  });

  it.each(['rpc', 'isError'] as const)('%s: report.html and the console say the same', (arm) => {
    expect(html(runs[arm])).toMatch(/<tr class="tool unproven">.*?<td>fetch_forecast<\/td><td>1<\/td><td>never succeeded<\/td>/);
    expect(runs[arm].stdout).toContain('never succeeded: 2 tools called, but no call succeeded');
  });

  it('the twin whose call succeeds reads passed, and the console names nothing as never succeeded', () => {
    expect(md(runs.ok)).toContain('### Surface ad-hoc: 1 passed, 0 with findings, 0 never succeeded, 0 not called');
    expect(md(runs.ok)).toContain('| lookup | 1 | passed |  |');
    expect(html(runs.ok)).toContain('<tr class="tool passed">');
    expect(runs.ok.stdout).not.toContain('never succeeded');
  });
});
