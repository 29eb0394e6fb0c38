/**
 * Helpers for the CI end-to-end tests: run the real CLI (`node bin/mcp-harness.js`) as a child
 * process against the deterministic fixture config, and read what it wrote.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Report } from '../../harness/model/report.ts';
import { BIN, ROOT, runProcess } from '../helpers/cli.ts';

export { BIN, ROOT };
/** The five-surface deterministic config. */
export const CI_CONFIG = fileURLToPath(new URL('./fixtures/ci.config.ts', import.meta.url));
/** ci.config.ts with per-check severities from the E2E_CHECKS env var (JSON). */
export const SEVERITY_CONFIG = fileURLToPath(new URL('./fixtures/severity.config.ts', import.meta.url));

/** What one CLI run produced. */
export interface CliResult {
  exitCode: number;
  stdout: string;
  stderr: string;
}

/**
 * Run `node bin/mcp-harness.js ...args` from the repository root. Never rejects on a non-zero exit;
 * `env` is merged over the parent's (FIXTURE_FAULTS defaults to empty, CI is unset so progress
 * behaves as on a plain pipe). Times out after 60 s (a hang fails the test instead of stalling it).
 */
export async function cli(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return runFromRoot(process.execPath, [BIN, ...args], env);
}

/** Run a command from the repository root the way both helpers do (never rejects; 60 s timeout). */
async function runFromRoot(file: string, args: readonly string[], env: Record<string, string | undefined>): Promise<CliResult> {
  const { exitCode, stdout, stderr } = await runProcess(file, args, { env: { FIXTURE_FAULTS: '', CI: undefined, ...env }, timeoutMs: 60_000 });
  return { exitCode, stdout, stderr };
}

/** A fresh temp directory; remove it with `cleanup`. */
export async function tempDir(prefix: string): Promise<string> {
  return mkdtemp(join(tmpdir(), `mcp-harness-e2e-${prefix}-`));
}

/** Remove a temp directory made by `tempDir`. */
export async function cleanup(dir: string | undefined): Promise<void> {
  if (dir) await rm(dir, { recursive: true, force: true });
}

/** Parse `<dir>/report.json`. @throws when missing or not JSON. */
export async function readReport(dir: string): Promise<Report> {
  return JSON.parse(await readFile(join(dir, 'report.json'), 'utf8')) as Report;
}

/** The sorted finding ids of a report (the identity a merge must preserve). */
export function findingIds(report: Report): string[] {
  return report.findings.map((f) => f.id ?? `(no id) ${f.surface} ${f.check}`).sort();
}

/** The check IDs present in a report, sorted and unique. */
export function checksOf(report: Report): string[] {
  return [...new Set(report.findings.map((f) => f.check))].sort();
}

/** Run `npm run validate:mcp -- ...args` (the package script CI calls) from the repository root. */
export async function validateMcp(args: readonly string[], env: Record<string, string | undefined> = {}): Promise<CliResult> {
  return runFromRoot('npm', ['run', '--silent', 'validate:mcp', '--', ...args], env);
}
