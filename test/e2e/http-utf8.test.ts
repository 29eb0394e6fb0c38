/**
 * Streamable HTTP answers that are not valid UTF-8, through the real CLI: the fixture HTTP server's `--fault=bad-utf8`
 * ends the text of its tools/call `echo` answer with the bytes FF 80, in a JSON body or (`--sse`) an SSE event.
 * transport/http-status `invalidUtf8` reports it once for the surface, an error (as transport/stdout's is on stdio:
 * JSON-RPC messages MUST be UTF-8 encoded; RFC 8259 §8.1; an event stream is UTF-8), value-free, and the run fails.
 * The conformant twins (the same fixture without the fault, JSON and SSE) draw nothing above info and pass.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cleanup, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const HTTP_FIXTURE = join(SERVERS, 'http/fixture-http-server.mjs');
let json: CliRun;
let sse: CliRun;
let twin: CliRun;
let twinSse: CliRun;

beforeAll(async () => {
  const surface = (...args: string[]) => runCli(['run', '--url', 'http://127.0.0.1:${port}/mcp', '--', process.execPath, HTTP_FIXTURE, '--port=${port}', ...args]);
  [json, sse, twin, twinSse] = await Promise.all([surface('--fault=bad-utf8'), surface('--fault=bad-utf8', '--sse'), surface(), surface('--sse')]);
}, 120_000);

afterAll(() => [json, sse, twin, twinSse].forEach(cleanup));

/** `check messageId severity` of the findings above info. */
const notes = (run: CliRun) => reportOf(run).findings.filter((f) => f.severity !== 'info').map((f) => `${f.check} ${f.messageId ?? ''} ${f.severity}`);

it.each([
  ['a JSON body', () => json, 'JSON body', 'RFC 8259 §8.1'],
  ['an SSE event', () => sse, 'SSE stream', 'WHATWG HTML §9.2.5'],
])('invalid UTF-8 in %s: one transport/http-status invalidUtf8 error naming the answer, never the bytes; exit 1', (_, run, body, cite) => {
  expect(notes(run())).toEqual(['transport/http-status invalidUtf8 error']);
  const [finding] = reportOf(run()).findings.filter((f) => f.messageId === 'invalidUtf8');
  expect(finding.message).toMatch(new RegExp(`^\\d+ HTTP answer\\(s\\) carried bytes that are not valid UTF-8 \\(first: the ${body} answering tools/call\\); `));
  expect(finding.message).toContain(cite);
  expect(finding.message).not.toMatch(/\uFFFD|ff 80|FF 80/i);
  expect(run().exitCode).toBe(1);
});

it.each([
  ['JSON', () => twin],
  ['SSE', () => twinSse],
])('the conformant twin (%s answers): no finding above info, exit 0', (_, run) => {
  expect(notes(run())).toEqual([]);
  expect(run().exitCode).toBe(0);
});
