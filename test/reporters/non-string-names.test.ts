/**
 * Hostile review D2: a tools/list entry whose `name` is not a string (123, true, null, {"a":1}, absent).
 * The report's tool rows and every finding name it by its JSON text (`toolLabel`), never a non-string, so each
 * reporter renders it (the Markdown and HTML reporters threw `text.charCodeAt is not a function`); it stays a row
 * of its own, apart from a string tool named "123"; and a lock built from such a listing leaves it out, so
 * `readLock` (and `diff`) read back what `buildLock` wrote.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import advertisedShape from '../../harness/checks/tools/advertised-shape.ts';
import annotations from '../../harness/checks/tools/annotations.ts';
import { formatMessage } from '../../harness/checks/define.ts';
import { buildLock, lockableTools, readLock, writeLock } from '../../harness/contract/index.ts';
import { toolLabel, type ListedTool } from '../../harness/model/protocol.ts';
import { buildReport } from '../../harness/report/build.ts';
import { renderConsole } from '../../harness/reporters/console.ts';
import { renderHtml } from '../../harness/reporters/html.ts';
import { renderJson } from '../../harness/reporters/json.ts';
import { renderJunit } from '../../harness/reporters/junit.ts';
import { renderMarkdown } from '../../harness/reporters/markdown.ts';
import { renderSarif } from '../../harness/reporters/sarif.ts';
import { toolRows } from '../../harness/reporters/tool-view.ts';
import { summarise } from '../../harness/run/surface.ts';
import { catalog } from '../fixtures/reports/sample.ts';
import { makeCall, makeObservation, runCheckOn } from '../helpers/check-tester.ts';

const schema = { type: 'object' };
/** A listing with a well-formed tool, a string tool named "123", and one tool per kind of non-string name. */
const listed = [
  { name: 'ok', inputSchema: schema },
  { name: '123', inputSchema: schema },
  { name: 123, inputSchema: schema },
  { name: true, inputSchema: schema, annotations: { readOnlyHint: 'yes' } },
  { name: null, inputSchema: schema },
  { name: { a: 1 }, inputSchema: schema },
  { name: ['<i>x</i>'], inputSchema: schema },
  { inputSchema: schema },
] as unknown as ListedTool[];
const LABELS = ['123', 'true', 'null', '{"a":1}', '["<i>x</i>"]', '(no name)'];

describe('toolLabel', () => {
  it('is a string name itself, else its JSON text, (no name) when absent', () => {
    expect(['ok', '', 123, true, false, null, { a: 1 }, ['<i>x</i>'], undefined].map(toolLabel)).toEqual(['ok', '', '123', 'true', 'false', 'null', '{"a":1}', '["<i>x</i>"]', '(no name)']);
  });

  it('cuts a long JSON text at the server-text budget', () => {
    const label = toolLabel({ a: 'x'.repeat(500) });
    expect(label.startsWith('{"a":"xxx')).toBe(true);
    expect(label.endsWith('… (508 characters)')).toBe(true);
  });
});

describe('a listed tool whose name is not a string', () => {
  const observation = makeObservation({ tools: listed, calls: [makeCall('ok', { result: { content: [] } }), makeCall('123', { result: { content: [] } })] });
  const findings = [...runCheckOn(advertisedShape, observation), ...runCheckOn(annotations, observation)];
  const surface = summarise(observation);
  const report = buildReport({ harnessVersion: '0', startedAt: new Date(0), durationMs: 1, surfaces: [surface], findings, skipped: [] });
  const ctx = { showValues: false, catalog };

  it('is a report row named by its JSON text, apart from the string tool "123" (which keeps its call)', () => {
    expect(surface.tools.map((t) => t.name)).toEqual(['ok', '123', ...LABELS]);
    expect(surface.tools.map((t) => t.calls.length)).toEqual([1, 1, 0, 0, 0, 0, 0, 0]);
  });

  it('draws a tools/advertised-shape error at /name naming it; every finding names a tool by a string', () => {
    const names = findings.filter((f) => f.check === 'tools/advertised-shape' && f.pointer === '/name');
    expect(names.map((f) => [f.tool, f.severity, f.message])).toEqual(LABELS.map((l) => [l, 'error', `${l}: /name is not a non-empty string.`]));
    expect(findings.find((f) => f.check === 'tools/annotations')).toMatchObject({ tool: 'true', message: 'Tool true: annotations.readOnlyHint must be a boolean.' });
    expect(findings.every((f) => typeof f.tool === 'string')).toBe(true);
  });

  it('gets a tool row of its own in the Markdown and HTML views', () => {
    // a finding names a tool by text, so the string tool "123" also counts the malformed 123's /name error (a listing with both is left as is)
    expect(toolRows(report).map((r) => [r.tool, r.verdict, r.calls])).toEqual([
      ['(no name)', 'not called', 0],
      ['123', 'findings', 1],
      ['123', 'not called', 0],
      ['["<i>x</i>"]', 'not called', 0],
      ['null', 'not called', 0],
      ['ok', 'passed', 1],
      ['true', 'not called', 0],
      ['{"a":1}', 'not called', 0],
    ]);
  });

  it('is rendered by every reporter, escaped where the format needs it', () => {
    const md = renderMarkdown(report, ctx);
    const html = renderHtml(report, ctx);
    for (const label of ['123', 'true', 'null', '(no name)']) expect(md).toContain(label);
    expect(html).toContain('[&quot;&lt;i&gt;x&lt;/i&gt;&quot;]');
    expect(html).toContain('{&quot;a&quot;:1}');
    expect(html).not.toContain('<i>x</i>');
    expect(JSON.parse(renderJson(report, ctx)).surfaces[0].tools.map((t: { name: unknown }) => t.name)).toEqual(['ok', '123', ...LABELS]);
    expect(JSON.parse(renderSarif(report, ctx)).runs[0].results.length).toBe(report.findings.length);
    expect(() => new XMLParser().parse(renderJunit(report, ctx))).not.toThrow();
    const console = renderConsole(report, { ...ctx, color: false });
    expect(console).toContain('tools/advertised-shape on 6 tools (6 findings): (no name), 123, ["<i>x</i>"], null, true, {"a":1}');
    // the tool `true`'s second finding says something else: an entry of its own, never folded into the group above
    expect(console).toContain('true: /annotations/readOnlyHint is not a boolean.');
  });

  it('reads as its JSON text in a message placeholder', () => {
    expect(formatMessage(advertisedShape.meta, 'fieldType', { tool: { a: 1 } as never, field: '/name', what: 'a non-empty string' })).toBe('{"a":1}: /name is not a non-empty string.');
  });
});

describe('a lock of a listing with non-string names', () => {
  const negotiation = { era: 'legacy', protocolVersion: '2025-11-25', offeredVersion: '2025-11-25', serverInfo: { name: 'demo', version: '1' }, probe: { outcome: 'other-error', durationMs: 1, restarted: false } } as const;

  it('leaves those tools out, naming each with where and why', () => {
    const { kept, left } = lockableTools([...listed, { name: 'titled', title: 5, inputSchema: schema } as unknown as ListedTool]);
    expect(kept.map((t) => t.name)).toEqual(['ok', '123']);
    expect(left.map((l) => [l.tool, l.index, l.reason.split(':')[0]])).toEqual([...LABELS.map((l, i) => [l, i + 2, 'name']), ['titled', 8, 'title']]);
  });

  it('is read back by readLock (diff), never with a non-string name', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'd2-lock-'));
    try {
      const file = join(dir, 'lock.json');
      await writeLock(file, buildLock(negotiation, listed));
      const contract = await readLock(file);
      expect(contract.tools.map((t) => t.name)).toEqual(['123', 'ok']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
