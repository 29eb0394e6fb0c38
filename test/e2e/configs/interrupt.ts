/**
 * Interrupt tests: two slow surfaces (one long `sleep` call each) run one at a time, so a SIGINT lands
 * while the first runs and before the second starts. A unique marker in the env finds their processes.
 */
import { defineConfig } from '../../../harness/index.ts';

const slow = (name: string) => ({
  name,
  command: process.execPath,
  args: ['../../fixtures/servers/fixture-server.mjs'],
  env: { allow: ['PATH', 'E2E_MARKER'] },
  scenarios: '../scenarios/slow',
  generate: { enabled: false },
});

export default defineConfig({
  concurrency: 1,
  timeouts: { requestMs: 10_000, probeMs: 500, stdinGraceMs: 300, termGraceMs: 300 },
  surfaces: [slow('first'), slow('second')],
});
