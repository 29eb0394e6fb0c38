/**
 * Finding locations (issue 11 item 5): contract checks point into the contract module or lock, a file
 * scenario's result/expectation finding into its scenario file, each with the line where the tool name
 * first appears; SARIF renders them as physical locations, valid against the 2.1.0 schema.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../harness/report/build.ts';
import { parseReport } from '../../harness/report/report-file.ts';
import { sarifLog } from '../../harness/reporters/sarif.ts';
import { displayPath, lineOf, locateFindings } from '../../harness/run/locate.ts';
import type { Finding } from '../../harness/model/report.ts';
import { catalog, sampleFindings, sampleInput } from '../fixtures/reports/sample.ts';
import { sarifSchemaErrors } from '../reporters/validate.ts';

const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-locate-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const contract = join(dir, 'contract.ts');
writeFileSync(contract, "import { z } from 'zod';\n\nexport const tools = {\n  search: { input: z.object({}) },\n  'fetch.page': {},\n};\n");
writeFileSync(join(dir, 'search.json'), '{\n  "tool": "search",\n  "scenarios": [{ "name": "basic", "args": {} }]\n}\n');

const finding = (check: string, tool?: string, extra: Partial<Finding> = {}): Finding => ({ check, severity: 'error', surface: 's', message: 'm', ...(tool ? { tool } : {}), ...extra });

describe('lineOf', () => {
  it('finds the first quoted occurrence, else the first bare one', () => {
    expect(lineOf('a\nsearch_x\n"search"\n', 'search')).toBe(3);
    expect(lineOf('a\n\n  search: 1\n', 'search')).toBe(3);
    expect(lineOf('line one', 'line')).toBe(1);
  });
  it('is undefined when the name does not appear (or is empty)', () => {
    expect(lineOf('nothing here\n', 'search')).toBeUndefined();
    expect(lineOf('x', '')).toBeUndefined();
  });
});

describe('locateFindings', () => {
  const surface = { contract: { module: contract }, configDir: dir };

  it('contract checks point into the contract module, at the line of the tool name', async () => {
    const [setDiff, narrowing, lock] = await locateFindings([finding('tools/set-diff', 'fetch.page'), finding('tools/input-narrowing', 'search'), finding('contract/version-lock')], surface, dir);
    expect(setDiff.location).toEqual({ file: 'contract.ts', line: 5 });
    expect(narrowing.location).toEqual({ file: 'contract.ts', line: 4 });
    expect(lock.location).toEqual({ file: 'contract.ts' }); // no tool: no region
  });

  it('a tool the file does not name gets the file without a line; a lock file is the contract too', async () => {
    const [missing] = await locateFindings([finding('tools/set-diff', 'delete')], surface, dir);
    expect(missing.location).toEqual({ file: 'contract.ts' });
    const [locked] = await locateFindings([finding('tools/set-diff', 'search')], { contract: { lock: 'absent.lock.json' }, configDir: dir }, dir);
    expect(locked.location).toEqual({ file: 'absent.lock.json' }); // unreadable: no line, never a throw
  });

  it('a scenario location (relative to the config directory) is resolved and gets its line', async () => {
    const [expectation] = await locateFindings([finding('result/expectation', 'search', { location: { file: 'search.json' } })], surface, join(dir, '..'));
    expect(expectation.location).toEqual({ file: `${displayPath(dir, join(dir, '..'))}/search.json`, line: 2 });
  });

  it('other checks, and contract checks of a surface without a contract, keep no location', async () => {
    const [name, setDiff] = await locateFindings([finding('tools/name', 'search'), finding('tools/set-diff', 'search')], { configDir: dir }, dir);
    expect(name.location).toBeUndefined();
    expect(setDiff.location).toBeUndefined();
    const [other] = await locateFindings([finding('result/structured-content', 'search')], surface, dir);
    expect(other.location).toBeUndefined();
  });
});

describe('SARIF physical locations', () => {
  const findings = sampleFindings().map((f) => (f.check === 'tools/set-diff' ? { ...f, location: { file: 'contract dir/tools.ts', line: 7 } } : f));
  const report = buildReport(sampleInput({ findings }));
  const log = sarifLog(report, { showValues: false, catalog });
  const results = log.runs[0].results ?? [];

  it('a located finding points at its file and line, with the config file as a related location; valid SARIF 2.1.0', () => {
    expect(sarifSchemaErrors(log)).toEqual([]);
    const setDiff = results.find((r) => r.ruleId === 'tools/set-diff');
    expect(setDiff?.locations?.[0].physicalLocation).toEqual({ artifactLocation: { uri: 'contract%20dir/tools.ts' }, region: { startLine: 7 } });
    expect(setDiff?.relatedLocations?.[0].physicalLocation?.artifactLocation?.uri).toBe('surfaces/alpha.json');
  });

  it('an unlocated finding keeps the config file without a region (or nothing without one)', () => {
    const name = results.find((r) => r.ruleId === 'tools/name');
    expect(name?.locations?.[0].physicalLocation).toEqual({ artifactLocation: { uri: 'surfaces/alpha.json' } });
    expect(name?.relatedLocations).toBeUndefined();
    expect(results.find((r) => r.ruleId === 'result/structured-content')?.locations?.[0].physicalLocation).toBeUndefined();
  });

  it('report.json with locations and configFile reads back (schemaVersion 1, additive)', () => {
    const back = parseReport(JSON.parse(JSON.stringify(report)), 'report.json');
    expect(back.findings.find((f) => f.check === 'tools/set-diff')?.location).toEqual({ file: 'contract dir/tools.ts', line: 7 });
    expect(back.surfaces[0].configFile).toBe('surfaces/alpha.json');
  });
});
