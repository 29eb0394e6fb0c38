/** A surface that serves one branch of its contract's discriminated union (test/fixtures/servers/union-override.mjs), and its widened twin. */
import { defineConfig } from '../../../harness/index.ts';

const surface = (name: string, widen: boolean) => ({
  name,
  command: process.execPath,
  args: ['../../fixtures/servers/union-override.mjs'],
  env: { set: { WIDEN: widen ? '1' : '0' } },
  contract: { module: '../../fixtures/servers/union-override.contract.mjs' },
  overrides: 'narrow' as const,
});

export default defineConfig({
  timeouts: { requestMs: 10_000, probeMs: 5000, stdinGraceMs: 1000, termGraceMs: 1000 },
  surfaces: [surface('one-kind', false), surface('one-kind-widened', true)],
});
