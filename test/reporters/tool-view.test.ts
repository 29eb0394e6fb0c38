/**
 * The per-tool view of the Markdown and HTML reports (harness/reporters/tool-view.ts): findings count
 * for their own surface and tool only, baselined ones and tool-less ones never, a tool without calls
 * is "not called" with the coverage finding's reason, and rows come sorted by tool name per surface. A tool
 * called without findings none of whose calls worked (each a JSON-RPC error or an isError result) "never
 * succeeded", not "passed"; one call that succeeded, or that failed as its scenario file expected, makes it pass.
 */
import { describe, expect, it } from 'vitest';
import { toolRows, verdictCounts } from '../../harness/reporters/tool-view.ts';
import type { Finding, Report, ReportSurface } from '../../harness/model/report.ts';

type Call = ReportSurface['tools'][number]['calls'][number];
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

  const called = (outcomes: Array<[Call['expect'], Call['outcome']]>): Report => ({
    ...report,
    findings: [],
    surfaces: [{ name: 'a', durationMs: 1, status: 'ok', tools: [{ name: 't', calls: outcomes.map(([expect, outcome]) => ({ ...call, expect, outcome })) }] }],
  });

  it('counts a tool whose every call ended in a JSON-RPC error or an isError result as never succeeded, with its outcomes', () => {
    const rows = toolRows(called([['success', 'protocol-error'], ['success', 'protocol-error'], ['success', 'tool-error']]));
    expect(rows).toEqual([{ surface: 'a', tool: 't', calls: 3, verdict: 'never succeeded', errors: 0, warnings: 0, reason: 'no call succeeded: 2 JSON-RPC errors, 1 isError result' }]);
    expect(verdictCounts(rows)).toEqual({ passed: 0, findings: 0, 'never succeeded': 1, 'not called': 0 });
  });

  it('passes a tool with one successful call among failed ones', () => {
    expect(toolRows(called([['success', 'protocol-error'], ['success', 'success']]))[0]).toMatchObject({ verdict: 'passed' });
    expect(toolRows(called([['success', 'success']]))[0]).not.toHaveProperty('reason');
  });

  it('passes a tool whose scenario expected the failure it got, not one that expected another', () => {
    expect(toolRows(called([['tool-error', 'tool-error']]))[0]).toMatchObject({ verdict: 'passed' });
    expect(toolRows(called([['protocol-error', 'protocol-error']]))[0]).toMatchObject({ verdict: 'passed' });
    expect(toolRows(called([['tool-error', 'protocol-error']]))[0]).toMatchObject({ verdict: 'never succeeded' });
  });

  it('keeps findings first: a failing tool named by a warning reads as findings', () => {
    const r = called([['success', 'protocol-error']]);
    expect(toolRows({ ...r, findings: [finding({ tool: 't', severity: 'warning' })] })[0]).toMatchObject({ verdict: 'findings', warnings: 1 });
  });
});
