/**
 * A scenario file for a tool the server lists only after notifications/tools/list_changed
 * (trust/list-changed.mjs adds daily_report on the first call of refresh_catalog): once the harness
 * lists again, the scenario is called, and never reported as a scenario for an unknown tool.
 */
import { defineConfig } from '../../../harness/index.ts';

export default defineConfig({
  surfaces: [
    {
      name: 'relist-scenario',
      command: process.execPath,
      args: ['../../fixtures/servers/trust/list-changed.mjs'],
      scenarios: '../scenarios/relist',
      era: 'legacy',
    },
  ],
});
