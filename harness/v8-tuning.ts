/**
 * V8 tuning of the published executable (dist/bin.js, harness/bin-loader.ts; issue 12). A CLI run is short
 * and mostly cold: most of the harness's code runs in V8's interpreter or baseline tier until the optimising
 * compiler (TurboFan) has compiled it on a background thread, and on a 2-core runner those compile jobs share
 * the cores with the harness's main thread and the server under test. A smaller inlining budget makes every
 * TurboFan job smaller: optimised code arrives sooner and takes less of the cores. Measured on Node 20.20
 * (V8 11.3), 2-core VM, alternating rounds, each side with its own code cache (bench/PROFILE.md, "The
 * optimising compiler's inlining budget"): the 1,000-tool synthetic default run 6-8 % shorter (its judge
 * ~20 %), 6 % with both cores busy with other work, 100 tools 4-5 %, 5,000 tools 2-5 %, no change on 9-tool
 * servers. It is a heuristic of the JIT: no verdict depends on it.
 *
 * Where it applies: V8 11.3 (Node 20, the engines floor), the only engine it was measured on; other Node lines
 * keep V8's defaults. Never where the user chose the budget (`node --max-inlined-bytecode-size-cumulative=N
 * dist/bin.js`) or turned the tuning off (`MCP_HARNESS_V8_TUNING=off`, exactly). The library entries
 * (dist/index.js, dist/vitest.js) never touch the flags of the process that imports them.
 *
 * Order matters: V8 keys a code cache by its flags, so the flags must be set before harness/code-cache.ts
 * hands the bundle and its cached data to V8; flags changed after that would make every cache the run writes
 * one the next start rejects (test/cli/v8-tuning.test.ts holds both orders; test/package/pack.e2e.test.ts the
 * installed executable's). Switching between the tuning, `off` and a budget of the user's on one install costs
 * one start without a cache each time (V8 rejects the other setting's cache; it is rewritten at exit).
 */
import { setFlagsFromString } from 'node:v8';

/** The V8 flag: the most bytecode (bytes) TurboFan inlines into one optimised function; V8 11.3's default is 920. */
export const INLINING_FLAG = '--max-inlined-bytecode-size-cumulative';

/** The inlining budget the executable sets, bytes of bytecode (the measured optimum of 100, 200, 300 and 460). */
export const INLINING_BUDGET = 200;

/** The environment variable that keeps V8's defaults when set to exactly `off`. */
export const TUNING_ENV = 'MCP_HARNESS_V8_TUNING';

/** What `v8Tuning` decides from: the process's Node options, its environment and its V8 version. */
export interface V8TuningInput {
  /** `process.execArgv`: the options given to node before the script. */
  execArgv: readonly string[];
  env: Readonly<Record<string, string | undefined>>;
  /** `process.versions.v8`, e.g. `11.3.244.8-node.38`. */
  v8Version: string;
}

/** The flag as given on node's command line, either spelling V8 accepts (dashes or underscores), with or without a value. */
const USER_SET = /^--max[-_]inlined[-_]bytecode[-_]size[-_]cumulative(?:=|$)/;

/**
 * The V8 flags the executable sets for a process, or undefined to keep V8's defaults: `--max-inlined-bytecode-size-cumulative=200`
 * on V8 11.3 unless `execArgv` sets that flag itself or `env.MCP_HARNESS_V8_TUNING` is exactly `off`. Pure.
 */
export function v8Tuning(input: V8TuningInput): string | undefined {
  if (input.env[TUNING_ENV] === 'off') return undefined;
  if (!/^11\.3\./.test(input.v8Version)) return undefined;
  if (input.execArgv.some((arg) => USER_SET.test(arg))) return undefined;
  return `${INLINING_FLAG}=${INLINING_BUDGET}`;
}

/**
 * Set `v8Tuning`'s flags on this process (V8's `setFlagsFromString`). Call it first thing in the executable,
 * before the bundle is compiled (see the module comment). Returns the flags set, or undefined. Never throws.
 */
export function tuneV8(input: V8TuningInput = { execArgv: process.execArgv, env: process.env, v8Version: process.versions.v8 }): string | undefined {
  const flags = v8Tuning(input);
  if (flags !== undefined) setFlagsFromString(flags);
  return flags;
}
