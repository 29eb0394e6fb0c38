/**
 * Issue 13 §5: shards, merge, baselines and every reporter work unchanged with Streamable HTTP surfaces
 * in the run (the fixture HTTP servers of test/e2e/configs/http-faults.ts, each on its own free
 * loopback port): the merged report of two shards has the full run's finding ids and summary, a baseline
 * of the full run makes it green, and the merge writes every format (SARIF valid).
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '../../harness/model/report.ts';
import { sarifSchemaErrors } from '../reporters/validate.ts';
import { cleanup, cli, findingIds, readReport, tempDir, type CliResult } from './helpers.ts';

const CONFIG = fileURLToPath(new URL('../e2e/configs/http-faults.ts', import.meta.url));
/** Surfaces with HTTP findings and twins without, a subset so the test stays short. */
const SURFACES = ['twin-legacy', 'twin-modern-sse', 'no-origin-check', 'ignore-session', 'sse-never-close'];

let root: string;
let full: Report;
let shards: Report[];
let merged: Report;
let exits: Record<string, CliResult>;

beforeAll(async () => {
  root = await tempDir('http-report');
  const run = (name: string, more: string[]) => cli(['-c', CONFIG, '--surface', SURFACES.join(','), ...more, '--reporter', 'json', '--report-dir', join(root, name)]);
  const [f, one, two] = await Promise.all([run('full', []), run('shard-1', ['--shard', '1/2']), run('shard-2', ['--shard', '2/2'])]);
  const merge = await cli(['merge', join(root, 'shard-1'), join(root, 'shard-2'), '--report-dir', join(root, 'merged'), '--reporter', 'markdown,sarif,junit,html']);
  const baseline = join(root, 'mcp-harness.baseline.json');
  const created = await cli(['baseline', '-c', CONFIG, '--surface', SURFACES.join(','), '--out', baseline, '--reason', 'e2e-http']);
  const again = await cli(['-c', CONFIG, '--surface', SURFACES.join(','), '--baseline', baseline, '--reporter', 'json', '--report-dir', join(root, 'baselined')]);
  exits = { full: f, one, two, merge, created, again };
  [full, shards, merged] = [await readReport(join(root, 'full')), [await readReport(join(root, 'shard-1')), await readReport(join(root, 'shard-2'))], await readReport(join(root, 'merged'))];
}, 170_000);

afterAll(() => cleanup(root));

describe('Streamable HTTP surfaces in shards, merge, baselines and reporters', () => {
  it('the full run has HTTP findings, and each shard holds some of the surfaces', () => {
    expect(full.findings.some((f) => f.check === 'transport/http-origin'), exits.full.stderr).toBe(true);
    expect(full.surfaces.every((s) => s.transport === 'streamable-http')).toBe(true);
    const names = shards.map((s) => s.surfaces.map((x) => x.name));
    expect(names.every((n) => n.length > 0)).toBe(true);
    expect(names.flat().sort()).toEqual([...SURFACES].sort());
  });

  it('merges to the full run: same finding ids, summary and exit code', () => {
    expect(findingIds(merged)).toEqual(findingIds(full));
    expect(merged.summary).toEqual(full.summary);
    expect(exits.merge.exitCode).toBe(exits.full.exitCode);
  });

  it('writes every format from the merge, the SARIF valid', async () => {
    for (const file of ['report.md', 'junit.xml', 'report.html', 'report.sarif']) expect(existsSync(join(root, 'merged', file)), file).toBe(true);
    expect(sarifSchemaErrors(JSON.parse(await readFile(join(root, 'merged', 'report.sarif'), 'utf8')))).toEqual([]);
  });

  it('a baseline of the run makes the same run green, every finding baselined', async () => {
    expect(exits.created.exitCode, exits.created.stderr).toBe(0);
    expect(exits.again.exitCode, exits.again.stderr).toBe(0);
    const report = await readReport(join(root, 'baselined'));
    expect(report.findings.filter((f) => f.severity !== 'info' && !f.baselined)).toEqual([]);
  });
});
