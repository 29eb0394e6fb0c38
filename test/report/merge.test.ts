import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReport } from '../../harness/report/build.ts';
import { mergeReportFiles, mergeReports, readReportFile } from '../../harness/report/merge.ts';
import { callShardId, inShard } from '../../harness/report/shard.ts';
import type { Report, ReportSurface } from '../../harness/model/report.ts';
import { sampleFindings, sampleInput, sampleSurfaces } from '../fixtures/reports/sample.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-harness-merge-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Six surfaces, each with the sample findings renamed to it. */
function bigInput() {
  const names = ['s1', 's2', 's3', 's4', 's5', 's6'];
  const template = sampleSurfaces()[0];
  const surfaces: ReportSurface[] = names.map((name) => ({ ...template, name }));
  const findings = names.flatMap((name) => sampleFindings().map((f) => ({ ...f, surface: name })));
  return sampleInput({ surfaces, findings });
}

function shardRun(total: number, index: number): Report {
  const input = bigInput();
  const shard = { index, total };
  const surfaces = input.surfaces.filter((s) => inShard(s.name, shard));
  const names = new Set(surfaces.map((s) => s.name));
  return buildReport({ ...input, surfaces, findings: input.findings.filter((f) => names.has(f.surface)), shard });
}

async function save(name: string, value: unknown): Promise<string> {
  const file = join(dir, name);
  await writeFile(file, JSON.stringify(value));
  return file;
}

describe('mergeReports', () => {
  it('merges surface shards into the findings of a full run', async () => {
    const full = buildReport(bigInput());
    const files = await Promise.all([1, 2, 3].map((k) => save(`shard-${k}.json`, shardRun(3, k))));
    const merged = await mergeReportFiles(files);
    expect(merged.findings).toEqual(full.findings);
    expect(merged.summary).toEqual(full.summary);
    expect(merged.surfaces.map((s) => s.name)).toEqual(['s1', 's2', 's3', 's4', 's5', 's6']);
    expect(merged).not.toHaveProperty('shard');
  });

  it('merges one surface split by calls: tools and calls combine, shared findings dedupe', () => {
    const input = sampleInput({ surfaces: sampleSurfaces().slice(0, 1), findings: sampleFindings().filter((f) => f.surface === 'alpha') });
    const full = buildReport(input);
    const parts = [1, 2].map((index) => {
      const surface = input.surfaces[0];
      const tools = surface.tools.map((t) => ({ ...t, calls: t.calls.filter(() => inShard(callShardId(surface.name, t.name), { index, total: 2 })) }));
      return buildReport({ ...input, surfaces: [{ ...surface, tools }], shard: { index, total: 2 } });
    });
    const merged = mergeReports(parts);
    expect(merged.findings).toEqual(full.findings);
    const calls = (r: Report) => r.surfaces[0].tools.flatMap((t) => t.calls.map((c) => `${t.name}/${c.scenario}`)).sort();
    expect(calls(merged)).toEqual(calls(full));
    expect(merged.summary.calls).toBe(full.summary.calls);
  });

  it('one surface split by tool: findings of one tool that share a key (two failing scenarios) keep the ids of a full run', () => {
    // two findings with the same surface, tool, check, pointer and messageId: a full run numbers them by occurrence
    const mismatch = (tool: string, scenario: string) => ({ check: 'result/expectation', severity: 'error' as const, surface: 'alpha', tool, pointer: '/result/isError', messageId: 'outcomeMismatch', message: `'${tool}' scenario '${scenario}' expected outcome 'success' but got 'tool-error'` });
    const findings = ['alpha', 'beta', 'gamma', 'delta'].flatMap((tool) => [mismatch(tool, 'missing-1'), mismatch(tool, 'missing-2')]);
    const input = sampleInput({ surfaces: sampleSurfaces().slice(0, 1), findings });
    const full = buildReport(input);
    const parts = [1, 2, 3].map((index) => buildReport({ ...input, findings: findings.filter((f) => inShard(callShardId('alpha', f.tool), { index, total: 3 })), shard: { index, total: 3 } }));
    expect(parts.every((p) => p.findings.length < findings.length)).toBe(true);
    expect(mergeReports(parts).findings).toEqual(full.findings);
  });

  it('keeps the earliest start, the longest duration and any interruption', () => {
    const a = buildReport(sampleInput({ durationMs: 10 }));
    const b = buildReport(sampleInput({ durationMs: 99, startedAt: new Date('2025-12-31T00:00:00Z'), interrupted: true }));
    const merged = mergeReports([a, b]);
    expect(merged.durationMs).toBe(99);
    expect(merged.startedAt).toBe('2025-12-31T00:00:00.000Z');
    expect(merged.interrupted).toBe(true);
    expect(merged.skipped).toHaveLength(1);
  });

  it('refuses a different schemaVersion, naming the file', async () => {
    const ok = await save('ok.json', buildReport(sampleInput()));
    const newer = await save('newer.json', { ...buildReport(sampleInput()), schemaVersion: 2 });
    await expect(mergeReportFiles([ok, newer])).rejects.toThrow(/newer\.json: schemaVersion 2 is not supported/);
    const r = { ...buildReport(sampleInput()), schemaVersion: 2 } as unknown as Report;
    expect(() => mergeReports([buildReport(sampleInput()), r], ['a.json', 'b.json'])).toThrow(/b\.json: schemaVersion 2 cannot be merged/);
  });

  it('refuses a different harness major version, naming the file', () => {
    const a = buildReport(sampleInput({ harnessVersion: '1.4.0' }));
    const b = buildReport(sampleInput({ harnessVersion: '2.0.0' }));
    expect(() => mergeReports([a, b], ['a.json', 'b.json'])).toThrow(/b\.json: harnessVersion 2\.0\.0 has another major version than a\.json/);
    expect(() => mergeReports([a, buildReport(sampleInput({ harnessVersion: '1.9.1' }))])).not.toThrow();
  });

  it('warns, naming each file, of unsharded reports of different harness versions and of an interrupted run', () => {
    const warnings: string[] = [];
    const a = buildReport(sampleInput({ harnessVersion: '1.4.0' }));
    const b = buildReport(sampleInput({ harnessVersion: '1.9.1', interrupted: true }));
    mergeReports([a, b], ['a.json', 'b.json'], (w) => warnings.push(w));
    expect(warnings).toHaveLength(2);
    expect(warnings[0]).toMatch(/^these reports come from different harness versions \(a\.json: 1\.4\.0, b\.json: 1\.9\.1\)/);
    expect(warnings[1]).toMatch(/^b\.json is the report of an interrupted run/);
    const none: string[] = [];
    mergeReports([a, buildReport(sampleInput({ harnessVersion: '1.4.0' }))], ['a.json', 'c.json'], (w) => none.push(w));
    expect(none).toEqual([]);
  });

  it('refuses an empty list', () => {
    expect(() => mergeReports([])).toThrow(/no reports/);
  });
});

describe('readReportFile', () => {
  it('reads back what buildReport made', async () => {
    const report = buildReport(sampleInput());
    expect(await readReportFile(await save('round.json', report))).toEqual(JSON.parse(JSON.stringify(report)));
  });

  it('names the file and the key path of a bad shape', async () => {
    const bad = { ...buildReport(sampleInput()) } as Record<string, unknown>;
    bad.findings = [{ check: 'x', severity: 'fatal', surface: 's', message: 'm' }];
    const file = await save('bad-shape.json', bad);
    await expect(readReportFile(file)).rejects.toThrow(`${file}: findings.0.severity`);
  });

  it('rejects a missing file and invalid JSON clearly', async () => {
    await expect(readReportFile(join(dir, 'nope.json'))).rejects.toThrow(/nope\.json: cannot read report file \(ENOENT\)/);
    const file = join(dir, 'broken.json');
    await writeFile(file, '{"schemaVersion":');
    await expect(readReportFile(file)).rejects.toThrow(/broken\.json: report file is not valid JSON/);
  });

  it('parses a file at or above the streaming bound from a stream, to the same value and the same errors', async () => {
    const report = buildReport(sampleInput());
    const file = await save('streamed.json', report);
    expect(await readReportFile(file, 1)).toEqual(await readReportFile(file));
    const bad = { ...report } as Record<string, unknown>;
    bad.findings = [{ check: 'x', severity: 'fatal', surface: 's', message: 'm' }];
    const badFile = await save('streamed-bad.json', bad);
    await expect(readReportFile(badFile, 1)).rejects.toThrow(`${badFile}: findings.0.severity`);
    const broken = join(dir, 'streamed-broken.json');
    await writeFile(broken, '{"schemaVersion":');
    await expect(readReportFile(broken, 1)).rejects.toThrow(/streamed-broken\.json: report file is not valid JSON/);
    await expect(readReportFile(join(dir, 'nope.json'), 1)).rejects.toThrow(/nope\.json: cannot read report file \(ENOENT\)/);
  });
});
