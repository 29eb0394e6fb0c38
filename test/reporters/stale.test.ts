/**
 * Stale report files (harness/reporters/stale.ts): a run that writes fewer reporters than the last one removes the
 * last run's files it does not write, when they carry the harness's marker (a `--reporter markdown` run used to leave
 * last run's junit.xml and report.html beside the new report.md, read as this run's verdict). A user's file of the
 * same name without the marker, a symlink, and a file at a path the run was told to use are never removed.
 */
import { existsSync, lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../harness/report/build.ts';
import { BUILTIN_REPORTERS } from '../../harness/reporters/registry.ts';
import type { FileReporter } from '../../harness/reporters/types.ts';
import { writeReports } from '../../harness/reporters/write.ts';
import { catalog, sampleInput } from '../fixtures/reports/sample.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-harness-stale-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const report = buildReport(sampleInput());
const ctx = { showValues: false, catalog };
const quiet = { write: () => true, isTTY: false };
const ALL = ['markdown', 'junit', 'sarif', 'html'];
const write = (reportDir: string, reporters: string[], env: Record<string, string> = {}, removeStale = true) => writeReports(report, { reportDir, reporters, ctx, env, stdout: quiet, removeStale });

describe('stale report files', () => {
  it('every built-in file reporter recognises its own output, and not another\'s', () => {
    const files = [...BUILTIN_REPORTERS.values()].filter((r): r is FileReporter => r.kind === 'file');
    for (const reporter of files) {
      for (const other of files) expect(reporter.ownsFile?.(other.render(report, ctx)), `${reporter.name} on ${other.name}'s output`).toBe(reporter === other);
    }
  });

  it('a run with fewer reporters removes the last run\'s files it does not write, and keeps those it writes', async () => {
    const reportDir = join(dir, 'fewer');
    await write(reportDir, ALL);
    const result = await write(reportDir, ['markdown']);
    expect(result.removed.map((p) => p.slice(reportDir.length + 1)).sort()).toEqual(['junit.xml', 'report.html', 'report.sarif']);
    for (const name of ['junit.xml', 'report.html', 'report.sarif']) expect(existsSync(join(reportDir, name)), name).toBe(false);
    for (const name of ['report.json', 'report.md']) expect(existsSync(join(reportDir, name)), name).toBe(true);
  });

  it('the same run with every reporter again removes nothing', async () => {
    const reportDir = join(dir, 'same');
    await write(reportDir, ALL);
    const result = await write(reportDir, ALL);
    expect(result.removed).toEqual([]);
    expect(result.written).toHaveLength(5);
  });

  it('never removes a user\'s file of a report name (no marker), a symlink to a report, or a file at a chosen path', async () => {
    const reportDir = join(dir, 'user');
    mkdirSync(reportDir, { recursive: true });
    writeFileSync(join(reportDir, 'junit.xml'), '<?xml version="1.0"?>\n<testsuites name="unit tests"></testsuites>\n');
    writeFileSync(join(reportDir, 'report.md'), '# My project report\n');
    const elsewhere = join(dir, 'elsewhere.html');
    await writeReports(report, { reportDir: join(dir, 'other'), reporters: ['html'], ctx, env: { MCP_HARNESS_HTML_FILE: elsewhere }, stdout: quiet });
    symlinkSync(elsewhere, join(reportDir, 'report.html'));
    const sarif = join(dir, 'chosen.sarif');
    await write(reportDir, ['sarif'], { MCP_HARNESS_SARIF_FILE: sarif });
    const result = await write(reportDir, []);
    expect(result.removed).toEqual([]);
    expect(readFileSync(join(reportDir, 'junit.xml'), 'utf8')).toContain('unit tests');
    expect(readFileSync(join(reportDir, 'report.md'), 'utf8')).toBe('# My project report\n');
    expect(lstatSync(join(reportDir, 'report.html')).isSymbolicLink()).toBe(true);
    expect(existsSync(elsewhere)).toBe(true);
    expect(existsSync(sarif)).toBe(true);
  });

  it('keeps a file this run wrote under another path: a symlinked report dir, the env var naming the real one (review D5)', async () => {
    const real = join(dir, 'real');
    mkdirSync(real, { recursive: true });
    const link = join(dir, 'link');
    symlinkSync(real, link);
    await write(link, ALL);
    const result = await write(link, ['markdown'], { MCP_HARNESS_MARKDOWN_FILE: join(real, 'report.md') });
    expect(existsSync(join(real, 'report.md'))).toBe(true);
    expect(result.removed.map((p) => p.slice(link.length + 1)).sort()).toEqual(['junit.xml', 'report.html', 'report.sarif']);
  });

  it('removes nothing unless asked (diff writes its report.json beside a run\'s other reports and keeps them, review D6)', async () => {
    const reportDir = join(dir, 'diff');
    await write(reportDir, ALL);
    const result = await write(reportDir, [], {}, false);
    expect(result.removed).toEqual([]);
    for (const name of ['junit.xml', 'report.html', 'report.sarif', 'report.md']) expect(existsSync(join(reportDir, name)), name).toBe(true);
  });
});
