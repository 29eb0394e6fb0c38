/**
 * A Streamable HTTP server the harness starts that leaves a child behind when it is stopped (the fixture HTTP
 * server's `orphan-child`: a child in its group that ignores SIGTERM), beside its conformant twins: no child, and a
 * child that drains for 400 ms on SIGTERM and exits on its own after the server did (`draining-child`, well within
 * termGraceMs).
 */
import { defineConfig } from '../../../harness/index.ts';
import { httpFixture } from './http-fixture.ts';

const marker = process.env.E2E_MARKER ?? 'e2e-http-orphans';

export default defineConfig({
  timeouts: { requestMs: 5000, probeMs: 5000, startMs: 15_000, stdinGraceMs: 300, termGraceMs: 2000 },
  surfaces: [httpFixture('orphan-child', ['--fault=orphan-child'], marker), httpFixture('twin', [], marker), httpFixture('draining-child', ['--fault=draining-child'], marker)],
});
