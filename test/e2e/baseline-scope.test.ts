/**
 * A baseline judges only what the run could have found (docs/reports.md §Baseline): a run narrowed by `--tool` or
 * `--check`, or with a check set to `off`, and the merge of shards run with `--tool`, call no entry outside that
 * selection `baseline/stale` (the old harness failed such a CI run with one stale error per unselected tool's or
 * check's entry); an entry inside it whose finding is gone is still stale (exit 1). The server has three tools:
 * alpha and beta with an invalid inputSchema (schema/dialect each), gamma, and a stdout banner (transport/stdout, a
 * finding of no tool); the "fixed" configs give alpha a valid schema, the same surface name keeps the finding ids.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../harness/model/report.ts';
import { cleanup, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const config = (name: string) => `test/e2e/configs/${name}.json`;
const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-baseline-scope-'));
const file = join(dir, 'mcp-harness.baseline.json');
const all: CliRun[] = [];
let created: CliRun;
const runs = {} as Record<'tool' | 'toolFixed' | 'check' | 'checkFixed' | 'off' | 'offClean' | 'merged' | 'mergedFixed', CliRun>;

async function cli(args: readonly string[]): Promise<CliRun> {
  const run = await runCli(args);
  all.push(run);
  return run;
}

/** Both shards of `name` with `--tool alpha,beta`, merged with the baseline. */
async function mergedShards(name: string): Promise<CliRun> {
  const shards = await Promise.all([1, 2].map((k) => cli(['run', '-c', config(name), '--tool', 'alpha,beta', '--shard', `${k}/2`, '--reporter', 'json'])));
  for (const s of shards) expect(s.exitCode, s.stderr).not.toBe(2);
  return cli(['merge', ...shards.map((s) => s.reportDir), '--baseline', file, '--reporter', 'json']);
}

beforeAll(async () => {
  created = await cli(['baseline', '-c', config('baseline-scope'), '--out', file]);
  const run = (name: string, ...args: string[]) => cli(['run', '-c', config(name), '--baseline', file, '--reporter', 'json', ...args]);
  [runs.tool, runs.toolFixed, runs.check, runs.checkFixed] = await Promise.all([
    run('baseline-scope', '--tool', 'alpha'),
    run('baseline-scope-fixed', '--tool', 'alpha'),
    run('baseline-scope', '--check', 'schema/dialect'),
    run('baseline-scope-fixed', '--check', 'schema/dialect'),
  ]);
  [runs.off, runs.offClean] = await Promise.all([run('baseline-scope-off'), run('baseline-scope-off-clean')]);
  [runs.merged, runs.mergedFixed] = await Promise.all([mergedShards('baseline-scope'), mergedShards('baseline-scope-fixed')]);
}, 120_000);

afterAll(() => {
  all.forEach(cleanup);
  rmSync(dir, { recursive: true, force: true });
});

/** The entries (check, tool) a run called stale, sorted. */
function stale(run: CliRun): string[] {
  return reportOf(run).findings.filter((f) => f.check === 'baseline/stale').map((f: Finding) => f.message.replace(/^Baseline entry \w+ \(([^)]*)\).*$/, `$1 ${f.tool ?? '-'}`)).sort();
}

describe('a baseline judges only the run\'s selection', () => {
  it('the baseline holds entries of every tool, of no tool and of several checks', () => {
    expect(created.exitCode, created.stderr).toBe(0);
    const { entries } = JSON.parse(readFileSync(file, 'utf8')) as { entries: { check: string; tool?: string }[] };
    expect([...new Set(entries.map((e) => e.tool ?? '-'))].sort()).toEqual(['-', 'alpha', 'beta', 'gamma']);
    expect(entries.filter((e) => e.check === 'schema/dialect').map((e) => e.tool).sort()).toEqual(['alpha', 'beta']);
    expect(entries.some((e) => e.check === 'transport/stdout' && e.tool === undefined)).toBe(true);
  });

  it('--tool alpha: no other tool\'s entry and no entry of no tool is stale, exit 0', () => {
    expect(runs.tool.exitCode, runs.tool.stderr).toBe(0);
    expect(reportOf(runs.tool).scope).toEqual({ tools: ['alpha'] });
    expect(stale(runs.tool)).toEqual([]);
  });

  it('--tool alpha with alpha fixed: alpha\'s entry alone is stale, exit 1', () => {
    expect(runs.toolFixed.exitCode, runs.toolFixed.stderr).toBe(1);
    expect(stale(runs.toolFixed)).toEqual(['schema/dialect alpha']);
  });

  it('--check schema/dialect: no other check\'s entry is stale, exit 0', () => {
    expect(runs.check.exitCode, runs.check.stderr).toBe(0);
    expect(reportOf(runs.check).scope).toEqual({ checks: ['schema/dialect'], checkFilter: true });
    expect(stale(runs.check)).toEqual([]);
  });

  // a newcomer's walkthrough: under --check result/structured-content an entry of that check whose finding came from
  // errors/classification's probe read stale (that probe was not sent); a --check run cannot tell a fixed finding from
  // one it did not provoke, so it judges no entry stale (ReportScope.checkFilter); a full run does
  it('--check schema/dialect with alpha fixed: no entry is judged stale under --check, exit 0', () => {
    expect(runs.checkFixed.exitCode, runs.checkFixed.stderr).toBe(0);
    expect(stale(runs.checkFixed)).toEqual([]);
  });

  it('a check set to off in the config: its entries are not stale, exit 0', () => {
    expect(runs.off.exitCode, runs.off.stderr).toBe(0);
    expect(reportOf(runs.off).scope?.checks).not.toContain('schema/dialect');
    expect(stale(runs.off)).toEqual([]);
  });

  it('a check set to off, and the banner gone: the banner\'s entry (a check that ran) is stale, exit 1', () => {
    expect(runs.offClean.exitCode, runs.offClean.stderr).toBe(1);
    expect(stale(runs.offClean)).toEqual(['transport/stdout -']);
  });

  it('merge of shards run with --tool alpha,beta: gamma\'s entries and those of no tool are not stale, exit 0', () => {
    expect(runs.merged.exitCode, runs.merged.stderr).toBe(0);
    expect(reportOf(runs.merged).scope).toEqual({ tools: ['alpha', 'beta'] });
    expect(stale(runs.merged)).toEqual([]);
  });

  it('the same merge with alpha fixed: alpha\'s entry alone is stale, exit 1', () => {
    expect(runs.mergedFixed.exitCode, runs.mergedFixed.stderr).toBe(1);
    expect(stale(runs.mergedFixed)).toEqual(['schema/dialect alpha']);
  });

  it('baseline --tool alpha over the full baseline keeps the entries it did not select, and a full run stays green', async () => {
    const narrowedFile = join(dir, 'narrowed.baseline.json');
    copyFileSync(file, narrowedFile);
    const before = (JSON.parse(readFileSync(narrowedFile, 'utf8')) as { entries: { id: string }[] }).entries.map((e) => e.id).sort();
    const narrowed = await cli(['baseline', '-c', config('baseline-scope'), '--tool', 'alpha', '--out', narrowedFile]);
    expect(narrowed.exitCode, narrowed.stderr).toBe(0);
    expect(narrowed.stdout).toMatch(/of what this run did not select kept from the earlier baseline/);
    const after = (JSON.parse(readFileSync(narrowedFile, 'utf8')) as { entries: { id: string }[] }).entries.map((e) => e.id).sort();
    expect(after).toEqual(before);
    const full = await cli(['run', '-c', config('baseline-scope'), '--baseline', narrowedFile, '--reporter', 'json']);
    expect(full.exitCode, full.stderr).toBe(0);
  });
});
