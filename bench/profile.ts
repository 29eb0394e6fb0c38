/**
 * Where the default run's own time goes, measured by the benchmark itself (issue 12: "the run's own
 * overhead profiled (`--cpu-prof`) and the top three costs named"): one `node --cpu-prof dist/bin.js run
 * -- node <server>` per workload, its V8 CPU profile read back and every sample put in one cost bucket.
 *
 * Buckets (first rule that matches, walking the sample's stack from the root down):
 * - `idle` (the `(idle)` node: the harness waiting on the server or the pipe), `garbage collection`,
 *   `module loading` (Node's ESM/CJS loader on the stack: reading, compiling and linking dist/ and its
 *   dependencies), then the outermost harness phase on the stack: `call planning` (planCalls),
 *   `probe planning` (planProbes), `judging: <check id>` (the check's own module below judge), `reports`
 *   (buildReport and the reporters), `session` (the session layer: spawn, writes, reads, records);
 * - anything else is `other` (the CLI, config, the runner's glue, V8's own `(program)` samples).
 * Each bucket names the harness functions with the most self time inside it, so a cost says what to cut.
 * The profile's sampling interval is 500 µs; times are ms of samples (CPU of the harness's main thread,
 * never the server's). Never a timed test: the numbers only go into bench/RESULTS.md.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { decode } from '@jridgewell/sourcemap-codec';
import type { Log } from './compare.ts';
import type { DefaultTarget } from './default-run.ts';
import { ROOT } from './surfaces.ts';

/** The subset of a V8 `.cpuprofile` this reads (Chrome DevTools protocol Profiler.Profile). */
export interface CpuProfile {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber?: number }; children?: number[] }>;
  /** Leaf node id of each sample. */
  samples: number[];
  /** µs since the previous sample, one per sample. */
  timeDeltas: number[];
}

/** One cost bucket: ms of samples and the functions with the most self time in it. */
export interface CostBucket {
  name: string;
  ms: number;
  /** Share of all non-idle samples, 0-1. */
  share: number;
  /** Up to three `function (module)` names with their self ms, largest first. */
  top: Array<{ fn: string; ms: number }>;
}

/** A workload's profile, bucketed. */
export interface ProfileFigures {
  workload: string;
  /** ms of all samples (the run's main-thread wall time while profiled). */
  totalMs: number;
  idleMs: number;
  /** Non-idle buckets, largest first. */
  buckets: CostBucket[];
  error?: string;
}

/** `dist/<dir>/<file>.js` -> `<dir>/<file>` for the harness's own modules; undefined for anything else. */
function harnessModule(url: string): string | undefined {
  const m = /\/dist\/((?:[^/]+\/)*[^/]+)\.js$/.exec(url);
  return m && !url.includes('/node_modules/') ? m[1] : undefined;
}

const LOADER = /^node:internal\/modules\//;
const PHASES: Array<{ name: string; fn: string; module: RegExp }> = [
  { name: 'call planning', fn: 'planCalls', module: /^run\// },
  { name: 'probe planning', fn: 'planProbes', module: /^run\// },
  { name: 'judging', fn: 'judge', module: /^run\/judge$/ },
  { name: 'reports', fn: 'buildReport', module: /^report\// },
];

/**
 * Whether a frame's function is `fn`: the name itself, or esbuild's rename of it in the bundled dist/bin.js
 * (`judge2` when another module of the bundle also has a `judge`).
 */
function isNamed(functionName: string, fn: string): boolean {
  return functionName === fn || (functionName.startsWith(fn) && /^\d+$/.test(functionName.slice(fn.length)));
}

/** The bucket of one sample from its stack (root first). */
function bucketOf(stack: CpuProfile['nodes'][number]['callFrame'][]): string {
  const leaf = stack.at(-1);
  if (leaf?.functionName === '(idle)') return 'idle';
  if (leaf?.functionName === '(garbage collector)') return 'garbage collection';
  if (stack.some((f) => LOADER.test(f.url))) return 'module loading';
  for (let i = 0; i < stack.length; i++) {
    const mod = harnessModule(stack[i].url);
    if (mod === undefined) continue;
    const phase = PHASES.find((p) => isNamed(stack[i].functionName, p.fn) && p.module.test(mod));
    if (phase?.name === 'judging') {
      // the check whose module is the first checks/<dir>/<file> frame below judge
      const check = stack.slice(i + 1).map((f) => harnessModule(f.url)).find((m) => m !== undefined && /^checks\/[^/]+\/[^/]+$/.test(m) && !m.startsWith('checks/util/'));
      return check ? `judging: ${check.slice('checks/'.length)}` : 'judging: other';
    }
    if (phase) return phase.name;
    if (mod.startsWith('reporters/')) return 'reports';
  }
  if (stack.some((f) => harnessModule(f.url)?.startsWith('session/'))) return 'session';
  return 'other';
}

/** The innermost harness (or, failing that, dependency) function of a stack: where its self time is named. */
function nameOf(stack: CpuProfile['nodes'][number]['callFrame'][]): string {
  for (let i = stack.length - 1; i >= 0; i--) {
    const mod = harnessModule(stack[i].url);
    if (mod !== undefined) return `${stack[i].functionName || '(anonymous)'} (${mod})`;
  }
  const leaf = stack.at(-1);
  const dep = leaf && /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(leaf.url);
  return leaf ? `${leaf.functionName || '(anonymous)'} (${dep ? dep[1] : leaf.url || 'native'})` : '(unknown)';
}

/**
 * Bucket a CPU profile's samples. Pure.
 * @returns total and idle ms and the non-idle buckets, largest first, each with its top three functions
 */
export function bucketProfile(profile: CpuProfile, workload: string): ProfileFigures {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const stacks = new Map<number, CpuProfile['nodes'][number]['callFrame'][]>();
  const stackOf = (id: number) => {
    let stack = stacks.get(id);
    if (!stack) {
      stack = [];
      for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) stack.unshift(byId.get(cur)!.callFrame);
      stacks.set(id, stack);
    }
    return stack;
  };
  const buckets = new Map<string, { ms: number; fns: Map<string, number> }>();
  let totalMs = 0;
  profile.samples.forEach((id, i) => {
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    totalMs += ms;
    const stack = stackOf(id);
    const name = bucketOf(stack);
    const bucket = buckets.get(name) ?? { ms: 0, fns: new Map<string, number>() };
    bucket.ms += ms;
    const fn = nameOf(stack);
    bucket.fns.set(fn, (bucket.fns.get(fn) ?? 0) + ms);
    buckets.set(name, bucket);
  });
  const idleMs = buckets.get('idle')?.ms ?? 0;
  const busy = totalMs - idleMs;
  const out = [...buckets].filter(([name]) => name !== 'idle').map(([name, b]) => ({
    name,
    ms: b.ms,
    share: busy > 0 ? b.ms / busy : 0,
    top: [...b.fns].sort((x, y) => y[1] - x[1]).slice(0, 3).map(([fn, ms]) => ({ fn, ms })),
  }));
  return { workload, totalMs, idleMs, buckets: out.sort((a, b) => b.ms - a.ms) };
}

/** The parts of a source map (v3, esbuild's `sourcemap: 'external'`) unbundleProfile reads. */
export interface BundleSourceMap {
  /** Source paths relative to the map's directory (dist/): `../harness/run/judge.ts`, `../node_modules/...`. */
  sources: string[];
  /** The VLQ mappings (decoded with @jridgewell/sourcemap-codec). */
  mappings: string;
}

/**
 * Map the frames of a bundled file (dist/bin.bundle.cjs, scripts/bundle-cli.mjs, minified) back to the modules
 * they came from, so the buckets see `dist/<dir>/<file>.js` and `node_modules/<pkg>/...` as in the
 * unbundled tree. A frame's 0-based `lineNumber` and `columnNumber` (where its function starts) are looked
 * up in the bundle's source map: the last mapping segment at or before that column on that line names the
 * source; a harness source becomes its tsc output's URL. Frames of other files, and positions no segment
 * maps, are kept. Pure.
 * @param bundleUrl the bundle's file URL as the profile spells it (file:///.../dist/bin.bundle.cjs)
 * @param map the bundle's source map (dist/bin.bundle.cjs.map)
 */
export function unbundleProfile(profile: CpuProfile, bundleUrl: string, map: BundleSourceMap): CpuProfile {
  const dist = bundleUrl.slice(0, bundleUrl.lastIndexOf('/') + 1);
  const root = dist.replace(/dist\/$/, '');
  const urls = map.sources.map((source) => {
    const path = source.replace(/^(\.\.\/)+/, '');
    const harness = /^harness\/(.+)\.ts$/.exec(path);
    return harness ? `${dist}${harness[1]}.js` : `${root}${path}`;
  });
  const lines = decode(map.mappings);
  const locate = (line: number, column: number): string | undefined => {
    const segments = lines[line];
    if (!segments) return undefined;
    let lo = 0;
    let hi = segments.length - 1;
    let found: string | undefined;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const seg = segments[mid];
      if (seg[0] <= column) {
        if (seg.length > 1) found = urls[seg[1]!];
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
  const nodes = profile.nodes.map((n) => {
    if (n.callFrame.url !== bundleUrl) return n;
    const url = locate(n.callFrame.lineNumber, n.callFrame.columnNumber ?? 0);
    return url === undefined ? n : { ...n, callFrame: { ...n.callFrame, url } };
  });
  return { ...profile, nodes };
}

/** Profile one CLI default run of `target` (`--cpu-prof`, 500 µs interval) and bucket it. Never rejects. */
export async function profileDefaultRun(target: DefaultTarget, log: Log): Promise<ProfileFigures> {
  const work = mkdtempSync(join(tmpdir(), 'mcp-bench-profile-'));
  try {
    const args = ['--cpu-prof', '--cpu-prof-dir', join(work, 'prof'), '--cpu-prof-interval', '500', join(ROOT, 'dist/bin.js'), 'run', '--reporter', 'json', '--', process.execPath, ...target.serverArgs];
    const child = spawn(process.execPath, args, { cwd: work, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
    const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
    if (code !== 0 && code !== 1) throw new Error(`mcp-harness run exited ${String(code)}: ${stderr.trim()}`);
    const file = readdirSync(join(work, 'prof')).find((f) => f.endsWith('.cpuprofile'));
    if (!file) throw new Error('no .cpuprofile written');
    const bundle = join(ROOT, 'dist/bin.bundle.cjs'); // what dist/bin.js runs (harness/code-cache.ts)
    const profile = unbundleProfile(JSON.parse(readFileSync(join(work, 'prof', file), 'utf8')) as CpuProfile, pathToFileURL(bundle).href, JSON.parse(readFileSync(`${bundle}.map`, 'utf8')) as BundleSourceMap);
    const figures = bucketProfile(profile, target.name);
    log(`  ${target.name}: ${Math.round(figures.totalMs)} ms profiled, top ${figures.buckets.slice(0, 3).map((b) => `${b.name} ${Math.round(b.ms)} ms`).join(', ')}`);
    return figures;
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log(`  ${target.name}: not profiled: ${message}`);
    return { workload: target.name, totalMs: Number.NaN, idleMs: Number.NaN, buckets: [], error: message };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const ms = (v: number) => (Number.isFinite(v) ? Math.round(v).toLocaleString('en-US') : 'n/a');

/** The Markdown section: per workload, the top three costs named, then every bucket of 2 % or more. */
export function renderProfiles(profiles: readonly ProfileFigures[]): string[] {
  const lines = [
    '## Where the default run\'s own time goes (`--cpu-prof`, one run per workload, measured by this benchmark)',
    '',
    'Samples of the harness\'s main thread (500 µs interval; the server\'s CPU is not in them), each put in one bucket by its',
    'stack (bench/profile.ts): module loading, garbage collection, call planning, probe planning, judging per check, reports,',
    'the session layer, other. "idle" is the harness waiting on the server. Each bucket names its functions with the most self time,',
    'as the bundle (dist/) names them: esbuild appends a number to a function whose name another module uses too (`classifyLine2` is',
    '`classifyLine` of harness/session/classify.ts).',
    '',
  ];
  for (const p of profiles) {
    if (p.error) {
      lines.push(`**${p.workload}**: not profiled: ${p.error.slice(0, 200)}`, '');
      continue;
    }
    const top = p.buckets.slice(0, 3);
    lines.push(
      `**${p.workload}**: ${ms(p.totalMs)} ms profiled, ${ms(p.idleMs)} ms idle. The three largest costs: ${top.map((b, i) => `${i + 1}. ${b.name} (${ms(b.ms)} ms, ${Math.round(b.share * 100)} %)`).join('; ')}.`,
      '',
      '| cost | ms | share of busy | largest self time in it |',
      '|---|---:|---:|---|',
      ...p.buckets.filter((b) => b.share >= 0.02).map((b) => `| ${b.name} | ${ms(b.ms)} | ${Math.round(b.share * 100)} % | ${b.top.map((t) => `${t.fn.replace(/\|/g, '\\|')} ${ms(t.ms)}`).join('; ')} |`),
      '',
    );
  }
  return lines;
}
