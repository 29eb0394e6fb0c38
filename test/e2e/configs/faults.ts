/**
 * Issue 2 acceptance: one surface per transport fault of the generic fixture server. Every surface
 * carries the marker E2E_MARKER (from the test's environment) so that the test can find its processes
 * and their children in /proc. Generated calls include destructive tools: the fixture's tools have no
 * annotations, and the test needs every other tool called.
 */
import { defineConfig } from '../../../harness/index.ts';

const marker = process.env.E2E_MARKER ?? 'e2e-faults';
const server = (name: string, ...faults: string[]) => ({
  name,
  command: process.execPath,
  args: ['../../fixtures/servers/fixture-server.mjs', ...faults.map((f) => `--fault=${f}`)],
  env: { set: { E2E_MARKER: marker } },
  generate: { destructive: true },
  callConcurrency: 1,
});

export default defineConfig({
  timeouts: { requestMs: 1500, probeMs: 500, startMs: 5000, stdinGraceMs: 300, termGraceMs: 300, surfaceMs: 60_000 },
  surfaces: [
    server('hangs', 'hang-tool=echo'),
    server('crashes', 'crash-tool=echo'),
    server('prints', 'stdout-banner'),
    server('stubborn', 'ignore-sigterm', 'ignore-stdin-close'),
    server('spawns', 'spawn-child'),
  ],
});
