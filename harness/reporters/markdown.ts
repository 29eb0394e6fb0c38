/**
 * The `markdown` reporter (`report.md`), also fit for a GitHub step summary
 * (`$GITHUB_STEP_SUMMARY`): headings, a summary table, a surfaces table, and findings grouped by
 * surface then check (one row per behaviour: the same check and messageId on several tools is one row
 * listing them, with a count), and a per-tool view (passed, findings, never succeeded, not called and why). Every report string is escaped with Markdown backslash escapes, never HTML entities (see text.ts).
 * Evidence is never shown here, whatever `showValues` says.
 */
import type { Finding, Report } from '../model/report.ts';
import { boundServerText } from '../model/text-budget.ts';
import { groupBy, groupRepeated, nameList, plural, type FindingGroup } from './group.ts';
import { liveCounts } from './counts.ts';
import { checkDocsUrl } from './links.ts';
import { escapeMarkdown as md, formatDuration } from './text.ts';
import { toolRows, verdictCounts } from './tool-view.ts';
import type { FileReporter, ReporterContext } from './types.ts';

function row(cells: readonly (string | number)[]): string {
  return `| ${cells.join(' | ')} |`;
}

/**
 * The most bytes (UTF-8) report.md holds. GitHub accepts at most 1 MiB (1,048,576 bytes) in `$GITHUB_STEP_SUMMARY` and
 * drops the whole summary past it; the rows a server sizes (one per tool, one per finding) made a surface of 100,000
 * tools write a 3.2 MB report.md (hostile review hostile5), so the summary of every surface of the run was lost. What
 * is not the rows (title, summary, surfaces table, headings, notes) is sized by the config, not the server.
 */
export const MARKDOWN_MAX_BYTES = 1_000_000;

/** Bytes kept back for what follows the rows (headings, the notes saying rows were left out). */
const MARKDOWN_RESERVE_BYTES = 64 * 1024;

/** The byte budget the finding and tool rows share, in the order they are written (findings first). */
interface RowBudget {
  /** Bytes the rows may still use. */
  left: number;
}

/**
 * Push `line` when the budget still holds it and return true; otherwise leave it out and return false. Once one row
 * is left out no later row is taken, so what is shown is a prefix in report order, the same for the same report.
 */
function takeRow(lines: string[], line: string, budget: RowBudget): boolean {
  const bytes = Buffer.byteLength(line, 'utf8') + 1;
  if (budget.left < bytes) {
    budget.left = -1;
    return false;
  }
  budget.left -= bytes;
  lines.push(line);
  return true;
}

/** The note under a table that lost rows to the budget. */
function omittedNote(count: number, what: string): string {
  return `_${plural(count, what)} not shown: report.md stays under the 1 MiB a GitHub step summary accepts; report.json and report.html hold them all._`;
}

/**
 * The summary table. With a baseline, Errors, Warnings and Info count the findings it did not accept and a Baselined
 * column counts the rest (./counts.ts; a step summary read "12 errors" on a run that exited 0).
 */
function summaryTable(report: Report): string[] {
  const { summary } = report;
  const { live, baselined } = liveCounts(report.findings);
  if (baselined === 0) {
    return [
      '| Surfaces | Tools | Calls | Errors | Warnings | Info | Duration |',
      '|---:|---:|---:|---:|---:|---:|---:|',
      row([summary.surfaces, summary.tools, summary.calls, live.error, live.warning, live.info, formatDuration(report.durationMs)]),
    ];
  }
  return [
    '| Surfaces | Tools | Calls | Errors | Warnings | Info | Baselined | Duration |',
    '|---:|---:|---:|---:|---:|---:|---:|---:|',
    row([summary.surfaces, summary.tools, summary.calls, live.error, live.warning, live.info, baselined, formatDuration(report.durationMs)]),
    '',
    `Errors, warnings and info count the findings the baseline did not accept; the ${baselined === 1 ? 'one it accepted is' : `${baselined} it accepted are`} listed below, marked (baselined).`,
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

/** One row per behaviour: a group repeated over several tools names them all, with the count. */
function findingRow(group: FindingGroup<Finding>): string {
  const f = group.first;
  const mark = f.baselined ? ' (baselined)' : '';
  // the server's last stderr lines (boot failures, timeouts), escaped like every report string
  const stderr = f.stderr?.length ? `<br>server stderr (last lines):<br>${f.stderr.map((l) => `\\> ${md(l)}`).join('<br>')}` : '';
  if (group.tools.length < 2) return row([`${f.severity}${mark}`, md(boundServerText(f.tool ?? '(surface)')), md(boundServerText(f.pointer ?? '')), `${md(f.message)}${stderr}`]);
  const pointers = new Set(group.findings.map((x) => x.pointer ?? ''));
  const tools = `${md(nameList(group.tools))} (${plural(group.tools.length, 'tool')}, ${plural(group.findings.length, 'finding')})`;
  return row([`${f.severity}${mark}`, tools, pointers.size === 1 ? md(boundServerText(f.pointer ?? '')) : 'per tool', `${md(f.message)} _(the same on every tool listed)_${stderr}`]);
}

function findingsSection(report: Report, ctx: ReporterContext, budget: RowBudget): string[] {
  if (report.findings.length === 0) return ['No findings.'];
  const lines: string[] = [];
  for (const [surface, bySurface] of groupBy(report.findings, (f) => f.surface)) {
    lines.push(`### Surface ${md(surface)}`, '');
    for (const [check, findings] of groupBy(bySurface, (f) => f.check)) {
      lines.push(`#### [${md(check)}](${checkDocsUrl(check, ctx)})`, '', '| Severity | Tool | Pointer | Message |', '|---|---|---|---|');
      let omitted = 0;
      for (const group of groupRepeated(findings)) if (!takeRow(lines, findingRow(group), budget)) omitted += 1; // no spread: a server-sized list overflows the stack
      if (omitted > 0) lines.push('', omittedNote(omitted, 'more finding row'));
      lines.push('');
    }
  }
  return lines;
}

/** Per surface, every tool: passed, drew findings (counts), baselined (its findings accepted), never succeeded (how its calls ended), not called and why, or interrupted (not judged). */
function toolsSection(report: Report, budget: RowBudget): string[] {
  const rows = toolRows(report);
  if (rows.length === 0) return ['_No tools were listed._'];
  const lines: string[] = [];
  for (const [surface, bySurface] of groupBy(rows, (r) => r.surface)) {
    const n = verdictCounts(bySurface);
    lines.push(`### Surface ${md(surface)}: ${n.passed} passed, ${n.findings} with findings, ${n['never succeeded']} never succeeded, ${n['not called']} not called${n.baselined > 0 ? `, ${n.baselined} baselined` : ''}${n.interrupted > 0 ? `, ${n.interrupted} interrupted` : ''}`, '', '| Tool | Calls | Verdict | Notes |', '|---|---:|---|---|');
    let omitted = 0;
    for (const r of bySurface) {
      const note = r.verdict === 'findings' ? `${plural(r.errors, 'error')}, ${plural(r.warnings, 'warning')}` : (r.reason ?? '');
      if (!takeRow(lines, row([md(boundServerText(r.tool)), r.calls, r.verdict, md(note)]), budget)) omitted += 1;
    }
    if (omitted > 0) lines.push('', omittedNote(omitted, 'more tool'));
    lines.push('');
  }
  return lines;
}

/** Render the Markdown report (ends with a newline). Pure. */
export function renderMarkdown(report: Report, ctx: ReporterContext): string {
  const notes: string[] = [];
  if (report.shard) notes.push(`Shard ${report.shard.index}/${report.shard.total}.`);
  if (report.interrupted) notes.push('**The run was interrupted: this report is partial.**');
  const head = [
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
  ];
  // the finding rows, then the tool rows, share what the head leaves of the budget (see MARKDOWN_MAX_BYTES)
  const budget: RowBudget = { left: MARKDOWN_MAX_BYTES - MARKDOWN_RESERVE_BYTES - Buffer.byteLength(head.join('\n'), 'utf8') };
  const lines = [
    ...head,
    '## Findings',
    '',
    ...findingsSection(report, ctx, budget),
    '',
    '## Tools',
    '',
    ...toolsSection(report, budget),
  ];
  return `${lines.join('\n').trimEnd()}\n`;
}

/** Registry entry: `report.md`, env `MCP_HARNESS_MARKDOWN_FILE`. */
export const markdownReporter: FileReporter = {
  kind: 'file',
  name: 'markdown',
  fileName: 'report.md',
  envVar: 'MCP_HARNESS_MARKDOWN_FILE',
  // the marker of its own output (its title line): an earlier run's file is removed only when it carries it (./stale.ts)
  ownsFile: (head) => head.startsWith('# mcp-harness report\n'),
  render: renderMarkdown,
};
