import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../harness/report/build.ts';
import { BUILTIN_REPORTERS, resolveReporters } from '../../harness/reporters/registry.ts';
import type { Reporter } from '../../harness/reporters/types.ts';
import { writeReports } from '../../harness/reporters/write.ts';
import { catalog, sampleInput } from '../fixtures/reports/sample.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-harness-write-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const report = buildReport(sampleInput());
const ctx = { showValues: false, catalog };
const sink = () => {
  const chunks: string[] = [];
  return { chunks, stream: { write: (c: string) => chunks.push(c), isTTY: false } };
};

describe('writeReports', () => {
  it('writes every file reporter under the report dir, json always, console to stdout', async () => {
    const out = sink();
    const reportDir = join(dir, 'all');
    const result = await writeReports(report, { reportDir, reporters: ['console', 'markdown', 'junit', 'sarif', 'html'], ctx, env: {}, stdout: out.stream });
    expect(result.failures).toEqual([]);
    expect(result.written.map((p) => p.slice(reportDir.length + 1)).sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'report.md', 'report.sarif']);
    expect(JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')).schemaVersion).toBe(1);
    expect(out.chunks.join('')).toContain('2 surfaces');
    expect(out.chunks.join('')).not.toContain('\u001b[');
  });

  it('resolves output paths: option, then env var, then default', async () => {
    const reportDir = join(dir, 'paths');
    const result = await writeReports(report, {
      reportDir,
      reporters: ['junit', 'sarif', 'markdown'],
      ctx,
      outputFiles: { junit: join(dir, 'opt', 'j.xml') },
      env: { MCP_HARNESS_JUNIT_FILE: join(dir, 'env', 'ignored.xml'), MCP_HARNESS_SARIF_FILE: join(dir, 'env', 's.sarif') },
    });
    expect(result.written).toEqual([join(dir, 'opt', 'j.xml'), join(dir, 'env', 's.sarif'), join(reportDir, 'report.md'), join(reportDir, 'report.json')]);
  });

  it('counts a reporter that throws and still writes the others', async () => {
    const broken: Reporter = { kind: 'file', name: 'broken', fileName: 'broken.txt', envVar: 'MCP_HARNESS_BROKEN_FILE', render: () => { throw new Error('boom'); } };
    const registry = new Map([...BUILTIN_REPORTERS, ['broken', broken]]);
    const reportDir = join(dir, 'faulty');
    const result = await writeReports(report, { reportDir, reporters: ['broken', 'markdown'], ctx, env: {}, registry });
    expect(result.failures).toEqual([{ reporter: 'broken', error: 'boom' }]);
    expect(result.written).toEqual([join(reportDir, 'report.md'), join(reportDir, 'report.json')]);
    await expect(readFile(join(reportDir, 'broken.txt'))).rejects.toThrow();
  });

  it('rejects an unknown reporter name, listing the known ones, before writing anything', async () => {
    const reportDir = join(dir, 'unknown');
    await expect(writeReports(report, { reportDir, reporters: ['markdown', 'xml'], ctx, env: {} })).rejects.toThrow(
      "unknown reporter 'xml'; known reporters: console, json, markdown, junit, sarif, html",
    );
    await expect(readFile(join(reportDir, 'report.md'))).rejects.toThrow();
  });

  it('dedupes names and always includes json', () => {
    expect(resolveReporters(['html', 'html']).map((r) => r.name)).toEqual(['html', 'json']);
    expect(resolveReporters([]).map((r) => r.name)).toEqual(['json']);
  });
});
