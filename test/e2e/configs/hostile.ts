/**
 * Issue 15 acceptance: one surface per case of the hostile fixture server (test/fixtures/servers/hostile.mjs),
 * plus the well-behaved control. Every surface carries the marker E2E_MARKER (from the test's environment)
 * so that the test can find its processes in /proc. The flood size and the long line come from the
 * test's environment too (HOSTILE_FLOOD, HOSTILE_LINE_BYTES), passed through the allow-list.
 */
import { defineConfig } from '../../../harness/index.ts';

const marker = process.env.E2E_MARKER ?? 'e2e-hostile';
/** The fixture's cases, one surface each (test/e2e/hostile.test.ts expects a finding per case). */
export const CASES = ['control', 'redos-output', 'redos-input', 'huge-bounds', 'flood', 'deep', 'escape', 'env-theft', 'long-line', 'proto', 'bidi', 'endless'];

export default defineConfig({
  // one surface at a time: the flood's million lines are parsed on the harness's one thread, and a
  // surface sharing that thread would see its probes wait out their budget (a loaded-machine verdict)
  concurrency: 1,
  // generous budgets: no case depends on a timeout firing (the long line fails its request at once), and a
  // loaded machine must not turn a slow probe or exit of the control into a finding
  timeouts: { requestMs: 30_000, probeMs: 20_000, startMs: 30_000, stdinGraceMs: 5000, termGraceMs: 2000, surfaceMs: 300_000 },
  surfaces: CASES.map((name) => ({
    name,
    command: process.execPath,
    args: ['../../fixtures/servers/hostile.mjs', `--case=${name}`],
    env: { set: { E2E_MARKER: marker, HOSTILE_FLOOD: process.env.HOSTILE_FLOOD ?? '1000000', HOSTILE_LINE_BYTES: process.env.HOSTILE_LINE_BYTES ?? '20971520' } },
    callConcurrency: 1,
    // a million notifications take as long as a loaded machine needs to parse them: the case is about
    // memory (a bounded sample), so its listing gets a budget no load reaches
    ...(name === 'flood' ? { timeouts: { requestMs: 180_000 } } : {}),
  })),
});
