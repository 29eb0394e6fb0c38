/**
 * A harness fault (a `harness/*` error) reads once (harness/cli/output.ts `publish`): the console summary lists it on
 * stdout and stderr does not repeat it; one the summary leaves out (past its top entries) goes to stderr, so none is
 * missed.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { publish } from '../../harness/cli/output.ts';
import { CONSOLE_TOP_FINDINGS, consoleListed } from '../../harness/reporters/console.ts';
import type { Finding, Report } from '../../harness/model/report.ts';

const fault: Finding = { check: 'harness/untested', messageId: 'untested', severity: 'error', surface: 's', message: 'Nothing on this surface was tested: a fault' };
const other = (i: number): Finding => ({ check: 'result/shape', severity: 'error', surface: 's', message: `distinct problem ${i}` });
const reportOf = (findings: Finding[]): Report => ({
  schemaVersion: 1, harnessVersion: '0', startedAt: '', durationMs: 1, skipped: [],
  summary: { surfaces: 1, tools: 0, calls: 0, findings: { error: findings.length, warning: 0, info: 0 } },
  surfaces: [{ name: 's', durationMs: 1, status: 'ok', tools: [] }],
  findings,
});

const dirs: string[] = [];
afterEach(() => {
  vi.restoreAllMocks();
  dirs.splice(0).forEach((d) => rmSync(d, { recursive: true, force: true }));
});

async function streams(report: Report): Promise<{ stdout: string; stderr: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-out-'));
  dirs.push(dir);
  let stdout = '';
  let stderr = '';
  vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => ((stdout += String(chunk)), true));
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => ((stderr += String(chunk)), true));
  await publish(report, { reportDir: dir, reporters: ['console'], failOn: 'error', showValues: false }, false);
  vi.restoreAllMocks();
  return { stdout, stderr };
}

describe('harness faults on stderr', () => {
  it('a fault the console summary lists is printed once: on stdout, not again on stderr', async () => {
    const { stdout, stderr } = await streams(reportOf([fault]));
    expect(stdout.match(/Nothing on this surface was tested/g)).toHaveLength(1);
    expect(stderr).not.toContain('Nothing on this surface was tested');
  });

  it('a fault past the summary\'s top entries goes to stderr', async () => {
    const report = reportOf([...Array.from({ length: CONSOLE_TOP_FINDINGS }, (_, i) => other(i)), fault]);
    expect(consoleListed(report).has(report.findings[CONSOLE_TOP_FINDINGS])).toBe(false);
    const { stdout, stderr } = await streams(report);
    expect(stdout).not.toContain('Nothing on this surface was tested');
    expect(stderr).toContain('mcp-harness: s: Nothing on this surface was tested: a fault');
  });
});
