/**
 * The benchmark's figures and their Markdown rendering (bench/RESULTS.md): machine identity, the
 * per-surface table (bare client vs harness, core and all checks), the synthetic surface, the
 * call-concurrency sweep and validation throughput, each target marked met or missed.
 */
import { SYNTHETIC_PAGE_SIZE } from './synthetic/tools.mjs';
import { renderStartup, type StartupFigures } from './startup.ts';
import type { Throughput } from './throughput.ts';
import { renderDefaultRuns, type DefaultRow } from './default-run.ts';
import { EXTRA_CA_VAR } from './environment.ts';
import { INSPECTOR_MAX_INVOCATIONS, otherToolVersions, type OtherToolFigures } from './other-tools.ts';

/** Medians for one surface over `rounds` rounds, ms. `ratio` is the median per-round harness(core)/bare. */
export interface SurfaceFigures {
  surface: string;
  era: string;
  calls: number;
  rounds: number;
  bareMs: number;
  coreMs: number;
  allMs: number;
  ratio: number;
  ratioAll: number;
  /** Fastest harness (core) run over fastest bare run: less sensitive to a loaded machine than the medians. */
  bestRatio: number;
  /** Set when the surface could not be measured; the other figures are then NaN. */
  error?: string;
}

/** The synthetic surface, each side measured in its own process (peak RSS, MB). */
export interface SyntheticFigures {
  tools: number;
  calls: number;
  rounds: number;
  bareMs: number;
  coreMs: number;
  coreRssMB: number;
  allMs: number;
  allRssMB: number;
  /** Requests of the all-checks run beyond the calls (planned probes, per run). */
  probes: number;
}

/** One point of the in-flight window sweep (harness core checks and bare client, ms). */
export interface WindowPoint {
  window: number;
  bareMs: number;
  coreMs: number;
}

/** Everything one `npm run bench` measured. */
export interface BenchResults {
  date: string;
  cpus: number;
  cpuModel: string;
  node: string;
  /**
   * The code measured: the commit (short hash) and whether the working tree had uncommitted changes to tracked
   * files; undefined outside a git checkout (bench/run.ts `codeVersion`).
   */
  code?: { commit: string; dirty: boolean };
  surfaces: SurfaceFigures[];
  synthetic?: SyntheticFigures;
  sweep?: { tools: number; latencyMs: number; rounds: number; points: WindowPoint[] };
  throughput?: Throughput;
  /** Start-up of the built CLI vs bare Node. */
  startup?: StartupFigures;
  /** The default run (CLI, all checks) vs the bare client (issue 12 targets). */
  defaultRuns?: DefaultRow[];
  /** The same on the synthetic surface at 100, 1,000 and 5,000 tools. */
  growth?: DefaultRow[];
  /** The same on the 1,000-tool surface with a growing share of its tools broken (findings growth). */
  findingsGrowth?: DefaultRow[];
  /** Extra Markdown sections (profile, validators), rendered after the default-run tables. */
  extra?: string[];
  /** Seconds the whole benchmark took. */
  benchSeconds: number;
}

/** Targets of issue 5. */
export const TARGETS = { ratio: 1.25, syntheticSeconds: 15, syntheticRssMB: 300 } as const;

const ms = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : 'n/a');
const x = (v: number) => (Number.isFinite(v) ? v.toFixed(2) : 'n/a');
const n = (v: number) => Math.round(v).toLocaleString('en-US');
const mark = (ok: boolean) => (ok ? 'met' : '**missed**');

function surfaceTable(rows: SurfaceFigures[]): string[] {
  const lines = [
    '| surface | era | calls | bare (ms) | harness core (ms) | ratio core/bare | target <= 1.25 | best core / best bare | harness all checks (ms) | ratio all/bare |',
    '|---|---|---:|---:|---:|---:|---|---:|---:|---:|',
  ];
  for (const r of rows) {
    if (r.error) lines.push(`| ${r.surface} | | | | | | not measured: ${r.error.replace(/\|/g, '\\|')} | | | |`);
    else lines.push(`| ${r.surface} | ${r.era} | ${r.calls} | ${ms(r.bareMs)} | ${ms(r.coreMs)} | ${x(r.ratio)} | ${mark(r.ratio <= TARGETS.ratio)} | ${x(r.bestRatio)} | ${ms(r.allMs)} | ${x(r.ratioAll)} |`);
  }
  return lines;
}

/**
 * The findings-growth table and, for every measured row with more findings than the measured row with the fewest
 * (the base), what each further finding cost the default run: ms of wall time and KB of peak RSS, differences of
 * medians (so they carry the rounds' noise, and the first broken row also carries one-time costs: ajv's engine is
 * created on first need). A row that was not measured gets no cost line and is never the base.
 */
function findingsGrowthSection(rows: readonly DefaultRow[]): string[] {
  const measured = rows.filter((d) => !d.error);
  const rounds = measured[0]?.rounds ?? 0;
  const lines = renderDefaultRuns(`## Growth in findings: the 1,000-tool surface with a growing share of its tools broken (default run, medians of ${rounds} ${rounds === 1 ? 'round' : 'rounds'})`, rows);
  const base = [...measured].sort((a, b) => a.findings - b.findings)[0];
  const costs = base === undefined ? [] : measured.filter((d) => d.findings > base.findings);
  if (base === undefined || costs.length === 0) return lines;
  lines.push('', 'A broken tool answers every call with a `structuredContent` outside its outputSchema (bench/synthetic-server.mjs',
    '`--broken`): two result/structured-content errors per tool, one per failing pointer. The interpreter answers only',
    '"valid", so each broken tool\'s outputSchema is compiled by ajv once for its issue list: the cost below is mostly',
    'that, not the report. Each figure is a difference of medians, so it carries the rounds\' noise (the fewer the extra',
    'findings, the more), and the first broken row also pays ajv\'s one-time set-up (its engine is created on first need).',
    `Per finding beyond the ${base.findings.toLocaleString('en-US')} of ${base.target.name}:`, '');
  for (const d of costs) {
    const extra = d.findings - base.findings;
    lines.push(`- ${d.target.name}: ${fmtNumber((d.harnessMs - base.harnessMs) / extra, 2)} ms and ${fmtNumber(((d.harnessRssMB - base.harnessRssMB) * 1024) / extra, 0)} KB of peak RSS per finding (${extra.toLocaleString('en-US')} more).`);
  }
  return lines;
}

const fmtNumber = (v: number, digits: number) => (Number.isFinite(v) ? v.toFixed(digits) : 'n/a');

function syntheticSection(s: SyntheticFigures): string[] {
  return [
    `## Synthetic surface (${s.tools} tools, ${Math.ceil(s.tools / SYNTHETIC_PAGE_SIZE)} pages, ${s.calls} calls; medians of ${s.rounds} ${s.rounds === 1 ? 'round' : 'rounds'}, each harness run in its own process)`,
    '',
    'The harness side here runs `run()` in process from the TypeScript sources through tsx (bench/isolated.ts), not the built',
    'CLI: its RSS includes tsx and the unbundled modules, so it is higher than the default-run table\'s peak RSS for the same surface.',
    '',
    '| run | wall (s) | calls/s | peak RSS (MB) |',
    '|---|---:|---:|---:|',
    `| bare client | ${(s.bareMs / 1000).toFixed(2)} | ${n((s.calls * 1000) / s.bareMs)} | |`,
    `| harness, core checks | ${(s.coreMs / 1000).toFixed(2)} | ${n((s.calls * 1000) / s.coreMs)} | ${n(s.coreRssMB)} |`,
    `| harness, all checks (+${n(s.probes)} probes) | ${(s.allMs / 1000).toFixed(2)} | ${n((s.calls * 1000) / s.allMs)} | ${n(s.allRssMB)} |`,
    '',
    `Targets (core checks: list, every tool called, every result checked): wall time under ${TARGETS.syntheticSeconds} s: ${mark(s.coreMs / 1000 < TARGETS.syntheticSeconds)};`,
    `peak RSS under ${TARGETS.syntheticRssMB} MB: ${mark(s.coreRssMB < TARGETS.syntheticRssMB)}.`,
  ];
}

function sweepSection(sweep: NonNullable<BenchResults['sweep']>): string[] {
  return [
    `## In-flight window (\`--call-concurrency\`): ${sweep.tools}-tool synthetic surface, each call answered after ${sweep.latencyMs} ms (medians of ${sweep.rounds})`,
    '',
    '| window | bare (ms) | harness core (ms) |',
    '|---:|---:|---:|',
    ...sweep.points.map((p) => `| ${p.window} | ${ms(p.bareMs)} | ${ms(p.coreMs)} |`),
  ];
}

function throughputSection(t: Throughput): string[] {
  return [
    `## Validation throughput (createSchemaService, ${n(t.schemas)} distinct synthetic schemas)`,
    '',
    '| measure | per second |',
    '|---|---:|',
    `| distinct compiles (cold cache) | ${n(t.compilesPerSec)} |`,
    `| cached compile lookups (canonical hash hit) | ${n(t.cachedLookupsPerSec)} |`,
    `| validations, first pass (arguments + structuredContent; includes V8 lazily compiling each validator) | ${n(t.coldValidationsPerSec)} |`,
    `| validations, warm | ${n(t.validationsPerSec)} |`,
    ...(t.invalid > 0 ? ['', `**${t.invalid} sample instances did not validate: the figures are suspect.**`] : []),
  ];
}

/**
 * What the start-up section measured NODE_EXTRA_CA_CERTS to cost one Node start (bare `node -e 0` with it minus
 * without it, ms), as a sentence on how to read the "without" column; '' when the section did not measure both.
 */
function startCostNote(r: BenchResults): string {
  const rows = r.startup?.rows ?? [];
  const withVar = rows.find((row) => row.command === 'node -e 0');
  const withoutVar = rows.find((row) => row.command === `env -u ${EXTRA_CA_VAR} node -e 0`);
  if (!withVar || !withoutVar) return '';
  const ms = Math.round(withVar.wallMs - withoutVar.wallMs);
  return ` The variable costs a Node start ${ms} ms here (the start-up section's two \`node -e 0\` rows), and a run nothing after its start: a gap between the two columns beyond that is this machine's noise between rounds.`;
}

/**
 * What the default-run table's last column measured (bench/other-tools.ts): each tool, its version (from the figures,
 * else the installed package), its own process and the Node starts it pays; [] when no row measured it.
 */
export function otherToolsNote(rows: readonly DefaultRow[]): string[] {
  const figures: OtherToolFigures[] = rows.flatMap((d) => d.otherTools ?? []);
  if (figures.length === 0) return [];
  const installed = otherToolVersions();
  const version = (tool: OtherToolFigures['tool']) => figures.find((f) => f.tool === tool)?.version ?? installed[tool];
  const rounds = Math.max(0, ...figures.map((f) => f.rounds));
  return [
    `"Other tools on the same work": the same listing and calls as the bare client, by tools a user would run, each in its own`,
    `process, from ${rounds} more alternating ${rounds === 1 ? 'round' : 'rounds'} with the bare client per workload (\`--other-rounds N\`, not scaled by the`,
    'workload\'s rounds; the ratio is the median of per-round ratios to that round\'s bare run). "SDK client" is bench/sdk-client.mjs on',
    `${version('SDK client')} (\`Client\` + \`StdioClientTransport\`, legacy \`initialize\`, every \`tools/list\` page, the same calls in`,
    'the same in-flight window, then close): one Node start and one server start. "Inspector CLI" is',
    `${version('Inspector CLI')}'s bin (\`cli/build/cli.js --cli <server> --method tools/list\`, then one \`--method tools/call`,
    '--tool-name T --tool-arg key=<JSON>` per call, one after the other): each invocation is two Node starts (the bin spawns the',
    'CLI proper) and a server start, and a call lists the tools again first. It lists one page only; its stdio servers get its whole',
    'environment plus the spec\'s (`-e` adds, nothing removes), where the bare client\'s servers get the allow-list. A failure is a',
    'call that threw in the SDK client (an error answer or a result it rejects) or an Inspector invocation that exited non-zero;',
    `failures are counted over all rounds. Both speak only the legacy handshake (a modern era: n/a); the Inspector is not run`,
    `above ${INSPECTOR_MAX_INVOCATIONS} invocations per run.`,
    `Where ${EXTRA_CA_VAR} is set, every Node start of these tools pays it as the harness's does (and the Inspector's servers too);`,
    'the bare client runs inside the bench process.',
  ];
}

/** Render the results as Markdown (the content of bench/RESULTS.md). */
export function renderResults(r: BenchResults): string {
  const rounds = r.surfaces.find((s) => !s.error)?.rounds ?? 0;
  const lines = [
    '# Benchmark results (`npm run bench`)',
    '',
    `Date: ${r.date}. Machine: ${r.cpus} CPUs (${r.cpuModel}), Node ${r.node}. The benchmark took ${Math.round(r.benchSeconds)} s.`,
    ...(r.code ? [`Code: commit ${r.code.commit}${r.code.dirty ? ' with uncommitted changes' : ''}.`] : []),
    '',
    'Every section is this one run\'s, on this code. Earlier runs, and what changed between them: bench/HISTORY.md.',
    '',
  ];
  if (r.defaultRuns) {
    lines.push(
      ...renderDefaultRuns('## Default run vs bare client (medians of alternating rounds; rounds per workload in the table)', r.defaultRuns),
      '',
      'Default run: `node dist/bin.js run -- node <server>` in its own process (every check, the default reporters, spawn to exit;',
      'peak RSS is the harness process\'s). Bare client: bench/bare-client.ts in the bench process: spawn the server, handshake, every',
      '`tools/list` page, the same `tools/call`s with the same arguments and in-flight window, close stdin, the same stdin grace.',
      'The ratio is the median of per-round ratios. "probes" are the requests the checks planned beyond the calls. The sub-second',
      'workloads run more rounds (`roundsScale` in bench/default-run.ts: 4x the small servers, 2x the 1,000-tool surface): their',
      'per-round ratio varies most.',
      'The default run finds the era hint (harness/run/era-hint.ts) an untimed CLI run of the same launch wrote before the',
      'rounds, as a user\'s second and later runs do: a legacy server\'s spare process starts beside it. "First run, no era',
      'hint" is the same CLI run with `MCP_HARNESS_CACHE_DIR=off`: a launch\'s first run, its spare started once the era is known.',
      ...(r.defaultRuns.some((d) => Number.isFinite(d.noExtraCaMs))
        ? [
            `This machine sets ${EXTRA_CA_VAR}. Node 20 reads that file and builds its whole root certificate store at every start,`,
            'before any JavaScript runs (nodejs/node#40524). In these runs only the harness\'s own start pays for it: the ad-hoc surface\'s',
            'servers never get the variable (the default env allow-list) and the bare client runs inside the bench process.',
            `"Without ${EXTRA_CA_VAR}" is the same default run with the variable removed from the harness\'s environment, a`,
            `separate sample in the same rounds.${startCostNote(r)} The first verdict in the target column is the default run\'s;`,
            'the others judge the first run and the run without the variable against the same target.',
          ]
        : []),
      ...otherToolsNote(r.defaultRuns),
      '',
    );
  }
  if (r.growth) {
    const rounds = r.growth.find((d) => !d.error)?.rounds ?? 0;
    lines.push(...renderDefaultRuns(`## Growth: the synthetic surface at 100, 1,000 and 5,000 tools (default run, medians of ${rounds} ${rounds === 1 ? 'round' : 'rounds'})`, r.growth), '');
  }
  if (r.findingsGrowth) lines.push(...findingsGrowthSection(r.findingsGrowth), '');
  if (r.extra) lines.push(...r.extra, '');
  if (r.surfaces.length > 0) {
    lines.push(
    `## Harness vs bare JSON-RPC client (medians of ${rounds} ${rounds === 1 ? 'round' : 'rounds'}, sides alternating)`,
    '',
    'Both sides do the same per-run setup, handshake, paginated `tools/list`, the same `tools/call`s (the harness\'s own plan) in the',
    'same in-flight window, and close stdin. "core" runs only the checks that plan no probe (same requests as the bare client);',
    '"all" adds the probing checks (unknown tool, invalid arguments, version negotiation, cancellation...). The ratios are medians of',
    'per-round ratios; "best" divides the fastest runs, which a machine shared with other work disturbs least.',
    '',
    ...surfaceTable(r.surfaces),
    '',
    );
  }
  if (r.synthetic) lines.push(...syntheticSection(r.synthetic), '');
  if (r.sweep) lines.push(...sweepSection(r.sweep), '');
  if (r.throughput) lines.push(...throughputSection(r.throughput), '');
  if (r.startup) lines.push(...renderStartup(r.startup), '');
  return `${lines.join('\n')}`;
}
