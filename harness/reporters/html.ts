/**
 * The `html` reporter (`report.html`): one self-contained page (inline CSS and JS, no network):
 * summary counts, a surfaces table, findings grouped by check (one row per behaviour: the same
 * messageId on several tools is one row listing them, with a count), a filter (text box + severity
 * toggles) and a per-tool view (passed, findings, never succeeded, not called and why). Every string is HTML-escaped (text.ts); the report JSON is embedded in a
 * `<script type="application/json">` with `<` written as `\u003c`, so `</script>` or `<!--` in a
 * message cannot end the script. Evidence is shown only with `showValues`.
 */
import { stripValues } from '../report/build.ts';
import type { Finding, Report } from '../model/report.ts';
import { boundServerText } from '../model/text-budget.ts';
import { groupBy, groupRepeated, plural, type FindingGroup } from './group.ts';
import { HTML_SCRIPT, HTML_STYLE } from './html-assets.ts';
import { liveCounts } from './counts.ts';
import { checkDocsUrl } from './links.ts';
import { escapeHtml as h, formatDuration } from './text.ts';
import { toolRows } from './tool-view.ts';
import type { FileReporter, ReporterContext } from './types.ts';

/**
 * JSON for embedding in a `<script>` element: `<`, U+2028, U+2029 and the bidirectional controls
 * (U+061C, U+200E, U+200F, U+202A-U+202E, U+2066-U+2069) written as `\uXXXX` escapes, so the page source
 * shows no reordered text and parses to the exact same value.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/[<\u2028\u2029\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** The count cards; with a baseline, the severity cards count the findings it did not accept and a card counts the rest (./counts.ts). */
function counts(report: Report): string {
  const { summary } = report;
  const { live, baselined } = liveCounts(report.findings);
  // the card reads as text too (screen readers, textContent): "1 surface", "2 errors"
  const box = (cls: string, n: number, singular: string, pluralForm = `${singular}s`) =>
    `<div class="count ${cls}" data-count="${cls}"><span class="n">${n}</span> ${n === 1 ? singular : pluralForm}</div>`;
  return `<section id="summary" class="counts">${[
    box('surfaces', summary.surfaces, 'surface'),
    box('tools', summary.tools, 'tool'),
    box('calls', summary.calls, 'call'),
    box('error', live.error, 'error'),
    box('warning', live.warning, 'warning'),
    box('info', live.info, 'info', 'info'),
    ...(baselined > 0 ? [box('baselined', baselined, 'baselined', 'baselined')] : []),
  ].join('')}</section>`;
}

function surfacesTable(report: Report): string {
  const rows = report.surfaces.map((s) => {
    const calls = s.tools.reduce((n, t) => n + t.calls.length, 0);
    const cells = [s.name, s.status, s.era ?? '-', s.protocolVersion ?? '-', String(s.tools.length), String(calls), formatDuration(s.durationMs)];
    return `<tr>${cells.map((c) => `<td>${h(c)}</td>`).join('')}</tr>`;
  });
  const head = ['Surface', 'Status', 'Era', 'Protocol', 'Tools', 'Calls', 'Duration'].map((c) => `<th>${c}</th>`).join('');
  return `<section id="surfaces"><h2>Surfaces</h2><table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table></section>`;
}

/** One row per behaviour: the same check and messageId on several tools is one row naming them, with the count. */
function findingRow(group: FindingGroup<Finding>, showValues: boolean): string {
  const f = group.first;
  const many = group.tools.length > 1;
  const mark = f.baselined ? ' (baselined)' : '';
  const evidences = group.findings.filter((x) => x.evidence !== undefined).map((x) => x.evidence);
  const shown = evidences.length === 0 ? undefined : many ? evidences : evidences[0];
  const evidence = showValues && shown !== undefined ? `<td><pre class="evidence">${h(JSON.stringify(shown, null, 2) ?? '')}</pre></td>` : showValues ? '<td></td>' : '';
  const tools = many ? `${h(group.tools.map((t) => boundServerText(t)).join(', '))} <span class="count-note">(${plural(group.tools.length, 'tool')}, ${plural(group.findings.length, 'finding')})</span>` : h(boundServerText(f.tool ?? '(surface)'));
  const pointers = new Set(group.findings.map((x) => x.pointer ?? ''));
  // bounded like the tool: a pointer holds server-chosen keys (a 1 MiB property name; hostile4)
  const pointer = pointers.size === 1 ? h(boundServerText(f.pointer ?? '')) : 'per tool';
  const message = `${h(f.message)}${many ? ' <em>(the same on every tool listed)</em>' : ''}`;
  return `<tr class="finding" data-severity="${f.severity}" data-check="${h(f.check)}"><td class="sev ${f.severity}">${f.severity}${mark}</td><td>${h(f.surface)}</td><td>${tools}</td><td><code>${pointer}</code></td><td class="message">${message}</td>${evidence}</tr>`;
}

function findingsSection(report: Report, ctx: ReporterContext): string {
  const groups = [...groupBy(report.findings, (f) => f.check)].map(([check, byCheck]) => {
    const head = `<tr><th>Severity</th><th>Surface</th><th>Tool</th><th>Pointer</th><th>Message</th>${ctx.showValues ? '<th>Evidence</th>' : ''}</tr>`;
    const rows = groupRepeated(byCheck).map((g) => findingRow(g, ctx.showValues)).join('');
    return `<div class="check-group"><h3><a href="${h(checkDocsUrl(check, ctx))}">${h(check)}</a></h3><table><thead>${head}</thead><tbody>${rows}</tbody></table></div>`;
  });
  const toggles = ['error', 'warning', 'info'].map((s) => `<label><input type="checkbox" class="sev-toggle" value="${s}" checked> ${s}</label>`).join(' ');
  const filters = `<div id="filters"><input id="filter-text" type="search" placeholder="Filter findings (check, tool, pointer, message)" aria-label="Filter findings"> ${toggles} <span id="shown-count"></span></div>`;
  const empty = report.findings.length === 0 ? '<p id="no-findings">No findings.</p>' : '';
  return `<section id="findings"><h2>Findings</h2>${filters}${empty}${groups.join('')}</section>`;
}

/** The per-tool view: every tool of every surface, passed, with findings, never succeeded (how its calls ended), or not called and why. */
function toolsSection(report: Report): string {
  const rows = toolRows(report).map((r) => {
    const note = r.verdict === 'findings' ? `${plural(r.errors, 'error')}, ${plural(r.warnings, 'warning')}` : (r.reason ?? '');
    const cls = r.verdict === 'passed' ? 'passed' : r.verdict === 'findings' ? 'failed' : r.verdict === 'baselined' ? 'baselined' : r.verdict === 'never succeeded' || r.verdict === 'interrupted' ? 'unproven' : 'uncalled';
    return `<tr class="tool ${cls}"><td>${h(r.surface)}</td><td>${h(boundServerText(r.tool))}</td><td>${r.calls}</td><td>${r.verdict}</td><td class="message">${h(note)}</td></tr>`;
  });
  const head = ['Surface', 'Tool', 'Calls', 'Verdict', 'Notes'].map((c) => `<th>${c}</th>`).join('');
  const body = rows.length === 0 ? '<p>No tools were listed.</p>' : `<table><thead><tr>${head}</tr></thead><tbody>${rows.join('')}</tbody></table>`;
  return `<section id="tools"><h2>Tools</h2>${body}</section>`;
}

/** Render the HTML page. Pure. */
export function renderHtml(input: Report, ctx: ReporterContext): string {
  const report = stripValues(input, ctx.showValues);
  const meta = `mcp-harness ${h(report.harnessVersion)} · started ${h(report.startedAt)} · ${h(formatDuration(report.durationMs))}${report.interrupted ? ' · <strong>interrupted: partial report</strong>' : ''}`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>mcp-harness report</title>
<style>${HTML_STYLE}</style>
</head>
<body>
<header><h1>mcp-harness report</h1><p class="meta">${meta}</p></header>
${counts(report)}
${surfacesTable(report)}
${findingsSection(report, ctx)}
${toolsSection(report)}
<script type="application/json" id="report-data">${scriptJson(report)}</script>
<script>${HTML_SCRIPT}</script>
</body>
</html>
`;
}

/** Registry entry: `report.html`, env `MCP_HARNESS_HTML_FILE`. */
export const htmlReporter: FileReporter = {
  kind: 'file',
  name: 'html',
  fileName: 'report.html',
  envVar: 'MCP_HARNESS_HTML_FILE',
  // the marker of its own output (its doctype and title): an earlier run's file is removed only when it carries it (./stale.ts)
  ownsFile: (head) => head.startsWith('<!doctype html>') && head.includes('<title>mcp-harness report</title>'),
  render: renderHtml,
};
