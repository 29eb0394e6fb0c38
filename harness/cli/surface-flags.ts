/**
 * Command-line flags for what a surface's config can say (issue 9 §4), so an ad-hoc run
 * (`run -- COMMAND`) can say it too: `--env KEY=VALUE`, `--env-pass NAME` (repeatable), `--sandbox`,
 * and the timeouts in ms (`--request-timeout` -> timeouts.requestMs, `--probe-timeout` -> probeMs,
 * `--start-timeout` -> startMs, `--stdin-grace` -> stdinGraceMs, `--term-grace` -> termGraceMs,
 * `--surface-timeout` -> surfaceMs). With a config they apply to every surface; `snapshot` and `diff` take them for the
 * server they start (all but `--isolate` and `--surface-timeout`). Errors name the flag, never the value (an env value
 * may be a secret).
 */
import { DEFAULT_TIMEOUTS } from '../config/defaults.ts';
import { ConfigError } from '../config/errors.ts';
import type { CliOverrides } from '../config/cli.ts';
import type { Timeouts } from '../config/types.ts';
import type { OptionSpec } from './args.ts';

const RUN = ['run', 'baseline'] as const;
/** The commands that start a server of their own besides a run's: `snapshot` and `diff` with `-- COMMAND` or `--url`. */
const LIVE = ['run', 'baseline', 'snapshot', 'diff'] as const;

/** These flags' OptionSpec entries (harness/cli/args.ts OPTION_TABLE: parser and --help). */
export const SURFACE_FLAGS = {
  sandbox: { type: 'boolean', help: 'run servers with HOME, TMPDIR and cwd in a fresh temp dir, removed afterwards', commands: LIVE },
  isolate: {
    type: 'boolean',
    help: 'run servers as the user nobody (needs root): they cannot read the harness environment or signal it; a report path the user nobody could write is refused (exit 2)',
    helpFor: { baseline: 'run servers as the user nobody (needs root): they cannot read the harness environment or signal it; a baseline file (--out) the user nobody could write is refused (exit 2)' },
    commands: RUN,
  },
  env: { type: 'string', multiple: true, value: 'KEY=VALUE', help: 'set an environment variable for every server (repeatable; never reported)', commands: LIVE },
  'env-pass': { type: 'string', multiple: true, value: 'NAME', help: 'pass this variable of the harness environment to every server (repeatable)', commands: LIVE },
  'request-timeout': { type: 'string', value: 'MS', help: `per-request timeout (timeouts.requestMs, default ${DEFAULT_TIMEOUTS.requestMs})`, commands: LIVE },
  'probe-timeout': { type: 'string', value: 'MS', help: `first server/discover era probe (timeouts.probeMs, default ${DEFAULT_TIMEOUTS.probeMs})`, commands: LIVE },
  'start-timeout': { type: 'string', value: 'MS', help: `server start budget: re-probe and initialize (timeouts.startMs, default ${DEFAULT_TIMEOUTS.startMs})`, commands: LIVE },
  'stdin-grace': { type: 'string', value: 'MS', help: `shutdown: wait for an exit after stdin closes (timeouts.stdinGraceMs, default ${DEFAULT_TIMEOUTS.stdinGraceMs})`, commands: LIVE },
  'term-grace': { type: 'string', value: 'MS', help: `shutdown: wait after SIGTERM before SIGKILL (timeouts.termGraceMs, default ${DEFAULT_TIMEOUTS.termGraceMs})`, commands: LIVE },
  'surface-timeout': { type: 'string', value: 'MS', help: `time budget of one surface (timeouts.surfaceMs, default ${DEFAULT_TIMEOUTS.surfaceMs})`, commands: RUN },
} as const satisfies Record<string, OptionSpec>;

type TimeoutFlag = 'request-timeout' | 'probe-timeout' | 'start-timeout' | 'stdin-grace' | 'term-grace' | 'surface-timeout';

const TIMEOUT_FLAGS: Record<TimeoutFlag, keyof Timeouts> = {
  'request-timeout': 'requestMs',
  'probe-timeout': 'probeMs',
  'start-timeout': 'startMs',
  'stdin-grace': 'stdinGraceMs',
  'term-grace': 'termGraceMs',
  'surface-timeout': 'surfaceMs',
};

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;


type Values = { sandbox?: boolean; isolate?: boolean; env?: string[]; 'env-pass'?: string[] } & { [flag in TimeoutFlag]?: string };

/**
 * The overrides these flags give.
 * @throws ConfigError (`<command line>: --flag: ...`) listing every `--env` without `KEY=`, bad variable name and
 * timeout that is not a positive integer of ms.
 */
export function surfaceOverrides(values: Values): Pick<CliOverrides, 'sandbox' | 'isolate' | 'env' | 'envPass' | 'timeouts'> {
  const out: Pick<CliOverrides, 'sandbox' | 'isolate' | 'env' | 'envPass' | 'timeouts'> = {};
  const issues: ConfigError['issues'] = [];
  const fail = (flag: string, message: string) => void issues.push({ path: `--${flag}`, message });
  if (values.sandbox) out.sandbox = true;
  if (values.isolate) out.isolate = true;
  if (values.env?.length) {
    out.env = {};
    for (const pair of values.env) {
      const eq = pair.indexOf('=');
      const key = eq === -1 ? '' : pair.slice(0, eq);
      if (!NAME.test(key)) fail('env', 'Expected KEY=VALUE with KEY an environment variable name');
      else out.env[key] = pair.slice(eq + 1);
    }
  }
  if (values['env-pass']?.length) {
    for (const name of values['env-pass']) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*\*?$/.test(name)) fail('env-pass', `Expected an environment variable name (optionally ending in *), got "${name}"`);
    }
    out.envPass = [...values['env-pass']];
  }
  const timeouts: Partial<Timeouts> = {};
  for (const [flag, key] of Object.entries(TIMEOUT_FLAGS)) {
    const text = values[flag as TimeoutFlag];
    if (text === undefined) continue;
    const ms = Number(text);
    if (!Number.isInteger(ms) || ms < 1) fail(flag, 'Expected a positive integer (milliseconds)');
    else timeouts[key] = ms;
  }
  if (Object.keys(timeouts).length > 0) out.timeouts = timeouts;
  if (issues.length > 0) throw new ConfigError('<command line>', issues);
  return out;
}
