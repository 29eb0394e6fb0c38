import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyBaseline, inReportScope } from '../../harness/report/baseline.ts';
import { mergeReports } from '../../harness/report/merge.ts';
import { callShardId, inShard } from '../../harness/report/shard.ts';
import { DEFAULT_BASELINE_REASON, createBaseline, readBaseline, writeBaseline } from '../../harness/report/baseline-file.ts';
import { buildReport } from '../../harness/report/build.ts';
import { exitCodeFor } from '../../harness/report/threshold.ts';
import { sampleFindings, sampleInput } from '../fixtures/reports/sample.ts';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'mcp-harness-baseline-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const fail = (r: ReturnType<typeof applyBaseline>) => exitCodeFor(r.report, { failOn: 'warning', baseline: r, harnessFailed: false });

describe('baseline file', () => {
  it('round-trips through writeBaseline and readBaseline', async () => {
    const file = join(dir, 'nested', 'mcp-harness.baseline.json');
    const report = buildReport(sampleInput());
    const written = await writeBaseline(file, report);
    expect(written.baselineVersion).toBe(1);
    expect(written.entries).toHaveLength(4);
    expect(written.entries.every((e) => e.reason === DEFAULT_BASELINE_REASON)).toBe(true);
    expect(await readBaseline(file)).toEqual(written);
    expect(await readFile(file, 'utf8')).not.toContain('value-1');
  });

  it('names the file and the key path of an invalid entry', async () => {
    const file = join(dir, 'bad.json');
    await writeFile(file, JSON.stringify({ baselineVersion: 1, createdAt: 'x', entries: [{ id: 'nothex', check: 'c', surface: 's', reason: '' }] }));
    const error = await readBaseline(file).catch((e: Error) => e);
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toContain(`${file}: entries.0.id`);
    expect((error as Error).message).toContain(`${file}: entries.0.reason`);
  });

  it('rejects a missing file, bad JSON and another baselineVersion clearly', async () => {
    await expect(readBaseline(join(dir, 'missing.json'))).rejects.toThrow(/missing\.json: cannot read baseline file \(ENOENT\)/);
    const bad = join(dir, 'notjson.json');
    await writeFile(bad, '{');
    await expect(readBaseline(bad)).rejects.toThrow(/notjson\.json: baseline file is not valid JSON/);
    const v2 = join(dir, 'v2.json');
    await writeFile(v2, JSON.stringify({ baselineVersion: 2, createdAt: 'x', entries: [] }));
    await expect(readBaseline(v2)).rejects.toThrow(/v2\.json: baselineVersion/);
  });
});

describe('applyBaseline', () => {
  const report = buildReport(sampleInput());

  it('is green when the baseline covers every finding; findings are kept, marked baselined', () => {
    const result = applyBaseline(report, createBaseline(report));
    expect(result.newFindings).toEqual([]);
    expect(result.staleEntries).toEqual([]);
    expect(result.report.findings).toHaveLength(4);
    expect(result.report.findings.every((f) => (f as { baselined?: boolean }).baselined)).toBe(true);
    expect(fail(result)).toBe(0);
  });

  it('is red with a new finding', () => {
    const baseline = createBaseline(buildReport(sampleInput({ findings: sampleFindings().slice(1) })));
    const result = applyBaseline(report, baseline);
    expect(result.newFindings.map((f) => f.check)).toEqual(['tools/name']);
    expect(fail(result)).toBe(1);
  });

  it('is red with a stale entry, reported as a baseline/stale error finding', () => {
    const fixed = buildReport(sampleInput({ findings: sampleFindings().filter((f) => f.check !== 'tools/set-diff') }));
    const result = applyBaseline(fixed, createBaseline(report));
    expect(result.newFindings).toEqual([]);
    expect(result.staleEntries.map((e) => e.check)).toEqual(['tools/set-diff']);
    const stale = result.report.findings.filter((f) => f.check === 'baseline/stale');
    expect(stale).toHaveLength(1);
    expect(stale[0]).toMatchObject({ severity: 'error', surface: 'alpha', tool: 'delete', pointer: '/entries/0', messageId: 'stale' });
    expect(result.report.summary.findings.error).toBe(2);
    expect(fail(result)).toBe(1);
  });

  it('judges a report that already carries a baseline judgement afresh (merge --baseline of baselined runs): each stale entry once, the summary agrees', () => {
    const fixed = buildReport(sampleInput({ findings: sampleFindings().filter((f) => f.check !== 'tools/set-diff') }));
    const baseline = createBaseline(report);
    const once = applyBaseline(fixed, baseline);
    const again = applyBaseline(once.report, baseline);
    expect(again.staleEntries.map((e) => e.check)).toEqual(['tools/set-diff']);
    expect(again.report.findings.filter((f) => f.check === 'baseline/stale')).toHaveLength(1);
    expect(again.report.findings).toEqual(once.report.findings);
    expect(again.report.summary).toEqual(once.report.summary);
    expect(again.report.summary.findings.error).toBe(2);
    // a mark of the earlier baseline is not kept under one that no longer lists the finding: it is new again
    const narrower = { ...baseline, entries: baseline.entries.filter((e) => e.check !== 'tools/name') };
    const rejudged = applyBaseline(applyBaseline(report, baseline).report, narrower);
    expect(rejudged.newFindings.map((f) => f.check)).toEqual(['tools/name']);
    expect(rejudged.report.findings.find((f) => f.check === 'tools/name')).not.toHaveProperty('baselined');
    expect(rejudged.report).toEqual(applyBaseline(report, narrower).report);
    expect(fail(rejudged)).toBe(1);
  });

  it('never accepts a harness/* finding: createBaseline leaves it out, and an entry naming its id does not mark it', () => {
    const untested = { check: 'harness/untested', severity: 'error' as const, surface: 'beta', message: 'Nothing on this surface was tested', messageId: 'untested' };
    const withFault = buildReport(sampleInput({ findings: [...sampleFindings(), untested] }));
    const baseline = createBaseline(withFault);
    expect(baseline.entries.map((e) => e.check)).not.toContain('harness/untested');
    expect(baseline.entries).toHaveLength(4);
    // a hand-written entry with the fault's id: the finding stays new and fails the run
    const fault = withFault.findings.find((f) => f.check === 'harness/untested')!;
    const forced = { ...baseline, entries: [...baseline.entries, { id: fault.id!, check: fault.check, surface: 'beta', reason: 'hand-written' }] };
    const result = applyBaseline(withFault, forced);
    expect(result.newFindings.map((f) => f.check)).toEqual(['harness/untested']);
    expect(result.staleEntries).toEqual([]);
    expect(fail(result)).toBe(1);
    // its twin: an ordinary finding with an entry is accepted
    expect(applyBaseline(report, createBaseline(report)).newFindings).toEqual([]);
  });

  it('does not judge entries of surfaces outside the report (a shard) as stale', () => {
    const alphaOnly = buildReport(sampleInput({ surfaces: sampleInput().surfaces.slice(0, 1), findings: sampleFindings().filter((f) => f.surface === 'alpha') }));
    const result = applyBaseline(alphaOnly, createBaseline(report));
    expect(result.staleEntries).toEqual([]);
  });

  it('judges only the entries in the report\'s scope: its --tool, its checks, its call shard (a surface\'s own entries only when every tool was called)', () => {
    const baseline = createBaseline(report);
    const entry = (check: string) => baseline.entries.find((e) => e.check === check)!;
    const scoped = (scope: object, shard?: { index: number; total: number }) => ({ ...report, scope, ...(shard ? { shard } : {}) });
    expect(inReportScope(scoped({ tools: ['delete'] }), entry('tools/set-diff'))).toBe(true);
    expect(inReportScope(scoped({ tools: ['other'] }), entry('tools/set-diff'))).toBe(false);
    expect(inReportScope(scoped({ tools: ['other'] }), entry('protocol/era'))).toBe(false);
    expect(inReportScope(scoped({ checks: ['protocol/era'] }), entry('protocol/era'))).toBe(true);
    expect(inReportScope(scoped({ checks: ['protocol/era'] }), entry('tools/set-diff'))).toBe(false);
    // --check: nothing is judged stale, an entry of a check that ran included (another check's probes may be missing)
    expect(inReportScope(scoped({ checks: ['protocol/era'], checkFilter: true }), entry('protocol/era'))).toBe(false);
    const home = [1, 2].find((k) => inShard(callShardId('alpha', 'delete'), { index: k, total: 2 }))!;
    expect(inReportScope(scoped({ callShard: true }, { index: home, total: 2 }), entry('tools/set-diff'))).toBe(true);
    expect(inReportScope(scoped({ callShard: true }, { index: 3 - home, total: 2 }), entry('tools/set-diff'))).toBe(false);
    expect(inReportScope(scoped({ callShard: true }, { index: home, total: 2 }), entry('protocol/era'))).toBe(false);
    expect(inReportScope(report, entry('protocol/era'))).toBe(true);
    // out of scope: never stale, although its finding is gone
    const fixed = buildReport(sampleInput({ findings: sampleFindings().filter((f) => f.check !== 'tools/set-diff'), scope: { tools: ['fetch.page', 'search'] } }));
    expect(applyBaseline(fixed, baseline).staleEntries).toEqual([]);
    const fixedInScope = buildReport(sampleInput({ findings: sampleFindings().filter((f) => f.check !== 'tools/set-diff'), scope: { tools: ['delete'] } }));
    expect(applyBaseline(fixedInScope, baseline).staleEntries.map((e) => e.check)).toEqual(['tools/set-diff']);
  });

  it('merge keeps what every report left out (the union of what they kept), never a call shard', () => {
    const a = buildReport(sampleInput({ scope: { tools: ['b', 'a'].sort(), checks: ['x'] } }));
    const b = buildReport(sampleInput({ scope: { tools: ['c'], callShard: true } }));
    expect(mergeReports([a, b], ['a.json', 'b.json']).scope).toEqual({ tools: ['a', 'b', 'c'] });
    expect(mergeReports([a, buildReport(sampleInput())], ['a.json', 'c.json']).scope).toBeUndefined();
  });

  it('merge of runs of different surfaces with different --tool judges each surface by its own run (third review)', () => {
    const [alpha, beta] = sampleInput().surfaces;
    const findings = sampleFindings();
    // run --surface alpha --tool delete; run --surface beta --tool search
    const a = buildReport(sampleInput({ surfaces: [alpha], findings: findings.filter((f) => f.surface === 'alpha'), scope: { tools: ['delete'] } }));
    const b = buildReport(sampleInput({ surfaces: [beta], findings: findings.filter((f) => f.surface === 'beta'), scope: { tools: ['search'] } }));
    const merged = mergeReports([a, b], ['a.json', 'b.json']);
    expect(merged.scope).toEqual({ tools: ['delete', 'search'], bySurface: { alpha: { tools: ['delete'] }, beta: { tools: ['search'] } } });
    // a baseline of the full run: every entry is present or out of its surface's scope, so nothing is stale
    const full = createBaseline(report);
    expect(applyBaseline(merged, full).staleEntries).toEqual([]);
    // an alpha entry of tool 'search' (which alpha's run did not select) is out of scope; the same on beta is in
    const on = (surface: string, tool: string) => ({ id: `${surface}-${tool}`, check: 'tools/x', surface, tool, reason: 'r' });
    expect(inReportScope(merged, on('alpha', 'search'))).toBe(false);
    expect(inReportScope(merged, on('beta', 'search'))).toBe(true);
    expect(inReportScope(merged, on('alpha', 'delete'))).toBe(true);
  });
});
