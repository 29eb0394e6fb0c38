/**
 * Interrupt test of calls never sent: every default fixture tool is called (generate.destructive), each alone in
 * plan order (none is annotated read-only): echo, add, fail answer, `sleep` never does (hang-tool), so whoami and
 * getenv still wait behind it when the SIGINT lands (sent once the server logged the `sleep` call: FIXTURE_FAULTS
 * call-log, from the test's env). A unique marker in the env finds the processes.
 */
import { defineConfig } from '../../../harness/index.ts';

export default defineConfig({
  timeouts: { requestMs: 30_000, probeMs: 500, stdinGraceMs: 300, termGraceMs: 300 },
  surfaces: [
    {
      name: 'queued',
      command: process.execPath,
      args: ['../../fixtures/servers/fixture-server.mjs', '--fault=hang-tool=sleep'],
      env: { allow: ['PATH', 'E2E_MARKER', 'FIXTURE_FAULTS'] },
      generate: { destructive: true },
    },
  ],
});
