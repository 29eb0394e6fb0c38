/**
 * The final pass masks the credentials a surface was GIVEN (harness/session/given-credentials.ts; sweep 18:
 * @cyanheads/pubmed-mcp-server, run with --env NCBI_API_KEY, logged its request URL with the key to stderr, and
 * transport/timeout's stderr excerpt put it into report.json and report.md). Real processes through the CLI:
 * - stdio, test/fixtures/servers/given-secrets.mjs: API_KEY by --env, GITHUB_TOKEN by --env-pass and LOG_LEVEL by --env
 *   are written to stderr (transport/exit's excerpt when its tool "crash" exits) and into an error result (errors/echo's
 *   evidence, --show-values). No report file and no console line holds a credential, each shows `[masked:NAME]`; the
 *   twin, LOG_LEVEL (a name that marks no credential), stays visible in the same excerpt. Verdicts do not change: the
 *   same finding ids with and without the credentials given, and ACCESS_TOKEN (--env), an enum member the server
 *   accepts only as it wrote it, is sent as written;
 * - snapshot and diff print a boot failure's stderr tail the same way (given-secrets.mjs --boot-exit);
 * - Streamable HTTP, test/e2e/configs/given-credentials.ts: a configured header the server was also given (in its args)
 *   and echoes in a tool name: masked under X-Api-Key (`[masked:header:x-api-key]`), visible under X-Client-Label.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runProcess } from '../helpers/cli.ts';
import { cleanup, CONFIGS, filesUnder, findingsOf, outcomesOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const RAND = `${process.pid}x${Math.random().toString(36).slice(2, 10)}`;
const API_KEY = `ak-${RAND}-9f8e7d`;
const GITHUB_TOKEN = `ghp_${RAND}Zx81kQ2mN4`;
const ACCESS_TOKEN = `at-${RAND}-3c2b1a`;
const LOG_LEVEL = 'verbose-mode';
const HEADER_KEY = `hk-${RAND}-5e4d3c`;
const HEADER_LABEL = `lbl-${RAND}-7a6b5c`;
const SERVER = join(SERVERS, 'given-secrets.mjs');
const REPORTERS = ['--reporter', 'console,json,markdown,junit,sarif,html'];

let given: CliRun;
let without: CliRun;
let http: CliRun;

beforeAll(async () => {
  [given, without, http] = await Promise.all([
    runCli(['run', '--show-values', ...REPORTERS, '--env', `API_KEY=${API_KEY}`, '--env-pass', 'GITHUB_TOKEN', '--env', `ACCESS_TOKEN=${ACCESS_TOKEN}`, '--env', `LOG_LEVEL=${LOG_LEVEL}`, '--', process.execPath, SERVER], { env: { GITHUB_TOKEN } }),
    runCli(['run', '--show-values', ...REPORTERS, '--env', `LOG_LEVEL=${LOG_LEVEL}`, '--', process.execPath, SERVER], { env: { GITHUB_TOKEN: undefined } as unknown as Record<string, string> }),
    runCli(['run', '--config', join(CONFIGS, 'given-credentials.ts'), '--show-values', ...REPORTERS], { env: { E2E_GC_KEY: HEADER_KEY, E2E_GC_LABEL: HEADER_LABEL } }),
  ]);
}, 180_000);

afterAll(() => {
  for (const run of [given, without, http]) cleanup(run);
});

/** Each report file of `run` by its name, Markdown's backslash escapes (`\_`, `\[`, `\&`) removed: `ghp\_x` holds `ghp_x`. */
function reportFiles(run: CliRun): Map<string, string> {
  const files = new Map(filesUnder(run.reportDir).map((f) => [f.slice(run.reportDir.length + 1), readFileSync(f, 'utf8')]));
  const md = files.get('report.md');
  if (md !== undefined) files.set('report.md', md.replace(/\\([!-/:-@[-`{-~])/g, '$1'));
  return files;
}

describe('credentials a stdio surface was given (--env, --env-pass)', () => {
  it('reach no report file and no console line', () => {
    const files = reportFiles(given);
    expect([...files.keys()].sort()).toEqual(['junit.xml', 'report.html', 'report.json', 'report.md', 'report.sarif']);
    for (const [name, secret] of Object.entries({ API_KEY, GITHUB_TOKEN, ACCESS_TOKEN })) {
      for (const [file, text] of files) expect(text.includes(secret), `${name} in ${file}`).toBe(false);
      expect(given.stdout.includes(secret), `${name} in stdout`).toBe(false);
      expect(given.stderr.includes(secret), `${name} in stderr`).toBe(false);
    }
  });

  it("transport/exit's stderr excerpt shows them masked, and LOG_LEVEL (no credential) as it was", () => {
    const found = findingsOf(reportOf(given), 'ad-hoc', 'transport/exit').filter((f) => f.messageId === 'unexpectedExit');
    expect(found.length).toBeGreaterThan(0);
    const line = `api_key=[masked:API_KEY]&level=${LOG_LEVEL} -> 401: bad credentials for [masked:GITHUB_TOKEN]`;
    for (const f of found) expect(f.stderr?.join('\n')).toContain(`fatal: GET https://api.example.test/v1/search?${line}`);
    // each file as it escapes text (HTML writes `&` as `&amp;`): the excerpt's pieces
    const files = reportFiles(given);
    for (const file of ['report.json', 'report.md', 'report.html', 'report.sarif']) {
      for (const piece of ['api_key=[masked:API_KEY]', `level=${LOG_LEVEL} -`, 'bad credentials for [masked:GITHUB_TOKEN]']) expect(files.get(file), `${piece} in ${file}`).toContain(piece);
    }
  });

  it("an error result quoting them: errors/echo's evidence shows them masked, LOG_LEVEL as it was", () => {
    const [echo] = findingsOf(reportOf(given), 'ad-hoc', 'errors/echo');
    const text = JSON.stringify(echo?.evidence);
    expect(text).toContain(`api_key=[masked:API_KEY]&level=${LOG_LEVEL}`);
    expect(text).toContain('bad credentials for [masked:GITHUB_TOKEN]');
  });

  // "scoped" only succeeds when sent ACCESS_TOKEN as the server wrote it in its enum: masked at ingestion, the harness
  // would have sent `[masked:ACCESS_TOKEN]` (a validCallRejected the run without it lacks)
  it('verdicts do not change: the same finding ids with and without the credentials given', () => {
    expect(outcomesOf(reportOf(given), 'ad-hoc', 'scoped')).toContain('success');
    const ids = (run: CliRun) => reportOf(run).findings.map((f) => `${f.check} ${f.messageId} ${f.id}`).sort();
    expect(ids(given).length).toBeGreaterThan(0);
    expect(ids(given)).toEqual(ids(without));
    expect(given.exitCode).toBe(without.exitCode);
    // without them the server wrote 'unset': nothing to mask
    expect(JSON.stringify(reportOf(without).findings)).not.toContain('[masked:');
  });
});

describe('snapshot and diff: a server that fails to boot after logging its credentials', () => {
  it('prints its stderr tail with them masked, LOG_LEVEL as it was', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-given-credentials-'));
    try {
      const cli = (args: string[]) => runProcess(process.execPath, [BIN, ...args], { cwd: dir, timeoutMs: 60_000, env: { MCP_HARNESS_DEBUG: '', GITHUB_TOKEN } });
      const flags = ['--env', `API_KEY=${API_KEY}`, '--env-pass', 'GITHUB_TOKEN', '--env', `LOG_LEVEL=${LOG_LEVEL}`];
      const lock = join(dir, 'tools.lock.json');
      const made = await cli(['snapshot', ...flags, '--out', lock, '--', process.execPath, SERVER]);
      expect(made.exitCode, made.stderr).toBe(0);
      const runs = await Promise.all([
        cli(['snapshot', ...flags, '--out', join(dir, 'never.lock.json'), '--', process.execPath, SERVER, '--boot-exit']),
        cli(['diff', lock, ...flags, '--', process.execPath, SERVER, '--boot-exit']),
      ]);
      for (const run of runs) {
        expect(run.exitCode, run.stderr).toBe(2);
        expect(run.stderr).toContain(`api_key=[masked:API_KEY]&level=${LOG_LEVEL} -> 401: bad credentials for [masked:GITHUB_TOKEN]`);
        for (const secret of [API_KEY, GITHUB_TOKEN]) expect(run.stderr.includes(secret) || run.stdout.includes(secret)).toBe(false);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('a configured header the Streamable HTTP server was also given', () => {
  it('is masked under a credential-marking name (X-Api-Key), shown under another (X-Client-Label)', () => {
    const report = reportOf(http);
    const tools = (surface: string) => report.surfaces.find((s) => s.name === surface)?.tools.map((t) => t.name) ?? [];
    expect(tools('http-api-key')).toContain('k-[masked:header:x-api-key]');
    expect(tools('http-label')).toContain(`k-${HEADER_LABEL}`);
    for (const [file, text] of reportFiles(http)) expect(text.includes(HEADER_KEY), `X-Api-Key in ${file}`).toBe(false);
    expect(http.stdout.includes(HEADER_KEY)).toBe(false);
    expect(reportFiles(http).get('report.html')).toContain(`k-${HEADER_LABEL}`);
  });
});
