/**
 * The run validates no more surfaces at once than their retention budgets fit in half the heap
 * (harness/run/concurrency-bound.ts), through the real CLI in a child process. Three surfaces of a server that logs
 * its life (test/fixtures/servers/life-log.mjs), `concurrency: 3`, each with limits.maxRetainedBytes of 200 MiB
 * (264 MiB with its fresh-process sessions): under a 512 MB heap (limit ~560 MiB, half ~280 MiB) one fits, so the
 * surfaces run one after another, each server started only once the one before was stopped, the CLI says so once on
 * stderr and the report holds every surface. Under a 4 GB heap all three fit: nothing is said (the twin).
 * And the point of it: three servers flooding past their budgets at once (test/fixtures/servers/big-answers.mjs, 200 MB
 * of answers each against 100 MiB) under a 512 MB heap each draw their harness/retention-budget finding in a report
 * (exit 2); with all three run at once and every finished surface's frames kept to the end, that run died in V8's
 * out-of-memory crash (exit 134, no report).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVERS, cleanup, findingsOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const NAMES = ['s1', 's2', 's3'];
const NOTE = /^mcp-harness: running (\d+) surfaces? (?:at a time|at once), not (\d+) \(concurrency\)/m;

const MiB = 1024 * 1024;

/**
 * A run of the three surfaces under a heap of `heapMiB`; `log` is what their servers logged. `flood`: each surface is
 * big-answers.mjs (20 tools of 10 MB answers) with 100 MiB budgets instead of life-log.mjs with 200 MiB.
 */
async function runUnder(heapMiB: number, flood = false, concurrency: number | null = 3): Promise<{ run: CliRun; log: string; dir: string }> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-bound-'));
  const logFile = join(dir, 'life.log');
  writeFileSync(logFile, '');
  const server = (name: string) => (flood ? [join(SERVERS, 'big-answers.mjs'), '--tools', '20', '--bytes', '10000000'] : [join(SERVERS, 'life-log.mjs'), logFile, name]);
  const config = {
    ...(concurrency === null ? {} : { concurrency }), // null: the default, one per core
    timeouts: { stdinGraceMs: 300, termGraceMs: 300 },
    surfaces: NAMES.map((name) => ({ name, command: process.execPath, args: server(name), limits: { maxRetainedBytes: (flood ? 100 : 200) * MiB } })),
  };
  writeFileSync(join(dir, 'mcp-harness.config.json'), JSON.stringify(config));
  const run = await runCli(['run', '--config', join(dir, 'mcp-harness.config.json'), '--reporter', 'json'], { nodeArgs: [`--max-old-space-size=${heapMiB}`] });
  return { run, log: readFileSync(logFile, 'utf8'), dir };
}

describe('surfaces run at once within the heap', () => {
  let small: Awaited<ReturnType<typeof runUnder>> | undefined;
  let large: Awaited<ReturnType<typeof runUnder>> | undefined;
  let flooded: Awaited<ReturnType<typeof runUnder>> | undefined;
  let defaulted: Awaited<ReturnType<typeof runUnder>> | undefined;
  beforeAll(async () => {
    small = await runUnder(512);
    defaulted = await runUnder(512, false, null);
    large = await runUnder(4096);
    flooded = await runUnder(512, true);
  }, 360_000);
  afterAll(() => {
    for (const r of [small, large, flooded, defaulted]) {
      cleanup(r?.run);
      if (r) rmSync(r.dir, { recursive: true, force: true });
    }
  });

  it('runs one surface at a time when only one fits, says so once, and writes the report', () => {
    const { run, log } = small!;
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr.match(new RegExp(NOTE.source, 'gm')), run.stderr).toHaveLength(1);
    expect(NOTE.exec(run.stderr)?.slice(1)).toEqual(['1', '3']);
    // every process of a surface was stopped before the next surface's first one started, in config order
    expect(log).not.toMatch(/^overlap /m);
    const started = log.split('\n').flatMap((l) => /^start (\S+) /.exec(l)?.[1] ?? []);
    expect(started.filter((name, i) => name !== started[i - 1])).toEqual(NAMES);
    expect(reportOf(run).surfaces.map((s) => s.name).sort()).toEqual(NAMES);
  });

  it('lowers a default concurrency (one per core) silently: no line, still one surface at a time', () => {
    const { run, log } = defaulted!;
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(NOTE);
    expect(log).not.toMatch(/^overlap /m);
    expect(reportOf(run).surfaces.map((s) => s.name).sort()).toEqual(NAMES);
  });

  it('keeps the configured concurrency when the surfaces fit, and says nothing (the twin)', () => {
    const { run, log } = large!;
    expect(run.exitCode, run.stderr).toBe(0);
    expect(run.stderr).not.toMatch(NOTE);
    expect(new Set(log.split('\n').flatMap((l) => /^start (\S+) /.exec(l)?.[1] ?? []))).toEqual(new Set(NAMES));
    expect(reportOf(run).surfaces.map((s) => s.name).sort()).toEqual(NAMES);
  });

  it('reports three servers flooding past their budgets under a small heap: exit 2, a finding each, no heap crash', () => {
    const { run } = flooded!;
    expect(run.exitCode, run.stderr).toBe(2);
    expect(run.stderr).not.toMatch(/FATAL ERROR|out of memory/i); // V8's heap crash (exit 134) says both
    const report = reportOf(run);
    for (const name of NAMES) expect(findingsOf(report, name, 'harness/retention-budget').map((f) => f.messageId), name).toEqual(['passed']);
  });
});
