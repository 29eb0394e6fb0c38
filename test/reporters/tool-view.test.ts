/**
 * The per-tool view of the Markdown and HTML reports (harness/reporters/tool-view.ts): findings count
 * for their own surface and tool only, baselined ones and tool-less ones never, a tool without calls
 * is "not called" with the coverage finding's reason, and rows come sorted by tool name per surface.
 */
import { describe, expect, it } from 'vitest';
import { toolRows } from '../../harness/reporters/tool-view.ts';
import type { Finding, Report, ReportSurface } from '../../harness/model/report.ts';

const call = { scenario: 'generated', origin: 'generated', expect: 'success', outcome: 'success', durationMs: 1 } as ReportSurface['tools'][number]['calls'][number];
const surface = (name: string, tools: Array<[string, number]>): ReportSurface => ({ name, durationMs: 1, status: 'ok', tools: tools.map(([tool, calls]) => ({ name: tool, calls: Array.from({ length: calls }, () => call) })) });
const finding = (over: Partial<Finding>): Finding => ({ check: 'result/shape', severity: 'error', surface: 'a', message: 'm', ...over });

describe('toolRows', () => {
  const report: Report = {
    schemaVersion: 1, harnessVersion: '0', startedAt: '', durationMs: 1, skipped: [],
    summary: { surfaces: 2, tools: 4, calls: 3, findings: { error: 0, warning: 0, info: 0 } },
    surfaces: [surface('a', [['y', 1], ['x', 1], ['z', 0]]), surface('b', [['x', 1]])],
    findings: [
      finding({ tool: 'x' }),
      finding({ tool: 'x', severity: 'warning' }),
      finding({ tool: 'x', severity: 'info' }),
      finding({ tool: 'y', baselined: true }),
      finding({ tool: undefined }),
      finding({ surface: 'a', tool: 'z', check: 'contract/every-tool-called', severity: 'info', message: 'z needs a scenario' }),
      finding({ surface: 'b', tool: 'y', severity: 'warning' }),
    ],
  };

  it('counts errors and warnings of the same surface and tool, never baselined or tool-less findings', () => {
    expect(toolRows(report)).toEqual([
      { surface: 'a', tool: 'x', calls: 1, verdict: 'findings', errors: 1, warnings: 1 },
      { surface: 'a', tool: 'y', calls: 1, verdict: 'passed', errors: 0, warnings: 0 },
      { surface: 'a', tool: 'z', calls: 0, verdict: 'not called', errors: 0, warnings: 0, reason: 'z needs a scenario' },
      { surface: 'b', tool: 'x', calls: 1, verdict: 'passed', errors: 0, warnings: 0 },
    ]);
  });

  it('gives a tool without calls and without a coverage finding the generic reason', () => {
    const rows = toolRows({ ...report, findings: [] });
    expect(rows.find((r) => r.tool === 'z')).toMatchObject({ verdict: 'not called', reason: 'no scenario and no generated call' });
  });
});
