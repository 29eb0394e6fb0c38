/**
 * The per-tool view of the Markdown and HTML reports (harness/reporters/tool-view.ts): findings count
 * for their own surface and tool only, baselined ones and tool-less ones never, a tool without calls
 * is "not called" with the coverage finding's reason, and rows come sorted by tool name per surface. A tool
 * called without findings none of whose calls worked (each a JSON-RPC error or an isError result) "never
 * succeeded", not "passed"; one call that succeeded, or that failed as its scenario file expected, makes it pass.
 */
import { describe, expect, it } from 'vitest';
import { renderConsole } from '../../harness/reporters/console.ts';
import { renderMarkdown } from '../../harness/reporters/markdown.ts';
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

  it('counts errors and warnings of the same surface and tool, never baselined or tool-less findings; a tool whose only error is accepted is baselined', () => {
    expect(toolRows(report)).toEqual([
      { surface: 'a', tool: 'x', calls: 1, verdict: 'findings', errors: 1, warnings: 1 },
      { surface: 'a', tool: 'y', calls: 1, verdict: 'baselined', errors: 0, warnings: 0, reason: 'accepted by the baseline: 1 error' },
      { surface: 'a', tool: 'z', calls: 0, verdict: 'not called', errors: 0, warnings: 0, reason: 'z needs a scenario' },
      { surface: 'b', tool: 'x', calls: 1, verdict: 'passed', errors: 0, warnings: 0 },
    ]);
  });

  it('reads a tool whose call did not do as its scenario expects, its result/expectation error accepted, as baselined, not never succeeded (README walkthrough: simulate-research-query)', () => {
    const base: Report = {
      ...report,
      surfaces: [{ name: 'a', durationMs: 1, status: 'ok', tools: [{ name: 't', calls: [{ ...call, expect: 'protocol-error', outcome: 'tool-error' }] }] }],
    };
    const accepted = toolRows({ ...base, findings: [finding({ tool: 't', check: 'result/expectation', baselined: true }), finding({ tool: 't', severity: 'warning', baselined: true }), finding({ tool: 't', severity: 'info' })] });
    // its one call did not do as its scenario expects: the note says so beside what was accepted (a reviewer, review 25)
    expect(accepted).toEqual([{ surface: 'a', tool: 't', calls: 1, verdict: 'baselined', errors: 0, warnings: 0, reason: 'accepted by the baseline: 1 error, 1 warning; no call succeeded: 1 isError result' }]);
    expect(verdictCounts(accepted)).toMatchObject({ baselined: 1, 'never succeeded': 0, passed: 0 });
    // the same run without the baseline: findings; one live warning beside the accepted error: findings
    expect(toolRows({ ...base, findings: [finding({ tool: 't', check: 'result/expectation' })] })[0]).toMatchObject({ verdict: 'findings', errors: 1 });
    expect(toolRows({ ...base, findings: [finding({ tool: 't', baselined: true }), finding({ tool: 't', severity: 'warning' })] })[0]).toMatchObject({ verdict: 'findings', errors: 0, warnings: 1 });
    // an accepted info finding is no finding: the tool never succeeded
    expect(toolRows({ ...base, findings: [finding({ tool: 't', severity: 'info', baselined: true })] })[0]).toMatchObject({ verdict: 'never succeeded' });
  });

  it('gives a tool not called the reason of its coverage finding when the baseline accepted that finding (not the generic reason)', () => {
    const findings = [finding({ surface: 'a', tool: 'z', check: 'contract/every-tool-called', messageId: 'skipped', severity: 'warning', message: 'z may change state', baselined: true })];
    expect(toolRows({ ...report, findings }).find((r) => r.tool === 'z')).toMatchObject({ verdict: 'not called', reason: 'z may change state' });
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
    expect(verdictCounts(rows)).toEqual({ passed: 0, findings: 0, baselined: 0, 'never succeeded': 1, 'not called': 0, interrupted: 0 });
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

/**
 * An interrupted run (Ctrl-C): the surface the interrupt cut short is not judged, so its tools are neither passed nor
 * "never succeeded" (the walkthrough's console said "never succeeded: 1 tool" for a call the interrupt cut): they are
 * `interrupted`, with what happened (not run: never reached; or called when the run was interrupted). The same tools on
 * a surface that finished keep their verdicts.
 */
describe('an interrupted surface', () => {
  const cut = { ...call, outcome: 'timeout' } as Call;
  const surfaceOf = (status: ReportSurface['status']): ReportSurface => ({ name: 's', durationMs: 1, status, tools: [{ name: 'reached', calls: [cut] }, { name: 'never', calls: [] }] });
  const reportOf = (status: ReportSurface['status']): Report => ({
    schemaVersion: 1, harnessVersion: '0', startedAt: '', durationMs: 1, skipped: [],
    summary: { surfaces: 1, tools: 2, calls: 1, findings: { error: 0, warning: 0, info: 0 } },
    surfaces: [surfaceOf(status)], findings: [],
    ...(status === 'interrupted' ? { interrupted: true } : {}),
  });
  const ctx = { showValues: false, catalog: {} } as unknown as Parameters<typeof renderConsole>[1];

  it('reads as interrupted: never reached tools "not run", reached ones not judged; neither passed nor never succeeded', () => {
    const rows = toolRows(reportOf('interrupted'));
    expect(rows).toEqual([
      { surface: 's', tool: 'never', calls: 0, verdict: 'interrupted', errors: 0, warnings: 0, reason: 'not run: the run was interrupted before it was called' },
      { surface: 's', tool: 'reached', calls: 1, verdict: 'interrupted', errors: 0, warnings: 0, reason: 'not judged: the run was interrupted while this surface ran (1 call made)' },
    ]);
    const text = renderConsole(reportOf('interrupted'), { ...ctx, color: false });
    expect(text).not.toContain('never succeeded');
    expect(text).toContain('interrupted: 1 tool not run (the run was interrupted before it was called), 1 tool called when the run was interrupted; not judged');
    expect(renderMarkdown(reportOf('interrupted'), ctx)).toContain('0 never succeeded, 0 not called, 2 interrupted');
  });

  it('the same tools on a surface that finished: never succeeded and not called, as before', () => {
    const rows = toolRows(reportOf('ok'));
    expect(rows.map((r) => [r.tool, r.verdict])).toEqual([['never', 'not called'], ['reached', 'never succeeded']]);
    const text = renderConsole(reportOf('ok'), { ...ctx, color: false });
    expect(text).toContain('never succeeded: 1 tool called');
    expect(text).not.toContain('interrupted');
  });
});

describe('a run whose findings the baseline accepted', () => {
  const ctx = { showValues: false, catalog: {} } as unknown as Parameters<typeof renderConsole>[1];
  const reportWith = (findings: Finding[]): Report => ({
    schemaVersion: 1, harnessVersion: '0', startedAt: '', durationMs: 1, skipped: [],
    summary: { surfaces: 1, tools: 1, calls: 1, findings: { error: 0, warning: 0, info: 0 } },
    surfaces: [{ name: 'a', durationMs: 1, status: 'ok', tools: [{ name: 't', calls: [{ ...call, expect: 'protocol-error', outcome: 'tool-error' }] }] }],
    findings,
  });

  it('the console lists only the findings the baseline did not accept, and counts the accepted ones (README walkthrough)', () => {
    const all = renderConsole(reportWith([finding({ tool: 't', check: 'result/expectation', message: 'accepted one', baselined: true })]), { ...ctx, color: false });
    // the headline counts the findings listed, then the accepted ones (a README walkthrough: 'findings: 12 errors', exit 0)
    expect(all).toContain('findings: 0 errors, 0 warnings, 0 info (and 1 finding accepted by the baseline: listed in the report files, not here)');
    expect(all).not.toContain('accepted one');
    expect(all).not.toContain('result/expectation');
    expect(all).not.toContain('never succeeded');
    const mixed = renderConsole(reportWith([finding({ tool: 't', message: 'accepted one', baselined: true }), finding({ tool: 't', severity: 'warning', message: 'live one' })]), { ...ctx, color: false });
    expect(mixed).toContain('live one');
    expect(mixed).toContain('findings: 0 errors, 1 warning, 0 info (and 1 finding accepted by the baseline');
    expect(mixed).not.toContain('accepted one');
    expect(renderMarkdown(reportWith([finding({ tool: 't', baselined: true })]), ctx)).toContain('0 passed, 0 with findings, 0 never succeeded, 0 not called, 1 baselined');
  });
});
