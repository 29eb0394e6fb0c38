/**
 * A Streamable HTTP server the harness starts, reachable for the negotiation and tools/list, that resets the
 * connection of every tools/call: no HTTP response at all (hostile review D6: every call `unanswered`, exit 0; a stdio
 * server that crashes on every call draws transport/exit errors). transport/http-status `noHttpResponse` reports it,
 * once per tool called (naming it) and once for the unknown-tool probes (naming none), as errors: the harness started
 * the server on loopback, so nothing but the server could reset the connection; the run fails. No transport/exit
 * finding (the process kept running) and no transport/timeout one. The conformant twin (the same fixture without the
 * fault) draws nothing above info and passes.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cleanup, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const HTTP_FIXTURE = join(SERVERS, 'http/fixture-http-server.mjs');
let reset: CliRun;
let twin: CliRun;

beforeAll(async () => {
  const surface = (...args: string[]) => runCli(['run', '--url', 'http://127.0.0.1:${port}/mcp', '--', process.execPath, HTTP_FIXTURE, '--port=${port}', ...args]);
  [reset, twin] = await Promise.all([surface('--fault=reset-call'), surface()]);
}, 120_000);

afterAll(() => [reset, twin].forEach(cleanup));

/** `check messageId severity` of the findings above info. */
const notes = (run: CliRun) => reportOf(run).findings.filter((f) => f.severity !== 'info').map((f) => `${f.check} ${f.messageId ?? ''} ${f.severity}`);

it('every tools/call reset before any HTTP response: transport/http-status noHttpResponse errors only, one per tool called (naming it) and one for the unknown-tool probes, exit 1', () => {
  expect(new Set(notes(reset))).toEqual(new Set(['transport/http-status noHttpResponse error']));
  const findings = reportOf(reset).findings.filter((f) => f.messageId === 'noHttpResponse');
  expect(findings.map((f) => f.tool ?? '(none)').sort()).toEqual(['(none)', 'add', 'echo']);
  for (const finding of findings) {
    expect(finding.message).toMatch(/^\d+ tools\/call request\(s\) got no HTTP response: the connection was reset or closed before any HTTP response\. /);
    expect(finding.message).not.toContain('remote');
  }
  expect(reset.exitCode).toBe(1);
});

it('the conformant twin: no finding above info, exit 0', () => {
  expect(notes(twin)).toEqual([]);
  expect(twin.exitCode).toBe(0);
});
