/**
 * Run the real CLI (`node bin/mcp-harness.js ...`) as a child process and read what it left behind:
 * the exit code, stdout/stderr, and `report.json` in a fresh temporary report directory.
 */
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import type { Finding, Report } from '../../../harness/model/report.ts';
import { BIN, ROOT, runProcess } from '../../helpers/cli.ts';

export { ROOT };
/** test/e2e/configs, where the configs of these tests live. */
export const CONFIGS = join(ROOT, 'test/e2e/configs');
/** The fixture servers. */
export const SERVERS = join(ROOT, 'test/fixtures/servers');

/** What one CLI run produced. `report` is undefined when no report.json was written. */
export interface CliRun {
  exitCode: number;
  stdout: string;
  stderr: string;
  reportDir: string;
  report?: Report;
}

/** Options of one CLI run: extra env for the CLI process, a kill timeout (ms, default 120000), node flags before the CLI (`--stack-size=100`: not allowed in NODE_OPTIONS). */
export interface CliOptions {
  env?: Record<string, string>;
  timeoutMs?: number;
  nodeArgs?: readonly string[];
}

/**
 * Run `mcp-harness <args>` with `--report-dir` set to a new temp dir (inserted before any `--`; not for `baseline`, which
 * writes no report and refuses the flag). Never rejects for a non-zero exit; rejects only when the CLI had to be killed
 * after `timeoutMs`.
 */
export async function runCli(args: readonly string[], options: CliOptions = {}): Promise<CliRun> {
  const reportDir = mkdtempSync(join(tmpdir(), 'mcp-harness-e2e-'));
  const dash = args.indexOf('--');
  const own = dash === -1 ? [...args] : args.slice(0, dash);
  const rest = dash === -1 ? [] : args.slice(dash);
  const child = await runProcess(process.execPath, [...(options.nodeArgs ?? []), BIN, ...own, ...(own[0] === 'baseline' ? [] : ['--report-dir', reportDir]), ...rest], { timeoutMs: options.timeoutMs ?? 120_000, env: { MCP_HARNESS_DEBUG: '', ...options.env } });
  if (child.timedOut) throw new Error(`mcp-harness ${args.join(' ')} did not finish within ${options.timeoutMs ?? 120_000} ms`);
  const file = join(reportDir, 'report.json');
  const report = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Report) : undefined;
  return { exitCode: child.exitCode, stdout: child.stdout, stderr: child.stderr, reportDir, report };
}

/** Remove a run's report directory. */
export function cleanup(run: CliRun | undefined): void {
  if (run) rmSync(run.reportDir, { recursive: true, force: true });
}

/** `check messageId severity` of a run's findings above info, in report order. */
export function notesAboveInfo(run: CliRun): string[] {
  return reportOf(run).findings.filter((f) => f.severity !== 'info').map((f) => `${f.check} ${f.messageId ?? ''} ${f.severity}`);
}

/**
 * Run the stdio fixture server `fixture` (a path) and its `--twin` through the CLI side by side once, before the file's
 * tests (beforeAll, 120 s), and remove both report directories after them. Returns getters for the two runs.
 */
export function faultAndTwin(fixture: string): { fault: () => CliRun; twin: () => CliRun } {
  let runs: CliRun[] = [];
  beforeAll(async () => {
    runs = await Promise.all([runCli(['run', '--', process.execPath, fixture]), runCli(['run', '--', process.execPath, fixture, '--twin'])]);
  }, 120_000);
  afterAll(() => runs.forEach(cleanup));
  return { fault: () => runs[0], twin: () => runs[1] };
}

/** The report of a run; throws (failing the test) when the CLI wrote none. */
export function reportOf(run: CliRun): Report {
  if (!run.report) throw new Error(`no report.json (exit ${run.exitCode}): ${run.stderr}`);
  return run.report;
}

/** Findings of one surface, optionally of one check. */
export function findingsOf(report: Report, surface: string, check?: string): Finding[] {
  return report.findings.filter((f) => f.surface === surface && (check === undefined || f.check === check));
}

/** The outcomes of every call of `tool` on `surface`. */
export function outcomesOf(report: Report, surface: string, tool: string): string[] {
  const entry = report.surfaces.find((s) => s.name === surface)?.tools.find((t) => t.name === tool);
  return entry?.calls.map((c) => c.outcome) ?? [];
}

/** Every file in a directory tree, as absolute paths (`dir` joined with each relative path). */
export function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}
