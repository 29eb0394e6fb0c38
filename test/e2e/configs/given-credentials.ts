/**
 * Configured request headers the surface's server was also given (test/e2e/given-credentials.test.ts): the HTTP
 * fixture started with the header's value in its args (`--api-key=<value>`, as a local server started with the key it
 * expects), echoing the header back in a tool name (`k-<value>`). The session does not mask it (the surface was given
 * it); the final pass masks it where the header's name marks a credential (X-Api-Key) and leaves it where it does not
 * (X-Client-Label, the twin). Values from E2E_GC_KEY and E2E_GC_LABEL.
 */
import { defineConfig } from '../../../harness/index.ts';

const http = (name: string, header: string, variable: string) => ({
  name,
  command: process.execPath,
  args: ['../../fixtures/servers/http/fixture-http-server.mjs', '--port=${port}', `--fault=echo-header=${header}`, `--api-key=${process.env[variable] ?? 'unset'}`],
  url: 'http://127.0.0.1:${port}/mcp',
  ready: { line: '^listening on ' },
  headers: { [header]: `\${env:${variable}}` },
});

export default defineConfig({
  timeouts: { requestMs: 5000, probeMs: 5000, startMs: 10_000, stdinGraceMs: 300, termGraceMs: 1000, surfaceMs: 60_000 },
  surfaces: [http('http-api-key', 'X-Api-Key', 'E2E_GC_KEY'), http('http-label', 'X-Client-Label', 'E2E_GC_LABEL')],
});
