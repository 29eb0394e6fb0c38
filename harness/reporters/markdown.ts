/**
 * The `markdown` reporter (`report.md`), also fit for a GitHub step summary
 * (`$GITHUB_STEP_SUMMARY`): headings, a summary table, a surfaces table, and findings grouped by
 * surface then check. Every report string is escaped (pipes, backticks, HTML; see text.ts).
 * Evidence is never shown here, whatever `showValues` says.
 */
import type { Finding, Report } from '../model/report.ts';
import { groupBy } from './group.ts';
import { checkDocsUrl } from './links.ts';
import { escapeMarkdown as md, formatDuration } from './text.ts';
import type { FileReporter, ReporterContext } from './types.ts';

function row(cells: readonly (string | number)[]): string {
  return `| ${cells.join(' | ')} |`;
}

function summaryTable(report: Report): string[] {
  const { summary } = report;
  return [
    '| Surfaces | Tools | Calls | Errors | Warnings | Info | Duration |',
    '|---:|---:|---:|---:|---:|---:|---:|',
    row([summary.surfaces, summary.tools, summary.calls, summary.findings.error, summary.findings.warning, summary.findings.info, formatDuration(report.durationMs)]),
  ];
}

function surfacesTable(report: Report): string[] {
  if (report.surfaces.length === 0) return ['_No surfaces._'];
  const lines = ['| Surface | Status | Era | Protocol | Tools | Calls | Duration |', '|---|---|---|---|---:|---:|---:|'];
  for (const s of report.surfaces) {
    const calls = s.tools.reduce((n, t) => n + t.calls.length, 0);
    lines.push(row([md(s.name), s.status, s.era ?? '-', md(s.protocolVersion ?? '-'), s.tools.length, calls, formatDuration(s.durationMs)]));
  }
  return lines;
}

function findingRow(f: Finding): string {
  const mark = f.baselined ? ' (baselined)' : '';
  // the server's last stderr lines (boot failures, timeouts), escaped like every report string
  const stderr = f.stderr?.length ? `<br>server stderr (last lines):<br>${f.stderr.map((l) => `&gt; ${md(l)}`).join('<br>')}` : '';
  return row([`${f.severity}${mark}`, md(f.tool ?? '(surface)'), md(f.pointer ?? ''), `${md(f.message)}${stderr}`]);
}

function findingsSection(report: Report, ctx: ReporterContext): string[] {
  if (report.findings.length === 0) return ['No findings.'];
  const lines: string[] = [];
  for (const [surface, bySurface] of groupBy(report.findings, (f) => f.surface)) {
    lines.push(`### Surface ${md(surface)}`, '');
    for (const [check, findings] of groupBy(bySurface, (f) => f.check)) {
      lines.push(`#### [${md(check)}](${checkDocsUrl(check, ctx)})`, '', '| Severity | Tool | Pointer | Message |', '|---|---|---|---|');
      lines.push(...findings.map(findingRow), '');
    }
  }
  return lines;
}

/** Render the Markdown report (ends with a newline). Pure. */
export function renderMarkdown(report: Report, ctx: ReporterContext): string {
  const notes: string[] = [];
  if (report.shard) notes.push(`Shard ${report.shard.index}/${report.shard.total}.`);
  if (report.interrupted) notes.push('**The run was interrupted: this report is partial.**');
  const lines = [
    '# mcp-harness report',
    '',
    `mcp-harness ${md(report.harnessVersion)}, started ${md(report.startedAt)}.${notes.length ? ` ${notes.join(' ')}` : ''}`,
    '',
    '## Summary',
    '',
    ...summaryTable(report),
    '',
    '## Surfaces',
    '',
    ...surfacesTable(report),
    '',
    '## Findings',
    '',
    ...findingsSection(report, ctx),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Registry entry: `report.md`, env `MCP_HARNESS_MARKDOWN_FILE`. */
export const markdownReporter: FileReporter = {
  kind: 'file',
  name: 'markdown',
  fileName: 'report.md',
  envVar: 'MCP_HARNESS_MARKDOWN_FILE',
  render: renderMarkdown,
};
