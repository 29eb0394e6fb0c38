/**
 * A contract and a lock whose texts hold a lowercase word the harness's environment also holds (the CLI runs with
 * E2E_WORD=production, as CI runs with NODE_ENV=production): test/fixtures/servers/word-description.mjs against its
 * contract module and its lock, recorded with no such value in the environment, and the drifted twins.
 */
import { defineConfig } from '../../../harness/index.ts';

const surface = (name: string, contract: { module: string } | { lock: string }, drift: boolean) => ({
  name,
  command: process.execPath,
  args: ['../../fixtures/servers/word-description.mjs'],
  env: { set: { WORD_DRIFT: drift ? '1' : '0' } },
  contract,
});
const MODULE = { module: '../../fixtures/servers/word-description.contract.mjs' };
const LOCK = { lock: '../../fixtures/servers/word-description.lock.json' };

export default defineConfig({
  timeouts: { requestMs: 5000, probeMs: 2000, stdinGraceMs: 1000, termGraceMs: 1000 },
  surfaces: [surface('module', MODULE, false), surface('lock', LOCK, false), surface('module-drift', MODULE, true), surface('lock-drift', LOCK, true)],
});
