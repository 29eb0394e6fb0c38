/**
 * Answers that add up (hostile review D8 at a small size): 12 read-only tools answering 40,000 bytes each, against a
 * 100,000-byte retention budget (limits.maxRetainedBytes), and the same server within the default budget (the twin).
 */
import { defineConfig } from '../../../harness/index.ts';

const server = { command: process.execPath, args: ['../../fixtures/servers/big-answers.mjs', '--tools', '12', '--bytes', '40000'] };

export default defineConfig({
  timeouts: { stdinGraceMs: 300, termGraceMs: 300 },
  surfaces: [
    { name: 'over-retention', ...server, callConcurrency: 1, limits: { maxRetainedBytes: 100_000 } },
    { name: 'within-retention', ...server, callConcurrency: 1 },
  ],
});
