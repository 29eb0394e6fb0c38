/**
 * Command-line parsing (node:util parseArgs, strict): argv -> a command with typed options. Every problem of the
 * line is reported at once (one ConfigError, a line per problem), not the first alone.
 * Everything after `--` is the ad-hoc server command. Flags map onto config keys (CliOverrides).
 *
 * ONE table (OPTION_TABLE) declares every flag: its parseArgs type, the commands it applies to, its
 * value placeholder and its help line. The parser, the "does not apply to" and "unknown option"
 * errors and every `--help` text are generated from it, so a new flag is one entry (plus its mapping
 * in `toOverrides`).
 */
import { parseArgs } from 'node:util';
import { checkIds } from '../checks/index.ts';
import { ConfigError } from '../config/errors.ts';
import { parseShard, type CliOverrides } from '../config/cli.ts';
import { nearest } from '../config/suggest.ts';
import { isHttpUrl } from '../config/url.ts';
import { reporterIssues } from '../config/reporter-names.ts';
import { SURFACE_FLAGS, surfaceOverrides } from './surface-flags.ts';

/** The sub-commands. */
export type CommandName = 'run' | 'snapshot' | 'baseline' | 'merge' | 'diff' | 'checks' | 'help' | 'version';

/** A parsed command line. */
export interface ParsedArgs {
  command: CommandName;
  /** `--help` given (with `command` the command it is about; `help` alone: the overview). */
  help?: boolean;
  /** `--config FILE`. */
  config?: string;
  overrides: CliOverrides;
  /** `-- COMMAND ARGS...` (ad-hoc surface / snapshot target). */
  serverCommand?: string[];
  /** `run --url URL`: an ad-hoc Streamable HTTP surface (with `serverCommand`: the server the harness starts). */
  url?: string;
  /** `snapshot --out`, `baseline --out`. */
  out?: string;
  /** `baseline --reason`. */
  reason?: string;
  /** `checks --markdown`: print docs/checks.md. */
  markdown?: boolean;
  /** `merge DIR...`, `diff OLD NEW`. */
  positionals: string[];
  /** `diff --fail-on`: when diff exits 1. */
  diffFailOn?: 'breaking' | 'any' | 'none';
}

/** One flag: how parseArgs reads it, which commands take it, and its help. */
export interface OptionSpec {
  type: 'string' | 'boolean';
  short?: string;
  multiple?: boolean;
  /** The value's placeholder in `--help` (`FILE`, `N`); string options only. */
  value?: string;
  /** One line for `--help`. */
  help: string;
  /** A command's own help line, where the flag means something else there (`diff --fail-on`). */
  helpFor?: Partial<Record<CommandName, string>>;
  /** The commands that accept the flag. */
  commands: readonly CommandName[];
  /**
   * For a command a user may expect to take the flag but that has no use for it: why, and what it does instead (the
   * usage error's text after `Not an option of "COMMAND": `).
   */
  refusedBy?: Partial<Record<CommandName, string>>;
}

const RUN: readonly CommandName[] = ['run', 'baseline'];
// `baseline` writes the baseline file alone: no report, no threshold (REFUSED_BY_BASELINE)
const REPORTING: readonly CommandName[] = ['run', 'merge'];
const REPORTS: readonly CommandName[] = [...REPORTING, 'diff'];

/** Why `baseline` takes none of the report flags: it writes no report and fails on no finding. */
const NO_REPORT = 'baseline writes no report, only the baseline file (--out FILE, default mcp-harness.baseline.json); reports come from mcp-harness run';
const REFUSED_BY_BASELINE = {
  reporter: { baseline: NO_REPORT },
  'report-dir': { baseline: NO_REPORT },
  'fail-on': { baseline: 'baseline accepts every finding whatever its severity, and exits 0 once the file is written; the threshold is mcp-harness run\'s' },
  'show-values': { baseline: `${NO_REPORT}, and a baseline entry carries no value` },
  baseline: { baseline: 'baseline writes the file --out FILE names (default mcp-harness.baseline.json); a narrowed baseline keeps the entries of the file there that it did not judge' },
} as const satisfies Record<string, Partial<Record<CommandName, string>>>;

/** Every flag of every command (the single source of the parser and of each `--help`). */
export const OPTION_TABLE = {
  config: { type: 'string', short: 'c', value: 'FILE', help: 'config file (default: mcp-harness.config.{ts,mts,js,mjs,json} in the working directory)', helpFor: { diff: 'config file whose surfaces OLD and NEW may name (default: mcp-harness.config.* in the working directory)' }, commands: [...RUN, 'diff'] },
  surface: { type: 'string', multiple: true, value: 'NAME', help: 'run only these surfaces (repeatable, or comma-separated)', commands: RUN },
  tool: { type: 'string', multiple: true, value: 'NAME', help: 'call only these tools (repeatable, or comma-separated)', commands: RUN },
  check: { type: 'string', multiple: true, value: 'ID', help: 'run only these checks (see `mcp-harness checks`)', commands: RUN },
  reporter: { type: 'string', multiple: true, short: 'r', value: 'NAME', help: 'console, json (always written), markdown, junit, sarif, html; default console,json,markdown', helpFor: { diff: 'console (always shown), json (always written), markdown, junit, sarif, html; default console,json' }, commands: REPORTS, refusedBy: REFUSED_BY_BASELINE.reporter },
  'report-dir': { type: 'string', value: 'DIR', help: 'where report files go (default: reports)', commands: REPORTS, refusedBy: REFUSED_BY_BASELINE['report-dir'] },
  'fail-on': { type: 'string', value: 'LEVEL', help: 'error (default) or warning: the lowest severity that fails the run', helpFor: { diff: 'breaking (default), any or none: which changes make diff exit 1' }, commands: REPORTS, refusedBy: REFUSED_BY_BASELINE['fail-on'] },
  'show-values': { type: 'boolean', help: 'keep argument and result values in findings (value-free by default)', commands: REPORTING, refusedBy: REFUSED_BY_BASELINE['show-values'] },
  baseline: { type: 'string', value: 'FILE', help: 'accept the findings recorded in this baseline file', commands: REPORTING, refusedBy: REFUSED_BY_BASELINE.baseline },
  shard: { type: 'string', value: 'K/N', help: 'run shard K of N (surfaces split by name; one surface: its calls, by tool)', commands: RUN },
  concurrency: { type: 'string', value: 'N', help: 'surfaces validated at once (default: the number of CPUs; fewer when their retention budgets would not fit in the heap)', commands: RUN },
  'call-concurrency': { type: 'string', value: 'N', help: 'requests in flight per surface (calls and probes)', commands: RUN },
  url: {
    type: 'string',
    value: 'URL',
    help: 'check the Streamable HTTP server at URL (no config; with -- COMMAND the harness starts it; ${port} = a free loopback port)',
    helpFor: { snapshot: 'the live server is the Streamable HTTP server at URL (with -- COMMAND the harness starts it and stops it after)', diff: 'NEW is the Streamable HTTP server at URL (with -- COMMAND the harness starts it and stops it after)' },
    commands: ['run', 'snapshot', 'diff'],
  },
  'allow-destructive': { type: 'boolean', help: 'also call and probe tools not annotated readOnlyHint: true (they may change state, destructiveHint: false included)', commands: RUN },
  ...SURFACE_FLAGS,
  out: { type: 'string', short: 'o', value: 'FILE', help: 'file to write', helpFor: { snapshot: 'the contract lock to write (default mcp-harness.lock.json)', baseline: 'the baseline to write (default mcp-harness.baseline.json)' }, commands: ['snapshot', 'baseline'] },
  reason: { type: 'string', value: 'TEXT', help: 'why these findings are accepted (stored in the baseline)', commands: ['baseline'] },
  markdown: { type: 'boolean', help: 'print the catalog as Markdown (docs/checks.md)', commands: ['checks'] },
  help: { type: 'boolean', short: 'h', help: 'show this help', commands: ['run', 'snapshot', 'baseline', 'merge', 'diff', 'checks', 'help', 'version'] },
  version: { type: 'boolean', short: 'v', help: 'print the version', commands: ['help', 'version'] },
} as const satisfies Record<string, OptionSpec>;

type OptionName = keyof typeof OPTION_TABLE;

/** What each command is for, and its synopsis (help text). */
const COMMAND_HELP: Record<Exclude<CommandName, 'help' | 'version'>, { synopsis: string; summary: string; detail?: string }> = {
  run: {
    synopsis: 'mcp-harness run [options] [--url URL] [-- COMMAND ARGS...]',
    summary: 'validate every surface of the config (the default command)',
    detail: 'With "-- COMMAND ARGS", one ad-hoc surface (that server command) is checked against the\nspecification alone, no config needed. With "--url URL" the surface is a Streamable HTTP server: already\nrunning, or started by the harness from "-- COMMAND ARGS" (${port} in the URL and args: a free loopback port). Tools not annotated readOnlyHint: true are not called unless\n--allow-destructive (best with --sandbox). --env, --env-pass, --sandbox and the timeouts (ms) apply\nto every surface (env.set, env.allow, sandbox, timeouts.*).',
  },
  snapshot: { synopsis: 'mcp-harness snapshot [--out FILE] [--url URL] [-- COMMAND ARGS...]', summary: 'record a contract lock from a live server' },
  baseline: {
    synopsis: 'mcp-harness baseline [--out FILE] [--reason TEXT] [options] [-- COMMAND ARGS...]',
    summary: 'run, then accept the current findings',
    detail:
      'Runs as "mcp-harness run" does (the same surfaces, selection and server options), then writes every finding\nto the baseline file, whatever its severity: no report, no threshold. Exit 0 once the file is written; 2, with\nnothing written, when the run could not test everything (a server that did not start or boot, a harness/*\nfault, an interrupt). Narrowed (--surface, --tool, --check, --shard), it keeps the entries of the file\nalready there that it did not judge. See docs/reports.md §Baseline.',
  },
  merge: { synopsis: 'mcp-harness merge DIR... [options]', summary: 'merge shard reports (report dirs or report.json files)' },
  diff: {
    synopsis: 'mcp-harness diff [options] OLD NEW | mcp-harness diff [options] OLD [--url URL] [-- COMMAND ARGS...]',
    summary: 'list every change between two contracts, breaking or compatible',
    detail:
      'OLD and NEW are each a lock file (from mcp-harness snapshot), a contract module, or a surface\nname of the config (booted live); "-- COMMAND ARGS" makes NEW that live server, "--url URL" the\nStreamable HTTP server at URL (started from "-- COMMAND ARGS" when given). For inputs a\nnarrowing (a new required property, a tightened bound, a removed enum member, a removed tool)\nbreaks callers; for outputs a widening (a removed or loosened guarantee) breaks consumers; the\nrest is compatible. Each change has a stable ID. Exit 1 when --fail-on is hit, 2 on a usage or\nconfig error. See docs/diff.md.',
  },
  checks: { synopsis: 'mcp-harness checks [--markdown]', summary: 'list the check catalog' },
};

const COMMANDS: readonly CommandName[] = ['run', 'snapshot', 'baseline', 'merge', 'diff', 'checks', 'help', 'version'];

/** Split comma lists and repeated flags: `--reporter junit,sarif --reporter html`. */
const list = (values?: string[]) => values?.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);

const usageError = (path: string, message: string) => new ConfigError('<command line>', [{ path, message }]);

/**
 * The problems of a command line (file `<command line>`, one issue each), with the config file the line would load
 * when its problems leave that certain, so the CLI can list the config's problems with them in one go (harness/cli/
 * config-problems.ts): `config` is the `--config` value, '' for the default files in the working directory, undefined
 * when the line loads no config (an ad-hoc server, a command that takes none) or its problems leave which one unsure (an
 * unknown command, a `--config` without its value, an unknown flag that may be a misspelt `--config`, a server command
 * without its `--`).
 */
export class CommandLineError extends ConfigError {
  readonly config?: string;

  constructor(issues: ConfigError['issues'], config?: string) {
    super('<command line>', issues);
    this.name = 'ConfigError';
    if (config !== undefined) this.config = config;
  }
}

type Issue = ConfigError['issues'][number];

/** `fn()`, its ConfigError's issues added to `issues` instead of thrown (undefined then). */
function collect<T>(issues: Issue[], fn: () => T): T | undefined {
  try {
    return fn();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    issues.push(...error.issues);
    return undefined;
  }
}

/** A positive integer flag. @throws ConfigError naming the flag. */
function positiveInt(flag: string, text?: string): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw usageError(`--${flag}`, 'Expected a positive integer');
  return n;
}

/** `--check ID` names registered checks: one issue per unknown ID, with a did-you-mean. */
function unknownCheckIssues(ids: readonly string[] | undefined): Issue[] {
  return (ids ?? []).filter((id) => !checkIds.includes(id)).map((id) => {
    const hint = nearest(id, checkIds);
    return { path: '--check', message: `Unknown check "${id}" (${hint ? `did you mean "${hint}"?` : 'see mcp-harness checks'})` };
  });
}

/** The command named by the first positional, or `run`. @throws ConfigError for an unknown one (with a suggestion). */
function commandOf(first: string | undefined): CommandName {
  if (first === undefined) return 'run';
  if ((COMMANDS as readonly string[]).includes(first)) return first as CommandName;
  const hint = nearest(first, COMMANDS);
  throw usageError('', `Unknown command "${first}"${hint ? ` (did you mean "${hint}"?)` : ''} (known: ${COMMANDS.join(', ')}; see mcp-harness --help)`);
}

/** A parse's tokens, strict or loose. */
type Tokens = NonNullable<ReturnType<typeof parseArgs>['tokens']>;

/**
 * The words of `own` that are arguments, with their index in `own` (parseArgs' positional tokens), less each word right
 * after an unknown flag that reads as that flag's value (`--confg x.json`, `--bogus value`): a command name or a
 * launcher (`--bogus node s.js`) after one stays an argument, since no flag's value is likely to be one.
 */
function argumentWords(own: readonly string[], tokens: Tokens): Array<{ word: string; at: number }> {
  return tokens.flatMap((t) => {
    if (t.kind !== 'positional') return [];
    const word = t.value;
    const valueOfUnknown = unknownFlag(own[t.index - 1]) && !(COMMANDS as readonly string[]).includes(word) && !LAUNCHERS.has(word.toLowerCase());
    return valueOfUnknown ? [] : [{ word, at: t.index }];
  });
}

/** The command the line names (its first argument, `argumentWords`), read before options are validated; undefined when that is no command. */
function guessCommand(own: readonly string[], tokens: Tokens): string | undefined {
  const first = argumentWords(own, tokens)[0]?.word;
  return first !== undefined && (COMMANDS as readonly string[]).includes(first) ? first : undefined;
}

/** parseArgs' own error, said plainly: the flag, a suggestion, and where the options are listed. */
function plainParseError(error: Error & { code?: string }, own: readonly string[], tokens: Tokens): ConfigError {
  const command = guessCommand(own, tokens) ?? 'run';
  const helpHint = `see mcp-harness ${command} --help`;
  if (error.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION') {
    const flag = /'([^']+)'/.exec(error.message)?.[1] ?? error.message;
    return usageError(flag, unknownOptionMessage(flag, command));
  }
  return usageError('', `${error.message.split('\n')[0]}; ${helpHint}`);
}

/**
 * An unknown flag's message: a did-you-mean among the flags `command` accepts only (`baseline --report-dri` suggests
 * no `--report-dir`, which baseline refuses), and where the command's flags are listed.
 */
function unknownOptionMessage(flag: string, command: string): string {
  const bare = flag.replace(/^-+/, '').split('=')[0];
  const accepted = Object.entries(OPTION_TABLE as Record<string, OptionSpec>).filter(([, spec]) => (spec.commands as readonly string[]).includes(command)).map(([name]) => name);
  const hint = nearest(bare, accepted);
  return `Unknown option${hint ? ` (did you mean --${hint}?)` : ''}; see mcp-harness ${command} --help`;
}

/** The table's spec of flag `name`, undefined for a name it does not hold (an own key only: `--constructor` is no flag). */
function specOf(name: string): OptionSpec | undefined {
  return Object.prototype.hasOwnProperty.call(OPTION_TABLE, name) ? (OPTION_TABLE as Record<string, OptionSpec>)[name] : undefined;
}

/**
 * Every flag problem of a loose parse's tokens: unknown flags (with a did-you-mean), a value flag without its value,
 * a switch given a value. In argv order.
 */
function tokenIssues(tokens: Tokens, own: readonly string[]): Issue[] {
  const command = guessCommand(own, tokens) ?? 'run';
  return tokens.flatMap((t): Issue[] => {
    if (t.kind !== 'option') return [];
    const spec = specOf(t.name);
    if (spec === undefined) return [{ path: t.rawName, message: unknownOptionMessage(t.rawName, command) }];
    if (spec.type === 'string' && t.value === undefined) return [{ path: `--${t.name}`, message: `Expected a value (--${t.name} ${spec.value ?? 'VALUE'})` }];
    if (spec.type === 'boolean' && t.value !== undefined) return [{ path: `--${t.name}`, message: 'Takes no value' }];
    return [];
  });
}

type Parsed = ReturnType<typeof parseStrict>;

/** parseArgs over the table (it reads type, short and multiple; the rest is help). @throws its own error. */
function parseStrict(own: string[]) {
  return parseArgs({ args: own, options: OPTION_TABLE, allowPositionals: true, strict: true, tokens: true });
}

/**
 * parseArgs over the table; on a flag problem, every flag problem (a loose parse's tokens, see tokenIssues) goes to
 * `issues` and the values of the known, well-formed flags are returned, so the rest of the line is still checked.
 */
function parseOwn(own: string[], issues: Issue[]): Parsed {
  try {
    return parseStrict(own);
  } catch (error) {
    const loose = parseArgs({ args: own, options: OPTION_TABLE, allowPositionals: true, strict: false, tokens: true });
    const found = tokenIssues(loose.tokens ?? [], own);
    issues.push(...(found.length > 0 ? found : plainParseError(error as Error & { code?: string }, own, loose.tokens ?? []).issues));
    const values = Object.fromEntries(
      Object.entries(loose.values).flatMap(([name, value]): Array<[string, unknown]> => {
        const spec = specOf(name);
        if (spec === undefined) return [];
        if (spec.type === 'boolean') return value === true ? [[name, true]] : [];
        if (spec.multiple) return Array.isArray(value) && value.some((v) => typeof v === 'string') ? [[name, value.filter((v) => typeof v === 'string')]] : [];
        return typeof value === 'string' ? [[name, value]] : [];
      }),
    );
    const tokens = (loose.tokens ?? []).filter((t) => t.kind !== 'option' || (specOf(t.name) !== undefined && found.every((i) => i.path !== t.rawName)));
    return { values, positionals: loose.positionals, tokens } as Parsed;
  }
}

/** Whether `word` is a flag without an inline value that the table does not know (`--confg`, `-y`): parseArgs then reads its value as a positional. */
function unknownFlag(word: string | undefined): boolean {
  if (word === undefined || !word.startsWith('-') || word === '-' || word.includes('=')) return false;
  if (word.startsWith('--')) return specOf(word.slice(2)) === undefined;
  const shorts = new Set(Object.values(OPTION_TABLE as Record<string, OptionSpec>).flatMap((spec) => (spec.short ? [spec.short] : [])));
  return [...word.slice(1)].some((letter) => !shorts.has(letter));
}

/** The start of a server hint's message (`serverHint`): the line meant an ad-hoc server. */
const SERVER_HINT = 'unexpected argument; to test a server, put its command after --: ';

/** Programs that start a server (the first word of a typical server command). */
const LAUNCHERS = new Set(['node', 'nodejs', 'npx', 'npm', 'pnpm', 'pnpx', 'yarn', 'bun', 'bunx', 'deno', 'tsx', 'ts-node', 'python', 'python3', 'py', 'uv', 'uvx', 'pipx', 'poetry', 'docker', 'podman', 'java', 'dotnet', 'go', 'cargo', 'ruby', 'php', 'sh', 'bash']);

/** Whether a word reads as the start of a server command: a launcher (`node`, `npx`, `uvx`...), a script, or a path to a program. */
function looksLikeServer(word: string): boolean {
  return LAUNCHERS.has(word.toLowerCase()) || /\.(?:[cm]?js|[cm]?ts|py|sh|exe)$/i.test(word) || /^\.{0,2}[\\/]/.test(word);
}

/** A word as a POSIX shell reads it back: bare when it holds no special character, else single-quoted. */
function shellWord(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`;
}

/**
 * The indices of the words before `own[at]` that would fail the line again, which `serverHint`'s line that works leaves
 * out: an unknown flag (`--frob`, `--frob=1`, `-y`) and the word after it that reads as its value (`argumentWords`), and
 * a known flag `command` does not take, with its value. The command's own flags and every other word stay.
 */
function refusedBefore(own: readonly string[], at: number, tokens: Parsed['tokens'], command: CommandName): Set<number> {
  const drop = new Set<number>();
  for (let i = 0; i < at; i++) {
    if (!unknownFlagWord(own[i])) continue;
    drop.add(i);
    const next = own[i + 1];
    if (i + 1 < at && unknownFlag(own[i]) && !next.startsWith('-') && !(COMMANDS as readonly string[]).includes(next) && !LAUNCHERS.has(next.toLowerCase())) drop.add(i + 1);
  }
  for (const t of tokens) {
    if (t.kind !== 'option' || t.index >= at || specOf(t.name)?.commands.includes(command) !== false) continue;
    drop.add(t.index);
    if (t.value !== undefined && t.inlineValue === false) drop.add(t.index + 1);
  }
  return drop;
}

/** Whether `word` is a flag the table does not know, with or without an inline value (`--frob`, `--frob=1`, `-y`). */
function unknownFlagWord(word: string): boolean {
  if (!word.startsWith('-') || word === '-' || word === '--') return false;
  return unknownFlag(word.split('=')[0]);
}

/**
 * The problem of a server command given without `--`, from `own[at]` on (its flags too: `npx -y pkg`): named by its
 * first word, with the line that works: the words before it (less those that would fail again, `refusedBefore`) and
 * `command`'s own flags after it before `--`
 * (`command` first when the line named none, `unnamed`).
 */
function serverHint(own: readonly string[], at: number, tokens: Parsed['tokens'], command: CommandName, unnamed = false): Issue {
  // the command's own flags after it stay the harness's (`run node s.js --report-dir out`); the rest are the server's
  const harness = new Set<number>();
  for (const t of tokens) {
    if (t.kind !== 'option' || t.index < at || !specOf(t.name)?.commands.includes(command)) continue;
    harness.add(t.index);
    if (t.value !== undefined && t.inlineValue === false) harness.add(t.index + 1);
  }
  const after = own.slice(at).map((word, i) => ({ word, mine: harness.has(at + i) }));
  const flags = after.filter((w) => w.mine).map((w) => w.word);
  const server = after.filter((w) => !w.mine).map((w) => w.word);
  const before = own.slice(0, at).filter((_, i) => !refusedBefore(own, at, tokens, command).has(i));
  const line = ['mcp-harness', ...(unnamed ? [command] : []), ...before, ...flags, '--', ...server].map(shellWord).join(' ');
  return { path: own[at], message: `${SERVER_HINT}${line}` };
}

/**
 * Positionals `command` does not take (after the command word): run, snapshot, baseline, checks and version take
 * none, help one command name, diff OLD and NEW, merge any number. Words that read as a server command (`looksLikeServer`)
 * where `-- COMMAND ARGS` was meant (run, snapshot, baseline; diff: a launcher after OLD) are one problem, with the line that works;
 * other words one problem each. `hasServer`: the line has `-- COMMAND` or `--url` already (no server hint then).
 */
function positionalIssues(command: CommandName, rest: readonly string[], restAt: readonly number[], own: readonly string[], tokens: Parsed['tokens'], hasServer: boolean): Issue[] {
  const max = command === 'merge' ? Infinity : command === 'diff' ? 2 : command === 'help' ? 1 : 0;
  if (rest.length <= max) return [];
  const takesServer = command === 'run' || command === 'snapshot' || command === 'baseline';
  if (takesServer && !hasServer && looksLikeServer(rest[0])) return [serverHint(own, restAt[0], tokens, command)];
  if (command === 'diff' && !hasServer) {
    // a launcher only: NEW may be a contract module (`new.mjs`) or a path
    const at = rest.findIndex((w, i) => i >= 1 && LAUNCHERS.has(w.toLowerCase()));
    if (at !== -1) return [serverHint(own, restAt[at], tokens, command)];
  }
  const takes =
    command === 'help' ? 'takes one command name at most (mcp-harness help COMMAND)'
    : command === 'diff' ? 'takes two operands at most (mcp-harness diff OLD NEW | mcp-harness diff OLD -- COMMAND ARGS)'
    : takesServer ? `takes none (a server command goes after --: mcp-harness ${command} -- COMMAND ARGS)`
    : 'takes none';
  return rest.slice(max).map((word) => ({ path: word, message: `unexpected argument; "${command}" ${takes}` }));
}

/**
 * The config a line with problems would load (CommandLineError `config`): `--config`'s value, '' for the default files;
 * undefined when `command` (undefined: unknown) loads none, the line is ad hoc, or an issue makes the config unsure.
 */
function lineConfig(command: CommandName | undefined, adHoc: boolean, config: string | undefined, issues: readonly Issue[]): string | undefined {
  if (command !== 'run' && command !== 'baseline') return undefined;
  const unsure = issues.some((i) => i.path === '--config' || i.message.includes('did you mean --config?') || i.message.startsWith(SERVER_HINT));
  return adHoc || unsure ? undefined : (config ?? '');
}

/**
 * Parse argv (without node and script).
 * @throws CommandLineError (a ConfigError of file `<command line>`) listing every problem of the line at once (as ESLint lists a bad
 * config's): unknown flags (with a did-you-mean), a flag without its value, flags the command does not take, bad
 * values, unknown reporters (listing the known ones) and check IDs, an unknown command, positionals the command does
 * not take (`positionalIssues`: a server command without `--` says where it goes).
 */
export function parseCommandLine(argv: readonly string[]): ParsedArgs {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? [...argv] : argv.slice(0, dash);
  const serverCommand = dash === -1 ? undefined : argv.slice(dash + 1);
  const issues: Issue[] = [];
  const { values, tokens } = parseOwn(own, issues);
  // the line's arguments, each with where it is in `own` (for a hint that quotes the line from there); a word right
  // after an unknown flag is most likely its value (`--confg x`): that flag's problem says enough (argumentWords)
  const words = argumentWords(own, tokens);
  const first = words[0]?.word;
  const fail = (): never => {
    throw new CommandLineError(issues, lineConfig(named, serverCommand !== undefined || values.url !== undefined, values.config, issues));
  };
  if (values.help && first === undefined && issues.length === 0) return { command: 'help', help: true, overrides: {}, positionals: [] };
  // `mcp-harness node server.js`: a server command where the command goes
  const serverFirst = first !== undefined && !(COMMANDS as readonly string[]).includes(first) && serverCommand === undefined && values.url === undefined && looksLikeServer(first);
  const named = serverFirst ? (issues.push(serverHint(own, words[0].at, tokens, 'run', true)), undefined) : collect(issues, () => commandOf(first));
  const command = named ?? 'run';
  const after = words.slice(first === undefined ? 0 : 1);
  const rest = after.map((w) => w.word);
  if (named !== undefined) issues.push(...positionalIssues(named, rest, after.map((w) => w.at), own, tokens, serverCommand !== undefined || values.url !== undefined));
  if (issues.length === 0) {
    // `mcp-harness help run` = `mcp-harness run --help`
    if (command === 'help' && rest[0] !== undefined) return { command: commandOf(rest[0]), help: true, overrides: {}, positionals: [] };
    if (values.version && !values.help) return { command: 'version', overrides: {}, positionals: [] };
    if (values.help || command === 'help') return { command, help: true, overrides: {}, positionals: [] };
  }
  // an unknown command takes no flag: its flags are not judged against another's
  const misplaced =
    named === undefined
      ? []
      : [...new Set(tokens.filter((t) => t.kind === 'option').map((t) => t.name as OptionName))].filter((name) => !(OPTION_TABLE[name].commands as readonly CommandName[]).includes(command));
  issues.push(...misplaced.map((name) => {
    const why = (OPTION_TABLE[name] as OptionSpec).refusedBy?.[command];
    return { path: `--${name}`, message: why ? `Not an option of "${command}": ${why}` : `Not an option of "${command}"; see mcp-harness ${command} --help` };
  }));
  // a flag the command does not take is that one problem: its value is not judged too (`baseline --fail-on x`)
  for (const name of misplaced) delete (values as Record<string, unknown>)[name];
  if (command === 'version') return issues.length > 0 ? fail() : { command, overrides: {}, positionals: [] };
  const failOn = command === 'diff' ? undefined : values['fail-on'];
  if (failOn !== undefined && failOn !== 'error' && failOn !== 'warning') issues.push({ path: '--fail-on', message: 'Expected "error" or "warning"' });
  const diffFailOn = command === 'diff' ? values['fail-on'] : undefined;
  if (diffFailOn !== undefined && diffFailOn !== 'breaking' && diffFailOn !== 'any' && diffFailOn !== 'none') issues.push({ path: '--fail-on', message: 'Expected "breaking", "any" or "none"' });
  const reporters = list(values.reporter);
  issues.push(...reporterIssues(reporters ?? [], () => '--reporter'));
  const checks = list(values.check);
  issues.push(...unknownCheckIssues(checks));
  const overrides: CliOverrides = {
    surfaces: list(values.surface),
    tools: list(values.tool),
    checks,
    reporters,
    reportDir: values['report-dir'],
    failOn: failOn as CliOverrides['failOn'],
    showValues: values['show-values'],
    concurrency: collect(issues, () => positiveInt('concurrency', values.concurrency)),
    callConcurrency: collect(issues, () => positiveInt('call-concurrency', values['call-concurrency'])),
    allowDestructive: values['allow-destructive'],
    shard: values.shard === undefined ? undefined : collect(issues, () => parseShard(values.shard as string)),
    baseline: values.baseline,
    ...collect(issues, () => surfaceOverrides(values)),
  };
  if (serverCommand !== undefined && serverCommand.length === 0) issues.push({ path: '--', message: 'Expected a server command after --' });
  const url = values.url;
  if (url !== undefined && !isHttpUrl(url)) issues.push({ path: '--url', message: 'Expected an absolute http(s) URL of the MCP endpoint, e.g. http://127.0.0.1:8080/mcp' });
  if (url !== undefined && values.config !== undefined && command !== 'diff') issues.push({ path: '--url', message: 'Not with --config: --url checks one ad-hoc surface' });
  if (issues.length > 0) fail();
  return { command, config: values.config, overrides, serverCommand, ...(url !== undefined ? { url } : {}), out: values.out, reason: values.reason, markdown: values.markdown, positionals: rest, ...(diffFailOn ? { diffFailOn: diffFailOn as ParsedArgs['diffFailOn'] } : {}) };
}

/** `  -c, --config FILE   help` lines for the options of `command`, aligned. */
function optionLines(command: CommandName): string[] {
  const rows = Object.entries(OPTION_TABLE as Record<string, OptionSpec>)
    .filter(([, spec]) => spec.commands.includes(command))
    .map(([name, spec]) => [`${spec.short ? `-${spec.short}, ` : '    '}--${name}${spec.value ? ` ${spec.value}` : ''}`, spec.helpFor?.[command] ?? spec.help] as const);
  const width = Math.max(...rows.map(([flag]) => flag.length));
  return rows.map(([flag, help]) => `  ${flag.padEnd(width)}  ${help}`);
}

/**
 * The `--help` text: the overview (`command` help/version/undefined) or one command's synopsis and
 * options, generated from OPTION_TABLE.
 */
export function helpText(command?: CommandName): string {
  if (command === undefined || command === 'help' || command === 'version') {
    const names = Object.keys(COMMAND_HELP) as (keyof typeof COMMAND_HELP)[];
    const width = Math.max(...names.map((n) => n.length));
    return [
      'mcp-harness: a live conformance harness for MCP servers over stdio and Streamable HTTP',
      '',
      'Usage: mcp-harness [COMMAND] [options] [-- COMMAND ARGS...]',
      '',
      'Commands:',
      ...names.map((n) => `  ${n.padEnd(width)}  ${COMMAND_HELP[n].summary}`),
      '',
      'Options:',
      ...optionLines('help'),
      '',
      'Run "mcp-harness COMMAND --help" for the options of a command.',
      'Exit codes: 0 no finding at or above the fail threshold; 1 findings; 2 the harness itself failed',
      '(bad config or command line, a server command that cannot be started, a crashed check).',
      '',
    ].join('\n');
  }
  const entry = COMMAND_HELP[command];
  return [`Usage: ${entry.synopsis}`, '', `${entry.summary[0].toUpperCase()}${entry.summary.slice(1)}.`, ...(entry.detail ? ['', entry.detail] : []), '', 'Options:', ...optionLines(command), ''].join('\n');
}

/** The overview `--help` text. */
export const HELP = helpText();
