/**
 * Run bench/harness-once.ts in a child process (`node --import tsx`) and parse its one-line JSON result,
 * so the harness's peak RSS and wall time are measured in a process of its own.
 */
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';
import type { OnceResult } from './harness-once.ts';
import { ROOT } from './surfaces.ts';

const SCRIPT = fileURLToPath(new URL('./harness-once.ts', import.meta.url));

/** Options of an isolated run (see harness-once.ts). */
export interface IsolatedOptions {
  checks: 'core' | 'all';
  callConcurrency?: number;
  brokenPercent?: number;
  /** Kill the child after this long, ms (default 120000). */
  timeoutMs?: number;
}

/**
 * One harness run on `surface` in its own process.
 * @throws Error with the child's stderr when it fails, times out, or prints no JSON result.
 */
export async function runIsolated(surface: string, options: IsolatedOptions): Promise<OnceResult> {
  const args = ['--import', 'tsx', SCRIPT, surface, '--checks', options.checks];
  if (options.callConcurrency !== undefined) args.push('--call-concurrency', String(options.callConcurrency));
  if (options.brokenPercent !== undefined) args.push('--broken', String(options.brokenPercent));
  const child = await execa(process.execPath, args, { cwd: ROOT, reject: false, timeout: options.timeoutMs ?? 120_000 });
  const line = child.stdout.trim().split('\n').at(-1) ?? '';
  if (child.exitCode !== 0 || !line.startsWith('{')) {
    throw new Error(`harness-once ${surface} failed (exit ${String(child.exitCode)}${child.timedOut ? ', timed out' : ''}): ${child.stderr.trim().split('\n').slice(-3).join(' ')}`);
  }
  return JSON.parse(line) as OnceResult;
}
