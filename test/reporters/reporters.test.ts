import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { applyBaseline } from '../../harness/report/baseline.ts';
import { createBaseline } from '../../harness/report/baseline-file.ts';
import { buildReport, stripValues } from '../../harness/report/build.ts';
import { mergeReports } from '../../harness/report/merge.ts';
import { renderConsole } from '../../harness/reporters/console.ts';
import { renderHtml } from '../../harness/reporters/html.ts';
import { renderJson } from '../../harness/reporters/json.ts';
import { renderJunit } from '../../harness/reporters/junit.ts';
import { renderMarkdown } from '../../harness/reporters/markdown.ts';
import { checkAnchor } from '../../harness/reporters/links.ts';
import { FINGERPRINT_KEY, sarifLog } from '../../harness/reporters/sarif.ts';
import type { ReporterContext } from '../../harness/reporters/types.ts';
import type { Report } from '../../harness/model/report.ts';
import { catalog, sampleFindings, sampleInput } from '../fixtures/reports/sample.ts';
import { junitXsdErrors, sarifSchemaErrors } from './validate.ts';

const ctx: ReporterContext = { showValues: false, catalog };
const report = buildReport(sampleInput());
/** Shard reports of the same run merged: every reporter must render them like the full report. */
const merged = mergeReports(
  ['alpha', 'beta'].map((name) => buildReport(sampleInput({ surfaces: sampleInput().surfaces.filter((s) => s.name === name), findings: sampleFindings().filter((f) => f.surface === name) }))),
);

/** Replace volatile fields (version, clock, durations) before snapshotting. */
function stable(text: string): string {
  return text
    .replaceAll(report.startedAt, '<startedAt>')
    .replace(/"durationMs": \d+/g, '"durationMs": 0')
    .replace(/time="[\d.]+"/g, 'time="0"');
}

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, parseAttributeValue: false, trimValues: false, isArray: (name) => ['testsuite', 'testcase', 'failure', 'property'].includes(name) });

describe.each([
  ['a full run', report],
  ['merged shards', merged],
])('reporters on %s', (_label, input: Report) => {
  it('json: the canonical report, value-free by default', () => {
    const text = renderJson(input, ctx);
    expect(JSON.parse(text).findings).toEqual(JSON.parse(JSON.stringify(stripValues(report).findings)));
    expect(text).not.toContain('value-1');
    expect(renderJson(input, { ...ctx, showValues: true })).toContain('value-1');
  });

  it('junit: valid against the JUnit XSD, with right counts', () => {
    const xml = renderJunit(input, ctx);
    expect(junitXsdErrors(xml)).toEqual([]);
    const doc = parser.parse(xml);
    const suites = doc.testsuites.testsuite as { '@name': string; '@tests': string; '@failures': string; '@skipped': string; testcase: { '@classname': string; '@name': string; failure?: unknown[]; 'system-out'?: string }[] }[];
    expect(suites.map((s) => s['@name'])).toEqual(['alpha', 'beta']);
    const alpha = suites[0];
    expect(alpha.testcase.map((c) => `${c['@classname']}:${c['@name']}`)).toEqual([
      'alpha.tools/set-diff:delete',
      'alpha.tools/name:fetch.page',
      'alpha.result/structured-content:(surface)',
      'alpha.protocol/era:(surface)',
    ]);
    expect(alpha['@tests']).toBe('4');
    expect(alpha['@failures']).toBe('1');
    expect(alpha.testcase[1]['system-out']).toContain('[warning] tools/name at /name');
    expect(suites[1]['@failures']).toBe('1');
    expect(suites[1]['@skipped']).toBe('1');
    expect(doc.testsuites['@failures']).toBe('2');
    expect(doc.testsuites['@tests']).toBe('8');
  });

  it('sarif: valid against the SARIF 2.1.0 schema, rules from the catalog', () => {
    const log = sarifLog(input, ctx);
    expect(sarifSchemaErrors(log)).toEqual([]);
    const run = log.runs[0];
    expect(run.tool.driver.rules?.map((r) => r.id)).toEqual(catalog.map((m) => m.id));
    expect(run.tool.driver.rules?.[0].helpUri).toMatch(/docs\/checks\.md#toolsset-diff$/);
    expect(run.results?.map((r) => [r.ruleId, r.level])).toEqual([
      ['tools/set-diff', 'error'],
      ['result/structured-content', 'error'],
      ['tools/name', 'warning'],
      ['protocol/era', 'note'],
    ]);
    const first = run.results?.[0];
    expect(first?.locations?.[0].logicalLocations?.[0].fullyQualifiedName).toBe('alpha/delete');
    expect(first?.locations?.[0].physicalLocation?.artifactLocation?.uri).toBe('surfaces/alpha.json');
    expect(run.results?.[1].locations?.[0].physicalLocation).toBeUndefined();
    expect(first?.partialFingerprints?.[FINGERPRINT_KEY]).toBe(report.findings[0].id);
    expect(JSON.stringify(log)).not.toContain('value-1');
  });

  it('markdown, html and console render the same content', () => {
    expect(renderMarkdown(input, ctx)).toBe(renderMarkdown(report, ctx));
    expect(renderConsole(input, { ...ctx, color: false })).toBe(renderConsole(report, { ...ctx, color: false }));
  });
});

describe('snapshots of every format', () => {
  it.each([
    ['json', () => renderJson(report, ctx)],
    ['markdown', () => renderMarkdown(report, ctx)],
    ['junit', () => renderJunit(report, ctx)],
    ['sarif', () => JSON.stringify(sarifLog(report, ctx), null, 2)],
    ['html', () => renderHtml(report, ctx)],
    ['console', () => renderConsole(report, { ...ctx, color: false })],
  ])('%s', (_name, render) => {
    expect(stable(render())).toMatchSnapshot();
  });
});

describe('format details', () => {
  it('console: colours only when asked, never machine output', () => {
    const plain = renderConsole(report, { ...ctx, color: false });
    expect(plain).not.toContain('\u001b[');
    expect(plain).toContain('2 surfaces, 3 tools, 4 calls');
    expect(plain).toContain('findings: 2 errors, 1 warning, 1 info');
    expect(() => JSON.parse(plain)).toThrow();
    expect(renderConsole(report, { ...ctx, color: true })).toContain('\u001b[31m');
  });

  it('findings of one check on one tool are entries of their own in every view: a group never hides findings behind its first', () => {
    const constraint = (name: string) => ({ check: 'errors/input-enforcement', severity: 'warning' as const, surface: 'alpha', tool: 'stats', pointer: `/inputSchema/properties/hours/${name}`, message: `stats accepted hours beyond its ${name}`, messageId: 'accepted' });
    const three = buildReport(sampleInput({ findings: [constraint('maximum'), constraint('minimum'), constraint('type')] }));
    const console = renderConsole(three, { ...ctx, color: false });
    const markdown = renderMarkdown(three, ctx);
    const html = renderHtml(three, ctx);
    for (const name of ['maximum', 'minimum', 'type']) {
      for (const view of [console, markdown, html]) expect(view).toContain(`stats accepted hours beyond its ${name}`);
    }
    expect(console).not.toContain('(the same on every tool listed)');
  });

  // the review: transport/http-status noResponse names its tool, and one tool's (HTTP 500) folded another's (a 307
  // redirect, with its own hint) into one entry showing only the first message "(the same on every tool listed)"
  const noResponse = (tool: string, status: number, reason: string) => ({
    check: 'transport/http-status',
    severity: 'error' as const,
    surface: 'alpha',
    tool,
    messageId: 'noResponse',
    message: `2 tools/call request(s) got HTTP ${status} and no JSON-RPC response: ${reason}. The answer to a POSTed JSON-RPC request MUST be application/json or text/event-stream carrying its response.`,
  });
  it('findings of one check and messageId on two tools whose messages differ: two entries in console and Markdown, each message shown', () => {
    const two = buildReport(sampleInput({ findings: [noResponse('stats', 500, 'an error status without a JSON-RPC error response in the body'), noResponse('lookup', 307, 'a redirect, which the harness does not follow')] }));
    const console = renderConsole(two, { ...ctx, color: false });
    const markdown = renderMarkdown(two, ctx);
    for (const view of [console, markdown]) {
      expect(view).toContain('got HTTP 500 and no JSON-RPC response: an error status without a JSON-RPC error response in the body.');
      expect(view).toContain('got HTTP 307 and no JSON-RPC response: a redirect, which the harness does not follow.');
      expect(view).not.toContain('the same on every tool listed');
    }
  });

  it('findings of one check and messageId on two tools whose messages are the same but for the tool: one entry naming both', () => {
    const tools = (message: (tool: string) => string) =>
      buildReport(sampleInput({ findings: ['stats', 'lookup'].map((tool) => ({ check: 'errors/input-enforcement', severity: 'warning' as const, surface: 'alpha', tool, messageId: 'noProbes', message: message(tool) })) }));
    const same = buildReport(sampleInput({ findings: [noResponse('stats', 500, 'an error status'), noResponse('lookup', 500, 'an error status')] }));
    // the tool's name in the message; and a tool named like words of the message (`a`, `call` in "tools/call")
    const named = tools((tool) => `Tool ${tool} got no input-enforcement probes: none of its calls succeeded (a JSON-RPC error).`);
    const words = buildReport(sampleInput({ findings: ['a', 'call'].map((tool) => ({ check: 'errors/input-enforcement', severity: 'warning' as const, surface: 'alpha', tool, messageId: 'noProbes', message: `Tool ${tool} got no tools/call probes (a JSON-RPC error).` })) }));
    for (const [report, names] of [[same, 'lookup, stats'], [named, 'lookup, stats'], [words, 'a, call']] as const) {
      const console = renderConsole(report, { ...ctx, color: false });
      expect(console).toContain(`on 2 tools (2 findings): ${names}`);
      expect(console.match(/the same on every tool listed/g)).toHaveLength(1);
      expect(renderMarkdown(report, ctx).match(/the same on every tool listed/g)).toHaveLength(1);
    }
  });

  it('markdown: summary table and findings grouped by surface then check', () => {
    const text = renderMarkdown(report, ctx);
    expect(text).toContain('| 2 | 3 | 4 | 2 | 1 | 1 |');
    expect(text.indexOf('### Surface alpha')).toBeLessThan(text.indexOf('### Surface beta'));
    expect(text).toContain('#### [tools/set-diff]');
  });

  it('baselined findings: markdown and html count the findings the baseline left, and the accepted ones apart (report.json keeps counting all)', () => {
    const one = report.findings.find((f) => f.severity === 'error')!;
    const partial = applyBaseline(report, createBaseline({ ...report, findings: [one] })).report;
    const accepted = partial.findings.filter((f) => f.baselined).length;
    expect(accepted).toBeGreaterThan(0);
    const md = renderMarkdown(partial, ctx);
    // 2 errors, 1 warning, 1 info in the sample; the accepted error(s) move to the Baselined column
    expect(md).toContain('| Surfaces | Tools | Calls | Errors | Warnings | Info | Baselined | Duration |');
    expect(md).toContain(`| 2 | 3 | 4 | ${2 - accepted} | 1 | 1 | ${accepted} |`);
    expect(md).toContain('count the findings the baseline did not accept');
    const html = renderHtml(partial, ctx);
    expect(html).toContain(`data-count="error"><span class="n">${2 - accepted}</span>`);
    expect(html).toContain(`data-count="baselined"><span class="n">${accepted}</span> baselined`);
    expect(JSON.parse(renderJson(partial, ctx)).summary.findings.error).toBe(2);
    // no baseline: no Baselined column, no card
    expect(renderMarkdown(report, ctx)).not.toContain('Baselined');
    expect(renderHtml(report, ctx)).not.toContain('data-count="baselined"');
  });

  it('baselined findings: sarif suppressions, junit notes instead of failures', () => {
    const baselined = applyBaseline(report, createBaseline(report)).report;
    const log = sarifLog(baselined, ctx);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs[0].results?.every((r) => r.suppressions?.[0].kind === 'external' && r.baselineState === 'unchanged')).toBe(true);
    const xml = renderJunit(baselined, ctx);
    expect(junitXsdErrors(xml)).toEqual([]);
    expect(xml).not.toContain('<failure');
    expect(xml).toContain('[error (baselined)]');
  });

  it('sarif: a finding of a check outside the catalog still gets a rule (baseline/stale)', () => {
    const stale = applyBaseline(buildReport(sampleInput({ findings: [] })), createBaseline(report)).report;
    const log = sarifLog(stale, ctx);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs[0].tool.driver.rules?.map((r) => r.id)).toContain('baseline/stale');
    expect(log.runs[0].results?.every((r) => r.ruleIndex !== undefined && r.ruleIndex >= 0)).toBe(true);
  });

  it('junit validation catches an invalid document (the XSD check can fail)', () => {
    expect(junitXsdErrors('<testsuites><testsuite name="x"><warning/></testsuite></testsuites>').length).toBeGreaterThan(0);
  });

  it('sarif validation catches an invalid log (the schema check can fail)', () => {
    expect(sarifSchemaErrors({ version: '2.1.0', runs: [{ tool: { driver: {} } }] }).length).toBeGreaterThan(0);
  });

  it('docs anchors follow GitHub heading anchors', () => {
    expect(checkAnchor('tools/set-diff')).toBe('toolsset-diff');
    expect(checkAnchor('result/structured-content')).toBe('resultstructured-content');
  });
});
