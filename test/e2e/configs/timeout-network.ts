/**
 * test/e2e/timeout-network.test.ts: a tool that never answers, with and without a failed network lookup on the
 * server's stderr (test/fixtures/servers/verdicts/offline-hang.mjs), under a short request timeout. The severity the
 * config sets for transport/timeout comes from MCP_HARNESS_TEST_TIMEOUT_SEVERITY (unset: the default).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from '../../../harness/index.ts';

const FIXTURE = fileURLToPath(new URL('../../fixtures/servers/verdicts/offline-hang.mjs', import.meta.url));
const TELEMETRY = fileURLToPath(new URL('../../fixtures/servers/verdicts/telemetry-hang.mjs', import.meta.url));
const severity = process.env.MCP_HARNESS_TEST_TIMEOUT_SEVERITY as 'off' | 'warning' | undefined;

export default defineConfig({
  ...(severity ? { checks: { 'transport/timeout': severity } } : {}),
  timeouts: { requestMs: 1000, stdinGraceMs: 500, termGraceMs: 1000 },
  surfaces: [
    { name: 'offline', command: process.execPath, args: [FIXTURE], era: 'legacy' },
    { name: 'hang', command: process.execPath, args: [FIXTURE, '--twin'], era: 'legacy' },
    { name: 'telemetry', command: process.execPath, args: [TELEMETRY], era: 'legacy' },
  ],
});
