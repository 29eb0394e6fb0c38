/**
 * Interrupts while servers hang in their boot: a stdio server that never reads its stdin (so never answers
 * `initialize` or `server/discover`) and a Streamable HTTP server the harness starts that never gets ready (it
 * never opens its port), both booting at once, each with a child process in its group, each ignoring SIGTERM. Every budget is far
 * longer than the tests wait, so only the interrupt can end the run. A unique marker in the env finds their processes.
 */
import { defineConfig } from '../../../harness/index.ts';

const marker = process.env.E2E_MARKER ?? 'e2e-interrupt-boot';
const FIXTURE = '../../fixtures/servers/fixture-server.mjs';
const env = { allow: ['PATH'], set: { E2E_MARKER: marker } };

/** Every budget, ms: longer than the test's own timeout. */
export const BUDGET_MS = 600_000;

export default defineConfig({
  concurrency: 2,
  timeouts: { requestMs: BUDGET_MS, probeMs: BUDGET_MS, startMs: BUDGET_MS, surfaceMs: BUDGET_MS, stdinGraceMs: BUDGET_MS, termGraceMs: BUDGET_MS },
  surfaces: [
    { name: 'stdio-boot', command: process.execPath, args: [FIXTURE, '--fault=slow-start=3600000', '--fault=spawn-child', '--fault=ignore-sigterm'], env, generate: { enabled: false } },
    {
      name: 'http-boot',
      command: process.execPath,
      args: [FIXTURE, '--fault=spawn-child', '--fault=ignore-sigterm'],
      url: 'http://127.0.0.1:${port}/mcp',
      ready: { line: 'this line is never printed' },
      env,
      generate: { enabled: false },
    },
  ],
});
