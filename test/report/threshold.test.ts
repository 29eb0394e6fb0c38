import { describe, expect, it } from 'vitest';
import { applyBaseline } from '../../harness/report/baseline.ts';
import { createBaseline } from '../../harness/report/baseline-file.ts';
import { buildReport } from '../../harness/report/build.ts';
import { exitCodeFor } from '../../harness/report/threshold.ts';
import { sampleFindings, sampleInput } from '../fixtures/reports/sample.ts';

const warningsOnly = () => buildReport(sampleInput({ findings: sampleFindings().filter((f) => f.severity !== 'error') }));

describe('exitCodeFor', () => {
  it('is 0 without findings at or above the threshold', () => {
    expect(exitCodeFor(buildReport(sampleInput({ findings: [] })), { failOn: 'warning', harnessFailed: false })).toBe(0);
    expect(exitCodeFor(warningsOnly(), { failOn: 'error', harnessFailed: false })).toBe(0);
  });

  it('is 1 with a finding at or above the threshold', () => {
    expect(exitCodeFor(buildReport(sampleInput()), { failOn: 'error', harnessFailed: false })).toBe(1);
    expect(exitCodeFor(warningsOnly(), { failOn: 'warning', harnessFailed: false })).toBe(1);
  });

  it('never fails on info findings', () => {
    const report = buildReport(sampleInput({ findings: sampleFindings().filter((f) => f.severity === 'info') }));
    expect(exitCodeFor(report, { failOn: 'warning', harnessFailed: false })).toBe(0);
  });

  it('is 2 when the harness failed, whatever the findings', () => {
    expect(exitCodeFor(buildReport(sampleInput({ findings: [] })), { failOn: 'error', harnessFailed: true })).toBe(2);
  });

  it('with a baseline, fails only on new findings or stale entries', () => {
    const report = buildReport(sampleInput());
    const covered = applyBaseline(report, createBaseline(report));
    expect(exitCodeFor(covered.report, { failOn: 'warning', baseline: covered, harnessFailed: false })).toBe(0);
    const partial = applyBaseline(report, { ...createBaseline(report), entries: createBaseline(report).entries.slice(1) });
    expect(exitCodeFor(partial.report, { failOn: 'error', baseline: partial, harnessFailed: false })).toBe(1);
  });
});
