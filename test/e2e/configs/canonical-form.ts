/**
 * Canonical form 3 through the real CLI: a zod 4 MCP SDK server against its zod 3 contract (the same
 * tools, spelled differently), as is and with one real widening (`--widen`).
 */
import { defineConfig } from '../../../harness/index.ts';

const surface = (name: string, ...flags: string[]) => ({
  name,
  command: process.execPath,
  args: ['test/fixtures/servers/canon/server.mjs', ...flags],
  cwd: '../../..',
  contract: { module: '../../fixtures/servers/canon/contract.mjs', export: 'tools' },
  overrides: 'narrow' as const,
  generate: { enabled: false },
});

export default defineConfig({
  timeouts: { requestMs: 10_000, probeMs: 5000, stdinGraceMs: 1000, termGraceMs: 1000 },
  surfaces: [surface('canon'), surface('canon-widened', '--widen')],
});
