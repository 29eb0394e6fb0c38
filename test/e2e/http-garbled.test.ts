/**
 * A local Streamable HTTP server that answers tools/list with bytes that do not parse as HTTP (`--fault=garbled-list`: a
 * negative Content-Length): no tool is listed. The POST of a request MUST come back as application/json or
 * text/event-stream carrying its response (2025-11-25 basic/transports §Sending Messages to the Server), and no reused
 * keep-alive socket explains a head that does not parse (that fails as a reset), so tools/listing reports an error and the
 * run exits 1 (a hostile review: a listFailed warning left only harness/untested, exit 2, as if the harness had failed).
 * The conformant twin lists its tools: no tools/listing finding.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const HTTP_FIXTURE = join(SERVERS, 'http/fixture-http-server.mjs');
let garbled: CliRun;
let twin: CliRun;

beforeAll(async () => {
  const surface = (...fault: string[]) => runCli(['run', '--url', 'http://127.0.0.1:${port}/mcp', '--', process.execPath, HTTP_FIXTURE, '--port=${port}', ...fault]);
  [garbled, twin] = await Promise.all([surface('--fault=garbled-list'), surface()]);
}, 120_000);

afterAll(() => [garbled, twin].forEach(cleanup));

it('tools/list answered with a head that is not HTTP: a tools/listing error naming the parser code, exit 1', () => {
  const report = reportOf(garbled);
  const listing = findingsOf(report, report.surfaces[0].name, 'tools/listing');
  expect(listing.map((f) => [f.messageId, f.severity])).toEqual([['listGarbled', 'error']]);
  expect(listing[0].message).toContain('did not parse as HTTP (HPE_INVALID_CONTENT_LENGTH)');
  expect(findingsOf(report, report.surfaces[0].name, 'harness/untested')).toEqual([]);
  expect(garbled.exitCode).toBe(1);
});

it('the twin lists its tools: no tools/listing finding', () => {
  const report = reportOf(twin);
  expect(findingsOf(report, report.surfaces[0].name, 'tools/listing')).toEqual([]);
  expect(report.surfaces[0].status).toBe('ok');
});
