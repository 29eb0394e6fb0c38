/**
 * A stdio server whose every process writes a UTF-8 byte order mark before its first line (a .NET console's
 * preamble), the message after it a valid JSON-RPC answer. Before, the line was not JSON, so the answer was lost: one
 * transport/stdout nonJsonRpc error, and on the legacy era each fresh process's opening answer was lost too, three
 * transport/timeout errors after 15 s each (52 s; ninth note: "a BOM before the first line counts one fault four
 * times"). Now transport/stdout `byteOrderMark` reports it once (RFC 8259 §8.1), the message is read, and nothing
 * else follows from it. The twin writes the same lines without the mark and passes.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { faultAndTwin, notesAboveInfo as notes, reportOf, SERVERS } from './helpers/cli.ts';

const runs = faultAndTwin(join(SERVERS, 'faults/bom-first-line.mjs'));

it('a byte order mark before each process\'s first line: one transport/stdout byteOrderMark error and nothing else, exit 1', () => {
  expect(notes(runs.fault())).toEqual(['transport/stdout byteOrderMark error']);
  const [finding] = reportOf(runs.fault()).findings.filter((f) => f.messageId === 'byteOrderMark');
  expect(finding.message).toMatch(/^1 stdout line\(s\) began with a byte order mark \(U\+FEFF\) before the JSON-RPC message \(first: line 1, the response to a negotiation request/);
  expect(reportOf(runs.fault()).summary.calls).toBe(reportOf(runs.twin()).summary.calls);
  expect(runs.fault().exitCode).toBe(1);
});

it('the twin (no mark): no finding above info, exit 0', () => {
  expect(notes(runs.twin())).toEqual([]);
  expect(runs.twin().exitCode).toBe(0);
});
