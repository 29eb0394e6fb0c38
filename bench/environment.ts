/**
 * The benchmark's view of one variable of this machine's environment that changes what a Node start costs:
 * NODE_EXTRA_CA_CERTS. Node 20 reads that file and builds its whole root certificate store at every start, before
 * any JavaScript runs (nodejs/node#40524: ~40-50 ms here). In the bench's default run the harness's own process pays
 * for it, while the servers do not (the ad-hoc surface's default env allow-list, harness/config/defaults.ts, leaves
 * the variable out) and the bare client runs in the bench process. So, where the variable is set, the default-run
 * table (bench/default-run.ts) also times the CLI with the variable removed, and the start-up table (bench/startup.ts)
 * a bare `node -e 0` without it.
 */

/** The variable `withoutExtraCaEnv` drops (for the arm of bench/default-run.ts DefaultRow.noExtraCaMs). */
export const EXTRA_CA_VAR = 'NODE_EXTRA_CA_CERTS';

/** Whether `env` sets NODE_EXTRA_CA_CERTS (to a non-empty value: Node ignores an empty one). */
export function setsExtraCa(env: NodeJS.ProcessEnv = process.env): boolean {
  return (env[EXTRA_CA_VAR] ?? '') !== '';
}

/** `env` without NODE_EXTRA_CA_CERTS (a copy). */
export function withoutExtraCaEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const copy = { ...env };
  delete copy[EXTRA_CA_VAR];
  return copy;
}
