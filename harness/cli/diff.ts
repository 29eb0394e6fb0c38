/**
 * `mcp-harness diff OLD NEW`: every change between two contracts (harness/schema/contract-diff.ts),
 * rendered by the run's reporters (each change is a finding of `diff/breaking` or `diff/compatible`,
 * its ID the change ID), exit 1 when `--fail-on` is hit. OLD and NEW are each a lock file (written by
 * `mcp-harness snapshot`), a contract module, or a live surface: a surface name of the config, or (NEW
 * only) `-- COMMAND ARGS`. Value-free: changes name tools, kinds and JSON pointers, never values.
 */
import { existsSync, readFileSync } from 'node:fs';
import { extname, relative, resolve } from 'node:path';
import { adHocSurface, applySurfaceOverrides, loadConfig, type CliOverrides, type ResolvedSurface } from '../config/index.ts';
import { ConfigError } from '../config/errors.ts';
import { loadContractModule, lockableTools, readLock, type UnlockedTool } from '../contract/index.ts';
import type { CheckMeta } from '../checks/define.ts';
import type { Finding, Report } from '../model/report.ts';
import { buildReport } from '../report/index.ts';
import { BUILTIN_REPORTERS, writeReports } from '../reporters/index.ts';
import { DEFAULT_DOCS_URL } from '../reporters/links.ts';
import type { Reporter, StdoutReporter } from '../reporters/types.ts';
import { CHANGE_IMPACT, describeChange, diffContracts, type ChangeKind, type ContractChange, type DiffTool } from '../schema/contract-diff.ts';
import { HARNESS_VERSION } from '../version.ts';
import { listLiveTools } from './live.ts';
import { maskedContract } from '../run/contract-mask.ts';
import type { EnvMask } from '../session/env-mask.ts';
import type { ContractTool } from '../model/contract.ts';
import { oneLine } from '../reporters/text.ts';
import { terminalText } from './terminal-text.ts';
import { docsUrlFor } from './output.ts';

/** When `diff` exits 1: on a breaking change (default), on any change, or never. */
export type DiffFailOn = 'breaking' | 'any' | 'none';

/** One side of a diff, loaded. */
export interface DiffSide {
  /** How the side is named in reports: a path relative to the working directory, a surface name, or the command. */
  label: string;
  tools: DiffTool[];
  /** A live side's listed tools that a lock could not record either (`lockableTools`), left out of the comparison. */
  left?: UnlockedTool[];
}

/** What `diff` needs from the command line. */
export interface DiffOptions {
  /** The OLD and NEW operands (NEW may be absent when `command` is given). */
  operands: readonly string[];
  /** `-- COMMAND ARGS`: NEW is this live server (with `url`: the server the harness starts for it). */
  command?: readonly string[];
  /** `--url URL`: NEW is the Streamable HTTP server at URL (`${port}`: a free loopback port). */
  url?: string;
  /** `--config FILE`, for surface names. */
  config?: string;
  reporters?: readonly string[];
  reportDir?: string;
  failOn?: DiffFailOn;
  /** The command line's surface flags (`--env`, `--env-pass`, `--sandbox`, the timeouts) for every server diff starts (`-- COMMAND`, a configured surface). */
  surfaceFlags?: CliOverrides;
}

const MESSAGES = Object.fromEntries(Object.keys(CHANGE_IMPACT).map((k) => [k, `{{tool}}: ${k.replace(/-/g, ' ')} at {{pointer}}`])) as Record<ChangeKind, string>;

/** The catalog entries of the two kinds of diff finding (SARIF rules, JUnit cases, docs links to docs/diff.md). */
export const DIFF_CATALOG: CheckMeta[] = [
  {
    id: 'diff/breaking',
    defaultSeverity: 'error',
    description: 'A change between two contracts that breaks callers (an input narrowed, a tool removed) or consumers (an output guarantee removed or loosened).',
    rationale: 'A caller that worked against OLD can fail against NEW: inputs it sent are rejected, or results it relied on no longer hold.',
    spec: 'rule:contract/narrowing (docs/architecture.md §The narrowing comparator); docs/diff.md',
    messages: MESSAGES,
    examples: { fail: 'OLD requires {a}; NEW requires {a, b} (input required added)', pass: 'OLD and NEW have the same canonical schemas' },
  },
  {
    id: 'diff/compatible',
    defaultSeverity: 'info',
    description: 'A change between two contracts that breaks nobody (an input widened, an output narrowed, a tool or optional property added, a description changed).',
    rationale: 'Listed so that every change is visible; `--fail-on any` fails on these too.',
    spec: 'rule:contract/narrowing (docs/architecture.md §The narrowing comparator); docs/diff.md',
    messages: MESSAGES,
    examples: { fail: 'n/a', pass: 'OLD allows a maximum of 10; NEW of 20 (input bound loosened)' },
  },
];

const usage = (path: string, message: string) => new ConfigError('<command line>', [{ path, message }]);

/** A side as loaded: a live side carries the env mask its session applied (`readAlike`). */
type LoadedSide = DiffSide & { mask?: EnvMask };

/** The tools of a lock or contract module file. @throws ContractError naming the file and key. */
async function fileSide(file: string, label: string): Promise<DiffSide> {
  if (extname(file).toLowerCase() === '.json') {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file, 'utf8'));
    } catch {
      json = undefined;
    }
    if (json !== null && typeof json === 'object' && !('lockVersion' in json)) throw usage(label, 'a JSON file must be a lock written by mcp-harness snapshot (it has no lockVersion)');
    return { label, tools: (await readLock(file)).tools };
  }
  return { label, tools: (await loadContractModule(file)).tools };
}

/**
 * The tools a live surface lists now, as a lock records them: a tool `snapshot` would leave out (a name that is not a
 * non-empty string, a field of the wrong type) is left out here too (`left`), so a lock compared with the server it
 * was recorded from shows no change; `run` reports those tools. A `${port}` in the label is the port the server got.
 */
async function liveSide(surface: ResolvedSurface, label: string): Promise<LoadedSide> {
  const { tools, url, mask } = await listLiveTools(surface);
  const { kept, left } = lockableTools(tools);
  return { label: url !== undefined && label.includes('${port}') ? url : label, tools: kept as DiffTool[], ...(left.length > 0 ? { left } : {}), mask };
}

/**
 * Load one operand: an existing file (a `.json` lock, else a contract module), else a surface of the config.
 * @throws ConfigError naming the operand when it is neither; ContractError for a bad lock or module;
 *   SessionBootError when a live surface cannot be booted.
 */
async function loadSide(operand: string, options: DiffOptions, cwd: string, which: 'OLD' | 'NEW'): Promise<LoadedSide> {
  const file = resolve(cwd, operand);
  if (existsSync(file)) return fileSide(file, relative(cwd, file) || operand);
  let surfaces: readonly ResolvedSurface[];
  try {
    surfaces = (await loadConfig(options.config, cwd)).surfaces;
  } catch (error) {
    if (options.config !== undefined) throw error;
    throw usage(which, `"${operand}" is not a file, and there is no config to find a surface of that name in (a lock, a contract module, a surface name with --config, or -- COMMAND)`);
  }
  const surface = surfaces.find((s) => s.name === operand);
  if (!surface) throw usage(which, `"${operand}" is neither a file nor a surface of the config (surfaces: ${surfaces.map((s) => s.name).join(', ') || 'none'})`);
  // the command line's surface flags apply to a configured surface as in a run (--sandbox, --env, the timeouts)
  return liveSide(applySurfaceOverrides(surface, options.surfaceFlags ?? {}), operand);
}

/**
 * Load OLD and NEW. @throws ConfigError (exit 2) for a wrong number of operands; see `loadSide`.
 */
export async function loadSides(options: DiffOptions, cwd: string): Promise<[DiffSide, DiffSide]> {
  const live = options.command !== undefined || options.url !== undefined;
  const want = live ? 1 : 2;
  if (options.operands.length !== want) {
    throw usage('', `diff needs ${live ? 'OLD before --url URL or -- COMMAND' : 'OLD and NEW'} (got ${options.operands.length} operand${options.operands.length === 1 ? '' : 's'}): mcp-harness diff OLD NEW | mcp-harness diff OLD -- COMMAND ARGS`);
  }
  const old = await loadSide(options.operands[0], options, cwd, 'OLD');
  if (live) {
    const [command = '', ...args] = options.command ?? [];
    const surface = applySurfaceOverrides(adHocSurface(command, args, cwd, 'diff', options.url), options.surfaceFlags ?? {});
    return readAlike(old, await liveSide(surface, options.url ?? (options.command ?? []).join(' ')));
  }
  return readAlike(old, await loadSide(options.operands[1], options, cwd, 'NEW'));
}

/**
 * The two sides as they compare: a live side's session masked the server's lines with the harness's environment
 * (harness/session/env-mask.ts), so a file side compared with it is masked alike (../run/contract-mask.ts, as `run`
 * does), and a word both hold (NODE_ENV=production in "Deploys to production.") is no change. Two live sides, or
 * two files, are compared as they are.
 */
function readAlike(old: LoadedSide, next: LoadedSide): [DiffSide, DiffSide] {
  const masked = (side: LoadedSide, mask: EnvMask): DiffSide => ({ ...side, tools: maskedContract({ source: side.label, kind: 'lock', tools: side.tools as ContractTool[] }, mask).tools as DiffTool[] });
  const { mask: oldMask, ...a } = old;
  const { mask: nextMask, ...b } = next;
  if (oldMask === undefined && nextMask !== undefined) return [masked(a, nextMask), b];
  if (oldMask !== undefined && nextMask === undefined) return [a, masked(b, oldMask)];
  return [a, b];
}

/** A change as a finding (its ID is the change ID; check `diff/breaking` or `diff/compatible`). */
export function changeFinding(change: ContractChange, surface: string): Finding {
  return {
    check: `diff/${change.impact}`,
    severity: change.impact === 'breaking' ? 'error' : 'info',
    surface,
    tool: change.tool,
    ...(change.pointer !== '' ? { pointer: change.pointer } : {}),
    message: describeChange(change),
    messageId: change.kind,
    spec: 'docs/diff.md',
    id: change.id,
  };
}

/** The changes as a report (one "surface": `OLD -> NEW`, listing the tools of both sides). Pure apart from the given clock. */
export function diffReport(old: DiffSide, next: DiffSide, changes: readonly ContractChange[], startedAt: Date, durationMs: number): Report {
  const name = `${old.label} -> ${next.label}`;
  const tools = [...new Set([...old.tools, ...next.tools].map((t) => t.name))].sort();
  return buildReport({
    harnessVersion: HARNESS_VERSION,
    startedAt,
    durationMs,
    surfaces: [{ name, status: 'ok', durationMs, tools: tools.map((t) => ({ name: t, calls: [] })) }],
    findings: changes.map((c) => changeFinding(c, name)),
    skipped: [],
  });
}

/** How many changes the console lists before pointing at the report files. */
export const DIFF_CONSOLE_LIMIT = 50;

/**
 * The console summary of a diff report: the count by impact, then each change (breaking first), ID included. Pure.
 * Every text is escaped for one terminal line (reporters/text.ts `oneLine`: control, C1 and bidi characters as `\uXXXX`,
 * line breaks as spaces), as the run's console escapes it: a tool or property name cannot clear the screen, set the
 * window title or forge a change line (review D7); the messages' server names are already cut to the budget.
 */
export function renderDiffConsole(report: Report): string {
  const surface = oneLine(report.surfaces[0]?.name ?? '');
  const breaking = report.findings.filter((f) => f.check === 'diff/breaking');
  const compatible = report.findings.filter((f) => f.check === 'diff/compatible');
  const lines = [`mcp-harness diff ${surface}: ${report.findings.length} change${report.findings.length === 1 ? '' : 's'} (${breaking.length} breaking, ${compatible.length} compatible)`];
  const listed = [...breaking, ...compatible];
  for (const f of listed.slice(0, DIFF_CONSOLE_LIMIT)) lines.push(`  ${(f.check === 'diff/breaking' ? 'breaking' : 'compatible').padEnd(10)} ${oneLine(f.id ?? '')} ${oneLine(f.message)}`);
  if (listed.length > DIFF_CONSOLE_LIMIT) lines.push(`  ... and ${listed.length - DIFF_CONSOLE_LIMIT} more; see the report files`);
  return `${lines.join('\n')}\n`;
}

const diffConsole: StdoutReporter = { kind: 'stdout', name: 'console', render: (report) => renderDiffConsole(report) };

/** Exit code for the changes under `failOn`: 1 when hit, else 0. */
export function diffExitCode(changes: readonly ContractChange[], failOn: DiffFailOn): 0 | 1 {
  if (failOn === 'none') return 0;
  return changes.some((c) => failOn === 'any' || c.impact === 'breaking') ? 1 : 0;
}

/**
 * Run `diff`: load both sides, classify, write the selected reports (console on stdout, files under
 * the report dir) and return the exit code: 0, 1 when `--fail-on` is hit, 2 when a reporter failed.
 */
export async function diffCommand(options: DiffOptions, cwd: string): Promise<0 | 1 | 2> {
  const startedAt = new Date();
  const t0 = performance.now();
  const [old, next] = await loadSides(options, cwd);
  for (const side of [old, next]) for (const l of side.left ?? []) process.stderr.write(`mcp-harness: diff left tool ${terminalText(l.tool)} (tools/list entry ${l.index}) of ${oneLine(side.label)} out: ${terminalText(l.reason)} (\`mcp-harness run\` reports it)\n`);
  const changes = diffContracts(old.tools, next.tools);
  const report = diffReport(old, next, changes, startedAt, Math.round(performance.now() - t0));
  const registry = new Map<string, Reporter>([...BUILTIN_REPORTERS, ['console', diffConsole]]);
  const names = options.reporters?.length ? [...options.reporters] : ['console', 'json'];
  const reporters = names.includes('console') ? names : ['console', ...names];
  const base = docsUrlFor({}).docsUrl ?? DEFAULT_DOCS_URL;
  const result = await writeReports(report, {
    reportDir: resolve(cwd, options.reportDir ?? 'reports'),
    reporters,
    registry,
    ctx: { showValues: false, catalog: DIFF_CATALOG, docsUrl: base.replace(/checks\.md$/, 'diff.md') },
  });
  for (const failure of result.failures) process.stderr.write(`mcp-harness: reporter ${failure.reporter} failed: ${oneLine(failure.error)}\n`);
  return result.failures.length > 0 ? 2 : diffExitCode(changes, options.failOn ?? 'breaking');
}
