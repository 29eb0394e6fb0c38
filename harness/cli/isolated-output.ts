/**
 * The output files of a run with isolated surfaces (`--isolate`, harness/run/isolate.ts), made safe before any
 * server starts: an isolated server runs as the user nobody and may plant files in world-writable directories
 * (/tmp), so the harness, running as root, refuses output paths under a directory that user owns or could replace,
 * and creates the report directory itself (harness/output-file.ts; hostile review 4, D7).
 */
import { dirname, resolve } from 'node:path';
import type { ResolvedConfig } from '../config/index.ts';
import { createOutputDir, isolationOutputProblem } from '../output-file.ts';
import { ISOLATED_USER } from '../run/isolate.ts';

/** Whether the outputs need the check: a surface is isolated and the harness is root (without root, isolation itself refuses to start). */
function guarded(surfaces: ResolvedConfig['surfaces']): boolean {
  return surfaces.some((s) => s.isolate) && typeof process.getuid === 'function' && process.getuid() === 0;
}

/** Refuse `paths` (absolute) when one is unsafe (`advice` says what to change), then create `dirs`. */
async function checkAndCreate(paths: readonly string[], dirs: readonly string[], advice: string): Promise<void> {
  const problem = isolationOutputProblem(paths, ISOLATED_USER);
  if (problem !== undefined) throw new Error(`--isolate: ${problem}. ${advice}`);
  for (const dir of new Set(dirs)) await createOutputDir(dir);
}

/**
 * For a run where a surface is isolated and the harness is root (without root, isolation itself refuses to start):
 * check every file reporter's output path and `extra` paths (a baseline file), then create the report directory and
 * every output file's directory.
 * Other runs: nothing. @throws Error naming the path and the setting to change when a path is unsafe (the CLI exits
 * 2 before any server starts); the fs error of creating the report directory.
 */
export async function prepareIsolatedOutputs(config: Pick<ResolvedConfig, 'surfaces' | 'reportDir' | 'reporters'>, extra: readonly string[] = []): Promise<void> {
  if (!guarded(config.surfaces)) return;
  const [{ resolveReporters }, { resolveOutputPath }] = await Promise.all([import('../reporters/registry.ts'), import('../reporters/write.ts')]);
  const files = resolveReporters(config.reporters).filter((r) => r.kind === 'file');
  const paths = [...files.map((r) => resolveOutputPath(r, { reportDir: config.reportDir })), ...extra.map((p) => resolve(p))];
  await checkAndCreate(
    paths,
    [resolve(config.reportDir), ...paths.map((p) => dirname(p))],
    'Choose a report directory the user nobody cannot write (--report-dir, reportDir, or MCP_HARNESS_<NAME>_FILE).',
  );
}

/**
 * `baseline` with an isolated surface, the harness root: check its one output, the baseline file `out` (it writes no
 * report, so no reporter's path and no report directory is checked or made), then create that file's directory.
 * Other runs: nothing. @throws Error naming the path and saying to choose another `--out` when it is unsafe (the CLI
 * exits 2 before any server starts); the fs error of creating the directory.
 */
export async function prepareIsolatedBaselineOutput(surfaces: ResolvedConfig['surfaces'], out: string): Promise<void> {
  if (!guarded(surfaces)) return;
  const file = resolve(out);
  await checkAndCreate([file], [dirname(file)], 'Choose a baseline file (--out) in a directory the user nobody cannot write.');
}
