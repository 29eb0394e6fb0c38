/**
 * A Streamable HTTP server that negotiates and lists its tools but answers every tools/call with HTTP 500
 * text/plain and no JSON-RPC response (the hostile review: exit 0, info findings only; over stdio the same calls
 * would time out or be answered with an error). transport/http-status `noResponse` reports it, once per tool (the
 * finding names it, so the report lists it under the tool; the unknown-tool probes' once more, naming none), counting
 * the requests: the POST of a JSON-RPC request MUST come back as application/json or text/event-stream carrying its
 * response (2025-11-25 basic/transports §Sending Messages to the Server), and the run fails. The conformant twin
 * (the same fixture without the fault, JSON and SSE) draws no such finding and passes. A later tools/list page
 * answered 500 with no body is one request and draws one finding: tools/listing's `pageNoAnswer` (naming the status),
 * never transport/http-status `noResponse` as well. A tools/list page whose SSE stream closes after an event with an id
 * (2025-11-25 SSE polling: the server MAY, expecting a resume with Last-Event-ID, which the harness does not make) is
 * no error: a later page draws tools/listing `pageFailed` (warning) and transport/http-status `notResumed` (info), the
 * first page tools/listing `listNotResumed` (warning), and as nothing was listed, harness/untested: the run exits 2.
 * A first page whose SSE stream carried an event with an id, then the response over the frame limit (its head naming
 * no id), then ended awaits no resume: tools/listing `listOversize` (error), as a stdout line over the limit draws.
 * Not so a notification over the limit (its head shows a `method` member: not the response): the verdict is the
 * SSE polling one, as with a small notification (review D3).
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cleanup, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const HTTP_FIXTURE = join(SERVERS, 'http/fixture-http-server.mjs');
let failed: CliRun;
let failedSse: CliRun;
let twin: CliRun;
let twinSse: CliRun;
let late202: CliRun;
let pageFailed: CliRun;
let pagePolled: CliRun;
let listPolled: CliRun;
let listOver: CliRun;
let listUnder: CliRun;
let notifyOver: CliRun;
let notifyUnder: CliRun;

beforeAll(async () => {
  const surface = (...args: string[]) => runCli(['run', '--url', 'http://127.0.0.1:${port}/mcp', '--', process.execPath, HTTP_FIXTURE, '--port=${port}', ...args]);
  [failed, failedSse, twin, twinSse, late202, pageFailed, pagePolled, listPolled, listOver, listUnder, notifyOver, notifyUnder] = await Promise.all([
    surface('--fault=fail-call=500'),
    surface('--sse', '--fault=fail-call=500'),
    surface(),
    surface('--sse'),
    surface('--fault=late-202-body'),
    surface('--fault=fail-page=500'),
    surface('--fault=poll-page'),
    surface('--fault=poll-list'),
    surface('--sse', '--fault=big-list=17000000'), // over the 16 MiB frame limit
    surface('--sse', '--fault=big-list=1000'),
    surface('--sse', '--fault=big-notification=17000000'), // over the 16 MiB frame limit
    surface('--sse', '--fault=big-notification=1000'),
  ]);
}, 120_000);

afterAll(() => [failed, failedSse, twin, twinSse, late202, pageFailed, pagePolled, listPolled, listOver, listUnder, notifyOver, notifyUnder].forEach(cleanup));

// The session waits for every POSTed notification's answer to end (within timeouts.termGraceMs) before it
// closes, so a 202 whose headers and body come after the rest of the session is still judged: its verdict
// never depends on how soon the session ended (hostile review 5: a body 50 ms late passed).
it("a notification answered 202 with a body only after the session's last request: transport/http-status notAccepted, every run", () => {
  expect(notes(late202)).toEqual(['transport/http-status notAccepted error']);
  expect(late202.exitCode).toBe(1);
});

/** `check messageId severity` of the findings above info. */
const notes = (run: CliRun) => reportOf(run).findings.filter((f) => f.severity !== 'info').map((f) => `${f.check} ${f.messageId ?? ''} ${f.severity}`);

it.each([
  ['JSON', () => failed],
  ['SSE', () => failedSse],
])('tools/call answered 500 text/plain (%s twin otherwise): transport/http-status noResponse errors only, one per tool called, naming it, exit 1', (_, run) => {
  expect(new Set(notes(run()))).toEqual(new Set(['transport/http-status noResponse error']));
  const findings = reportOf(run()).findings.filter((f) => f.messageId === 'noResponse');
  // add and echo (their calls and probes), and the unknown-tool probes' requests, which name no known tool
  expect(findings.map((f) => f.tool ?? '(none)').sort()).toEqual(['(none)', 'add', 'echo']);
  for (const finding of findings) {
    expect(finding.message).toMatch(/^\d+ tools\/call request\(s\) got HTTP 500 and no JSON-RPC response: an error status without a JSON-RPC error response in the body\./);
    expect(finding.message).not.toContain('internal error'); // value-free: never the body
  }
  expect(run().exitCode).toBe(1);
});

it.each([
  ['JSON', () => twin],
  ['SSE', () => twinSse],
])('the conformant twin (%s): no finding above info, exit 0', (_, run) => {
  expect(notes(run())).toEqual([]);
  expect(run().exitCode).toBe(0);
});

it('page 2 of tools/list answered 500 with no body: exactly one finding, tools/listing pageNoAnswer (no noResponse for the same request), exit 1', () => {
  expect(notes(pageFailed)).toEqual(['tools/listing pageNoAnswer error']);
  const [finding] = reportOf(pageFailed).findings.filter((f) => f.messageId === 'pageNoAnswer');
  expect(finding.message).toBe('Page 2 of tools/list got no JSON-RPC answer (the HTTP response carried none); the tools after page 1 were not listed or tested. The HTTP answer to tools/list had status 500.');
  expect(pageFailed.exitCode).toBe(1);
});

// the review: page 2 closed after an event with an id (SSE polling) was a false pageNoAnswer error, and the notResumed info was lost
it('page 2 of tools/list on an SSE stream closed after an event with an id (SSE polling): no error, tools/listing pageFailed (warning) and transport/http-status notResumed (info), exit 0', () => {
  expect(notes(pagePolled)).toEqual(['tools/listing pageFailed warning']);
  const findings = reportOf(pagePolled).findings;
  expect(findings.filter((f) => f.messageId === 'notResumed').map((f) => `${f.check} ${f.severity} ${f.message.split(':')[0]}`)).toEqual([
    'transport/http-status info 1 tools/list request(s) got an SSE stream that ended after an event with an id but before the response',
  ]);
  expect(findings.some((f) => f.messageId === 'pageNoAnswer' || f.messageId === 'noResponse')).toBe(false);
  expect(pagePolled.exitCode).toBe(0);
});

it('the first tools/list page on an SSE stream closed after an event with an id (SSE polling): no server error, tools/listing listNotResumed (warning); nothing was tested, so harness/untested and exit 2, never a pass', () => {
  expect(notes(listPolled)).toEqual(['harness/untested untested error', 'tools/listing listNotResumed warning']);
  expect(reportOf(listPolled).findings.find((f) => f.check === 'harness/untested')?.message).toMatch(/^Nothing on this surface was tested: it failed to list its tools, /);
  expect(listPolled.exitCode).toBe(2);
});

// the review of the SSE oversize fix: an event with an id, then the response over the frame limit (`result` first, so
// its head names no id), then the end of the stream was listNotResumed (a resume awaited) and harness/untested
it('the first tools/list page answered on an SSE stream by an event over the frame limit after an event with an id: tools/listing listOversize (error, naming an SSE event, no pointer to transport/stdout), no resume awaited, exit 1', () => {
  expect(notes(listOver)).toEqual(['tools/listing listOversize error']);
  const finding = reportOf(listOver).findings.find((f) => f.messageId === 'listOversize');
  expect(finding?.message).toMatch(/^tools\/list was answered with an SSE event \(possibly the response\) over the harness's frame limit/);
  expect(finding?.message).not.toContain('transport/stdout');
  expect(reportOf(listOver).findings.some((f) => f.messageId === 'notResumed' || f.messageId === 'listNotResumed')).toBe(false);
  expect(listOver.exitCode).toBe(1);
});

it('its twin, the same stream with the response under the frame limit: listed, no finding above info, exit 0', () => {
  expect(notes(listUnder)).toEqual([]);
  expect(listUnder.exitCode).toBe(0);
});

// review D3: an event with an id, then a log notification over the frame limit, then the end of the stream drew
// listOversize (error, exit 1) where the same stream with a small notification drew listNotResumed (warning, exit 2)
it('the first tools/list page on an SSE stream with an event with an id, then a notification over the frame limit, then its end: the verdict of the small twin (listNotResumed, harness/untested, exit 2), no listOversize', () => {
  expect(notes(notifyUnder)).toEqual(['harness/untested untested error', 'tools/listing listNotResumed warning']);
  expect(notes(notifyOver)).toEqual(notes(notifyUnder));
  expect(notifyOver.exitCode).toBe(2);
  expect(notifyUnder.exitCode).toBe(2);
});
