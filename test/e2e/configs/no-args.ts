/**
 * A contract module of SDK registerTool configs (test/fixtures/servers/no-args.contract.mjs: a tool without an
 * inputSchema) against the SDK 1.x and 2.x surfaces that register them, and the drifted twin (an argument added).
 */
import { defineConfig } from '../../../harness/index.ts';

const surface = (name: string, sdk: 1 | 2, args = false) => ({
  name,
  command: process.execPath,
  args: ['../../fixtures/servers/no-args.mjs'],
  env: { set: { SDK: String(sdk), ARGS: args ? '1' : '0' } },
  contract: { module: '../../fixtures/servers/no-args.contract.mjs' },
});

export default defineConfig({
  timeouts: { requestMs: 10_000, probeMs: 5000, stdinGraceMs: 1000, termGraceMs: 1000 },
  surfaces: [surface('sdk1', 1), surface('sdk2', 2), surface('sdk1-args', 1, true)],
});
