/**
 * Given credentials in the spellings servers and CI setups produce (a review of the final pass's credential masking,
 * harness/session/given-credentials.ts): test/fixtures/servers/given-secrets-spelled.mjs writes each to stderr and
 * exits on a call, so transport/exit's excerpt carries them. A connection URL's password under REDIS_URL or MONGODB_URI
 * or in the command line, a GH_PAT, a SLACK_WEBHOOK_URL, the members of a JSON value of headers, a password JSON-escaped
 * by a JSON log and a base64 key percent-encoded in a query reach no report file and no console line; the twins
 * (LOG_LEVEL, a URL without a password) are shown as the server wrote them.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, filesUnder, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const R = `${process.pid}x${Math.random().toString(36).slice(2, 10)}`;
const SECRETS = {
  redis: `Rp4ss${R}W0rd`,
  mongo: `Mp4ss${R}W0rd`,
  pg: `Pp4ss${R}W0rd`,
  pat: `github_pat_11${R}AbC`,
  hook: `XyZ${R}Hook`,
  notion: `ntn_${R}Tok`,
  password: `pa"ss\\${R}-77`,
  azure: `Ab+cD/${R}Kl==`,
};
const LOG_LEVEL = 'verbose-mode';
const CACHE_URL = `redis://cache-${R}.example:6379`;

let run: CliRun;

beforeAll(async () => {
  run = await runCli([
    'run', '--reporter', 'console,json,markdown,junit,sarif,html',
    '--env', `REDIS_URL=redis://default:${SECRETS.redis}@redis.example:6379`,
    '--env', `MONGODB_URI=mongodb+srv://app:${SECRETS.mongo}@cluster0.example.net/db`,
    '--env', `GH_PAT=${SECRETS.pat}`,
    '--env', `SLACK_WEBHOOK_URL=https://hooks.slack.com/services/T0001/B0002/${SECRETS.hook}`,
    '--env', `OPENAPI_MCP_HEADERS={"Authorization":"Bearer ${SECRETS.notion}","Notion-Version":"2022-06-28"}`,
    '--env', `DB_PASSWORD=${SECRETS.password}`,
    '--env', `AZURE_STORAGE_KEY=${SECRETS.azure}`,
    '--env', `LOG_LEVEL=${LOG_LEVEL}`,
    '--env', `CACHE_URL=${CACHE_URL}`,
    '--', process.execPath, join(SERVERS, 'given-secrets-spelled.mjs'), `postgresql://app:${SECRETS.pg}@db.example/app`,
  ]);
}, 120_000);

afterAll(() => cleanup(run));

/** Every spelling of `secret` a report or the console may hold: as written, JSON-escaped, percent-encoded. */
function spellings(secret: string): string[] {
  return [...new Set([secret, JSON.stringify(secret).slice(1, -1), JSON.stringify(JSON.stringify(secret).slice(1, -1)).slice(1, -1), encodeURIComponent(secret)])];
}

describe('given credentials as servers spell them', () => {
  it('reach no report file and no console line', () => {
    const files = new Map(filesUnder(run.reportDir).map((f) => [f, readFileSync(f, 'utf8').replace(/\\([!-/:-@[-`{-~])/g, '$1')]));
    expect(files.size).toBe(5);
    files.set('stdout', run.stdout);
    files.set('stderr', run.stderr);
    for (const [name, secret] of Object.entries(SECRETS)) {
      for (const spelled of spellings(secret)) for (const [file, text] of files) expect(text.includes(spelled), `${name} (${spelled}) in ${file}`).toBe(false);
    }
  });

  it('the excerpt still shows what is no credential', () => {
    const [exit] = findingsOf(reportOf(run), 'ad-hoc', 'transport/exit');
    const excerpt = exit?.stderr?.join('\n') ?? '';
    expect(excerpt).toContain(`level ${LOG_LEVEL} cache ${CACHE_URL}`);
    expect(excerpt).toContain('redis connect failed redis://default:');
    expect(excerpt).toContain('@redis.example:6379');
  });
});
