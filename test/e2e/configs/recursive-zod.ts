/**
 * A zod 4 contract with recursive schemas (test/fixtures/servers/recursive-zod.contract.mjs) held against the SDK
 * surfaces that register the same schemas, each compared in the other dialect's projection (an SDK 1.x surface
 * advertises draft-07, where zod writes `allOf: [{ $ref }]`, against the 2020-12 projection, and the reverse), then in
 * its own; and the widened twins.
 */
import { defineConfig } from '../../../harness/index.ts';

const surface = (name: string, sdk: 1 | 2, dialect: 'draft-07' | '2020-12', widen = false) => ({
  name,
  command: process.execPath,
  args: ['../../fixtures/servers/recursive-zod.mjs'],
  env: { set: { SDK: String(sdk), WIDEN: widen ? '1' : '0' } },
  contract: { module: '../../fixtures/servers/recursive-zod.contract.mjs', dialect },
});

export default defineConfig({
  timeouts: { requestMs: 10_000, probeMs: 5000, stdinGraceMs: 1000, termGraceMs: 1000 },
  surfaces: [
    surface('sdk1-2020-12', 1, '2020-12'),
    surface('sdk2-draft-07', 2, 'draft-07'),
    surface('sdk1-draft-07', 1, 'draft-07'),
    surface('sdk2-2020-12', 2, '2020-12'),
    surface('sdk1-2020-12-widened', 1, '2020-12', true),
    surface('sdk2-draft-07-widened', 2, 'draft-07', true),
  ],
});
