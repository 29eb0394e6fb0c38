/**
 * Issue 10: the fixture contract package (test/fixtures/contract-package: zod 4.0 and zod 3, entries
 * `{ name, input, output, annotations, _meta }` under a named export, one tool no surface serves)
 * served by an SDK 1.x surface (draft-07) and an SDK 2.x surface (2020-12) with narrowing overrides,
 * and by widened twins. No adapter: the module is the contract.
 */
import { defineConfig } from '../../../harness/index.ts';

const surface = (name: string, server: 'sdk1' | 'sdk2', pkg: 'zod4' | 'zod3', widen: boolean, meta = pkg === 'zod3') => ({
  name,
  command: process.execPath,
  args: ['--import', 'tsx', `test/fixtures/contract-package/servers/${server}.ts`],
  cwd: '../../..',
  env: { set: { FIXTURE_CONTRACT: pkg, FIXTURE_WIDEN: widen ? '1' : '0' } },
  // the zod 3 package writes `category` at the top level of an entry: mapped to `_meta.category`
  contract: { module: `../../fixtures/contract-package/${pkg}/index.js`, tools: (name: string) => name !== 'unserved', ...(meta ? { meta: ['category'] } : {}) },
});

export default defineConfig({
  timeouts: { requestMs: 10_000, probeMs: 5000, stdinGraceMs: 1000, termGraceMs: 1000 },
  surfaces: [
    surface('sdk1-zod4', 'sdk1', 'zod4', false),
    surface('sdk1-zod3', 'sdk1', 'zod3', false),
    { ...surface('sdk2-zod4', 'sdk2', 'zod4', false), contract: { module: '../../fixtures/contract-package/zod4/index.js', tools: ['place_order', 'review_branch', 'ping'] } },
    surface('sdk1-zod4-widened', 'sdk1', 'zod4', true),
    surface('sdk2-zod4-widened', 'sdk2', 'zod4', true),
    surface('sdk1-zod3-widened', 'sdk1', 'zod3', true),
    // without contract.meta a top-level field is not metadata: the changed category goes unseen
    surface('sdk1-zod3-widened-unmapped', 'sdk1', 'zod3', true, false),
  ],
});
