/**
 * One behaviour repeated over many tools reads as one entry (issue 9 §4), through the real CLI: three
 * tools whose names carry '.' draw the same tools/name warning; the console, report.md and report.html
 * show it once with the tool list and a count, report.json keeps one finding per tool (baselines stay
 * stable). Markdown is escaped with backslashes, never HTML entities; both views list every tool.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const TOOLS = ['alpha.one', 'beta.two', 'gamma.three'].map((name) => ({ name, description: `it's ${name}`, inputSchema: { type: 'object' } }));
let run: CliRun;

beforeAll(async () => {
  run = await runCli(['run', '--reporter', 'console,markdown,html', '--', process.execPath, join(SERVERS, 'fixture-server.mjs'), `--tools=${JSON.stringify(TOOLS)}`]);
});
afterAll(() => cleanup(run));

const dotted = (f: { check: string; messageId?: string; tool?: string }) => f.check === 'tools/name' && f.messageId !== undefined && f.tool?.includes('.');

describe('repeated findings are grouped for reading, kept apart in the JSON', () => {
  it('report.json keeps one finding per tool', () => {
    const findings = reportOf(run).findings.filter(dotted);
    expect(findings.map((f) => f.tool).sort()).toEqual(['alpha.one', 'beta.two', 'gamma.three']);
    expect(new Set(findings.map((f) => f.messageId)).size).toBe(1);
  });

  it('the console shows the behaviour once, with the tool list and a count', () => {
    const lines = run.stdout.split('\n').filter((l) => l.includes('tools/name'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/tools\/name on 3 tools \(3 findings\): alpha\.one, beta\.two, gamma\.three/);
  });

  it('report.md has one row for it, Markdown-escaped, and a per-tool view', () => {
    const md = readFileSync(join(run.reportDir, 'report.md'), 'utf8');
    const section = md.slice(md.indexOf('#### [tools/name]'));
    const rows = section.slice(0, section.indexOf('\n####', 1) === -1 ? undefined : section.indexOf('\n####', 1)).split('\n').filter((l) => l.startsWith('| warning'));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('alpha.one, beta.two, gamma.three (3 tools, 3 findings)');
    expect(md).not.toMatch(/&#39;|&amp;|&lt;|&quot;/);
    expect(md).toContain('## Tools');
    expect(md).toMatch(/\| gamma\.three \| 0 \| not called \| .+ \|/);
  });

  it('report.html has one row for it and a per-tool view', () => {
    const html = readFileSync(join(run.reportDir, 'report.html'), 'utf8');
    const groups = html.slice(html.indexOf('<section id="findings">'), html.indexOf('<section id="tools">')).split('<div class="check-group">');
    const names = groups.find((g) => g.includes('>tools/name</a></h3>')) ?? '';
    const rows = names.split('<tr class="finding"').slice(1);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toContain('alpha.one, beta.two, gamma.three <span class="count-note">(3 tools, 3 findings)</span>');
    expect(html).toContain('<section id="tools">');
  });
});
