/**
 * A scenario file for a tool the server no longer advertises. `E2E_EXPECTATION` (a severity or 'off')
 * sets result/expectation, to show the runner-level finding follows the check's config.
 */
import { defineConfig } from '../../../harness/index.ts';

const level = (process.env.E2E_EXPECTATION ?? 'error') as 'error' | 'off';

export default defineConfig({
  checks: { 'result/expectation': level },
  surfaces: [
    {
      name: 'stale',
      command: process.execPath,
      args: ['../../fixtures/servers/fixture-server.mjs'],
      scenarios: '../scenarios/stale',
      generate: { enabled: false },
    },
  ],
});
