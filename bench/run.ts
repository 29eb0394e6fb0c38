/**
 * `npm run bench`: the harness against a bare JSON-RPC client on the real surfaces (mcp-harness.config.ts)
 * and the synthetic 1,000-tool surface, the in-flight window sweep and validation throughput. Writes
 * bench/RESULTS.md and prints it; progress goes to stderr. Never a timed test.
 *
 *   node --import tsx bench/run.ts [--rounds N] [--synthetic-rounds N] [--surface NAME...] [--no-synthetic]
 *                                  [--no-sweep] [--no-throughput] [--no-startup] [--startup-only] [--out FILE]
 *                                  [--default-rounds N] [--growth-rounds N] [--no-default] [--no-growth]
 *                                  [--no-compare] [--no-validators] [--no-profile] [--no-findings-growth]
 *                                  [--other-rounds N] [--no-other-tools]
 * Defaults: 5 rounds of the default run (the CLI, all checks) vs the bare client, times each workload's `roundsScale`
 * (bench/default-run.ts: 20 for the small published servers, 10 for the 1,000-tool surface), 3 of the growth table
 * (100 / 1,000 / 5,000 tools) and twice that of the findings-growth table (the 1,000-tool surface with 0, 10 and
 * 100 % of its tools broken), 5 rounds per real surface in process, 3 for the synthetic one, every
 * surface, RESULTS.md next to this file. The default-run table's last column, other tools on the same work (the SDK
 * client and the Inspector CLI, bench/other-tools.ts), comes from its own 3 alternating rounds with the bare client per
 * workload (`--other-rounds N`; `--no-other-tools` leaves the column out).
 * `--startup-only`: only the start-up section (built CLI vs bare Node; a minute), written to STARTUP.md.
 * Exit code: 0 when written (targets missed are reported, not failed), 2 on a bad argument.
 */
import { writeFile } from 'node:fs/promises';
import { availableParallelism, cpus } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { compareSurface } from './compare.ts';
import { renderResults, type BenchResults } from './results.ts';
import { coreCheckIds, realConfig } from './surfaces.ts';
import { benchSynthetic, sweepWindow, type SweepSpec } from './synthetic-bench.ts';
import { measureStartup, renderStartup } from './startup.ts';
import { measureThroughput } from './throughput.ts';
import { DEFAULT_TARGETS, measureDefaultRuns, syntheticTarget } from './default-run.ts';
import { execFileSync } from 'node:child_process';
import { ROOT } from './surfaces.ts';
import { compareValidators, renderValidators } from './validators.ts';
import { profileDefaultRun, renderProfiles } from './profile.ts';

/** The window sweep: 100 tools whose calls each take 5 ms, 2 rounds per window. */
const SWEEP: SweepSpec = { windows: [1, 2, 4, 8, 16], tools: 100, latencyMs: 5, rounds: 2 };
/** The workloads profiled: a small published server and the 1,000-tool synthetic surface. */
const PROFILED = [DEFAULT_TARGETS[0], DEFAULT_TARGETS[3]];
/** Tool counts of the growth table. */
const GROWTH = [100, 1000, 5000];
/**
 * The findings-growth table (issue 12: "report rendering linear in findings"): the share (%) of the 1,000-tool
 * surface's tools that answer outside their outputSchema, two result/structured-content errors each.
 */
const FINDINGS_GROWTH = [0, 10, 100];
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The usage lines `--help` prints (and a bad argument, on stderr): the options of `parse`. */
const USAGE = `usage: node --import tsx bench/run.ts [options]   (npm run bench -- [options])
  --default-rounds N     rounds of the default run vs the bare client (default 5, times each workload's scale)
  --growth-rounds N      rounds of the growth table (default 3; the findings-growth table twice that)
  --other-rounds N       rounds of the other tools on the same work (default 3); --no-other-tools leaves them out
  --rounds N             rounds per real surface in process (default 5)
  --synthetic-rounds N   rounds of the synthetic 1,000-tool section (default 3)
  --surface NAME         only this real surface (repeatable)
  --no-default --no-growth --no-findings-growth --no-compare --no-validators --no-profile
  --no-synthetic --no-sweep --no-throughput --no-startup
                         leave that section out
  --startup-only         only the start-up section, written to bench/STARTUP.md
  --out FILE             write the results there instead of bench/RESULTS.md
  --help                 this text
`;

/** Thrown for a bad command line: main prints its message and USAGE, without a stack, and exits 2. */
class UsageError extends Error {}

function parse() {
  try {
    return parseOptions();
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

function parseOptions() {
  const { values } = parseArgs({
    options: {
      help: { type: 'boolean', short: 'h', default: false },
      rounds: { type: 'string', default: '5' },
      'synthetic-rounds': { type: 'string', default: '3' },
      surface: { type: 'string', multiple: true },
      'no-synthetic': { type: 'boolean', default: false },
      'no-sweep': { type: 'boolean', default: false },
      'no-throughput': { type: 'boolean', default: false },
      'no-startup': { type: 'boolean', default: false },
      'startup-only': { type: 'boolean', default: false },
      'default-rounds': { type: 'string', default: '5' },
      'growth-rounds': { type: 'string', default: '3' },
      'no-default': { type: 'boolean', default: false },
      'no-growth': { type: 'boolean', default: false },
      'no-compare': { type: 'boolean', default: false },
      'no-validators': { type: 'boolean', default: false },
      'no-profile': { type: 'boolean', default: false },
      'no-findings-growth': { type: 'boolean', default: false },
      'other-rounds': { type: 'string', default: '3' },
      'no-other-tools': { type: 'boolean', default: false },
      out: { type: 'string' },
    },
  });
  const count = (name: string, v: string) => {
    const n = Number(v);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer`);
    return n;
  };
  const out = values.out ?? fileURLToPath(new URL(values['startup-only'] ? './STARTUP.md' : './RESULTS.md', import.meta.url));
  return { ...values, out, rounds: count('rounds', values.rounds), defaultRounds: count('default-rounds', values['default-rounds']), growthRounds: count('growth-rounds', values['growth-rounds']), syntheticRounds: count('synthetic-rounds', values['synthetic-rounds']), otherRounds: values['no-other-tools'] ? 0 : count('other-rounds', values['other-rounds']) };
}

/**
 * The commit under measurement (`git rev-parse --short HEAD`) and whether tracked files differ from it
 * (`git status --porcelain --untracked-files=no`), or undefined when ROOT is not a git checkout or git is missing.
 */
function codeVersion(): BenchResults['code'] {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    return { commit: git('rev-parse', '--short', 'HEAD'), dirty: git('status', '--porcelain', '--untracked-files=no') !== '' };
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const args = parse();
  if (args.help) return void process.stdout.write(USAGE);
  if (args['startup-only']) {
    const markdown = `# Start-up benchmark (\`npm run bench -- --startup-only\`)\n\nDate: ${new Date().toISOString().slice(0, 10)}. Machine: ${availableParallelism()} CPUs (${cpus()[0]?.model.trim() ?? 'unknown'}), Node ${process.version}.\n\n${renderStartup(await measureStartup(args.rounds * 2, log)).join('\n')}\n`;
    await writeFile(args.out, markdown);
    process.stdout.write(`${markdown}\nwritten to ${args.out}\n`);
    return;
  }
  const started = performance.now();
  const results: BenchResults = {
    date: new Date().toISOString().slice(0, 10),
    cpus: availableParallelism(),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    node: process.version,
    code: codeVersion(),
    surfaces: [],
    benchSeconds: 0,
  };
  if (!args['no-default'] || !args['no-growth'] || !args['no-findings-growth'] || !args['no-profile']) {
    log('building dist/ (npm run build)...');
    execFileSync('npm', ['run', 'build', '--silent'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  }
  if (!args['no-default']) {
    log('default run vs bare client...');
    results.defaultRuns = await measureDefaultRuns(DEFAULT_TARGETS, args.defaultRounds, log, true, true, args.otherRounds);
  }
  if (!args['no-growth']) {
    log('growth 100 -> 1,000 -> 5,000 tools...');
    results.growth = await measureDefaultRuns(GROWTH.map((tools) => syntheticTarget(tools)), args.growthRounds, log);
  }
  if (!args['no-findings-growth']) {
    log('findings growth: 1,000 tools, 0 -> 10 -> 100 % broken...');
    // twice the growth table's rounds: the 10 % row's cost per finding is a difference of two medians ~0.3 s apart
    results.findingsGrowth = await measureDefaultRuns(FINDINGS_GROWTH.map((percent) => ({ ...syntheticTarget(1000, percent), roundsScale: 2 })), args.growthRounds, log);
  }
  if (!args['no-profile']) {
    log('profiles (--cpu-prof of one default run per workload)...');
    const profiles = [];
    for (const target of PROFILED) profiles.push(await profileDefaultRun(target, log));
    results.extra = [...(results.extra ?? []), ...renderProfiles(profiles)];
  }
  if (!args['no-validators']) {
    log('validators compared (JSON-Schema-Test-Suite, compile-once-validate-once)...');
    results.extra = [...(results.extra ?? []), ...renderValidators(await compareValidators(250, log)), ''];
  }
  if (!args['no-startup']) {
    log('start-up...');
    results.startup = await measureStartup(args.rounds * 2, log);
  }
  if (!args['no-throughput']) {
    log('validation throughput...');
    results.throughput = measureThroughput();
  }
  const config = await realConfig();
  const core = await coreCheckIds();
  const wanted = args['no-compare'] ? [] : config.surfaces.filter((s) => !args.surface || args.surface.includes(s.name));
  for (const surface of wanted) {
    log(`${surface.name}...`);
    results.surfaces.push(await compareSurface(config, surface, core, args.rounds, log));
  }
  if (!args['no-synthetic']) {
    log('synthetic surface...');
    results.synthetic = await benchSynthetic(args.syntheticRounds, log);
  }
  if (!args['no-sweep']) {
    log(`in-flight window sweep (${SWEEP.tools} tools, ${SWEEP.latencyMs} ms per call)...`);
    results.sweep = { tools: SWEEP.tools, latencyMs: SWEEP.latencyMs, rounds: SWEEP.rounds, points: await sweepWindow(SWEEP, log) };
  }
  results.benchSeconds = (performance.now() - started) / 1000;
  const markdown = renderResults(results);
  await writeFile(args.out, markdown);
  process.stdout.write(`${markdown}\nwritten to ${args.out}\n`);
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) log(`bench: ${error.message}\n${USAGE}`);
  else log(`bench: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  process.exitCode = 2;
});
