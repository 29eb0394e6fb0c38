/**
 * The real CLI twice into one report directory (harness/reporters/stale.ts): the second run, with fewer reporters,
 * leaves no file of the first it did not write (a CI artifact then shows only this run's verdict), while a user's
 * file of a report name stays.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BIN, runProcess } from '../helpers/cli.ts';
import { SERVERS } from './helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-stale-e2e-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const run = (reportDir: string, reporters: string) =>
  runProcess(process.execPath, [BIN, 'run', '--reporter', reporters, '--report-dir', reportDir, '--', process.execPath, join(SERVERS, 'fixture-server.mjs')], { timeoutMs: 60_000, env: { MCP_HARNESS_DEBUG: '' } });

describe('a run leaves no stale report of an earlier run', () => {
  it('junit.xml, report.sarif and report.html of the first run are gone after a markdown-only run; report.md and report.json are this run\'s', async () => {
    const reportDir = join(dir, 'reports');
    const first = await run(reportDir, 'markdown,junit,sarif,html');
    expect(first.exitCode, first.stderr).not.toBe(2);
    for (const name of ['junit.xml', 'report.sarif', 'report.html']) expect(existsSync(join(reportDir, name)), name).toBe(true);
    const second = await run(reportDir, 'markdown');
    expect(second.exitCode, second.stderr).not.toBe(2);
    for (const name of ['junit.xml', 'report.sarif', 'report.html']) expect(existsSync(join(reportDir, name)), name).toBe(false);
    const { startedAt } = JSON.parse(readFileSync(join(reportDir, 'report.json'), 'utf8')) as { startedAt: string };
    expect(readFileSync(join(reportDir, 'report.md'), 'utf8')).toContain(`started ${startedAt}`);
  });

  it('a user\'s junit.xml in the report directory (not the harness\'s) survives a run that writes no junit', async () => {
    const reportDir = join(dir, 'user');
    const first = await run(reportDir, 'json');
    expect(first.exitCode, first.stderr).not.toBe(2);
    writeFileSync(join(reportDir, 'junit.xml'), '<?xml version="1.0"?>\n<testsuites name="unit"></testsuites>\n');
    await run(reportDir, 'json');
    expect(readFileSync(join(reportDir, 'junit.xml'), 'utf8')).toContain('name="unit"');
  });
});
