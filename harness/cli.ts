/**
 * argv -> resolved config -> run -> exit code. Nothing else (docs/architecture.md §Stages and their modules).
 * Exit codes: 0 no finding at or above the fail threshold; 1 findings; 2 the harness itself failed
 * (bad config or command line, a crashed check or reporter, an interrupted run).
 */
import { resolve } from 'node:path';
import type { ResolvedConfig } from './config/index.ts';
import { CommandLineError, helpText, parseCommandLine, type ParsedArgs } from './cli/args.ts';
import type { Shard } from './report/index.ts';
import type { BaselineEntry } from './report/baseline-file.ts';
import type { Report } from './model/report.ts';
import type { SurfaceOutline } from './run/index.ts';
import { HARNESS_VERSION } from './version.ts';

// Everything past argument parsing is imported when a command needs it, so `--help`, `--version`
// and a usage error start in a bare Node's time (measured in `npm run bench`, section startup); a usage error of a run
// with a config file loads that config too, for its problems (./cli/config-problems.ts).

/**
 * Run the CLI. Never throws: harness faults are printed on stderr (without a stack unless
 * MCP_HARNESS_DEBUG is set) and return 2.
 */
export async function main(argv: readonly string[], cwd = process.cwd()): Promise<number> {
  try {
    const args = parseCommandLine(argv);
    if (args.help) {
      process.stdout.write(helpText(args.command));
      return 0;
    }
    switch (args.command) {
      case 'help':
        process.stdout.write(helpText());
        return 0;
      case 'version':
        process.stdout.write(`${HARNESS_VERSION}\n`);
        return 0;
      case 'checks': {
        const { loadCatalog, renderCatalog, renderCatalogMarkdown } = await import('./cli/catalog.ts');
        process.stdout.write((args.markdown ? renderCatalogMarkdown : renderCatalog)(await loadCatalog()));
        return 0;
      }
      case 'snapshot':
        return await snapshotCommand(args, cwd);
      case 'merge':
        return await mergeCommand(args, cwd);
      case 'diff': {
        const { diffCommand } = await import('./cli/diff.ts');
        return await diffCommand({ operands: args.positionals, command: args.serverCommand, ...(args.url !== undefined ? { url: args.url } : {}), config: args.config, reporters: args.overrides.reporters, reportDir: args.overrides.reportDir, failOn: args.diffFailOn, surfaceFlags: args.overrides }, cwd);
      }
      case 'baseline':
      case 'run':
        return await runCommand(args, cwd);
    }
  } catch (thrown) {
    // a bad command line: with the problems of the config it would load, when it says which (./cli/config-problems.ts)
    const error = thrown instanceof CommandLineError ? await import('./cli/config-problems.ts').then(({ withConfigProblems }) => withConfigProblems(thrown, cwd)) : thrown;
    // a boot failure or a lock's error can quote a server's text: escaped (control, C1 and bidi characters as
    // `\uXXXX`), its line breaks kept (a config error lists one problem a line), each line with no CI runner command
    // (a boot failure's stderr tail line `::error file=...::` was a GitHub Actions workflow command; hostile4)
    const { noCiCommand, safeText } = await import('./reporters/text.ts');
    process.stderr.write(`mcp-harness: ${safeText(describe(error)).split('\n').map(noCiCommand).join('\n')}\n`);
    return 2;
  }
}

/**
 * The config for a run: ad-hoc (`-- COMMAND`) or loaded (its `reporters` checked against the
 * registry before anything runs), then CLI overrides applied.
 * @throws ConfigError for an invalid config, an unknown reporter (`file: reporters[i]: ...`) or surface.
 */
async function resolveRunConfig(args: ParsedArgs, cwd: string): Promise<ResolvedConfig> {
  // an ad-hoc run needs no config loader (zod, tsx): only the defaults and the overrides
  const [{ applyCliOverrides }, base] = await Promise.all([
    import('./config/cli.ts'),
    args.serverCommand || args.url !== undefined
      ? import('./config/adhoc.ts').then(({ adHocConfig }) => adHocConfig(args.serverCommand?.[0] ?? '', args.serverCommand?.slice(1) ?? [], cwd, args.url))
      : import('./config/load.ts').then(({ loadConfig }) => loadConfig(args.config, cwd)),
  ]);
  return applyCliOverrides(base, args.overrides, cwd);
}

/**
 * The signals that interrupt a run. The first stops it within about a second: every server process tree is killed
 * at once (harness/session SessionOptions.signal), no new one starts, and the partial report is written, marked
 * interrupted (exit 2). The second kills every server tree that is left, says so on stderr and exits 2 at once,
 * without a report. Once the run returned (no server left), a signal does not cut the report's writing short
 * (./cli/interrupts.ts): the first says so, another exits 2.
 */
const INTERRUPTS: readonly NodeJS.Signals[] = ['SIGINT', 'SIGTERM', 'SIGHUP'];

async function runCommand(args: ParsedArgs, cwd: string): Promise<number> {
  const config = await resolveRunConfig(args, cwd);
  // a malformed or missing baseline is a usage error found before any server starts, not after the whole run (exit 2)
  const baseline = args.command === 'run' && config.baseline ? await import('./report/baseline-file.ts').then(({ readBaseline }) => readBaseline(config.baseline as string)) : undefined;
  // an isolated server may plant files where the reports go: checked, and the directories made, before it starts;
  // baseline writes its file alone (no report), so only that file's path is checked, never the config's report dir
  if (config.surfaces.some((s) => s.isolate)) {
    const { prepareIsolatedOutputs, prepareIsolatedBaselineOutput } = await import('./cli/isolated-output.ts');
    if (args.command === 'baseline') {
      const { DEFAULT_BASELINE_FILE } = await import('./report/index.ts');
      await prepareIsolatedBaselineOutput(config.surfaces, resolve(cwd, args.out ?? DEFAULT_BASELINE_FILE));
    } else await prepareIsolatedOutputs(config);
  }
  // only what starting the servers needs is imported before the run; run() imports the rest while they start,
  // and the reporters are imported once it has
  const [{ run, describeBound }, { createProgress }, { killAllTrees }, { eraHintsFromEnv }, { createInterruptHandler }] = await Promise.all([
    import('./run/index.ts'),
    import('./run/progress.ts'),
    import('./session/index.ts'),
    import('./run/era-hint.ts'),
    import('./cli/interrupts.ts'),
  ]);
  const controller = new AbortController();
  // first signal: stop (kill the servers, write the partial report); second: kill and leave; once the run returned,
  // the report is written all the same (./cli/interrupts.ts). SIGHUP (the terminal closed) too: Node's default for
  // it ends the harness without its exit hook, leaving the servers running
  const handler = createInterruptHandler({
    abort: () => controller.abort(),
    killAll: killAllTrees,
    exit: (code) => process.exit(code),
    write: (line) => process.stderr.write(line),
  });
  const interrupt = handler.onSignal;
  for (const signal of INTERRUPTS) process.on(signal, interrupt);
  const progress = createProgress(process.stdout, await surfacesInShard(config, args.overrides.shard));
  try {
    const { report, outlines, harnessFailed } = await run(config, {
      filters: { tools: args.overrides.tools, checks: args.overrides.checks, shard: args.overrides.shard },
      signal: controller.signal,
      onProgress: progress.onProgress,
      // when a stdio surface's spares start (beside its server when its launch was legacy last time): scheduling only
      eraHints: eraHintsFromEnv(process.env, cwd),
      // fewer surfaces at once than configured, so that their retention budgets fit in the heap: said once
      onConcurrencyBound: (bound) => process.stderr.write(`mcp-harness: ${describeBound(bound)}\n`),
      // what the usage lines read of each surface is its outline: a finished surface's frames are let go at once
      keepObservations: false,
    });
    handler.reporting(); // no server is left: a signal from now on does not cut the report short
    progress.done();
    if (args.command === 'baseline' && report.interrupted) {
      process.stderr.write('mcp-harness: the run was interrupted; no baseline was written (a partial run would accept false findings)\n');
      return 2;
    }
    if (args.command === 'baseline') {
      // a surface that could not be started or tested nothing (a harness/* fault) is no state to accept: its baseline
      // would accept the fault, and every real finding would be new once it runs (README.md §Exit codes: 2)
      const refusal = await baselineRefusal(args, report, outlines, harnessFailed);
      if (refusal.length > 0) {
        for (const line of refusal) process.stderr.write(`mcp-harness: ${line}\n`);
        process.stderr.write('mcp-harness: no baseline was written: the run did not test all it was asked to, and a baseline accepts no setup fault and none of the harness\'s own (fix it, then run `mcp-harness baseline` again)\n');
        return 2;
      }
      const [{ writeBaseline, DEFAULT_BASELINE_FILE }, { plural }] = await Promise.all([import('./report/index.ts'), import('./reporters/group.ts')]);
      const file = resolve(cwd, args.out ?? DEFAULT_BASELINE_FILE);
      const kept = await keptEntries(file, report, args);
      await writeBaseline(file, report, args.reason, undefined, kept);
      process.stdout.write(`mcp-harness: baseline of ${plural(report.findings.length, 'finding')} written to ${file}${kept.length > 0 ? ` (and ${plural(kept.length, 'entry', 'entries')} of what this run did not select kept from the earlier baseline)` : ''}\n`);
      return 0;
    }
    const { publish } = await import('./cli/output.ts');
    const code = await publish(report, config, harnessFailed, baseline);
    // an interrupted run's observations are partial: no usage fault is read from them (exit 2 already)
    // the lines quote a boot error and advertised tool names: each escaped for one terminal line (cli/terminal-text.ts)
    const { terminalText } = await import('./cli/terminal-text.ts');
    const usage = report.interrupted ? [] : [...unstartable(outlines, terminalText), ...unmatchedTools(args.overrides.tools, outlines, terminalText)];
    for (const line of usage) process.stderr.write(`mcp-harness: ${line}\n`);
    return usage.length > 0 ? 2 : code;
  } finally {
    for (const signal of INTERRUPTS) process.off(signal, interrupt);
  }
}

/**
 * The entries of the baseline already at `file` that a narrowed run (`--surface`, `--tool`, `--check`, `--shard`)
 * could not judge (harness/report/baseline.ts `inReportScope`): `baseline` keeps them, so narrowing it never drops what
 * it did not look at (a walkthrough: `baseline --tool echo` turned 13 entries into 4). A full run keeps none (the file
 * is the run's findings); a missing or unreadable file keeps none.
 */
async function keptEntries(file: string, report: Report, args: ParsedArgs): Promise<BaselineEntry[]> {
  const o = args.overrides;
  const narrowed = report.scope !== undefined || (o.surfaces?.length ?? 0) > 0 || o.shard !== undefined;
  if (!narrowed) return [];
  const [{ readBaseline }, { inReportScope }] = await Promise.all([import('./report/baseline-file.ts'), import('./report/baseline.ts')]);
  const earlier = await readBaseline(file).catch(() => undefined);
  return earlier ? earlier.entries.filter((entry) => !inReportScope(report, entry)) : [];
}

/**
 * Why `baseline` writes nothing, one stderr line each (none: it may write): a server command that could not be started,
 * a server that did not boot (it exited, was unreachable, never answered the handshake), a `--tool` that matched no tool (the usage faults `run` exits 2 for), and every `harness/*` error finding (a surface
 * that tested nothing, a crashed check or surface, a contract not loaded, a surface validated only in part), which are
 * the harness's own faults, never a server's, so no baseline accepts them (docs/reports.md §Baseline).
 */
async function baselineRefusal(args: ParsedArgs, report: Report, outlines: readonly SurfaceOutline[], harnessFailed: boolean): Promise<string[]> {
  const [{ terminalText }, { oneLine }] = await Promise.all([import('./cli/terminal-text.ts'), import('./reporters/text.ts')]);
  const usage = [...unstartable(outlines, terminalText), ...unmatchedTools(args.overrides.tools, outlines, terminalText)];
  // a server that started but never booted (it exited, was unreachable, never answered) tested nothing: accepting its
  // boot finding would pass every later run of a surface that tests nothing (a reviewer's `baseline -- node missing.js`)
  const unbooted = outlines
    .filter((o) => o.bootError !== undefined && !notStartable(o))
    .map((o) => `${terminalText(o.surface)}: the server did not boot (${terminalText(o.bootError?.message ?? '')}): a baseline would accept a surface that tested nothing`);
  usage.push(...unbooted);
  // an unstartable surface's harness/untested finding says what its usage line says: one line is enough
  const notStarted = new Set(outlines.filter(notStartable).map((o) => o.surface));
  const faults = report.findings.filter((f) => f.check.startsWith('harness/') && f.severity === 'error' && !(f.check === 'harness/untested' && notStarted.has(f.surface)));
  const lines = [...usage, ...faults.map((f) => `${oneLine(f.surface)}: ${oneLine(f.message)}`)];
  return lines.length === 0 && harnessFailed ? ['the harness failed on a surface'] : lines;
}

/**
 * Usage faults a run can only see once it ran, each a stderr line making the exit code 2: a server
 * command that could not be started (ENOENT, EACCES, a missing working directory: the command line or
 * config is wrong, not the server; the report keeps the transport/exit finding that says why).
 */
function unstartable(outlines: readonly SurfaceOutline[], text: (s: string) => string): string[] {
  return outlines.filter(notStartable).map((o) => `${text(o.surface)}: the server command could not be started (${text(o.bootError?.message ?? '')})`);
}

/** True when the surface's server command could not be started (see `unstartable`). */
function notStartable(o: SurfaceOutline): boolean {
  // a Streamable HTTP server that started but never got ready, exited early or is not reachable is the server's fault (exit 1)
  return o.bootError?.phase === 'spawn' && !['ready-timeout', 'exited', 'unreachable'].includes(o.bootError.reason);
}

/**
 * `--tool NAME` that matched no tool advertised by any surface that listed its tools: one line naming
 * the unmatched names and listing the advertised ones (nothing when no surface got as far as listing).
 * `text` makes each name safe for a terminal line (a server chose the advertised ones).
 */
function unmatchedTools(wanted: readonly string[] | undefined, outlines: readonly SurfaceOutline[], text: (s: string) => string): string[] {
  const listed = outlines.filter((o) => o.listedTools !== undefined);
  if (!wanted?.length || listed.length === 0) return [];
  const advertised = [...new Set(listed.flatMap((o) => (o.listedTools ?? []) as string[]))].sort();
  const unmatched = wanted.filter((name) => !advertised.includes(name));
  if (unmatched.length === 0) return [];
  const names = unmatched.map((n) => `"${text(n)}"`).join(', ');
  return [`<command line>: --tool: no tool named ${names} on ${listed.length === 1 ? 'the surface' : 'any surface'} (advertised: ${advertised.map(text).join(', ') || 'none'})`];
}

/** How many surfaces a run starts: all, or under `--shard` (several surfaces) those of the shard. */
async function surfacesInShard(config: ResolvedConfig, shard?: Shard): Promise<number> {
  if (!shard || config.surfaces.length === 1) return config.surfaces.length;
  const { inShard } = await import('./report/shard.ts');
  return config.surfaces.filter((s) => inShard(s.name, shard)).length;
}

async function snapshotCommand(args: ParsedArgs, cwd: string): Promise<number> {
  if (!args.serverCommand && args.url === undefined) throw new Error('snapshot needs a server command or a URL: mcp-harness snapshot [--out FILE] [--url URL] [-- COMMAND ARGS]');
  const [{ snapshot }, { terminalText }] = await Promise.all([import('./cli/snapshot.ts'), import('./cli/terminal-text.ts')]);
  const { file, tools, left, masked } = await snapshot(args.serverCommand ?? [], args.out, cwd, args.url, args.overrides);
  if (masked.length > 0) process.stderr.write(`mcp-harness: snapshot: the lock holds the values of ${masked.join(', ')} masked ([masked:NAME]; docs/security.md): a run or diff where ${masked.length === 1 ? 'it is' : 'they are'} not set, or set to another value, reads those texts otherwise; record the lock where it is compared\n`);
  for (const l of left) process.stderr.write(`mcp-harness: snapshot left tool ${terminalText(l.tool)} (tools/list entry ${l.index}) out of the lock: ${terminalText(l.reason)} (\`mcp-harness run\` reports it)\n`);
  process.stdout.write(`mcp-harness: lock with ${tools} tool${tools === 1 ? '' : 's'} written to ${file}\n`);
  return 0;
}

async function mergeCommand(args: ParsedArgs, cwd: string): Promise<number> {
  if (args.positionals.length === 0) throw new Error('merge needs report directories or files: mcp-harness merge DIR... [--report-dir OUT]');
  const files = args.positionals.map((p) => (p.endsWith('.json') ? resolve(cwd, p) : resolve(cwd, p, 'report.json')));
  // a malformed baseline fails before the reports are read (exit 2), as in a run
  const baseline = args.overrides.baseline ? await import('./report/baseline-file.ts').then(({ readBaseline }) => readBaseline(resolve(cwd, args.overrides.baseline as string))) : undefined;
  const [{ mergeReportFiles }, { publish }, { terminalText }] = await Promise.all([import('./report/index.ts'), import('./cli/output.ts'), import('./cli/terminal-text.ts')]);
  const report = await mergeReportFiles(files, (warning) => process.stderr.write(`mcp-harness: merge: warning: ${terminalText(warning)}\n`));
  const { hasHarnessFault, hasUnstartedSurface } = await import('./report/threshold.ts');
  const o = args.overrides;
  return publish(
    report,
    {
      reportDir: resolve(cwd, o.reportDir ?? 'reports'),
      reporters: o.reporters?.length ? o.reporters : ['console', 'json', 'markdown'],
      failOn: o.failOn ?? 'error',
      showValues: o.showValues ?? false,
      baseline: o.baseline ? resolve(cwd, o.baseline) : undefined,
    },
    // a harness/* error or a server command that could not be started made a shard exit 2: the merged report exits 2 too, not 1
    hasHarnessFault(report) || hasUnstartedSurface(report),
    baseline,
  );
}

/** A harness fault as one line (a stack only with MCP_HARNESS_DEBUG). */
function describe(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const message = process.env.MCP_HARNESS_DEBUG ? (error.stack ?? error.message) : error.message;
  return message + bootStderr(error);
}

/** Stderr lines of a boot failure shown after its message (`snapshot`, `diff`: `run` shows them in its report). */
const BOOT_STDERR_LINES = 5;

/**
 * The last lines the server wrote on stderr before a boot failure (SessionBootError: `snapshot` or `diff` could not
 * start it), as the session kept them (the env mask applied), and the flags that give a server what it needs: a
 * walkthrough's `snapshot -- node server.js` said only 'the server exited during initialize', though the server had
 * said which variable it missed. Empty for any other error, or when the server wrote nothing.
 */
function bootStderr(error: Error): string {
  if (error.name !== 'SessionBootError' || !('tap' in error)) return '';
  const tail = (error as Error & { tap?: { stderrTail?: unknown } }).tap?.stderrTail;
  if (typeof tail !== 'string' || tail.trim() === '') return '';
  const lines = tail.split('\n').map((l) => l.trimEnd()).filter((l) => l !== '').slice(-BOOT_STDERR_LINES);
  return `\nthe server's stderr (last ${lines.length === 1 ? 'line' : `${lines.length} lines`}):\n${lines.map((l) => `  ${l}`).join('\n')}\n(a server that needs a variable or a longer start: --env KEY=VALUE, --env-pass NAME, --start-timeout MS)`;
}
