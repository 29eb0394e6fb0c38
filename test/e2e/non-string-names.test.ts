/**
 * Hostile review D2 through the real CLI: a server whose tools/list holds entries whose `name` is not a string
 * (test/fixtures/servers/faults/non-string-names.mjs: 123, true, null, {"a":1}, an array, absent). The run
 * exits 1 with a tools/advertised-shape error at /name on each, and writes EVERY report (the Markdown and HTML
 * reporters threw `text.charCodeAt is not a function`, exit 2); `snapshot` leaves those tools out of the lock
 * (it wrote `"name": 123`, which `diff` then refused), and `diff` reads that lock back with no change.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runProcess, type ProcessResult } from '../helpers/cli.ts';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'faults/non-string-names.mjs');
const LABELS = ['123', 'true', 'null', '{"a":1}', '["<i>x</i>"]', '(no name)'];
const REPORT_FILES = ['report.json', 'report.md', 'junit.xml', 'report.sarif', 'report.html'];

let run: CliRun;
let snapshot: ProcessResult;
let diff: CliRun;
let dir: string;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'mcp-harness-d2-'));
  const lock = join(dir, 'lock.json');
  [run, snapshot] = await Promise.all([
    runCli(['run', '-r', 'console,json,markdown,junit,sarif,html', '--', process.execPath, SERVER]),
    runProcess(process.execPath, [BIN, 'snapshot', '--out', lock, '--', process.execPath, SERVER], { timeoutMs: 60_000 }),
  ]);
  diff = await runCli(['diff', lock, '--', process.execPath, SERVER]);
}, 120_000);

afterAll(() => {
  [run, diff].forEach(cleanup);
  rmSync(dir, { recursive: true, force: true });
});

describe('a server listing tools whose name is not a string', () => {
  it('exits 1 (findings), not 2, and no reporter fails', () => {
    expect(run.exitCode, run.stderr).toBe(1);
    expect(run.stderr).not.toContain('reporter');
  });

  it('writes every report, each readable', () => {
    for (const file of REPORT_FILES) expect(existsSync(join(run.reportDir, file)), file).toBe(true);
    const read = (file: string) => readFileSync(join(run.reportDir, file), 'utf8');
    expect(JSON.parse(read('report.sarif')).runs[0].results.length).toBeGreaterThan(0);
    expect(new XMLParser().parse(read('junit.xml')).testsuites).toBeDefined();
    expect(read('report.md')).toContain('(no name)');
    const html = read('report.html');
    expect(html).toContain('[&quot;&lt;i&gt;x&lt;/i&gt;&quot;]');
    expect(html).toContain('{&quot;a&quot;:1}');
    expect(html).not.toContain('<i>x</i>');
  });

  it('draws a tools/advertised-shape error at /name naming each, and names every tool by a string', () => {
    const report = reportOf(run);
    const shape = findingsOf(report, 'ad-hoc', 'tools/advertised-shape').filter((f) => f.pointer === '/name');
    expect(shape.map((f) => [f.tool, f.severity]).sort()).toEqual(LABELS.map((l) => [l, 'error']).sort());
    expect(findingsOf(report, 'ad-hoc', 'protocol/wire-schema').some((f) => f.severity === 'error')).toBe(true);
    expect(report.surfaces[0].tools.map((t) => t.name)).toEqual(['ok', ...LABELS]);
    // only the string-named tool is called (a tools/call names its tool by a string); no probe names the others
    expect(report.surfaces[0].tools.filter((t) => t.calls.length > 0).map((t) => t.name)).toEqual(['ok']);
    expect(report.findings.every((f) => f.tool === undefined || typeof f.tool === 'string')).toBe(true);
  });

  it('snapshot leaves those tools out of the lock, naming each on stderr; diff reads the lock back with no change', () => {
    expect(snapshot.exitCode, snapshot.stderr).toBe(0);
    for (const label of LABELS) expect(snapshot.stderr).toContain(`snapshot left tool ${label} `);
    const lock = JSON.parse(readFileSync(join(dir, 'lock.json'), 'utf8'));
    expect(lock.tools.map((t: { name: unknown }) => t.name)).toEqual(['ok']);
    expect(diff.exitCode, diff.stderr).toBe(0);
    expect(diff.stdout).toContain('0 changes');
  });
});
