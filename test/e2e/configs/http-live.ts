/**
 * Issue 13 leftover: `diff` (and `snapshot`) with a configured `command` + `url` surface start its server
 * exactly as `run` does, and stop it after, also when the session cannot be opened (`wrong-path`: the
 * server gets ready, but the URL names a path it does not serve, so initialize gets 404).
 */
import { defineConfig } from '../../../harness/index.ts';
import { httpFixture } from './http-fixture.ts';

const marker = process.env.E2E_MARKER ?? 'e2e-http-live';
const server = (name: string, args: string[]) => httpFixture(name, args, marker);

export default defineConfig({
  timeouts: { requestMs: 3000, probeMs: 3000, startMs: 10_000, stdinGraceMs: 300, termGraceMs: 1000, surfaceMs: 60_000 },
  surfaces: [server('live', []), server('live-modern', ['--era=modern']), server('wrong-path', ['--path=/elsewhere'])],
});
