/**
 * A stdio server whose every process writes a UTF-8 byte order mark before its first line (a .NET console's
 * preamble), the message after it a valid JSON-RPC answer. Before, the line was not JSON, so the answer was lost: one
 * transport/stdout nonJsonRpc error, and on the legacy era each fresh process's opening answer was lost too, three
 * transport/timeout errors after 15 s each (52 s; ninth note: "a BOM before the first line counts one fault four
 * times"). Now transport/stdout `byteOrderMark` reports it once (RFC 8259 §8.1), the message is read, and nothing
 * else follows from it. The twin writes the same lines without the mark and passes.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { cleanup, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const FIXTURE = join(SERVERS, 'faults/bom-first-line.mjs');
let fault: CliRun;
let twin: CliRun;

beforeAll(async () => {
  [fault, twin] = await Promise.all([runCli(['run', '--', process.execPath, FIXTURE]), runCli(['run', '--', process.execPath, FIXTURE, '--twin'])]);
}, 120_000);

afterAll(() => [fault, twin].forEach(cleanup));

/** `check messageId severity` of the findings above info. */
const notes = (run: CliRun) => reportOf(run).findings.filter((f) => f.severity !== 'info').map((f) => `${f.check} ${f.messageId ?? ''} ${f.severity}`);

it('a byte order mark before each process\'s first line: one transport/stdout byteOrderMark error and nothing else, exit 1', () => {
  expect(notes(fault)).toEqual(['transport/stdout byteOrderMark error']);
  const [finding] = reportOf(fault).findings.filter((f) => f.messageId === 'byteOrderMark');
  expect(finding.message).toMatch(/^1 stdout line\(s\) began with a byte order mark \(U\+FEFF\) before the JSON-RPC message \(first: line 1, the response to a negotiation request/);
  expect(reportOf(fault).summary.calls).toBe(reportOf(twin).summary.calls);
  expect(fault.exitCode).toBe(1);
});

it('the twin (no mark): no finding above info, exit 0', () => {
  expect(notes(twin)).toEqual([]);
  expect(twin.exitCode).toBe(0);
});
