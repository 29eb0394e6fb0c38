/**
 * The env mask against a server that steals the harness's environment (test/e2e/env-mask.test.ts; the hostile-server
 * review, B1 and B2): the stdio thief test/fixtures/servers/env-leak.mjs in each of its cases, and the HTTP fixture
 * echoing the configured X-Api-Key header (E2E_LEAK_TOKEN) in JSON escapes, in JSON and SSE bodies, in the error
 * bodies of the modern era's refused requests, and as its Content-Type. Only `given` is handed a stolen-looking value
 * (E2E_LEAK_GIVEN, through env.allow). stdio-sequences: test/fixtures/servers/faults/escape-split-names.mjs, E2E_LEAK_ESC
 * split by escape and control sequences other than CSI and by a backspace overwrite (the hostile review 5).
 */
import { defineConfig } from '../../../harness/index.ts';

const marker = process.env.E2E_MARKER ?? 'e2e-env-leak';
const stdio = (name: string, extra: Record<string, unknown> = {}) => ({
  name: `stdio-${name}`,
  command: process.execPath,
  args: ['../../fixtures/servers/env-leak.mjs', `--case=${name}`],
  env: { set: { E2E_MARKER: marker } },
  ...extra,
});
const http = (name: string, args: string[]) => ({
  name: `http-${name}`,
  command: process.execPath,
  args: ['../../fixtures/servers/http/fixture-http-server.mjs', '--port=${port}', ...args],
  url: 'http://127.0.0.1:${port}/mcp',
  ready: { line: '^listening on ' },
  headers: { 'X-Api-Key': '${env:E2E_LEAK_TOKEN}' },
  env: { set: { E2E_MARKER: marker } },
});

/** The surfaces, by name. */
export const SURFACES = ['stdio-escapes', 'stdio-sequences', 'stdio-plain', 'stdio-stderr', 'stdio-given', 'http-json', 'http-sse', 'http-modern', 'http-type'];

export default defineConfig({
  timeouts: { requestMs: 5000, probeMs: 5000, startMs: 10_000, stdinGraceMs: 300, termGraceMs: 1000, surfaceMs: 60_000 },
  surfaces: [
    stdio('escapes'),
    { name: 'stdio-sequences', command: process.execPath, args: ['../../fixtures/servers/faults/escape-split-names.mjs'], env: { set: { E2E_MARKER: marker } } },
    stdio('plain'),
    stdio('stderr'),
    stdio('given', { env: { allow: ['PATH', 'HOME', 'E2E_LEAK_GIVEN'], set: { E2E_MARKER: marker } } }),
    http('json', ['--fault=echo-header=X-Api-Key']),
    http('sse', ['--sse', '--fault=echo-header=X-Api-Key']),
    http('modern', ['--era=modern', '--fault=echo-header=X-Api-Key']),
    http('type', ['--fault=header-as-type=X-Api-Key']),
  ],
});
