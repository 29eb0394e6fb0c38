/**
 * .github/workflows/validate-mcp.yml: the YAML parses, has the documented triggers and jobs (shard
 * matrix -> merge, step summary, SARIF upload, artifacts), and every mcp-harness command line it runs
 * parses with the CLI's own parser (harness/cli/args.ts), with known reporters and valid shards.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { parseCommandLine, type ParsedArgs } from '../../harness/cli/args.ts';
import { BUILTIN_REPORTERS } from '../../harness/reporters/index.ts';
import { ROOT } from './helpers.ts';

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  with?: Record<string, unknown>;
  if?: string;
}
interface Job {
  needs?: string | string[];
  if?: string;
  strategy?: { matrix?: { shard?: number[] } };
  permissions?: Record<string, string>;
  steps: Step[];
}
interface Workflow {
  on: Record<string, unknown>;
  jobs: Record<string, Job>;
}

const text = readFileSync(join(ROOT, '.github/workflows/validate-mcp.yml'), 'utf8');
const workflow = parse(text) as Workflow;
const SHARDS = workflow.jobs.validate?.strategy?.matrix?.shard ?? [];

/** Every harness invocation in a job's `run` scripts, as argv for the CLI (`npm run validate:mcp --` is `run`). */
function harnessCommands(job: Job, shard: number): string[][] {
  const lines = job.steps.flatMap((s) => (s.run ?? '').split('\n')).map((l) => l.replaceAll('${{ matrix.shard }}', String(shard)).trim());
  return lines.flatMap((line) => {
    const words = line.split(/\s+/);
    if (line.startsWith('npm run validate:mcp')) return [['run', ...words.slice(words.indexOf('--') + 1)]];
    if (line.startsWith('npx mcp-harness') || line.startsWith('node bin/mcp-harness.js')) return [words.slice(2)];
    return [];
  });
}

const uses = (job: Job, action: string) => job.steps.filter((s) => s.uses?.startsWith(`${action}@`));

describe('validate-mcp.yml', () => {
  it('runs on pull requests, nightly and on demand', () => {
    expect(Object.keys(workflow.on).sort()).toEqual(['pull_request', 'schedule', 'workflow_dispatch']);
    expect((workflow.on.schedule as { cron: string }[])[0].cron.split(' ')).toHaveLength(5);
  });

  it('runs a shard matrix that installs with npm ci and uploads each shard report dir', () => {
    const job = workflow.jobs.validate;
    expect(SHARDS).toEqual([1, 2]);
    expect(job.steps.some((s) => s.run === 'npm ci')).toBe(true);
    const [upload] = uses(job, 'actions/upload-artifact');
    expect(upload.with).toMatchObject({ name: 'shard-${{ matrix.shard }}', path: 'reports/shard-${{ matrix.shard }}' });
    expect(upload.if).toBe('always()');
  });

  it('merges after the shards: summary, SARIF upload with write permission, merged artifact', () => {
    const job = workflow.jobs.merge;
    expect(job.needs).toBe('validate');
    expect(job.permissions).toMatchObject({ 'security-events': 'write' });
    expect(uses(job, 'actions/download-artifact')[0].with).toMatchObject({ pattern: 'shard-*', path: 'reports' });
    expect(job.steps.some((s) => s.run?.includes('reports/merged/report.md >> "$GITHUB_STEP_SUMMARY"'))).toBe(true);
    expect(uses(job, 'github/codeql-action/upload-sarif')[0].with).toMatchObject({ sarif_file: 'reports/merged/report.sarif' });
    expect(uses(job, 'actions/upload-artifact')[0].with).toMatchObject({ path: 'reports/merged' });
  });

  it('runs only mcp-harness command lines the CLI accepts, with known reporters', () => {
    const parsed: ParsedArgs[] = SHARDS.flatMap((shard) => [...harnessCommands(workflow.jobs.validate, shard), ...harnessCommands(workflow.jobs.merge, shard)].map((argv) => parseCommandLine(argv)));
    expect(parsed.map((p) => p.command).sort()).toEqual(['merge', 'merge', 'run', 'run']);
    for (const p of parsed) {
      for (const reporter of p.overrides.reporters ?? []) expect(BUILTIN_REPORTERS.has(reporter), reporter).toBe(true);
    }
    const runs = parsed.filter((p) => p.command === 'run');
    expect(runs.map((p) => p.overrides.shard)).toEqual(SHARDS.map((index) => ({ index, total: SHARDS.length })));
    expect(runs.map((p) => p.overrides.reportDir)).toEqual(SHARDS.map((k) => `reports/shard-${k}`));
    const merge = parsed.find((p) => p.command === 'merge')!;
    expect(merge.positionals).toEqual(['reports/shard-*']);
    expect(merge.overrides.reporters).toEqual(expect.arrayContaining(['markdown', 'sarif']));
  });

  it('the extraction would catch a flag the CLI does not know', () => {
    expect(() => parseCommandLine(['merge', 'reports/shard-*', '--reporters', 'sarif'])).toThrow(/--reporters/);
  });
});
