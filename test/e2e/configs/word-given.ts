/**
 * A word the surface is given on purpose (env.set GIVEN_WORD=production) that its tool texts and an enum hold:
 * snapshot records it masked (`[masked:GIVEN_WORD]`, a lock is meant to be committed), the run reads the server
 * unmasked (a given value is the server's to use). test/fixtures/servers/word-description.given.lock.json was recorded
 * with `snapshot --env GIVEN_WORD=production`; the drifted twin changes two descriptions beside the word.
 */
import { defineConfig } from '../../../harness/index.ts';

const surface = (name: string, contract: { module: string } | { lock: string }, drift: boolean) => ({
  name,
  command: process.execPath,
  args: ['../../fixtures/servers/word-description.mjs'],
  env: { set: { WORD_DRIFT: drift ? '1' : '0', GIVEN_WORD: 'production' } },
  contract,
});
const MODULE = { module: '../../fixtures/servers/word-description.contract.mjs' };
const LOCK = { lock: '../../fixtures/servers/word-description.given.lock.json' };

export default defineConfig({
  timeouts: { requestMs: 5000, probeMs: 2000, stdinGraceMs: 1000, termGraceMs: 1000 },
  surfaces: [surface('given-module', MODULE, false), surface('given-lock', LOCK, false), surface('given-module-drift', MODULE, true), surface('given-lock-drift', LOCK, true)],
});
