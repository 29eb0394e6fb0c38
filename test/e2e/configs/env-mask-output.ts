/**
 * The env mask's output pass and its false-finding exemptions (test/e2e/env-mask-output.test.ts; review 3): the
 * fixture test/fixtures/servers/env-mask-output.mjs in each of its cases, and the repository's HTTP fixture (a
 * conformant server) run while the harness's environment holds a protocol revision and a media type.
 */
import { defineConfig } from '../../../harness/index.ts';

const marker = process.env.E2E_MARKER ?? 'e2e-env-mask-output';
const stdio = (name: string) => ({
  name: `stdio-${name}`,
  command: process.execPath,
  args: ['../../fixtures/servers/env-mask-output.mjs', `--case=${name}`],
  env: { set: { E2E_MARKER: marker } },
});

/** The surfaces, by name. */
export const SURFACES = ['stdio-pointer', 'stdio-upper', 'stdio-pem-crlf', 'stdio-pem-lf', 'stdio-number', 'stdio-enum', 'stdio-own', 'http-type', 'http-plain'];

export default defineConfig({
  timeouts: { requestMs: 5000, probeMs: 5000, startMs: 10_000, stdinGraceMs: 300, termGraceMs: 1000, surfaceMs: 60_000 },
  surfaces: [
    stdio('pointer'),
    stdio('upper'),
    stdio('pem-crlf'),
    stdio('pem-lf'),
    stdio('number'),
    stdio('enum'),
    stdio('own'),
    {
      name: 'http-type',
      command: process.execPath,
      args: ['../../fixtures/servers/env-mask-output.mjs', '--case=http-type', '--port=${port}'],
      url: 'http://127.0.0.1:${port}/mcp',
      ready: { line: '^listening on ' },
      env: { set: { E2E_MARKER: marker } },
    },
    {
      name: 'http-plain',
      command: process.execPath,
      args: ['../../fixtures/servers/http/fixture-http-server.mjs', '--port=${port}'],
      url: 'http://127.0.0.1:${port}/mcp',
      ready: { line: '^listening on ' },
      env: { set: { E2E_MARKER: marker } },
    },
  ],
});
