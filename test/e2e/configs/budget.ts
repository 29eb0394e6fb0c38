/**
 * Surfaces that outlast their time budget (timeouts.surfaceMs): one long call (over-budget); and every default
 * fixture tool called alone in plan order, `sleep` never answered (hang-tool), so whoami and getenv still wait
 * behind it when the budget runs out and are never sent (queued-over-budget).
 */
import { defineConfig } from '../../../harness/index.ts';

export default defineConfig({
  timeouts: { requestMs: 10_000, probeMs: 500, stdinGraceMs: 300, termGraceMs: 300, surfaceMs: 1500 },
  surfaces: [
    {
      name: 'over-budget',
      command: process.execPath,
      args: ['../../fixtures/servers/fixture-server.mjs'],
      scenarios: '../scenarios/slow',
      generate: { enabled: false },
    },
    {
      name: 'queued-over-budget',
      command: process.execPath,
      args: ['../../fixtures/servers/fixture-server.mjs', '--fault=hang-tool=sleep'],
      generate: { destructive: true },
    },
  ],
});
