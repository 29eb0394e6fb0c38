/**
 * The env mask's final output pass and its false-finding exemptions through the real CLI (review 3): one run of
 * test/e2e/configs/env-mask-output.ts with every reporter and --show-values, the values in the harness's environment only.
 * - leak arms: a secret holding '/' split into nested structuredContent keys (rebuilt by the finding's JSON pointer
 *   and message), a lowercase token sent upper-cased as a tool name (the HTML search text lower-cased it) and as an
 *   HTTP Content-Type (the media type is lower-cased), a PEM key written to stderr with CRLF line ends: no value
 *   reaches a report file or the console, and each is shown masked; a value that CONTAINS a protocol revision is masked;
 * - twins: the PEM key with LF line ends (masked before too);
 * - false-finding arms: a number the environment holds returned as a JSON number (GITHUB_REPOSITORY_ID), a protocol
 *   revision and a media type in the environment (stdio and HTTP), an identifier the environment holds as an enum
 *   member (GITHUB_EVENT_NAME=pull_request): no finding they cause, the enum member sent as the server wrote it, and the
 *   identifier still masked where reports show it (a tool named after it).
 * Linux only: the thieves read /proc/<parent pid>/environ.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURFACES } from './configs/env-mask-output.ts';
import { cleanup, CONFIGS, filesUnder, findingsOf, outcomesOf, reportOf, runCli, type CliRun } from './helpers/cli.ts';

const RAND = `${process.pid}x${Math.random().toString(36).slice(2, 10)}`;
/** Random lowercase letters (an identifier's word). */
const letters = Array.from({ length: 8 }, () => String.fromCharCode(97 + Math.floor(Math.random() * 26))).join('');
const LOWER = `3f2a9c1e${Array.from(RAND.replace(/\D/g, '')).join('')}7b4d4e8a9f0c`;
const PEM_LINE = `AIhSecretKeyMaterial${RAND}ZZZZ`;
const ENV = {
  E2E_OUT_SLASH: `wJalrXUt${RAND}/K7MDENG/bPxRfiCYEXAMPLEKEY`,
  E2E_OUT_LOWER: LOWER,
  E2E_OUT_PEM: `-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA${RAND}\n${PEM_LINE}\n-----END OPENSSH PRIVATE KEY-----`,
  E2E_OUT_NUM: '706343427',
  E2E_OUT_REV: '2025-11-25',
  E2E_OUT_TYPE: 'application/json',
  E2E_OUT_EVENT: `pull_request_${letters}`,
  E2E_OUT_OWNX: `2025-11-25-${RAND}`,
};
/** What must reach no report and no console, in any case. */
const CANARIES = { slash: ENV.E2E_OUT_SLASH, lower: LOWER, pem: PEM_LINE, event: ENV.E2E_OUT_EVENT, own: ENV.E2E_OUT_OWNX };

let run: CliRun;

beforeAll(async () => {
  if (process.platform !== 'linux') return;
  run = await runCli(['run', '--config', join(CONFIGS, 'env-mask-output.ts'), '--show-values', '--reporter', 'console,json,markdown,junit,sarif,html'], { env: ENV });
}, 180_000);

afterAll(() => cleanup(run));

describe.skipIf(process.platform !== 'linux')("the env mask's output pass and its exemptions", () => {
  it('runs every surface', () => {
    expect(reportOf(run).surfaces.map((s) => s.name).sort(), run.stderr).toEqual([...SURFACES].sort());
  });

  it('no value reaches a report file or the console, in any case', () => {
    const files = filesUnder(run.reportDir);
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const [name, canary] of Object.entries(CANARIES)) {
      for (const file of files) expect(readFileSync(file, 'utf8').toLowerCase().includes(canary.toLowerCase()), `${name} in ${file}`).toBe(false);
      expect(run.stdout.toLowerCase().includes(canary.toLowerCase()), `${name} in stdout`).toBe(false);
      expect(run.stderr.toLowerCase().includes(canary.toLowerCase()), `${name} in stderr`).toBe(false);
    }
  });

  it('a secret split at "/" into nested keys: the finding still points there, its pointer and message masked', () => {
    const [finding] = findingsOf(reportOf(run), 'stdio-pointer', 'result/structured-content');
    expect(finding?.pointer).toBe('/structuredContent/[masked:E2E_OUT_SLASH]');
    expect(finding?.message).toContain('[masked:E2E_OUT_SLASH]');
  });

  it('an upper-cased lowercase token: masked as a tool name (and in the HTML, which holds no lower-cased copy) and as a Content-Type', () => {
    const report = reportOf(run);
    expect(report.surfaces.find((s) => s.name === 'stdio-upper')?.tools.map((t) => t.name)).toEqual(['[masked:E2E_OUT_LOWER]']);
    expect(readFileSync(join(run.reportDir, 'report.html'), 'utf8')).not.toContain('data-search=');
    const [type] = findingsOf(report, 'http-type', 'transport/http-status');
    expect(type?.message).toContain('[masked:E2E_OUT_LOWER]');
  });

  it('a PEM key on stderr: each line masked with CRLF line ends, as with LF (the twin)', () => {
    for (const surface of ['stdio-pem-crlf', 'stdio-pem-lf']) {
      const [finding] = findingsOf(reportOf(run), surface, 'transport/exit');
      expect(finding?.stderr?.join('\n'), surface).toContain('[masked:E2E_OUT_PEM]');
    }
  });

  it('a number the environment holds, returned as a JSON number: no finding, the call answered', () => {
    const report = reportOf(run);
    expect(findingsOf(report, 'stdio-number').filter((f) => f.severity !== 'info')).toEqual([]);
    expect(outcomesOf(report, 'stdio-number', 'get_repository')).toContain('success');
  });

  it('a protocol revision and a media type in the environment: negotiation and the HTTP transport pass (stdio and HTTP)', () => {
    const report = reportOf(run);
    for (const surface of ['stdio-number', 'http-plain']) {
      expect(report.surfaces.find((s) => s.name === surface)?.protocolVersion, surface).toBe('2025-11-25');
      expect(findingsOf(report, surface).filter((f) => f.severity === 'error'), surface).toEqual([]);
    }
  });

  it('a value containing a protocol revision is masked (the twin: only the revision itself is exempt)', () => {
    expect(reportOf(run).surfaces.find((s) => s.name === 'stdio-own')?.tools.map((t) => t.name)).toEqual(['[masked:E2E_OUT_OWNX]']);
  });

  it('an identifier the environment holds as an enum member: sent as written (no validCallRejected), masked where shown', () => {
    const report = reportOf(run);
    expect(findingsOf(report, 'stdio-enum', 'errors/input-enforcement')).toEqual([]);
    expect(outcomesOf(report, 'stdio-enum', 'list_events')).toContain('success');
    expect(report.surfaces.find((s) => s.name === 'stdio-enum')?.tools.map((t) => t.name).sort()).toEqual(['[masked:E2E_OUT_EVENT]', 'list_events']);
  });
});
