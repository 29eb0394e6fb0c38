/**
 * Streamable HTTP surface keys (issue 13): `url` alone, `command` + `url` (+ `ready`), `headers` with
 * `${env:NAME}`, `${port}`; every mistake names the file and the key.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, instantiateSurface, resolveConfig, toSurfaceOptions } from '../../harness/config/index.ts';
import { isLoopbackUrl } from '../../harness/config/url.ts';
import { resolveHeaders, sessionSetup } from '../../harness/run/session-setup.ts';
import { errorLines } from './helpers.ts';

const at = { file: 'mcp-harness.config.ts', cwd: '/proj' };

describe('HTTP surface config', () => {
  it('url alone: a running server; command + url + ready: a server the harness starts', () => {
    const c = resolveConfig({
      surfaces: [
        { name: 'running', url: 'http://127.0.0.1:8080/mcp', headers: { Authorization: 'Bearer ${env:TOKEN}' } },
        { name: 'started', command: 'node', args: ['server.js', '--port=${port}'], url: 'http://127.0.0.1:${port}/mcp', ready: { line: 'listening' } },
      ],
    }, at);
    const [running, started] = c.surfaces;
    expect(running).toMatchObject({ command: '', url: 'http://127.0.0.1:8080/mcp', headers: { Authorization: 'Bearer ${env:TOKEN}' } });
    expect(started).toMatchObject({ command: 'node', url: 'http://127.0.0.1:${port}/mcp', ready: { line: 'listening' } });
    const run = instantiateSurface(started, { port: 41234 });
    expect([run.url, run.args]).toEqual(['http://127.0.0.1:41234/mcp', ['server.js', '--port=41234']]);
    const setup = sessionSetup(run, { env: { PATH: '/bin' } });
    expect(setup.spec).toMatchObject({ transport: 'streamable-http', url: 'http://127.0.0.1:41234/mcp', server: { spawn: { command: 'node', args: ['server.js', '--port=41234'] }, ready: { kind: 'line', pattern: 'listening' } } });
    expect(sessionSetup(running, { env: { TOKEN: 'abc' } }).spec).toEqual({ transport: 'streamable-http', url: 'http://127.0.0.1:8080/mcp', headers: { Authorization: 'Bearer abc' } });
  });

  // transport/http-status noHttpResponse: an error for a local server, a warning for a remote one (the network may cut connections)
  it('httpEndpoint: local when the harness starts the server or the url is loopback, remote for another host already running, absent on stdio', () => {
    const c = resolveConfig({
      surfaces: [
        { name: 'loopback', url: 'http://127.0.0.1:8080/mcp' },
        { name: 'localhost', url: 'http://localhost:${port}/mcp', command: 'node' },
        { name: 'v6', url: 'http://[::1]:8080/mcp' },
        { name: 'remote', url: 'https://mcp.example.com/mcp' },
        { name: 'started-elsewhere', command: 'node', args: ['server.js'], url: 'http://devbox.internal:8080/mcp' },
        { name: 'stdio', command: 'node' },
      ],
    }, at);
    expect(c.surfaces.map((s) => `${s.name} ${toSurfaceOptions(s).httpEndpoint ?? '-'}`)).toEqual([
      'loopback local', 'localhost local', 'v6 local', 'remote remote', 'started-elsewhere local', 'stdio -',
    ]);
    expect(['http://127.9.0.1/mcp', 'http://api.localhost/mcp', 'http://127.0.0.1.example.com/mcp', 'http://10.0.0.1/mcp', 'not a url'].map(isLoopbackUrl)).toEqual([true, true, false, false, false]);
  });

  it('names the key of every mistake', () => {
    expect(errorLines({ surfaces: [{ name: 'a' }] })).toEqual([
      'mcp-harness.config.ts: surfaces[0].command: Expected "command" (a stdio server), "url" (a running Streamable HTTP server), or both (a server the harness starts)',
    ]);
    expect(errorLines({ surfaces: [{ name: 'a', url: 'ftp://x/mcp' }] })).toEqual([
      'mcp-harness.config.ts: surfaces[0].url: Expected an absolute http(s) URL of the MCP endpoint, e.g. http://127.0.0.1:${port}/mcp',
    ]);
    expect(errorLines({ surfaces: [{ name: 'a', url: 'http://127.0.0.1:1/mcp', ready: { line: 'x' } }] })).toEqual([
      'mcp-harness.config.ts: surfaces[0].ready: "ready" needs both "command" and "url" (it says when the server the harness starts is ready)',
    ]);
    expect(errorLines({ surfaces: [{ name: 'a', command: 'node', headers: { A: 'b' } }] })).toEqual([
      'mcp-harness.config.ts: surfaces[0].headers: "headers" apply to Streamable HTTP surfaces only: add "url"',
    ]);
    expect(errorLines({ surfaces: [{ name: 'a', command: 'node', args: ['${port}'] }] })).toEqual([
      'mcp-harness.config.ts: surfaces[0].args[0]: ${port} needs "url" on this surface (a free loopback port for its HTTP server)',
    ]);
    expect(errorLines({ surfaces: [{ name: 'a', url: 'http://127.0.0.1:1/mcp', headers: { A: '${TOKEN}' } }] })).toEqual([
      'mcp-harness.config.ts: surfaces[0].headers.A: Unknown placeholder ${TOKEN} in a header (known: ${env:NAME})',
    ]);
    expect(errorLines({ surfaces: [{ name: 'a', command: 'n', url: 'http://127.0.0.1:1/mcp', ready: { line: '(' } }] })).toEqual([
      'mcp-harness.config.ts: surfaces[0].ready.line: Expected a regular expression (JavaScript syntax, no slashes or flags)',
    ]);
  });

  it('a header naming an unset variable is a config error naming the header, never its value', () => {
    const error = (() => {
      try {
        resolveHeaders({ name: 's', headers: { Authorization: 'Bearer ${env:NOPE_TOKEN}' } }, {});
      } catch (e) {
        return e;
      }
    })();
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain('surfaces.s.headers.Authorization: environment variable NOPE_TOKEN is not set');
  });
});
