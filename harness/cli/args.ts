/**
 * Command-line parsing (node:util parseArgs, strict): argv -> a command with typed options.
 * Everything after `--` is the ad-hoc server command. Flags map onto config keys (CliOverrides).
 */
import { parseArgs } from 'node:util';
import { ConfigError, parseShard, type CliOverrides } from '../config/index.ts';
import { assertKnownReporters } from './reporter-names.ts';

/** The sub-commands. */
export type CommandName = 'run' | 'snapshot' | 'baseline' | 'merge' | 'checks' | 'help' | 'version';

/** A parsed command line. */
export interface ParsedArgs {
  command: CommandName;
  /** `--config FILE`. */
  config?: string;
  overrides: CliOverrides;
  /** `-- COMMAND ARGS...` (ad-hoc surface / snapshot target). */
  serverCommand?: string[];
  /** `snapshot --out`, `baseline --out`. */
  out?: string;
  /** `baseline --reason`. */
  reason?: string;
  /** `checks --markdown`: print docs/checks.md. */
  markdown?: boolean;
  /** `merge DIR...`. */
  positionals: string[];
}

const OPTIONS = {
  config: { type: 'string', short: 'c' },
  surface: { type: 'string', multiple: true },
  tool: { type: 'string', multiple: true },
  check: { type: 'string', multiple: true },
  reporter: { type: 'string', multiple: true, short: 'r' },
  'report-dir': { type: 'string' },
  'fail-on': { type: 'string' },
  'show-values': { type: 'boolean' },
  concurrency: { type: 'string' },
  'call-concurrency': { type: 'string' },
  'allow-destructive': { type: 'boolean' },
  shard: { type: 'string' },
  baseline: { type: 'string' },
  out: { type: 'string', short: 'o' },
  reason: { type: 'string' },
  markdown: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean', short: 'v' },
} as const;

const COMMANDS: readonly CommandName[] = ['run', 'snapshot', 'baseline', 'merge', 'checks', 'help', 'version'];

/** Split comma lists and repeated flags: `--reporter junit,sarif --reporter html`. */
const list = (values?: string[]) => values?.flatMap((v) => v.split(',')).map((v) => v.trim()).filter(Boolean);

/** A positive integer flag. @throws ConfigError naming the flag. */
function positiveInt(flag: string, text?: string): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 1) throw new ConfigError('<command line>', [{ path: `--${flag}`, message: 'Expected a positive integer' }]);
  return n;
}

/**
 * Parse argv (without node and script).
 * @throws ConfigError (file `<command line>`) for an unknown flag, a bad value, an unknown reporter
 * (listing the known ones) or an unknown command.
 */
export function parseCommandLine(argv: readonly string[]): ParsedArgs {
  const dash = argv.indexOf('--');
  const own = dash === -1 ? [...argv] : argv.slice(0, dash);
  const serverCommand = dash === -1 ? undefined : argv.slice(dash + 1);
  let values: ReturnType<typeof parseArgs<{ options: typeof OPTIONS; allowPositionals: true }>>['values'];
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({ args: own, options: OPTIONS, allowPositionals: true, strict: true }));
  } catch (error) {
    throw new ConfigError('<command line>', [{ path: '', message: (error as Error).message }]);
  }
  const first = positionals[0];
  const command: CommandName = values.help ? 'help' : values.version ? 'version' : first === undefined ? 'run' : (first as CommandName);
  if (!COMMANDS.includes(command)) {
    throw new ConfigError('<command line>', [{ path: '', message: `Unknown command "${first}" (known: ${COMMANDS.join(', ')})` }]);
  }
  const failOn = values['fail-on'];
  if (failOn !== undefined && failOn !== 'error' && failOn !== 'warning') {
    throw new ConfigError('<command line>', [{ path: '--fail-on', message: 'Expected "error" or "warning"' }]);
  }
  const reporters = list(values.reporter);
  assertKnownReporters(reporters, '<command line>', () => '--reporter');
  const overrides: CliOverrides = {
    surfaces: list(values.surface),
    tools: list(values.tool),
    checks: list(values.check),
    reporters,
    reportDir: values['report-dir'],
    failOn,
    showValues: values['show-values'],
    concurrency: positiveInt('concurrency', values.concurrency),
    callConcurrency: positiveInt('call-concurrency', values['call-concurrency']),
    allowDestructive: values['allow-destructive'],
    shard: values.shard === undefined ? undefined : parseShard(values.shard),
    baseline: values.baseline,
  };
  if (serverCommand !== undefined && serverCommand.length === 0) {
    throw new ConfigError('<command line>', [{ path: '--', message: 'Expected a server command after --' }]);
  }
  return { command, config: values.config, overrides, serverCommand, out: values.out, reason: values.reason, markdown: values.markdown, positionals: positionals.slice(first === undefined ? 0 : 1) };
}

/** The --help text. */
export const HELP = `mcp-harness: a live conformance harness for MCP servers over stdio

Usage:
  mcp-harness run [--config FILE] [--surface NAME...] [--tool NAME...] [--check ID...]
                  [--reporter NAME...] [--report-dir DIR] [--fail-on error|warning]
                  [--baseline FILE] [--shard K/N] [--concurrency N] [--call-concurrency N]
                  [--allow-destructive] [--show-values] [-- COMMAND ARGS...]
  mcp-harness snapshot [--out FILE] -- COMMAND ARGS...   record a contract lock from a live server
  mcp-harness baseline [--out FILE] [--reason TEXT] [run options]   accept the current findings
  mcp-harness merge DIR... [--report-dir OUT] [--reporter NAME...]  merge shard reports
  mcp-harness checks [--markdown]                        list the check catalog

With "-- COMMAND ARGS", one ad-hoc surface is checked against the specification alone (no config).
Reporters: console (stdout), json (always), markdown, junit, sarif, html; files go to the report dir.
Exit codes: 0 no finding at or above the fail threshold; 1 findings; 2 the harness itself failed.
`;
