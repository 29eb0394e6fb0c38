/**
 * A Streamable HTTP endpoint that answers the negotiation with a redirect (the hostile review: a 307 read only
 * "did not complete protocol negotiation"): the harness does not follow it (the configured headers would go
 * wherever the server points), and transport/exit names the status and why. The conformant twin (the same
 * fixture without the fault) negotiates, and transport/exit is silent. A tools/list answered with a status and no
 * JSON-RPC response after a good negotiation listed nothing: tools/listing's error, naming the status (it passed, exit 0).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const HTTP_FIXTURE = join(SERVERS, 'http/fixture-http-server.mjs');
let redirected: CliRun;
let twin: CliRun;
let listFailed: CliRun;

beforeAll(async () => {
  const surface = (...fault: string[]) => runCli(['run', '--url', 'http://127.0.0.1:${port}/mcp', '--', process.execPath, HTTP_FIXTURE, '--port=${port}', ...fault]);
  [redirected, twin, listFailed] = await Promise.all([surface('--fault=redirect'), surface(), surface('--fault=fail-list=500')]);
}, 120_000);

afterAll(() => [redirected, twin, listFailed].forEach(cleanup));

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

it('tools/list answered 500 with no JSON-RPC response: a tools/listing error naming the status, exit 1 (not a pass)', () => {
  const report = reportOf(listFailed);
  const listing = findingsOf(report, report.surfaces[0].name, 'tools/listing');
  expect(listing.map((f) => [f.messageId, f.severity])).toEqual([['listNoAnswer', 'error']]);
  expect(listing[0].message).toContain('The HTTP answer to tools/list had status 500.');
  expect(listFailed.exitCode).toBe(1);
  // the twin lists its tools: no tools/listing finding
  expect(findingsOf(reportOf(twin), reportOf(twin).surfaces[0].name, 'tools/listing')).toEqual([]);
});
