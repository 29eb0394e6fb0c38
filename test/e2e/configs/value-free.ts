/**
 * Issue 4 (value-free reports): servers that carry caller values (harness sentinels) back on every
 * channel: faults/echo-args.mjs repeats arguments in its error answers; e2e/leaky-server.mjs logs them
 * on stdout and stderr and returns them in results and errors. Its scenario plants a sentinel itself.
 */
import { defineConfig } from '../../../harness/index.ts';

export default defineConfig({
  timeouts: { requestMs: 3000, probeMs: 1000, stdinGraceMs: 500, termGraceMs: 500 },
  surfaces: [
    { name: 'echo-args', command: process.execPath, args: ['../../fixtures/servers/faults/echo-args.mjs'] },
    { name: 'leaky', command: process.execPath, args: ['../../fixtures/e2e/leaky-server.mjs'], scenarios: '../scenarios/leaky' },
  ],
});
