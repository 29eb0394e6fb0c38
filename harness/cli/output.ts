/**
 * Writing a finished report: apply the baseline, drop values unless asked, run the reporters
 * (console on stdout, files under the report dir), and decide the exit code.
 */
import type { ResolvedConfig } from '../config/index.ts';
import type { BaselineResult } from '../report/baseline.ts';
import type { Baseline } from '../report/baseline-file.ts';
import { stripValues } from '../report/build.ts';
import { exitCodeFor } from '../report/threshold.ts';
import { consoleListed } from '../reporters/console.ts';
import { writeReports } from '../reporters/index.ts';
import { oneLine } from '../reporters/text.ts';
import type { Report } from '../model/report.ts';
import { loadCatalog } from './catalog.ts';
import { displayPath } from '../config/display-path.ts';
import { baselineLine } from '../run/progress.ts';

/** Output settings (a subset of the resolved config). */
export type OutputConfig = Pick<ResolvedConfig, 'reportDir' | 'reporters' | 'failOn' | 'showValues' | 'baseline' | 'docsUrl'>;

/**
 * Write every selected report and return the exit code (0/1/2). With a baseline that has stale entries, a line on
 * stdout counts the findings they became (run/progress.ts `baselineLine`), before the console summary.
 * `loaded`: the baseline file `config.baseline` already read and validated (the run command reads it before any server
 * starts); without it the file is read here.
 * A reporter that throws is printed on stderr and makes the exit code 2; the others still write. A harness fault
 * (a `harness/*` error) the console summary does not list is printed on stderr, so none goes unseen and none twice.
 */
export async function publish(raw: Report, config: OutputConfig, harnessFailed: boolean, loaded?: Baseline): Promise<0 | 1 | 2> {
  const baseline = config.baseline ? await withBaseline(raw, config.baseline, loaded) : undefined;
  const report = stripValues(baseline?.report ?? raw, config.showValues);
  // the baseline's own findings (its stale entries) on a line of their own, after the surfaces' (run/progress.ts)
  if (baseline && baseline.staleEntries.length > 0) process.stdout.write(`${baselineLine(displayPath(config.baseline, process.cwd()), baseline.staleEntries.length)}\n`);
  const catalog = await loadCatalog();
  const reporters = config.reporters.includes('console') ? config.reporters : ['console', ...config.reporters];
  const result = await writeReports(report, { reportDir: config.reportDir, reporters, removeStale: true, ctx: { showValues: config.showValues, catalog, ...docsUrlFor(config) } });
  // never silent: a file a user may have kept (an edited report.md) is gone
  for (const path of result.removed) process.stderr.write(`mcp-harness: removed ${oneLine(path)}: an earlier run's report of a reporter this run did not write\n`);
  // escaped for one terminal line (reporters/text.ts `oneLine`), as the console reporter escapes: a crash message or a
  // merged report file can carry a server's text
  for (const failure of result.failures) process.stderr.write(`mcp-harness: reporter ${failure.reporter} failed: ${oneLine(failure.error)}\n`);
  // the harness's own faults (a crashed check, a broken scenario file or contract) are never missed, and read once:
  // on stderr only those the console summary did not list (past its top entries, or the console reporter failed)
  const listed = result.failures.some((f) => f.reporter === 'console') ? new Set() : consoleListed(report);
  for (const f of report.findings.filter((x) => x.check.startsWith('harness/') && x.severity === 'error' && !listed.has(x))) {
    process.stderr.write(`mcp-harness: ${oneLine(f.surface)}: ${oneLine(f.message)}\n`);
  }
  const failed = harnessFailed || result.failures.length > 0 || report.interrupted === true;
  return exitCodeFor(report, { failOn: config.failOn, baseline, harnessFailed: failed });
}

/**
 * `raw` with the baseline file `file` (or its content `loaded`, already read) applied. The baseline modules (the file format's zod schema is built when its
 * module is evaluated, ~4 ms) are imported only by a run that has a baseline.
 * @throws ReportError when the file cannot be read or is not a baseline
 */
async function withBaseline(raw: Report, file: string, loaded?: Baseline): Promise<BaselineResult> {
  const [{ applyBaseline }, { readBaseline }] = await Promise.all([import('../report/baseline.ts'), import('../report/baseline-file.ts')]);
  return applyBaseline(raw, loaded ?? (await readBaseline(file)));
}

/**
 * The base of check docs links (docs/checks.md of this repository): `MCP_HARNESS_DOCS_URL` when set
 * and not empty (a CI job or a mirror, without editing the config: the environment overrides the
 * config file, as Playwright's reporter variables do), else the config's `docsUrl`, else the
 * reporters' default (`DEFAULT_DOCS_URL`).
 */
export function docsUrlFor(config: { docsUrl?: string }, env: NodeJS.ProcessEnv = process.env): { docsUrl?: string } {
  const url = env.MCP_HARNESS_DOCS_URL?.trim() || config.docsUrl;
  return url ? { docsUrl: url } : {};
}
