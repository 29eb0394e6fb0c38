/**
 * Interrupt tests: two slow surfaces (one `sleep` call each, never answered: hang-tool) run one at a time, so a
 * SIGINT lands while the first runs and before the second starts, however late the test gets to send it (within
 * requestMs). The test sends it once the server logged the call (FIXTURE_FAULTS call-log, from the test's env).
 * A unique marker in the env finds their processes.
 */
import { defineConfig } from '../../../harness/index.ts';

const slow = (name: string) => ({
  name,
  command: process.execPath,
  args: ['../../fixtures/servers/fixture-server.mjs', '--fault=hang-tool=sleep'],
  env: { allow: ['PATH', 'E2E_MARKER', 'FIXTURE_FAULTS'] },
  scenarios: '../scenarios/slow',
  generate: { enabled: false },
});

export default defineConfig({
  concurrency: 1,
  timeouts: { requestMs: 50_000, probeMs: 500, stdinGraceMs: 300, termGraceMs: 300 },
  surfaces: [slow('first'), slow('second')],
});
