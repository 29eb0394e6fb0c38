/**
 * The default-run table's last column (issue 12): other tools doing the same work as the bare client (list every
 * tool, make the same calls with the same arguments), each in its own process as a user runs it, side by side with
 * the bare client in alternating rounds.
 *
 * - SDK client: bench/sdk-client.mjs, a listing client on @modelcontextprotocol/sdk 1.x (`Client` +
 *   `StdioClientTransport`): one Node start, one server start, every `tools/list` page, the calls in the same
 *   in-flight window. The server gets the spec's env (plus the transport's default variables).
 * - Inspector CLI: @modelcontextprotocol/inspector 1.0.3's bin (`cli/build/cli.js --cli`): one invocation for
 *   `--method tools/list`, then one `--method tools/call --tool-name T --tool-arg k=<JSON>...` per call, one after the
 *   other. Each invocation is two Node starts (the bin spawns `node cli/build/index.js`, the `node` on PATH) and one
 *   server start; a `tools/call` invocation lists the tools again first (its argument conversion) and a server with
 *   the logging capability gets a `logging/setLevel` too. It lists the first page only (1.0.3 has no cursor option).
 *   Server env: 1.0.3 starts a stdio server with getDefaultEnvironment() plus its own whole process.env, and `-e
 *   KEY=VALUE` only adds variables (an empty value is refused; none can be removed). So it runs with the bench's env,
 *   as from a user's shell, and gets `-e` for each variable of the spec's env that this env lacks or differs in (none
 *   on an ad-hoc surface, whose env is an allow-list of this one): its servers get a superset of the spec's env,
 *   NODE_EXTRA_CA_CERTS included where set, which the bare client's servers do not get.
 *
 * Both tools speak only the legacy handshake: on a modern era they are not measured ("n/a"). The Inspector is not
 * run where its invocations would exceed INSPECTOR_MAX_INVOCATIONS (the 1,000-tool surface: 1,001).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ResolvedSurface } from '../harness/config/index.ts';
import type { BareSpec } from './bare-client.ts';
import type { Log } from './compare.ts';
import { timeBare, withBareSpec, type Replay } from './measure.ts';
import { median, medianRatio } from './stats.ts';
import { ROOT } from './surfaces.ts';

/** The SDK client script (plain JS, run by this Node in its own process). */
export const SDK_CLIENT = join(ROOT, 'bench/sdk-client.mjs');
/** The Inspector's bin entry, the one `npx @modelcontextprotocol/inspector --cli` runs. */
export const INSPECTOR_CLI = join(ROOT, 'node_modules/@modelcontextprotocol/inspector/cli/build/cli.js');
/** Above this many invocations per run, the Inspector CLI is not measured (each one starts two Nodes and a server). */
export const INSPECTOR_MAX_INVOCATIONS = 100;

/** The tools of the column, in its order. */
export type OtherToolName = 'SDK client' | 'Inspector CLI';

/** What one run of a tool did: wall ms from its setup to its last exit, tools it listed, units of work and failures. */
export interface OtherToolRun {
  wallMs: number;
  /** Tools the listing returned (the Inspector: its first page). */
  tools: number;
  /** Calls made (SDK client) or invocations (Inspector CLI: 1 + calls). */
  units: number;
  /** SDK client: calls that threw (an error answer or a result the SDK rejects); Inspector CLI: invocations that exited non-zero or by a signal. */
  failed: number;
  /** The Inspector's first failing invocation's stderr tail, for the log. */
  firstFailure?: string;
}

/** One tool's medians on one workload. */
export interface OtherToolFigures {
  tool: OtherToolName;
  /** The package and version run (`@modelcontextprotocol/sdk 1.32.2`). */
  version: string;
  /** Rounds measured (0 when not measured). */
  rounds: number;
  /** Median wall ms; NaN when not measured. */
  wallMs: number;
  /** Median of per-round ratios to the bare client of the same round; NaN when not measured. */
  ratio: number;
  /** Tools listed in the last round. */
  tools: number;
  /** Units of work per run: calls (SDK client) or invocations (Inspector CLI). */
  units: number;
  /** Failed units over all rounds (OtherToolRun.failed summed). */
  failed: number;
  /** Set when not measured: `n/a: <why>` or `not measured: <error>`. */
  skipped?: string;
}

/** `name version` of an installed package (its package.json under node_modules), or `name (not installed)`. */
export function packageVersion(name: string): string {
  try {
    return `${name} ${(JSON.parse(readFileSync(join(ROOT, 'node_modules', name, 'package.json'), 'utf8')) as { version: string }).version}`;
  } catch {
    return `${name} (not installed)`;
  }
}

/** The versions the column runs, for RESULTS.md's text. */
export function otherToolVersions(): Record<OtherToolName, string> {
  return { 'SDK client': packageVersion('@modelcontextprotocol/sdk'), 'Inspector CLI': packageVersion('@modelcontextprotocol/inspector') };
}

/**
 * The Inspector CLI's argument lists (after `node`) for the work of `spec`: one `tools/list`, then one `tools/call`
 * per planned call, each argument as `--tool-arg key=<JSON.stringify(value)>` (its parser JSON-parses the value, so a
 * string stays a string). `-e KEY=VALUE` for each variable of `spec.env` that `parentEnv` lacks or differs in
 * (see the module docstring; an empty value cannot be passed and is left out). Pure.
 */
export function inspectorInvocations(spec: Pick<BareSpec, 'command' | 'args' | 'env' | 'calls'>, parentEnv: NodeJS.ProcessEnv): string[][] {
  const env = Object.entries(spec.env).filter(([k, v]) => v !== '' && parentEnv[k] !== v).flatMap(([k, v]) => ['-e', `${k}=${v}`]);
  const base = [INSPECTOR_CLI, '--cli', ...env, spec.command, ...spec.args];
  return [
    [...base, '--method', 'tools/list'],
    ...spec.calls.map((c) => [...base, '--method', 'tools/call', '--tool-name', c.tool, ...Object.entries(c.arguments).flatMap(([k, v]) => ['--tool-arg', `${k}=${JSON.stringify(v)}`])]),
  ];
}

/**
 * One SDK-client run of `spec` (bench/sdk-client.mjs in its own process, this process's env; spec written to a temp
 * file). `wallMs` is spawn to exit. @throws Error when it exits non-zero (its stderr's message) or prints no summary.
 */
export async function runSdkClient(spec: BareSpec): Promise<OtherToolRun> {
  const dir = mkdtempSync(join(tmpdir(), 'mcp-bench-sdk-'));
  try {
    const file = join(dir, 'spec.json');
    writeFileSync(file, JSON.stringify(spec));
    const started = performance.now();
    const { code, stdout, stderr } = await runProcess([SDK_CLIENT, file], spec.requestMs * (spec.calls.length + 2));
    const wallMs = performance.now() - started;
    if (code !== 0) throw new Error(`the SDK client exited ${String(code)}: ${stderr.trim().slice(-300)}`);
    const summary = JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as { tools: number; calls: number; errors: number };
    return { wallMs, tools: summary.tools, units: summary.calls, failed: summary.errors };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * One Inspector-CLI run of `spec`: the invocations of inspectorInvocations one after the other, each spawn to exit
 * (this process's env). A non-zero exit (or a signal, or no exit within twice the request timeout: its process
 * group is killed) counts as a failure and the run goes on. `tools` is the length of the listing's `tools` (0 when
 * it failed). Never rejects on an invocation's failure.
 */
export async function runInspector(spec: BareSpec): Promise<OtherToolRun> {
  const invocations = inspectorInvocations(spec, process.env);
  const started = performance.now();
  let tools = 0;
  let failed = 0;
  let firstFailure: string | undefined;
  for (const [i, args] of invocations.entries()) {
    const { code, stdout, stderr } = await runProcess(args, spec.requestMs * 2, i === 0);
    if (code !== 0) {
      failed += 1;
      firstFailure ??= `invocation ${i + 1} exited ${String(code)}: ${stderr.trim().slice(-300)}`;
    } else if (i === 0) {
      tools = ((JSON.parse(stdout) as { tools?: unknown[] }).tools ?? []).length;
    }
  }
  return { wallMs: performance.now() - started, tools, units: invocations.length, failed, firstFailure };
}

/**
 * `node <args>` (this Node), this process's env, in its own process group; stdout kept when `keepStdout` (else
 * drained), the last 2,000 characters of stderr. After `timeoutMs` the group is killed and `code` is 'timeout'.
 */
function runProcess(args: string[], timeoutMs: number, keepStdout = true): Promise<{ code: number | string | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    if (keepStdout) stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-2000)));
  return new Promise((resolve) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        process.kill(-child.pid!, 'SIGKILL');
      } catch {
        // already gone
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ code: error.message, stdout, stderr });
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code: timedOut ? 'timeout' : (code ?? signal), stdout, stderr });
    });
  });
}

/** Why `tool` is not run on this work, or undefined when it is. */
export function notApplicable(tool: OtherToolName, replay: Replay): string | undefined {
  if (replay.era !== 'legacy') return `n/a: ${replay.era} era`;
  const invocations = replay.calls.length + 1;
  if (tool === 'Inspector CLI' && invocations > INSPECTOR_MAX_INVOCATIONS) return `n/a: ${invocations.toLocaleString('en-US')} invocations`;
  return undefined;
}

/**
 * `rounds` alternating rounds of the bare client, the SDK client and the Inspector CLI on `surface` (each run with
 * the bare client's per-run setup, measure.ts withBareSpec), the order rotating every round; ratios are medians of
 * per-round ratios to that round's bare run. A tool that throws (the SDK client exiting non-zero) is not run again
 * and comes back with `skipped` = `not measured: ...`; a tool that is not applicable is never run. Never rejects
 * on a tool's failure; rejects when the bare client does (timeBare).
 */
export async function measureOtherTools(surface: ResolvedSurface, replay: Replay, rounds: number, log: Log, label: string): Promise<OtherToolFigures[]> {
  const versions = otherToolVersions();
  const runners: Record<OtherToolName, (spec: BareSpec) => Promise<OtherToolRun>> = { 'SDK client': runSdkClient, 'Inspector CLI': runInspector };
  const tools = (Object.keys(runners) as OtherToolName[]).map((tool) => ({ tool, runs: [] as OtherToolRun[], bare: [] as number[], skipped: notApplicable(tool, replay) }));
  const bare: number[] = [];
  for (let r = 0; r < rounds && tools.some((t) => t.skipped === undefined); r++) {
    const steps: (() => Promise<void>)[] = [async () => void bare.push((await timeBare(surface, replay)).wallMs)];
    for (const t of tools) {
      if (t.skipped !== undefined) continue;
      steps.push(async () => {
        if (t.skipped !== undefined) return;
        try {
          const started = performance.now();
          const one = await withBareSpec(surface, replay, runners[t.tool]);
          t.runs.push({ ...one, wallMs: performance.now() - started });
        } catch (error) {
          t.skipped = `not measured: ${error instanceof Error ? error.message : String(error)}`;
        }
      });
    }
    for (let i = 0; i < steps.length; i++) await steps[(i + r) % steps.length]();
    const notes = tools.map((t) => {
      const run = t.runs[r];
      if (!run) return `${t.tool} ${t.skipped ?? 'not run'}`;
      const failures = run.failed > 0 ? `, ${run.failed} of ${run.units} failed${run.firstFailure ? ` (${run.firstFailure.replace(/\s+/g, ' ').slice(0, 200)})` : ''}` : '';
      return `${t.tool} ${Math.round(run.wallMs)} ms${failures}`;
    });
    log(`  ${label} other tools round ${r + 1}/${rounds}: bare ${Math.round(bare[r])} ms, ${notes.join(', ')}`);
    for (const t of tools) if (t.runs.length === r + 1) t.bare.push(bare[r]);
  }
  return tools.map((t) => {
    const measured = t.skipped === undefined && t.runs.length > 0;
    const wall = t.runs.map((run) => run.wallMs);
    return {
      tool: t.tool,
      version: versions[t.tool],
      rounds: measured ? t.runs.length : 0,
      wallMs: measured ? median(wall) : Number.NaN,
      ratio: measured ? medianRatio(wall, t.bare) : Number.NaN,
      tools: t.runs.at(-1)?.tools ?? 0,
      units: t.runs.at(-1)?.units ?? (t.tool === 'Inspector CLI' ? replay.calls.length + 1 : replay.calls.length),
      failed: t.runs.reduce((sum, run) => sum + run.failed, 0),
      skipped: t.skipped ?? (t.runs.length === 0 ? 'not measured' : undefined),
    };
  });
}

const seconds = (ms: number) => (ms < 1000 ? (ms / 1000).toFixed(2) : (ms / 1000).toFixed(1));
const times = (ratio: number) => (ratio < 10 ? ratio.toFixed(2) : ratio.toFixed(1));

/**
 * The column's cell for one workload: each tool as `SDK client 0.31 s / 1.72x`, the Inspector with its invocations
 * per run (`Inspector CLI 6.2 s / 34.1x (10 invocations)`), failures over all rounds in bold (`**2 of 30 failed**`),
 * a listing shorter than the workload's `tools` noted, and a tool not measured as `Inspector CLI n/a: 1,001
 * invocations`; joined with '; ', pipes escaped. 'not measured' when `figures` is undefined. Pure.
 */
export function renderOtherTools(figures: readonly OtherToolFigures[] | undefined, tools: number): string {
  if (figures === undefined) return 'not measured';
  return figures
    .map((f) => {
      if (f.skipped !== undefined) return `${f.tool} ${f.skipped.slice(0, 160)}`;
      const kind = f.tool === 'Inspector CLI' ? 'invocations' : 'calls';
      const notes = [
        ...(f.tool === 'Inspector CLI' ? [`${f.units.toLocaleString('en-US')} invocations`] : []),
        ...(f.tools !== tools ? [`listed ${f.tools.toLocaleString('en-US')} of ${tools.toLocaleString('en-US')} tools`] : []),
        ...(f.failed > 0 ? [`**${f.failed} of ${(f.units * f.rounds).toLocaleString('en-US')} ${kind} failed**`] : []),
      ];
      return `${f.tool} ${seconds(f.wallMs)} s / ${times(f.ratio)}x${notes.length > 0 ? ` (${notes.join('; ')})` : ''}`;
    })
    .join('; ')
    .replace(/\|/g, '\\|');
}
