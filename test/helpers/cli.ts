/**
 * The one way tests run the real CLI (`node bin/mcp-harness.js ...`) as a child process: from the
 * repository root unless told otherwise, stdin ignored, never rejecting on a non-zero exit, killed
 * after a guard (ms) so a hang fails the test instead of stalling the suite. test/e2e/helpers/cli.ts
 * (`runCli`, with a fresh report directory) and test/e2e-ci/helpers.ts (`cli`, `validateMcp`) wrap it.
 */
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { execa } from 'execa';

/** The repository root (the CLI's working directory). */
export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** The harness entry point. */
export const BIN = join(ROOT, 'bin/mcp-harness.js');

/** What one run produced; `timedOut` when the guard killed it. */
export interface ProcessResult {
  exitCode: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
}

/** Options: `env` merged over the parent's (undefined unsets), the guard in ms, the working directory. */
export interface RunOptions {
  env?: Record<string, string | undefined>;
  timeoutMs: number;
  cwd?: string;
}

/** Run `file args...` (e.g. `process.execPath` with `[BIN, ...]`, or `npm run ...`). Never rejects for an exit code. */
export async function runProcess(file: string, args: readonly string[], options: RunOptions): Promise<ProcessResult> {
  const result = await execa(file, args, { cwd: options.cwd ?? ROOT, env: options.env, reject: false, timeout: options.timeoutMs, stdin: 'ignore' });
  return { exitCode: result.exitCode ?? -1, stdout: String(result.stdout), stderr: String(result.stderr), timedOut: result.timedOut };
}
