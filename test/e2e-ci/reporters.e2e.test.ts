/**
 * `npm run validate:mcp -- --reporter junit,sarif,html,markdown` end to end: every format is written
 * from one run, JUnit validates against the Jenkins XSD, SARIF against the OASIS 2.1.0 schema, the
 * HTML page works in a real browser; progress on a pipe is plain lines; a reporter that throws makes
 * the exit code 2 while the others still write.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../harness/model/report.ts';
import { groupBy, groupRepeated } from '../../harness/reporters/group.ts';
import { junitXsdErrors, sarifSchemaErrors } from '../reporters/validate.ts';
import { CI_CONFIG, cleanup, cli, readReport, tempDir, validateMcp, type CliResult } from './helpers.ts';

const SURFACES = ['dotted', 'echo', 'fixture', 'huge', 'mirror'];
const CHROMIUM = '/usr/bin/chromium';

let dir: string;
let run: CliResult;
let report: Report;

beforeAll(async () => {
  dir = await tempDir('reporters');
  // stdout-banner: one error finding, so JUnit has a <failure> and the exit code is 1
  run = await validateMcp(['-c', CI_CONFIG, '--reporter', 'junit,sarif,html,markdown', '--report-dir', dir], { FIXTURE_FAULTS: 'stdout-banner' });
  report = await readReport(dir);
}, 90_000);
afterAll(() => cleanup(dir));

describe('all formats from one run', () => {
  it('exits 1 for the error finding and writes every file', () => {
    expect(run.stderr).toBe('');
    expect(run.exitCode).toBe(1);
    for (const file of ['report.json', 'report.md', 'junit.xml', 'report.sarif', 'report.html']) expect(existsSync(join(dir, file)), file).toBe(true);
    expect(report.surfaces.map((s) => s.name).sort()).toEqual(SURFACES);
    expect(report.summary.findings.error).toBe(1);
  });

  it('writes JUnit XML that the Jenkins XSD accepts, with the error as a failure', async () => {
    const xml = await readFile(join(dir, 'junit.xml'), 'utf8');
    expect(junitXsdErrors(xml)).toEqual([]);
    expect(xml).toContain('<failure type="transport/stdout"');
    expect(xml.match(/<testsuite /g)).toHaveLength(SURFACES.length);
  });

  it('writes SARIF that the 2.1.0 schema accepts, one result per finding', async () => {
    const log = JSON.parse(await readFile(join(dir, 'report.sarif'), 'utf8')) as { runs: { results: { partialFingerprints: Record<string, string> }[] }[] };
    expect(sarifSchemaErrors(log)).toEqual([]);
    const fingerprints = log.runs[0].results.map((r) => Object.values(r.partialFingerprints)[0]).sort();
    expect(fingerprints).toEqual(report.findings.map((f) => f.id).sort());
  });

  it('writes markdown with the summary and every surface', async () => {
    const md = await readFile(join(dir, 'report.md'), 'utf8');
    for (const name of SURFACES) expect(md).toContain(name);
    expect(md).toContain('transport/stdout');
  });

  it('records per-surface and per-call timings', () => {
    const calls = report.surfaces.flatMap((s) => s.tools.flatMap((t) => t.calls));
    expect(calls.length).toBeGreaterThan(0);
    for (const s of report.surfaces) expect(typeof s.durationMs, s.name).toBe('number');
    for (const c of calls) expect(Number.isFinite(c.durationMs), c.scenario).toBe(true);
  });

  it('prints one plain progress line per surface on a pipe, without escape codes', () => {
    expect(run.stdout).not.toContain('\x1b');
    const lines = run.stdout.split('\n').filter((l) => l.startsWith('· '));
    expect(lines.map((l) => /^· ([^:]+):/.exec(l)?.[1]).sort()).toEqual(SURFACES);
  });
});

describe.skipIf(!existsSync(CHROMIUM))(`the HTML report in headless chromium (${CHROMIUM})`, () => {
  it('renders the counts and one row per finding, loads nothing remote, throws nothing', async () => {
    const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'] });
    try {
      const page = await browser.newPage();
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('request', (r) => requests.push(r.url()));
      await page.goto(pathToFileURL(join(dir, 'report.html')).href);
      expect(await page.locator('[data-count="surfaces"] .n').textContent()).toBe(String(SURFACES.length));
      expect(await page.locator('[data-count="error"] .n').textContent()).toBe('1');
      // one row per behaviour (check + messageId on several tools is one row), every finding in a row
      const groups = [...groupBy(report.findings, (f) => f.check).values()].flatMap((byCheck) => groupRepeated(byCheck));
      expect(groups.reduce((n, g) => n + g.findings.length, 0)).toBe(report.findings.length);
      expect(await page.locator('tr.finding').count()).toBe(groups.length);
      await page.locator('input.sev-toggle[value="warning"]').uncheck();
      await page.locator('input.sev-toggle[value="info"]').uncheck();
      expect(await page.locator('tr.finding:visible').count()).toBe(1);
      expect(errors).toEqual([]);
      expect(requests.every((u) => u.startsWith('file:'))).toBe(true);
    } finally {
      await browser.close();
    }
  }, 60_000);
});

describe('a reporter that throws', () => {
  let out: string | undefined;
  afterAll(() => cleanup(out));

  it('exits 2, names the reporter, and the other reporters still write', async () => {
    out = await tempDir('reporter-throws');
    const blocker = join(out, 'blocker');
    await writeFile(blocker, 'a file, so junit.xml cannot be created below it\n');
    const result = await cli(['-c', CI_CONFIG, '--surface', 'dotted', '--reporter', 'json,markdown,junit,sarif', '--report-dir', out], {
      MCP_HARNESS_JUNIT_FILE: join(blocker, 'junit.xml'),
    });
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain('reporter junit failed');
    expect((await readReport(out)).surfaces.map((s) => s.name)).toEqual(['dotted']);
    expect(existsSync(join(out, 'report.md'))).toBe(true);
    expect(existsSync(join(out, 'report.sarif'))).toBe(true);
  }, 60_000);
});
