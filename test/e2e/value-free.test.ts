/**
 * Issue 4 (value-free reports) through the real CLI with every reporter: servers that carry caller
 * values (harness sentinels, and a sentinel a scenario plants) back in errors, results, stdout and
 * stderr draw their findings, yet no sentinel reaches any report file, stdout or stderr. With
 * `--show-values` the evidence is kept, so the same scan finds it (the test can fail).
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SENTINEL_PATTERN } from '../../harness/probes/sentinel.ts';
import { cleanup, filesUnder, findingsOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const ARGS = ['run', '--config', 'test/e2e/configs/value-free.ts', '--reporter', 'console,json,markdown,junit,sarif,html'];
const FILES = ['junit.xml', 'report.html', 'report.json', 'report.md', 'report.sarif'];

let hidden: CliRun;
let shown: CliRun;

/** Where a sentinel occurs: report file names (relative), `stdout`, `stderr`. */
function leaks(run: CliRun): string[] {
  const texts: [string, string][] = [
    ...filesUnder(run.reportDir).map((file): [string, string] => [file.slice(run.reportDir.length + 1), readFileSync(file, 'utf8')]),
    ['stdout', run.stdout],
    ['stderr', run.stderr],
  ];
  return texts.filter(([, text]) => new RegExp(SENTINEL_PATTERN.source).test(text)).map(([name]) => name);
}

beforeAll(async () => {
  [hidden, shown] = await Promise.all([runCli(ARGS), runCli([...ARGS, '--show-values'])]);
});

afterAll(() => [hidden, shown].forEach(cleanup));

describe('value-free reports through the CLI', () => {
  it('runs with every reporter and writes every report file', () => {
    for (const run of [hidden, shown]) {
      expect(run.exitCode, run.stderr).toBe(1);
      expect(filesUnder(run.reportDir).map((f) => f.slice(run.reportDir.length + 1)).sort()).toEqual(FILES);
    }
  });

  it('the servers really carried caller values back (errors/echo, transport/stdout, result/structured-content fire)', () => {
    const report = reportOf(hidden);
    expect(findingsOf(report, 'echo-args', 'errors/echo').length).toBeGreaterThan(0);
    expect(findingsOf(report, 'leaky', 'errors/echo').length).toBeGreaterThan(0);
    expect(findingsOf(report, 'leaky', 'transport/stdout').length).toBeGreaterThan(0);
    expect(findingsOf(report, 'leaky', 'result/structured-content').map((f) => f.pointer)).toContain('/structuredContent/count');
  });

  it('no sentinel in any report file, on stdout or on stderr', () => {
    expect(leaks(hidden)).toEqual([]);
    expect(reportOf(hidden).findings.filter((f) => f.evidence !== undefined)).toEqual([]);
  });

  it('--show-values keeps the evidence, so the scan finds sentinels', () => {
    expect(leaks(shown)).toContain('report.json');
    expect(reportOf(shown).findings.some((f) => f.evidence !== undefined)).toBe(true);
    // the sweep of published servers: errors/echo said a value was echoed but showed nothing to see it by
    const echoed = findingsOf(reportOf(shown), 'echo-args', 'errors/echo');
    expect(echoed.length).toBeGreaterThan(0);
    for (const finding of echoed) expect(JSON.stringify(finding.evidence), finding.message).toMatch(new RegExp(SENTINEL_PATTERN.source));
  });
});
