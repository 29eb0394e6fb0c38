import { describe, expect, it } from 'vitest';
import { XMLParser } from 'fast-xml-parser';
import { XmlDocument } from 'libxml2-wasm';
import { renderJson } from '../../harness/reporters/json.ts';
import { renderJunit } from '../../harness/reporters/junit.ts';
import { MARKDOWN_MAX_BYTES, renderMarkdown } from '../../harness/reporters/markdown.ts';
import { renderConsole } from '../../harness/reporters/console.ts';
import { renderHtml } from '../../harness/reporters/html.ts';
import { sarifLog, renderSarif, sarifMessageText } from '../../harness/reporters/sarif.ts';
import { escapeMarkdown, noCiCommand, oneLine, safeText } from '../../harness/reporters/text.ts';
import { AWKWARD_MESSAGE, AWKWARD_SURFACE, AWKWARD_TOOL, awkwardReport } from '../fixtures/reports/awkward.ts';
import { catalog } from '../fixtures/reports/sample.ts';
import { junitXsdErrors, sarifSchemaErrors } from './validate.ts';

const ctx = { showValues: false, catalog };
const report = awkwardReport();

describe('safeText', () => {
  it('replaces forbidden XML characters deterministically with \\uXXXX text', () => {
    expect(safeText('a\u0000b\u0001\u001f\r\ud800x\udfffc\uFFFE')).toBe('a\\u0000b\\u0001\\u001F\\u000D\\uD800x\\uDFFFc\\uFFFE');
    expect(safeText('pair:\ud83d\ude00')).toBe('pair:😀');
    expect(safeText('tab\tlf\n😀')).toBe('tab\tlf\n😀');
    // DEL and C1 controls (U+009B is a terminal CSI) are escaped too; U+00A0 and above are kept
    expect(safeText('a\u007Fb\u0080c\u009B[2Jd\u009Fe\u00A0é')).toBe('a\\u007Fb\\u0080c\\u009B[2Jd\\u009Fe\u00A0é');
    expect(oneLine('a\tb\nc')).toBe('a b c');
  });

  it('escapes the right-to-left override and the other bidirectional controls', () => {
    expect(safeText('safe\u202Etxt.exe')).toBe('safe\\u202Etxt.exe');
    expect(safeText('\u061C\u200E\u200F\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069')).toBe('\\u061C\\u200E\\u200F\\u202A\\u202B\\u202C\\u202D\\u2066\\u2067\\u2068\\u2069');
    expect(escapeMarkdown('a\u202Eb')).toBe('a\\\\u202Eb');
  });

  it('markdown: an @ is followed by an empty comment, so GitHub mentions nobody; text without @ is unchanged', () => {
    expect(escapeMarkdown('ping @everyone and @org/team')).toBe('ping @<!-- -->everyone and @<!-- -->org/team');
    expect(escapeMarkdown('ping everyone (v1.2)')).toBe('ping everyone (v1.2)');
  });

  it('markdown: no server text becomes a GitHub autolink: every :// and www. is split by an empty comment', () => {
    expect(escapeMarkdown('https://evil.example/x, HTTP://a.b, ftp://c, WWW.evil.example and www.x.y')).toBe('https:<!-- -->//evil.example/x, HTTP:<!-- -->//a.b, ftp:<!-- -->//c, WWW<!-- -->.evil.example and www<!-- -->.x.y');
    expect(escapeMarkdown('a: b, www, /inputSchema/x')).toBe('a: b, www, /inputSchema/x');
  });

  it('markdown: every $ is inside span tags, so GitHub renders no $...$ or $$...$$ math from server text (hostile5)', () => {
    // a tool named `$\color{red}{\text{FAKE}}$_$$x$$` reached report.md with its dollars as written: GitHub's MathJax
    // renders both pairs (issues, PRs, Markdown files); `\$` does not reliably stop it, span tags do (GitHub's docs)
    const name = 't0_$\\color{red}{\\text{FAKE}}$_$$x$$ costs $5';
    const escaped = escapeMarkdown(name);
    expect(escaped.replace(/<span>\$<\/span>/g, '')).not.toContain('$');
    expect(escaped.match(/<span>\$<\/span>/g)).toHaveLength(7);
    expect(escapeMarkdown('no dollars (v1.2)')).toBe('no dollars (v1.2)');
    const text = renderMarkdown({ ...report, findings: report.findings.map((f) => ({ ...f, tool: name, message: `${name}: bad` })) }, ctx);
    expect(text.replace(/<span>\$<\/span>/g, '')).not.toContain('$');
  });

  it('one line carries no CI runner command: a leading colon, and the first # of ##[, ##vso[, ##teamcity[ (hostile4)', () => {
    expect(oneLine('::error file=README.md,line=1::forged')).toBe('\\u003A:error file=README.md,line=1::forged');
    expect(oneLine(' \t\u00A0::add-mask::x')).toBe('  \u00A0\\u003A:add-mask::x');
    expect(oneLine('a ##vso[task.prependpath]/x ##VSO[y] ##[group]g ###teamcity[z]')).toBe('a \\u0023#vso[task.prependpath]/x \\u0023#VSO[y] \\u0023#[group]g #\\u0023#teamcity[z]');
    // elsewhere colons and hashes stay: mid-line `::` is no command, nor `#` without `##[`
    expect(oneLine('tool a::b, C# ## [x] #vso[')).toBe('tool a::b, C# ## [x] #vso[');
    expect(noCiCommand('  :x')).toBe('  \\u003Ax');
  });

  it('escapes the line and paragraph separators U+2028, U+2029 like the other line breaks but LF', () => {
    expect(oneLine('a\u2028b\u2029c\u0085d\re')).toBe('a\\u2028b\\u2029c\\u0085d\\u000De');
    expect(safeText('\u2027\u202F')).toBe('\u2027\u202F');
  });
});

describe('awkward strings survive every format', () => {
  it('json: exact round trip, including lone surrogates and control characters', () => {
    const parsed = JSON.parse(renderJson(report, ctx));
    expect(parsed.findings[0].message).toBe(AWKWARD_MESSAGE);
    expect(parsed.surfaces[0].name).toBe(AWKWARD_SURFACE);
  });

  it('sarif: displayed texts escaped like the other formats, properties exact, still schema-valid', () => {
    const text = renderSarif(report, ctx);
    const log = JSON.parse(text);
    expect(sarifSchemaErrors(log)).toEqual([]);
    // SARIF 2.1.0 §3.11.6: `[text](target)` in a plain-text message is an embedded link; literal brackets are `\[`, `\]`
    expect(log.runs[0].results[0].message.text).toBe(safeText(AWKWARD_MESSAGE).replace(/[\\[\]]/g, '\\$&'));
    expect(log.runs[0].results[0].message.text).toContain('\\[l\\](u)');
    expect(log.runs[0].results[0].locations[0].logicalLocations[0].fullyQualifiedName).toBe(safeText(`${AWKWARD_SURFACE}/${AWKWARD_TOOL}`));
    expect(log.runs[0].results[0].properties.tool).toBe(AWKWARD_TOOL);
    expect(sarifLog(report, ctx).runs[0].results?.[1].message.text).toBe(safeText(AWKWARD_MESSAGE).replace(/[\\[\]]/g, '\\$&'));
  });

  it('sarif: a backslash before a bracket is escaped too, so no viewer reads an escaped backslash and then a link (review 28)', () => {
    expect(sarifMessageText('Tool t\\[x\\](javascript:alert(1)): bad name')).toBe('Tool t\\\\\\[x\\\\\\](javascript:alert(1)): bad name');
    // with every escape pair taken out, no bracket is left to open a link
    expect(sarifMessageText('a\\[b\\](c) [d](e)').replace(/\\./g, '')).not.toMatch(/[[\]]/);
  });

  it('junit: well-formed, XSD-valid, message recovered as safeText', () => {
    const xml = renderJunit(report, ctx);
    expect(junitXsdErrors(xml)).toEqual([]);
    const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, parseAttributeValue: false, trimValues: false, isArray: (n) => ['testsuite', 'testcase'].includes(n) });
    const doc = parser.parse(xml);
    const suite = doc.testsuites.testsuite[0];
    expect(suite['@name']).toBe(AWKWARD_SURFACE);
    const cases = suite.testcase as { '@name': string; failure?: { '#text': string; '@message': string }; 'system-out'?: string }[];
    const failing = cases.find((c) => c.failure);
    expect(failing?.['@name']).toBe(AWKWARD_TOOL);
    expect(failing?.failure?.['@message']).toBe(oneLine(AWKWARD_MESSAGE));
    expect(failing?.failure?.['#text']).toContain(safeText(AWKWARD_MESSAGE));
    expect(cases.find((c) => c['system-out'])?.['system-out']).toContain(safeText(AWKWARD_MESSAGE));
  });

  it('junit: text shaped like an entity reference stays text (xmlbuilder2 passes &name; and &#NNN; through)', () => {
    // hostile review 27: a tool named `t_s3cr3t-Zq&#57;x` reached junit.xml as written, so every JUnit reader decoded
    // the secret `s3cr3t-Zq9x` the env mask had not recognised, `&lt;b&gt;` as markup, and `&foo;` or `&#0;` left the
    // file not well-formed (the CI test publisher lost the report)
    const text = 'key s3cr3t-Zq&#57;x &lt;b&gt; &foo; &#0; &#x41; &amp; & end';
    const tool = 't&#57;&foo;&lt;';
    const entity = { ...report, surfaces: report.surfaces.map((s) => ({ ...s, tools: [{ name: tool, calls: [] }] })), findings: report.findings.map((f) => ({ ...f, tool, message: text })) };
    const xml = renderJunit(entity, ctx);
    expect(xml.match(/&[^;\s]*;?/g)?.filter((ref) => !['&amp;', '&lt;', '&gt;', '&quot;', '&apos;'].includes(ref))).toEqual([]);
    expect(junitXsdErrors(xml)).toEqual([]);
    const doc = XmlDocument.fromString(xml);
    try {
      expect(doc.find('//testcase/@name').map((n) => n.content)).toContain(tool);
      expect(doc.get('//failure/@message')?.content).toBe(text);
      expect(doc.get('//failure')?.content).toContain(text);
    } finally {
      doc.dispose();
    }
  });

  it('markdown: the message is escaped into one table row', () => {
    const text = renderMarkdown(report, ctx);
    expect(text).toContain(escapeMarkdown(AWKWARD_MESSAGE));
    expect(text).not.toContain('</script>');
    expect(text).not.toMatch(/[\u0000-\u0008\u000B-\u001F]/);
    const row = text.split('\n').find((l) => l.includes('double'));
    expect(row?.split(/(?<!\\)\|/).length).toBe(6);
  });

  it('html: no raw markup from the message, embedded JSON escapes <', () => {
    const html = renderHtml(report, ctx);
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<!-- -->');
    const data = /<script type="application\/json" id="report-data">([^<]*)<\/script>/.exec(html);
    expect(JSON.parse(data?.[1] ?? 'null').findings[0].message).toBe(AWKWARD_MESSAGE);
  });

  it('console: no raw control characters reach the terminal', () => {
    const text = renderConsole(report, { ...ctx, color: false });
    expect(text).not.toMatch(/[\u0000-\u0008\u000B-\u001F]/);
    expect(text).toContain(oneLine(AWKWARD_MESSAGE));
  });

  it('console: a check ID and harness version read back from a report file (merge) are escaped too; ordinary ones kept', () => {
    const forged = { ...report, harnessVersion: '1.0\u001b]0;pwned\u0007', findings: report.findings.map((f) => ({ ...f, check: 'x/y\u001b[2J\nerror   forged' })) };
    const text = renderConsole(forged, { ...ctx, color: false });
    expect(text).not.toMatch(/[\u0000-\u0008\u000B-\u001F]/);
    expect(text).toContain('mcp-harness 1.0\\u001B]0;pwned\\u0007');
    expect(text).toContain('x/y\\u001B[2J error   forged');
    expect(renderConsole(report, { ...ctx, color: false })).toContain(` ${report.findings[0].check}`);
  });
});

describe('a server-chosen pointer of 1 MiB (a property name that long; hostile review hostile4)', () => {
  const key = 'k'.repeat(1 << 20);
  const long = awkwardReport();
  long.findings = [
    { ...long.findings[0], pointer: `/inputSchema/properties/${key}` },
    { ...long.findings[1], tool: 'other', pointer: `/inputSchema/properties/${key}x` },
  ];

  it('markdown and the HTML table cut it at the server-text budget, as they cut the tool; report.json keeps it whole', () => {
    const md = renderMarkdown(long, ctx);
    // before, each row held the whole pointer: report.md past GitHub's 1 MiB $GITHUB_STEP_SUMMARY limit, the summary lost
    expect(md.length).toBeLessThan(100_000);
    expect(md).toContain('… (1048600 characters)');
    const html = renderHtml(long, ctx);
    const table = html.slice(0, html.indexOf('<script type="application/json"'));
    expect(table.length).toBeLessThan(100_000);
    expect(table).toContain('… (1048600 characters)');
    expect(JSON.parse(renderJson(long, ctx)).findings.map((f: { pointer: string }) => f.pointer.length)).toContain(1048600);
  });
});

describe('a server with 100,000 tools, or as many findings (hostile review hostile5)', () => {
  const many = awkwardReport();
  const tools = Array.from({ length: 100_000 }, (_, i) => ({ name: `tool_${i}_${'n'.repeat(20)}`, calls: [] }));
  many.surfaces = many.surfaces.map((s) => ({ ...s, tools }));

  it('markdown: report.md stays under the 1 MiB a GitHub step summary accepts, saying how many tool rows it left out', () => {
    // before, one row per tool: 3.2 MB for 100,000 tools, and GitHub dropped the run's whole summary
    const text = renderMarkdown(many, ctx);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MARKDOWN_MAX_BYTES);
    expect(text).toContain('## Findings');
    expect(text).toContain(escapeMarkdown(AWKWARD_MESSAGE));
    expect(text).toMatch(/_\d+ more tools not shown: report\.md stays under the 1 MiB/);
    expect(text).toContain('| tool\\_0\\_');
    // the same report, the same rows
    expect(renderMarkdown(many, ctx)).toBe(text);
  });

  it('markdown: finding rows go first; past the budget they are counted, and the tools section keeps its heading', () => {
    const findings = Array.from({ length: 50_000 }, (_, i) => ({ ...many.findings[0], tool: `tool_${i}`, message: `Tool tool_${i}: distinct ${i} ${'m'.repeat(40)}` }));
    const text = renderMarkdown({ ...many, findings }, ctx);
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MARKDOWN_MAX_BYTES);
    expect(text).toMatch(/_\d+ more finding rows not shown/);
    expect(text).toContain('## Tools');
  });

  it('markdown: a report that fits is unchanged (no note)', () => {
    expect(renderMarkdown(report, ctx)).not.toContain('not shown: report.md stays under');
  });
});
