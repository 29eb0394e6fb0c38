/**
 * The default run a user types, `mcp-harness run -- node <server>` (the built CLI, dist/bin.js, every
 * check, default reporters, in its own process), side by side with the bare client (bench/bare-client.ts:
 * spawn the server, handshake, every `tools/list` page, the same `tools/call`s in the same in-flight
 * window, close stdin), in alternating rounds. The bare client replays the calls an in-process warm-up
 * run of the same ad-hoc config made, so both sides call the same tools with the same arguments.
 *
 * Wall time is ms from spawn (or, for the bare client, from its start) to exit; peak RSS (MB) is the
 * harness process's own (`process.resourceUsage().maxRSS` through bench/peak-rss.cjs), not the server's.
 * The floor (bare-client.ts runFloor) is the bare client plus the server start-ups the default run's
 * fresh-process probes need, all at once, with no harness work: a default run cannot beat it here.
 * Targets (issue 12): default run <= 2.0x bare on server-memory and server-sequential-thinking, <= 1.3x on
 * server-everything, <= 8x and <= 150 MB on the 1,000-tool synthetic surface.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { adHocConfig } from '../harness/config/index.ts';
import { run } from '../harness/run/index.ts';
import type { Log } from './compare.ts';
import { replayOf, timeBare, type Replay } from './measure.ts';
import { median, medianRatio } from './stats.ts';
import { ROOT } from './surfaces.ts';
import { syntheticReplay } from './synthetic-bench.ts';
import { freshProcessCount } from '../harness/checks/index.ts';
import type { Era } from '../harness/model/protocol.ts';
import { createHash } from 'node:crypto';
import { EXTRA_CA_VAR, setsExtraCa, withoutExtraCaEnv } from './environment.ts';
import { measureOtherTools, renderOtherTools, type OtherToolFigures } from './other-tools.ts';

const PRELOAD = fileURLToPath(new URL('./peak-rss.cjs', import.meta.url));
const BIN = join(ROOT, 'dist/bin.js');
const pkg = (name: string) => join(ROOT, 'node_modules/@modelcontextprotocol', name, 'dist/index.js');
const SYNTHETIC_SERVER = join(ROOT, 'bench/synthetic-server.mjs');

/** One workload: a server command line (run with this Node) and, when set, its target ratio / RSS. */
export interface DefaultTarget {
  name: string;
  /** Arguments after `node` (the server script and its own arguments). */
  serverArgs: string[];
  /** Tools the server serves, when known up front (synthetic surfaces). */
  tools?: number;
  maxRatio?: number;
  maxRssMB?: number;
  /**
   * Rounds per round asked for (default 1): a sub-second workload, whose per-round ratio varies most (the small
   * published servers: 1.6-2.5x within one five-round run), runs this many times as many rounds, so that its
   * median is about as stable as a long workload's; its arms take about a second a round.
   */
  roundsScale?: number;
}

/** The issue-12 workloads: three pinned published servers and the 1,000-tool synthetic surface. */
export const DEFAULT_TARGETS: readonly DefaultTarget[] = [
  { name: 'server-memory', serverArgs: [pkg('server-memory')], maxRatio: 2.0, roundsScale: 4 },
  { name: 'server-sequential-thinking', serverArgs: [pkg('server-sequential-thinking')], maxRatio: 2.0, roundsScale: 4 },
  { name: 'server-everything', serverArgs: [pkg('server-everything'), 'stdio'], maxRatio: 1.3 },
  { name: 'synthetic 1,000 tools', serverArgs: [SYNTHETIC_SERVER, '--tools', '1000'], tools: 1000, maxRatio: 8, maxRssMB: 150, roundsScale: 2 },
];

/**
 * The synthetic surface at `tools` tools (the growth tables); with `brokenPercent` > 0, that share of its tools
 * answers a `structuredContent` outside its outputSchema (bench/synthetic-server.mjs `--broken`: each such tool draws
 * two result/structured-content errors, one per failing pointer; the findings-growth table).
 */
export function syntheticTarget(tools: number, brokenPercent = 0): DefaultTarget {
  const name = `synthetic ${tools.toLocaleString('en-US')} tools${brokenPercent > 0 ? `, ${brokenPercent} % broken` : ''}`;
  const broken = brokenPercent > 0 ? ['--broken', String(brokenPercent)] : [];
  return { name, serverArgs: [SYNTHETIC_SERVER, '--tools', String(tools), ...broken], tools };
}

/** Medians of one workload. Ratios are medians of per-round ratios. */
export interface DefaultRow {
  target: DefaultTarget;
  rounds: number;
  tools: number;
  calls: number;
  /** Requests the checks planned beyond the calls (in-process warm-up; NaN when not measured). */
  probes: number;
  findings: number;
  /** sha256 (12 hex) of the sorted finding ids of the last CLI run: equal before and after a speed change. */
  findingsHash: string;
  /** True when the CLI runs did not all report the same finding ids. */
  findingsVaried: boolean;
  bareMs: number;
  /**
   * Server start-ups beside the bare client's that the default run's fresh-process probes need on the
   * negotiated era (freshProcessCount of FRESH_PROCESS_PROBES, every check enabled), and the median ms of that floor
   * (bare-client.ts runFloor): no default run on this machine can be faster than `floorMs`.
   */
  freshStarts: number;
  floorMs: number;
  /** Median of per-round floor / bare. */
  floorRatio: number;
  harnessMs: number;
  harnessRssMB: number;
  ratio: number;
  /**
   * The same CLI run with no era hint (`MCP_HARNESS_CACHE_DIR=off`: what the first run of a launch does, its
   * legacy spare started once the era is known), median ms and median of per-round ratios to the bare client;
   * NaN when that arm was not measured. `harnessMs` is then the run that found the hint an earlier run wrote.
   */
  firstRunMs: number;
  firstRunRatio: number;
  /**
   * The same CLI run (era hint found) with NODE_EXTRA_CA_CERTS removed from the harness process's environment, median
   * ms and median of per-round ratios to the bare client; NaN when not measured (the variable is not set here, or the
   * arm was not asked for). Node 20 reads that file and builds its whole root store at every start, before any
   * JavaScript (nodejs/node#40524): in this default run only the harness's own start pays it, since the ad-hoc
   * surface's servers never get the variable (the default env allow-list, harness/config/defaults.ts) and the bare
   * client runs in the bench process. A separate sample in the same rounds: its difference from `harnessMs` is the
   * start cost plus this machine's noise between rounds.
   */
  noExtraCaMs: number;
  noExtraCaRatio: number;
  /**
   * Other tools on the same work (bench/other-tools.ts: the SDK client and the Inspector CLI, each in its own process),
   * from their own alternating rounds with the bare client; undefined when not measured (`--no-other-tools`).
   */
  otherTools?: OtherToolFigures[];
  error?: string;
}

/** What one CLI run measured and reported (findings from its reports/report.json). */
interface CliRun {
  wallMs: number;
  rssMB: number;
  /** The report's finding ids, sorted (the stable ids of issue 9). */
  findingIds: string[];
}

/**
 * One harness CLI run: wall ms, peak RSS MB, its findings. With `hints: false` the run neither reads nor writes
 * era hints (`MCP_HARNESS_CACHE_DIR=off`, harness/run/era-hint.ts): a launch's first run. With `extraCa: false`
 * the harness process starts without NODE_EXTRA_CA_CERTS (DefaultRow.noExtraCaMs).
 * @throws Error when it exits 2 or by a signal.
 */
async function timeCli(target: DefaultTarget, work: string, hints = true, extraCa = true): Promise<CliRun> {
  const rssFile = join(work, 'rss');
  const args = ['--require', PRELOAD, BIN, 'run', '--', process.execPath, ...target.serverArgs];
  const base = extraCa ? process.env : withoutExtraCaEnv(process.env);
  const started = performance.now();
  const child = spawn(process.execPath, args, { cwd: work, stdio: ['ignore', 'ignore', 'pipe'], env: { ...base, BENCH_RSS_FILE: rssFile, ...(hints ? {} : { MCP_HARNESS_CACHE_DIR: 'off' }) } });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  const wallMs = performance.now() - started;
  if (code !== 0 && code !== 1) throw new Error(`mcp-harness run exited ${String(code)}: ${stderr.trim()}`);
  const report = JSON.parse(readFileSync(join(work, 'reports/report.json'), 'utf8')) as { findings: { id?: string; check: string }[] };
  return { wallMs, rssMB: Number(readFileSync(rssFile, 'utf8')) / 1024, findingIds: report.findings.map((f) => f.id ?? f.check).sort() };
}

/**
 * The ad-hoc config the CLI builds for `target` and the calls to replay: for the synthetic surface the
 * planner's own plan (syntheticReplay), otherwise the calls of one in-process run of that config.
 */
async function warmUp(target: DefaultTarget, work: string) {
  const config = adHocConfig(process.execPath, target.serverArgs, work);
  if (target.tools !== undefined) return { config, replay: syntheticReplay(target.tools), tools: target.tools, probes: Number.NaN };
  const result = await run({ ...config, reporters: [] }, { filters: {} });
  const obs = result.observations[0];
  return { config, replay: replayOf(obs), tools: obs.listing?.tools.length ?? 0, probes: obs.probes.length };
}

/** One bare-client run on the ad-hoc surface (measure.ts timeBare: the same spawn spec, env and window). */
async function timeBareOnce(config: ReturnType<typeof adHocConfig>, replay: Replay, freshStarts = 0): Promise<number> {
  return (await timeBare(config.surfaces[0], replay, freshStarts)).wallMs;
}

/** The rounds `measureDefaultRuns` runs of `target` when `roundsAsked` are asked: times its `roundsScale` (default 1). */
export function roundsFor(target: DefaultTarget, roundsAsked: number): number {
  return roundsAsked * (target.roundsScale ?? 1);
}

/** The processes the fresh-process probes of every check need on `era` (the default run enables every check). */
export function freshStartsFor(era: Era): number {
  return freshProcessCount(era);
}

/**
 * Measure `targets`, `roundsAsked` alternating rounds each, times the target's `roundsScale` (the order of the
 * arms rotates every round). With
 * `firstRun`, each round also times the CLI with no era hint (DefaultRow.firstRunMs), and one untimed CLI run
 * before the rounds writes the hint the timed default runs then find (as a user's second run does). With
 * `withoutExtraCa` and NODE_EXTRA_CA_CERTS set here, each round also times the CLI without that variable
 * (DefaultRow.noExtraCaMs). With `otherRounds` > 0, after those rounds, that many more alternating rounds of the bare
 * client and the other tools (bench/other-tools.ts measureOtherTools; DefaultRow.otherTools), not scaled by
 * `roundsScale`. Never rejects: a workload that cannot be measured comes back with `error`. dist/ must be built.
 */
export async function measureDefaultRuns(targets: readonly DefaultTarget[], roundsAsked: number, log: Log, firstRun = false, withoutExtraCa = false, otherRounds = 0): Promise<DefaultRow[]> {
  const rows: DefaultRow[] = [];
  const noCa = withoutExtraCa && setsExtraCa();
  for (const target of targets) {
    const rounds = roundsFor(target, roundsAsked);
    const work = mkdtempSync(join(tmpdir(), 'mcp-bench-default-'));
    try {
      const warm = await warmUp(target, work);
      const bare: number[] = [];
      const floor: number[] = [];
      const cli: CliRun[] = [];
      const first: CliRun[] = [];
      const noCaRuns: CliRun[] = [];
      const freshStarts = freshStartsFor(warm.replay.era);
      if (firstRun) await timeCli(target, work); // writes the launch's era hint (untimed)
      for (let r = 0; r < rounds; r++) {
        const steps = [
          async () => bare.push(await timeBareOnce(warm.config, warm.replay)),
          async () => floor.push(await timeBareOnce(warm.config, warm.replay, freshStarts)),
          async () => cli.push(await timeCli(target, work)),
          ...(firstRun ? [async () => first.push(await timeCli(target, work, false))] : []),
          ...(noCa ? [async () => noCaRuns.push(await timeCli(target, work, true, false))] : []),
        ];
        // Rotate the order each round (a cyclic shift) so no arm always runs first.
        for (let i = 0; i < steps.length; i++) await steps[(i + r) % steps.length]();
        const firstNote = firstRun ? `, first run (no hint) ${Math.round(first[r].wallMs)} ms` : '';
        const caNote = noCa ? `, without ${EXTRA_CA_VAR} ${Math.round(noCaRuns[r].wallMs)} ms` : '';
        log(`  ${target.name} round ${r + 1}/${rounds}: bare ${Math.round(bare[r])} ms, floor ${Math.round(floor[r])} ms, default run ${Math.round(cli[r].wallMs)} ms / ${Math.round(cli[r].rssMB)} MB${firstNote}${caNote}`);
      }
      const otherTools = otherRounds > 0 ? await measureOtherTools(warm.config.surfaces[0], warm.replay, otherRounds, log, target.name) : undefined;
      const harnessMs = cli.map((c) => c.wallMs);
      const hashOf = (c: CliRun) => createHash('sha256').update(c.findingIds.join('\n')).digest('hex').slice(0, 12);
      const hashes = [...cli, ...first, ...noCaRuns].map(hashOf);
      rows.push({
        target, rounds, tools: warm.tools, calls: warm.replay.calls.length, probes: warm.probes,
        findings: cli.at(-1)?.findingIds.length ?? 0, findingsHash: cli.length > 0 ? hashOf(cli[cli.length - 1]) : '', findingsVaried: new Set(hashes).size > 1,
        bareMs: median(bare), freshStarts, floorMs: median(floor), floorRatio: medianRatio(floor, bare), harnessMs: median(harnessMs), harnessRssMB: median(cli.map((c) => c.rssMB)), ratio: medianRatio(harnessMs, bare),
        firstRunMs: firstRun ? median(first.map((c) => c.wallMs)) : Number.NaN, firstRunRatio: firstRun ? medianRatio(first.map((c) => c.wallMs), bare) : Number.NaN,
        noExtraCaMs: noCa ? median(noCaRuns.map((c) => c.wallMs)) : Number.NaN, noExtraCaRatio: noCa ? medianRatio(noCaRuns.map((c) => c.wallMs), bare) : Number.NaN,
        otherTools,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      log(`  ${target.name}: not measured: ${message}`);
      const nan = Number.NaN;
      rows.push({ target, rounds, tools: 0, calls: 0, probes: 0, findings: 0, findingsHash: '', findingsVaried: false, bareMs: nan, freshStarts: 0, floorMs: nan, floorRatio: nan, harnessMs: nan, harnessRssMB: nan, ratio: nan, firstRunMs: nan, firstRunRatio: nan, noExtraCaMs: nan, noExtraCaRatio: nan, error: message });
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  return rows;
}

const fmt = (v: number, digits = 0) => (Number.isFinite(v) ? v.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits }) : 'n/a');

/**
 * The Markdown table of the default runs, each target marked met or missed; a missed ratio target whose
 * floor ratio is above it says so (no default run can meet it on this machine without fewer start-ups). Where
 * the first run (no era hint) was measured, its time and ratio get a column and the target cell says how the
 * first run fares against the same target. Where a row measured the other tools, a last column shows them
 * (other-tools.ts renderOtherTools; 'not measured' in a row that did not).
 */
export function renderDefaultRuns(title: string, rows: readonly DefaultRow[]): string[] {
  // the NODE_EXTRA_CA_CERTS column only where a row measured it (the variable is set on this machine)
  const caColumn = rows.some((r) => Number.isFinite(r.noExtraCaMs));
  const otherColumn = rows.some((r) => r.otherTools !== undefined);
  const lines = [
    title,
    '',
    `| workload | rounds | tools | calls | probes | findings (ids hash) | bare (s) | floor (s) | default run (s) | ratio | first run, no era hint (s) / ratio |${caColumn ? ` without ${EXTRA_CA_VAR} (s) / ratio |` : ''} floor ratio | target | peak RSS (MB) | target |${otherColumn ? ' other tools on the same work (s / ratio) |' : ''}`,
    `|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|${caColumn ? '---:|' : ''}---:|---|---:|---|${otherColumn ? '---|' : ''}`,
  ];
  const mark = (ok: boolean) => (ok ? 'met' : '**missed**');
  for (const r of rows) {
    if (r.error) {
      lines.push(`| ${r.target.name} | | | | | | | | | | | |${caColumn ? ' |' : ''} not measured: ${r.error.replace(/\|/g, '\\|').slice(0, 200)} | | |${otherColumn ? ' |' : ''}`);
      continue;
    }
    const max = r.target.maxRatio;
    const belowFloor = max !== undefined && r.ratio > max && r.floorRatio > max ? ` (the floor, ${fmt(r.floorRatio, 2)}x, is above it)` : '';
    const hasFirst = Number.isFinite(r.firstRunMs);
    const firstMark = max !== undefined && hasFirst ? `; first run: ${mark(r.firstRunRatio <= max)}` : '';
    const caMark = max !== undefined && Number.isFinite(r.noExtraCaMs) ? `; without ${EXTRA_CA_VAR}: ${mark(r.noExtraCaRatio <= max)}` : '';
    const ratioTarget = max === undefined ? '' : `<= ${max}x: ${mark(r.ratio <= max)}${belowFloor}${firstMark}${caMark}`;
    const firstCell = hasFirst ? `${fmt(r.firstRunMs / 1000, 2)} / ${fmt(r.firstRunRatio, 2)}` : 'n/a';
    const caCell = Number.isFinite(r.noExtraCaMs) ? `${fmt(r.noExtraCaMs / 1000, 2)} / ${fmt(r.noExtraCaRatio, 2)}` : 'n/a';
    const floorCell = Number.isFinite(r.floorMs) ? `${fmt(r.floorMs / 1000, 2)} (+${r.freshStarts})` : 'n/a';
    const rssTarget = r.target.maxRssMB === undefined ? '' : `<= ${r.target.maxRssMB} MB: ${mark(r.harnessRssMB <= r.target.maxRssMB)}`;
    lines.push(
      `| ${r.target.name} | ${r.rounds} | ${r.tools} | ${r.calls} | ${fmt(r.probes)} | ${r.findings} (\`${r.findingsHash}\`${r.findingsVaried ? ', **varied across rounds**' : ''}) | ${fmt(r.bareMs / 1000, 2)} | ${floorCell} | ${fmt(r.harnessMs / 1000, 2)} | ${fmt(r.ratio, 2)} | ${firstCell} |${caColumn ? ` ${caCell} |` : ''} ${fmt(r.floorRatio, 2)} | ${ratioTarget} | ${fmt(r.harnessRssMB)} | ${rssTarget} |${otherColumn ? ` ${renderOtherTools(r.otherTools, r.tools)} |` : ''}`,
    );
  }
  return lines;
}
