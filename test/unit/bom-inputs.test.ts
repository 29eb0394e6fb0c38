/**
 * Hostile review hostile4: a JSON input a user edits (mcp-harness.config.json, a baseline, a contract lock, a scenario
 * file, a shard's report.json for merge) saved with a UTF-8 byte order mark, as Windows PowerShell 5's
 * `Set-Content -Encoding UTF8`/`Out-File` and Notepad write it, was refused (exit 2) with
 * `Unexpected token '\uFEFF', "\uFEFF{..." is not valid JSON`, the mark itself unseen in the message. Node's own
 * `require` of a .json file, TypeScript (tsconfig.json) and npm (package.json) read such a file; so does the harness
 * now: one leading U+FEFF is dropped before parsing (harness/json.ts `parseJsonFile`). A mark elsewhere stays an error.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../harness/config/load.ts';
import { readLock } from '../../harness/contract/lock.ts';
import { parseJsonFile } from '../../harness/json.ts';
import { createBaseline, readBaseline } from '../../harness/report/baseline-file.ts';
import { buildReport } from '../../harness/report/build.ts';
import { readReportFile } from '../../harness/report/report-file.ts';
import { renderJson } from '../../harness/reporters/json.ts';
import { loadScenarios } from '../../harness/scenarios/load.ts';
import { catalog, sampleInput } from '../fixtures/reports/sample.ts';

const BOM = '\uFEFF';
const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-bom-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const write = (name: string, text: string): string => {
  const file = join(dir, name);
  writeFileSync(file, text, 'utf8');
  return file;
};

describe('JSON inputs saved with a UTF-8 byte order mark', () => {
  it('parseJsonFile drops one leading U+FEFF, nothing else', () => {
    expect(parseJsonFile(`${BOM}{"a":1}`)).toEqual({ a: 1 });
    expect(parseJsonFile('{"a":"\uFEFF"}')).toEqual({ a: BOM });
    expect(() => parseJsonFile(`${BOM}${BOM}{}`)).toThrow(SyntaxError);
    expect(() => parseJsonFile(` ${BOM}{}`)).toThrow(SyntaxError);
  });

  it('a config file', async () => {
    const file = write('mcp-harness.config.json', `${BOM}${JSON.stringify({ surfaces: [{ name: 's', command: 'node' }] })}`);
    const config = await loadConfig(file, dir);
    expect(config.surfaces.map((s) => s.name)).toEqual(['s']);
  });

  it('a baseline, a report for merge, a lock and a scenario file', async () => {
    const report = buildReport(sampleInput());
    const baseline = write('baseline.json', `${BOM}${JSON.stringify(createBaseline(report))}`);
    expect((await readBaseline(baseline)).entries.length).toBe(report.findings.length);
    const reportFile = write('report.json', `${BOM}${renderJson(report, { showValues: false, catalog })}`);
    expect((await readReportFile(reportFile)).findings.length).toBe(report.findings.length);
    const lockText = readFileSync(join(import.meta.dirname, '../fixtures/servers/word-description.lock.json'), 'utf8');
    const lockFile = write('x.lock.json', `${BOM}${lockText}`);
    expect((await readLock(lockFile)).tools.length).toBeGreaterThan(0);
    const scenarios = write('s.json', `${BOM}${JSON.stringify({ tool: 't', scenarios: [{ name: 'one', arguments: {}, expect: 'success' }] })}`);
    expect((await loadScenarios([scenarios], dir)).map((s) => s.name)).toEqual(['one']);
    expect(readFileSync(scenarios, 'utf8').startsWith(BOM)).toBe(true);
  });
});
