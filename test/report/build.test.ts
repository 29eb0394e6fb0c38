import { describe, expect, it } from 'vitest';
import { buildReport, findingId, stripValues } from '../../harness/report/build.ts';
import { sampleFindings, sampleInput } from '../fixtures/reports/sample.ts';

describe('buildReport', () => {
  it('sorts findings by severity, surface, check, tool, pointer', () => {
    const report = buildReport(sampleInput());
    expect(report.findings.map((f) => [f.severity, f.surface, f.check])).toEqual([
      ['error', 'alpha', 'tools/set-diff'],
      ['error', 'beta', 'result/structured-content'],
      ['warning', 'alpha', 'tools/name'],
      ['info', 'beta', 'protocol/era'],
    ]);
  });

  it('gives the same ids and order whatever the input order', () => {
    const a = buildReport(sampleInput());
    const b = buildReport(sampleInput({ findings: sampleFindings().reverse() }));
    expect(b.findings).toEqual(a.findings);
    expect(a.findings.every((f) => /^[0-9a-f]{16}$/.test(f.id ?? ''))).toBe(true);
  });

  it('derives the id from surface, tool, check, pointer and messageId, not from the message text', () => {
    const f = sampleFindings()[0];
    const reworded = { ...f, message: 'reworded' };
    expect(findingId(reworded)).toBe(findingId(f));
    expect(findingId({ ...f, pointer: '/other' })).not.toBe(findingId(f));
    expect(findingId({ ...f, messageId: 'other' })).not.toBe(findingId(f));
    expect(findingId({ ...f, surface: 'gamma' })).not.toBe(findingId(f));
  });

  it('keeps ids unique when findings share an identity key', () => {
    const f = sampleFindings()[2];
    const report = buildReport(sampleInput({ findings: [{ ...f, message: 'b' }, { ...f, message: 'a' }] }));
    const ids = report.findings.map((x) => x.id);
    expect(new Set(ids).size).toBe(2);
    expect(ids).toContain(findingId(f));
  });

  it('computes the summary', () => {
    const report = buildReport(sampleInput());
    expect(report.summary).toEqual({ surfaces: 2, tools: 3, calls: 4, findings: { error: 2, warning: 1, info: 1 } });
    expect(report.schemaVersion).toBe(1);
    expect(report.startedAt).toBe('2026-01-02T03:04:05.000Z');
  });

  it('records interruption and shard only when given', () => {
    expect(buildReport(sampleInput())).not.toHaveProperty('interrupted');
    const r = buildReport(sampleInput({ interrupted: true, shard: { index: 2, total: 3 } }));
    expect(r.interrupted).toBe(true);
    expect(r.shard).toEqual({ index: 2, total: 3 });
  });
});

describe('stripValues', () => {
  it('drops evidence unless showValues', () => {
    const report = buildReport(sampleInput());
    expect(report.findings.some((f) => f.evidence !== undefined)).toBe(true);
    expect(stripValues(report).findings.some((f) => f.evidence !== undefined)).toBe(false);
    expect(JSON.stringify(stripValues(report))).not.toContain('value-1');
    expect(stripValues(report, true)).toBe(report);
  });
});
