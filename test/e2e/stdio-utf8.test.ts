/**
 * A stdio server whose tools/list and tools/call answers carry bytes that are not valid UTF-8 inside JSON strings
 * (hostile review D9: 0 findings, exit 0; the line splitter decoded them as U+FFFD). transport/stdout `invalidUtf8`
 * reports it once for the surface, counted, naming the first line and the request it answered, never the bytes
 * (spec 2025-03-26 and later basic/transports: "JSON-RPC messages MUST be UTF-8 encoded"); the run fails. The twin
 * sends the same characters validly encoded and passes.
 */
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { faultAndTwin, notesAboveInfo as notes, reportOf, SERVERS } from './helpers/cli.ts';

const runs = faultAndTwin(join(SERVERS, 'faults/invalid-utf8.mjs'));

it('invalid UTF-8 inside JSON strings: one transport/stdout invalidUtf8 error naming the first line and its request, never the bytes, exit 1', () => {
  expect(notes(runs.fault())).toEqual(['transport/stdout invalidUtf8 error']);
  const [finding] = reportOf(runs.fault()).findings.filter((f) => f.messageId === 'invalidUtf8');
  expect(finding.message).toMatch(/^\d+ stdout line\(s\) carried bytes that are not valid UTF-8 \(first: line \d+, the response to tools\/list \(id \d+\)\); JSON-RPC messages MUST be UTF-8 encoded \(basic\/transports\)\./);
  expect(finding.message).not.toContain('\ufffd');
  expect(runs.fault().exitCode).toBe(1);
});

it('the twin (the same characters validly encoded): no finding above info, exit 0', () => {
  expect(notes(runs.twin())).toEqual([]);
  expect(runs.twin().exitCode).toBe(0);
});
