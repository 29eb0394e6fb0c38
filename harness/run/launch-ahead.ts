/**
 * Launch ahead (issue 12): the CLI's executable (harness/bin-loader.ts) calls `launchAhead` before it reads the
 * bundled CLI, so that on the default ad-hoc run, `mcp-harness run -- COMMAND ARGS`, the server (and, when the
 * launch's era hint says it speaks the legacy era, the spare processes its fresh-process probes take) boots
 * while the ~1.2 MB bundle is read, its code cache deserialised and its CLI evaluated, instead of after that.
 * The run adopts them (harness/session/stdio/ahead.ts): nothing the servers see changes, only when they start.
 *
 * Only that exact form is launched ahead: `run`, then `--`, then a non-empty command, nothing else. Every other
 * command line (options, a config file, a URL, `${...}` placeholders in the command, its arguments or the working
 * directory, a working directory that does not exist)
 * starts its servers where the run does, so a command line the CLI would refuse never starts a server. The spec
 * is built by the run's own functions (adHocSurface, sessionSetup, the era hint store and sparesAhead), and
 * adoption compares it whole (`sameSpawnSpec`): a process nobody adopts is stopped (`releaseAhead`).
 */
import { statSync } from 'node:fs';
import { freshProcessCount } from '../checks/fresh-process.ts';
import { adHocSurface } from '../config/adhoc.ts';
import { isHttpSpec, type SpawnSpec } from '../session/options.ts';
import { startAhead } from '../session/stdio/ahead.ts';
import { eraHintsFromEnv, sparesAhead } from './era-hint.ts';
import { sessionSetup } from './session-setup.ts';

/** What `launchAhead` starts: `count` processes of `spec` (the main server first, then the spares). */
export interface LaunchPlan {
  spec: SpawnSpec;
  count: number;
}

/**
 * The processes to start ahead for the CLI arguments `argv` (without `node` and the script) run in `cwd` with
 * the environment `env`: undefined unless `argv` is `run -- COMMAND [ARGS...]` (see the module doc). `count` is
 * 1 plus the spares the launch's era hint asks for (`sparesAhead`, every check enabled, as the ad-hoc run has).
 * Reads the era hint file; never throws.
 */
export function planLaunchAhead(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): LaunchPlan | undefined {
  try {
    if (argv.length < 3 || argv[0] !== 'run' || argv[1] !== '--' || argv[2] === '') return undefined;
    const surface = adHocSurface(argv[2], argv.slice(3), cwd);
    // the run fills placeholders or refuses them (an unknown one is a config error: nothing may start then)
    if ([surface.command, ...surface.args, surface.cwd].some((value) => value.includes('${'))) return undefined;
    if (!statSync(surface.cwd).isDirectory()) return undefined;
    const { spec, session } = sessionSetup(surface, { env });
    if (isHttpSpec(spec)) return undefined;
    const spares = sparesAhead(session.era ?? 'auto', eraHintsFromEnv(env, cwd)?.get(spec), (era) => freshProcessCount(era));
    return { spec, count: 1 + spares };
  } catch {
    return undefined;
  }
}

/**
 * Start the processes `planLaunchAhead` plans for this command line, if any (harness/session/stdio/ahead.ts
 * registers them for the run to adopt). Never throws: whatever goes wrong here, the run starts its servers itself.
 */
export function launchAhead(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): void {
  const plan = planLaunchAhead(argv, cwd, env);
  if (plan) startAhead(plan.spec, plan.count);
}
