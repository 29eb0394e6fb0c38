/**
 * Issue 3: the reference-narrowed surface twice, against the shared contract: as shipped (three legal
 * narrowing overrides) and with `--widen` (its compare_variants override loosens `version` maxLength
 * from 32 to 64, see surfaces/reference/README.md), which tools/input-narrowing must report.
 */
import { defineConfig } from '../../../harness/index.ts';

const narrowed = (name: string, ...flags: string[]) => ({
  name,
  command: process.execPath,
  args: ['--import', 'tsx', 'surfaces/reference/narrowed/server.ts', ...flags],
  cwd: '../../..',
  contract: { module: '../../../surfaces/reference/contract/index.ts', export: 'tools' },
  scenarios: '../../../scenarios/reference',
  overrides: 'narrow' as const,
});

export default defineConfig({
  timeouts: { requestMs: 5000, probeMs: 2000, stdinGraceMs: 1000, termGraceMs: 1000 },
  surfaces: [narrowed('reference-narrowed'), narrowed('reference-widened', '--widen')],
});
