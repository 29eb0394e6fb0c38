/**
 * A surface of the e2e configs served by the fixture HTTP server (test/fixtures/servers/http), started by
 * the harness on a free loopback port and ready by its listening line; `marker` goes into its environment
 * so a test can prove no server process is left.
 */
export function httpFixture(name: string, args: readonly string[], marker: string) {
  return {
    name,
    command: process.execPath,
    args: ['../../fixtures/servers/http/fixture-http-server.mjs', '--port=${port}', ...args],
    url: 'http://127.0.0.1:${port}/mcp',
    ready: { line: '^listening on ' },
    env: { set: { E2E_MARKER: marker } },
  };
}
