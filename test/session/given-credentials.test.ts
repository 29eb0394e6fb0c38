/**
 * The credentials a surface was given (harness/session/given-credentials.ts) and the final pass's mask built with them
 * (harness/session/transports.ts `displayMask`): only `display` masks them; the session's own masks never do.
 */
import { describe, expect, it } from 'vitest';
import { givenCredentials } from '../../harness/session/given-credentials.ts';
import { httpMask } from '../../harness/session/http/transport.ts';
import { stdioMask } from '../../harness/session/surface-mask.ts';
import { displayMask } from '../../harness/session/transports.ts';
import type { HttpSpec, SpawnSpec } from '../../harness/session/options.ts';

const stdio: SpawnSpec = { command: 'node', args: ['server.js'], cwd: '/work', env: { PATH: '/usr/bin', NCBI_API_KEY: 'ncbi-dummy', LOG_LEVEL: 'verbose-mode', GITHUB_TOKEN: 'ghp_abcdef123456' } };
const http: HttpSpec = {
  transport: 'streamable-http',
  url: 'http://127.0.0.1:1/mcp',
  headers: { Authorization: 'Bearer tok-bearer-123', 'X-Api-Key': 'hk-5e4d3c2b1a', 'X-Client-Label': 'lbl-7a6b5c4d' },
  server: { spawn: { command: 'node', args: ['server.js', '--api-key=hk-5e4d3c2b1a', '--label=lbl-7a6b5c4d', '--token=tok-bearer-123'], cwd: '/work', env: { DB_PASSWORD: 'pw-0123456789', LOG_LEVEL: 'verbose-mode' } }, ready: { kind: 'url' } },
};

describe('givenCredentials', () => {
  it('stdio: the variables whose name marks a credential, under their names', () => {
    expect(givenCredentials(stdio)).toEqual([['NCBI_API_KEY', 'ncbi-dummy'], ['GITHUB_TOKEN', 'ghp_abcdef123456']]);
  });

  it("HTTP: the server's, the credential headers' values and an Authorization value's credentials, under header:<name>", () => {
    expect(givenCredentials(http)).toEqual([
      ['DB_PASSWORD', 'pw-0123456789'],
      ['header:authorization', 'Bearer tok-bearer-123'],
      ['header:authorization', 'Bearer%20tok-bearer-123'],
      ['header:authorization', 'tok-bearer-123'],
      ['header:x-api-key', 'hk-5e4d3c2b1a'],
    ]);
  });

  it('whatever the name: a URL password (variable, argument, surface URL), JSON credential members; each JSON-escaped and percent-encoded', () => {
    const spec: SpawnSpec = {
      command: 'node',
      args: ['server.js', 'postgresql://app:pg%2Fpass1@db/app', 'https://example.test/no-password'],
      cwd: '/work',
      env: { REDIS_URL: 'redis://:rpass12@r:6379', CACHE_URL: 'redis://cache:6379', HEADERS: '{"Authorization":"Bearer ntn_tok123","Notion-Version":"1"}', DB_PASSWORD: 'pa"ss\\x9', LOG_LEVEL: 'verbose-mode' },
    };
    const got = givenCredentials(spec);
    expect(got).toEqual(expect.arrayContaining([
      ['REDIS_URL', 'rpass12'],
      ['url-password', 'pg%2Fpass1'], ['url-password', 'pg/pass1'],
      ['HEADERS', 'Bearer ntn_tok123'], ['HEADERS', 'ntn_tok123'],
      ['DB_PASSWORD', 'pa"ss\\x9'], ['DB_PASSWORD', 'pa\\"ss\\\\x9'], ['DB_PASSWORD', encodeURIComponent('pa"ss\\x9')],
    ]));
    // the twins: a URL without a password, a variable whose name and value mark nothing
    expect(got.map(([name]) => name)).not.toContain('CACHE_URL');
    expect(got.map(([name]) => name)).not.toContain('LOG_LEVEL');
    expect(got.some(([, value]) => value.includes('no-password'))).toBe(false);
  });
});

describe('givenCredentials: Basic authorization', () => {
  it("a Basic token's decoded user:password and its password, under the header's label; not another scheme's token decoded", () => {
    const token = Buffer.from('ci-user:Bp4ss-w0rd!').toString('base64');
    const basic: HttpSpec = { ...http, headers: { Authorization: `Basic ${token}` } };
    const got = givenCredentials(basic).filter(([name]) => name === 'header:authorization').map(([, value]) => value);
    expect(got).toEqual(expect.arrayContaining([token, 'ci-user:Bp4ss-w0rd!', 'Bp4ss-w0rd!']));
    const bearer: HttpSpec = { ...http, headers: { Authorization: `Bearer ${token}` } };
    expect(givenCredentials(bearer).map(([, value]) => value)).not.toContain('Bp4ss-w0rd!');
  });
});

describe('displayMask', () => {
  const text = 'GET ?api_key=ncbi-dummy&level=verbose-mode token ghp_abcdef123456';

  it('stdio: display masks the given credentials, LOG_LEVEL stays; the session mask (stdioMask) leaves them all', () => {
    expect(displayMask(stdio, {}).display(text)).toBe('GET ?api_key=[masked:NCBI_API_KEY]&level=verbose-mode token [masked:GITHUB_TOKEN]');
    expect(displayMask(stdio, {}).text(text)).toBe(text);
    expect(stdioMask(stdio, {}).display(text)).toBe(text);
  });

  it('HTTP: a credential header the server was also given (args), the bare Authorization token, the server env; not X-Client-Label', () => {
    const said = 'key hk-5e4d3c2b1a label lbl-7a6b5c4d token tok-bearer-123 db pw-0123456789 level verbose-mode';
    expect(displayMask(http, {}).display(said)).toBe('key [masked:header:x-api-key] label lbl-7a6b5c4d token [masked:header:authorization] db [masked:DB_PASSWORD] level verbose-mode');
    // the session's mask: those values were given (args, env), so it masks none of them, as before
    expect(httpMask(http, {}).display(said)).toBe(said);
    expect(displayMask(http, {}).text(said)).toBe(said);
  });
});
