/**
 * Server strings copied into messages and rendered cells are cut to a budget (issue 15, "Also"): in
 * ONE place for messages (formatMessage), and where the reporters render a tool name. JSON keeps the
 * finding's `tool` whole (ids and baselines depend on it).
 */
import { describe, expect, it } from 'vitest';
import { defineCheck, formatMessage, runCheck } from '../../harness/checks/define.ts';
import { boundNameList, boundServerText, SERVER_TEXT_BUDGET } from '../../harness/model/text-budget.ts';
import { buildReport } from '../../harness/report/build.ts';
import { renderConsole } from '../../harness/reporters/console.ts';
import { renderHtml } from '../../harness/reporters/html.ts';
import { renderJson } from '../../harness/reporters/json.ts';
import { renderMarkdown } from '../../harness/reporters/markdown.ts';
import type { ReporterContext } from '../../harness/reporters/types.ts';
import type { SurfaceObservation } from '../../harness/model/observation.ts';
import type { SchemaService } from '../../harness/schema/service.ts';
import { catalog, sampleFindings, sampleInput } from '../fixtures/reports/sample.ts';

const LONG = `tool_${'x'.repeat(100_000)}`;
const CUT = `${LONG.slice(0, SERVER_TEXT_BUDGET)}… (${LONG.length} characters)`;

describe('boundNameList', () => {
  it('joins a list that fits whole (also exactly at the budget), and an empty list is empty', () => {
    expect(boundNameList(['a', 'b', 'c'])).toBe('a, b, c');
    expect(boundNameList([])).toBe('');
    const exact = ['x'.repeat(97), 'y'.repeat(101)];
    expect(boundNameList(exact)).toBe(exact.join(', '));
  });

  it('cuts a longer list at a name boundary within the budget and counts the rest, never part of a name (sweep 15, notion: "AP… (275 characters)")', () => {
    const names = Array.from({ length: 24 }, (_, i) => `API-retrieve-a-page-property-${String(i).padStart(2, '0')}`);
    const text = boundNameList(names);
    expect(text.length).toBeLessThanOrEqual(SERVER_TEXT_BUDGET);
    const match = /^(.*) and (\d+) more$/.exec(text);
    expect(match).not.toBeNull();
    const shown = match![1].split(', ');
    expect(shown).toEqual(names.slice(0, shown.length));
    expect(shown.length + Number(match![2])).toBe(names.length);
    expect(text).not.toContain('…');
    // the most that fit: one more name would not
    expect(`${match![1]}, ${names[shown.length]} and ${Number(match![2]) - 1} more`.length).toBeGreaterThan(SERVER_TEXT_BUDGET);
  });

  it('names none when not even the first name fits with the count', () => {
    expect(boundNameList([LONG, 'b'])).toBe('names too long to list');
  });
});

describe('boundServerText', () => {
  it('leaves a string within the budget untouched (also exactly at the budget)', () => {
    expect(boundServerText('search')).toBe('search');
    const exact = 'a'.repeat(SERVER_TEXT_BUDGET);
    expect(boundServerText(exact)).toBe(exact);
  });

  it('cuts a longer string to the budget, with an ellipsis and the original length', () => {
    expect(boundServerText(LONG)).toBe(CUT);
    expect(boundServerText('abcdef', 3)).toBe('abc… (6 characters)');
  });

  it('never splits a surrogate pair at the cut', () => {
    const text = `${'a'.repeat(SERVER_TEXT_BUDGET - 1)}😀${'b'.repeat(10)}`;
    expect(boundServerText(text)).toBe(`${'a'.repeat(SERVER_TEXT_BUDGET - 1)}… (${text.length} characters)`);
  });
});

const check = defineCheck({
  meta: {
    id: 'tools/name',
    defaultSeverity: 'warning',
    description: 'd',
    rationale: 'r',
    spec: '',
    messages: { named: "tool '{{name}}' has {{count}} problems" },
    examples: { fail: '', pass: '' },
  },
  check: (_ctx, report) => report({ messageId: 'named', tool: LONG, data: { name: LONG, count: 123_456_789_012 } }),
});

describe('formatMessage: the one place server data enters a message', () => {
  it('a short string is inserted whole', () => {
    expect(formatMessage(check.meta, 'named', { name: 'search', count: 2 })).toBe("tool 'search' has 2 problems");
  });

  it('a long string is cut to the budget; numbers stay whole', () => {
    expect(formatMessage(check.meta, 'named', { name: LONG, count: 123_456_789_012 })).toBe(`tool '${CUT}' has 123456789012 problems`);
  });

  it('runCheck keeps the finding tool whole and bounds only its message', () => {
    const ctx = { observation: { surface: 's' } as SurfaceObservation, schemas: {} as SchemaService, options: {} };
    const [finding] = runCheck(check, ctx, 'warning');
    expect(finding.tool).toBe(LONG);
    expect(finding.message).toBe(`tool '${CUT}' has 123456789012 problems`);
  });
});

describe('reporters render a long tool name bounded, JSON keeps it whole', () => {
  const ctx: ReporterContext = { showValues: false, catalog };
  const long = sampleFindings().map((f) => (f.tool === 'delete' ? { ...f, tool: LONG } : f));
  const report = buildReport(sampleInput({ findings: long }));

  it('console, Markdown and HTML show the cut name, never the whole one', () => {
    // the HTML page embeds the canonical report JSON (exact, like report.json); its rendered part is bounded
    const html = renderHtml(report, ctx).replace(/<script type="application\/json" id="report-data">[^]*?<\/script>/, '');
    for (const text of [renderConsole(report, { ...ctx, color: false }), renderMarkdown(report, ctx), html]) {
      expect(text).not.toContain(LONG);
      expect(text).toContain(`… (${LONG.length} characters)`);
    }
  });

  it('a short tool name renders whole', () => {
    const text = renderMarkdown(buildReport(sampleInput()), ctx);
    expect(text).toContain('delete');
    expect(text).not.toContain('characters)');
  });

  it('report.json keeps the tool name exact', () => {
    const json = JSON.parse(renderJson(report, ctx)) as { findings: { tool?: string }[] };
    expect(json.findings.some((f) => f.tool === LONG)).toBe(true);
  });
});
