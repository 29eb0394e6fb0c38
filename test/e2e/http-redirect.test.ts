/**
 * A Streamable HTTP endpoint that answers the negotiation with a redirect (the hostile review: a 307 read only
 * "did not complete protocol negotiation"): the harness does not follow it (the configured headers would go
 * wherever the server points), and transport/exit names the status and why. The conformant twin (the same
 * fixture without the fault) negotiates, and transport/exit is silent.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const HTTP_FIXTURE = join(SERVERS, 'http/fixture-http-server.mjs');
let redirected: CliRun;
let twin: CliRun;

beforeAll(async () => {
  const surface = (...fault: string[]) => runCli(['run', '--url', 'http://127.0.0.1:${port}/mcp', '--', process.execPath, HTTP_FIXTURE, '--port=${port}', ...fault]);
  [redirected, twin] = await Promise.all([surface('--fault=redirect'), surface()]);
}, 120_000);

afterAll(() => [redirected, twin].forEach(cleanup));

it('a redirect answering initialize: transport/exit names the 307 and that it is not followed', () => {
  const report = reportOf(redirected);
  const exit = findingsOf(report, report.surfaces[0].name, 'transport/exit');
  expect(exit.map((f) => [f.messageId, f.severity])).toEqual([['negotiateFailed', 'error']]);
  expect(exit[0].message).toContain('The HTTP answer to initialize had status 307, a redirect, which the harness does not follow');
  expect(redirected.exitCode).toBe(1);
});

it('the twin negotiates: no transport/exit finding', () => {
  const report = reportOf(twin);
  expect(findingsOf(report, report.surfaces[0].name, 'transport/exit')).toEqual([]);
  expect(report.surfaces[0].status).toBe('ok');
});
