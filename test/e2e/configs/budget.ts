/** A surface whose one call outlasts the surface's time budget (timeouts.surfaceMs). */
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
  ],
});
