/**
 * `npm run stress`: the determinism check of issue 9. Runs the main job (`npm run validate:mcp`, i.e.
 * `node bin/mcp-harness.js run` with the root config) N times while CPU burners keep every core busy, and
 * asserts that every run reports the same finding ids (the multiset of `findings[].id` in report.json).
 * Not part of `npm test`: it takes minutes and loads the machine on purpose.
 *
 * Usage: npm run stress -- [--runs N] [--burners N] [--out FILE] [-- extra run flags...]
 *   --runs     how many runs (default 5)
 *   --burners  busy-loop processes (default: one per core, os.availableParallelism())
 *   --out      where the result JSON goes (default reports/stress.json)
 * Exit code: 0 identical ids in every run; 1 some run differed (the differences are printed);
 * 2 a run failed as a harness (exit 2, or no report).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = resolve(import.meta.dirname, '..');

interface Finding {
  id: string;
  check: string;
  surface: string;
  severity: string;
  messageId?: string;
  tool?: string;
}

/** One run of the main job: its exit code, wall time (ms) and sorted finding ids. */
export interface StressRun {
  run: number;
  exitCode: number | null;
  durationMs: number;
  ids: string[];
  counts: Record<string, number>;
}

/** What `npm run stress` writes (reports/stress.json). */
export interface StressResult {
  startedAt: string;
  runs: number;
  burners: number;
  cores: number;
  identical: boolean;
  /** Ids present in some runs but not all, with where they came from. */
  flips: { id: string; check: string; surface: string; messageId?: string; tool?: string; inRuns: number[] }[];
  perRun: Omit<StressRun, 'ids'>[];
}

function burner(): ChildProcess {
  // a busy loop in its own process; killed in `finally`
  return spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
}

async function runOnce(run: number, dir: string, extra: string[]): Promise<{ result: StressRun; findings: Finding[] }> {
  const reportDir = join(dir, `run-${run}`);
  const start = performance.now();
  const child = spawn(process.execPath, ['bin/mcp-harness.js', 'run', '--reporter', 'json', '--report-dir', reportDir, ...extra], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  const exitCode = await new Promise<number | null>((done) => child.on('close', (code) => done(code)));
  const durationMs = Math.round(performance.now() - start);
  let findings: Finding[] = [];
  try {
    findings = (JSON.parse(await readFile(join(reportDir, 'report.json'), 'utf8')) as { findings: Finding[] }).findings;
  } catch {
    return { result: { run, exitCode: 2, durationMs, ids: [], counts: {} }, findings };
  }
  const counts: Record<string, number> = { error: 0, warning: 0, info: 0 };
  for (const f of findings) counts[f.severity] = (counts[f.severity] ?? 0) + 1;
  return { result: { run, exitCode, durationMs, ids: findings.map((f) => f.id).sort(), counts }, findings };
}

/** Compare every run's ids with every other's; an id missing from any run is a flip. */
export function compareRuns(runs: StressRun[], findings: Map<string, Finding>): StressResult['flips'] {
  const all = new Set(runs.flatMap((r) => r.ids));
  const flips: StressResult['flips'] = [];
  for (const id of [...all].sort()) {
    const inRuns = runs.filter((r) => r.ids.includes(id)).map((r) => r.run);
    const sameCount = new Set(runs.map((r) => r.ids.filter((x) => x === id).length)).size === 1;
    if (inRuns.length === runs.length && sameCount) continue;
    const f = findings.get(id);
    flips.push({ id, check: f?.check ?? '?', surface: f?.surface ?? '?', ...(f?.messageId ? { messageId: f.messageId } : {}), ...(f?.tool ? { tool: f.tool } : {}), inRuns });
  }
  return flips;
}

async function main(): Promise<number> {
  const dash = process.argv.indexOf('--');
  const own = dash === -1 ? process.argv.slice(2) : process.argv.slice(2, dash);
  const extra = dash === -1 ? [] : process.argv.slice(dash + 1);
  const { values } = parseArgs({ args: own, options: { runs: { type: 'string' }, burners: { type: 'string' }, out: { type: 'string' } }, strict: true });
  const runs = Number(values.runs ?? 5);
  const cores = availableParallelism();
  const burners = Number(values.burners ?? cores);
  const out = resolve(ROOT, values.out ?? 'reports/stress.json');
  if (!Number.isInteger(runs) || runs < 2 || !Number.isInteger(burners) || burners < 0) throw new Error('--runs must be an integer >= 2, --burners an integer >= 0');
  const dir = await mkdtemp(join(tmpdir(), 'mcp-harness-stress-'));
  const procs = Array.from({ length: burners }, burner);
  const results: StressRun[] = [];
  const findings = new Map<string, Finding>();
  try {
    for (let i = 1; i <= runs; i++) {
      const { result, findings: fs } = await runOnce(i, dir, extra);
      for (const f of fs) findings.set(f.id, f);
      results.push(result);
      process.stdout.write(`run ${i}/${runs}: exit ${String(result.exitCode)}, ${result.durationMs} ms, ${result.ids.length} findings (${result.counts.error} error, ${result.counts.warning} warning, ${result.counts.info} info)\n`);
    }
  } finally {
    for (const p of procs) p.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  }
  const flips = compareRuns(results, findings);
  const result: StressResult = {
    startedAt: new Date().toISOString(), runs, burners, cores, identical: flips.length === 0, flips,
    perRun: results.map(({ ids: _ids, ...rest }) => rest),
  };
  await mkdir(dirname(out), { recursive: true });
  await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
  const failed = results.some((r) => r.exitCode === 2 || r.exitCode === null);
  if (flips.length === 0) process.stdout.write(`stress: identical finding ids in all ${runs} runs with ${burners} CPU burner(s) on ${cores} core(s); result in ${out}\n`);
  else {
    process.stdout.write(`stress: ${flips.length} finding id(s) differ between runs (${burners} burner(s), ${cores} core(s)):\n`);
    for (const f of flips) process.stdout.write(`  ${f.surface} ${f.check}${f.messageId ? ` (${f.messageId})` : ''}${f.tool ? ` ${f.tool}` : ''}: in runs ${f.inRuns.join(',') || 'none'}\n`);
    process.stdout.write(`result in ${out}\n`);
  }
  return failed ? 2 : flips.length === 0 ? 0 : 1;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  main().then((code) => (process.exitCode = code), (error: unknown) => {
    process.stderr.write(`stress: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 2;
  });
}
