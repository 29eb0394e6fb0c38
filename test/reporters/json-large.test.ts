/**
 * report.json and report.sarif longer than V8's longest string (2^29 - 24 UTF-16 units, ~512 MiB) are still written
 * (hostile review 28): a server listing 300,000 tools over three pages, each failing its calls, drew 600,000 findings,
 * and each reporter's one JSON.stringify threw "Invalid string length": both files were lost, exit 2. They are now
 * written in chunks (renderJsonChunks, renderSarifChunks: @discoveryjs/json-ext stringifyChunked) when the one string
 * cannot be made, the same text as render. merge reads such a file back (readReportFile parses it from a stream).
 */
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../harness/report/build.ts';
import { readReportFile } from '../../harness/report/report-file.ts';
import { renderJson, renderJsonChunks } from '../../harness/reporters/json.ts';
import { renderSarif, renderSarifChunks } from '../../harness/reporters/sarif.ts';
import { writeReports } from '../../harness/reporters/write.ts';
import type { Report } from '../../harness/model/report.ts';
import { catalog, sampleInput } from '../fixtures/reports/sample.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-harness-json-large-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const ctx = { showValues: false, catalog };

describe('report.json and report.sarif in chunks', () => {
  it('is the text renderJson renders, for every sample report and showValues', () => {
    const report = buildReport(sampleInput());
    for (const showValues of [false, true]) {
      expect([...renderJsonChunks(report, { ...ctx, showValues })].join('')).toBe(renderJson(report, { ...ctx, showValues }));
    }
    const odd = { ...report, extra: { empty: {}, list: [], nested: [[1, { a: undefined, b: null }], 'x\ny'], missing: undefined } } as unknown as Report;
    expect([...renderJsonChunks(odd, ctx)].join('')).toBe(renderJson(odd, ctx));
  });

  it('report.sarif: the text renderSarif renders', () => {
    const report = buildReport(sampleInput());
    for (const showValues of [false, true]) {
      expect([...renderSarifChunks(report, { ...ctx, showValues })].join('')).toBe(renderSarif(report, { ...ctx, showValues }));
    }
  });

  it('writes a report whose JSON is longer than the longest string', async () => {
    const base = buildReport(sampleInput());
    const finding = base.findings[0];
    if (!finding) throw new Error('the sample report has findings');
    // one shared 1 MiB message: a few MiB of heap, over 512 MiB of JSON
    const message = 'm'.repeat(1 << 20);
    const findings = Array.from({ length: 520 }, () => ({ ...finding, message }));
    const report = { ...base, findings };
    const reportDir = join(dir, 'large');
    const result = await writeReports(report, { reportDir, reporters: ['sarif'], ctx, env: {}, stdout: { write: () => true, isTTY: false } });
    expect(result.failures).toEqual([]);
    expect((await stat(join(reportDir, 'report.sarif'))).size).toBeGreaterThan(520 * (1 << 20));
    await rm(join(reportDir, 'report.sarif'));
    const file = join(reportDir, 'report.json');
    expect((await stat(file)).size).toBeGreaterThan(520 * (1 << 20));
    // its start and end are the canonical report's
    const handle = await open(file, 'r');
    const head = Buffer.alloc(64);
    await handle.read(head, 0, 64, 0);
    await handle.close();
    expect(head.toString('utf8')).toMatch(/^\{\n {2}"schemaVersion": 1,/);
    // and merge reads it back (readReportFile parses a file this long from a stream; before: 'cannot read report
    // file (ERR_STRING_TOO_LONG)')
    const back = await readReportFile(file);
    expect(back.findings).toHaveLength(520);
    expect(back.findings.every((f) => f.message.length === 1 << 20)).toBe(true);
    expect(back.summary).toEqual(JSON.parse(JSON.stringify(report.summary)));
    await rm(file);
  }, 240_000);
});
