/**
 * A server that crashes on invalid arguments must not cost a tool that never crashes its findings (issue 12: a
 * speed change sent one request for several checks' identical probes, which moved the requests in flight at each
 * crash; `zacc`'s input-enforcement warnings became transport/exit errors). Which requests were in flight at a
 * crash is timing: until the session turned serial after its first crash (harness/session/session.ts), `zacc` lost
 * its four warnings in about half the runs under CPU load, because the crashes the window happened to align with
 * spent the restart budget before `zacc`'s probes ran, and the in-flight window (1, 8, 64) changed the finding ids.
 * Real processes through the CLI: test/fixtures/servers/crash-on-invalid.mjs and its `--conformant` twin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const SERVER = join(SERVERS, 'crash-on-invalid.mjs');
/** The four warnings errors/input-enforcement owes `zacc`, which accepts anything its inputSchema forbids. */
const ZACC_POINTERS = ['/inputSchema/additionalProperties', '/inputSchema/properties/q/enum', '/inputSchema/properties/q/type', '/inputSchema/required'];

describe('a server that crashes on invalid arguments (issue 12)', () => {
  let crashing: CliRun | undefined;
  let twin: CliRun | undefined;
  let serialWindow: CliRun | undefined;
  let wideWindow: CliRun | undefined;
  beforeAll(async () => {
    [crashing, twin] = await Promise.all([runCli(['run', '--', process.execPath, SERVER]), runCli(['run', '--', process.execPath, SERVER, '--conformant'])]);
    [serialWindow, wideWindow] = await Promise.all([1, 64].map((n) => runCli(['run', '--call-concurrency', String(n), '--', process.execPath, SERVER])));
  }, 120_000);
  afterAll(() => {
    for (const run of [crashing, twin, serialWindow, wideWindow]) cleanup(run);
  });
  /** Every finding's id, check and message, sorted (messages hold no times: docs/determinism.md). */
  const verdict = (run: CliRun | undefined) => reportOf(run!).findings.map((f) => `${f.id} ${f.check} ${f.message}`).sort();
  const zacc = (run: CliRun | undefined) => findingsOf(reportOf(run!), 'ad-hoc', 'errors/input-enforcement').filter((f) => f.tool === 'zacc').map((f) => f.pointer).sort();

  it('the tool that never crashes keeps its input-enforcement warnings; none of those probes is lost to a crash', () => {
    const report = reportOf(crashing!);
    expect(zacc(crashing)).toEqual(ZACC_POINTERS);
    const exits = findingsOf(report, 'ad-hoc', 'transport/exit');
    expect(exits.length).toBeGreaterThan(0); // the crashes are reported
    // another check's probe of zacc may be in flight at a crash (the window is pipelined), as before issue 12's changes;
    // input-enforcement's own probes of zacc were not, and must not become so
    expect(exits.filter((f) => f.message.includes("'errors/input-enforcement:zacc:")).map((f) => f.message)).toEqual([]);
  });

  it('each crash after the first is one request\'s: every crasher is tried alone twice, then not sent (an info each)', () => {
    const report = reportOf(crashing!);
    const exits = findingsOf(report, 'ad-hoc', 'transport/exit');
    // the first crash (pipelined), then c1..c4 each crash the server twice alone
    expect(exits.filter((f) => f.messageId === 'unexpectedExit')).toHaveLength(9);
    // two crashing requests per tool; one of them is errors/input-enforcement's and errors/classification's probe at
    // once (identical arguments, one request: harness/run/shared-probes.ts), reported once (probes/records.ts
    // distinctProbes): two requests in flight per tool, two findings
    expect(exits.filter((f) => f.messageId === 'probeInFlight' || f.messageId === 'callInFlight').map((f) => f.tool).sort()).toEqual(['c1', 'c1', 'c2', 'c2', 'c3', 'c3', 'c4', 'c4']);
    const unsent = exits.filter((f) => f.messageId === 'unsentCrashes');
    expect(unsent.map((f) => [f.tool, f.severity])).toEqual([['c1', 'info'], ['c2', 'info'], ['c3', 'info'], ['c4', 'info']]);
    expect(exits.some((f) => f.messageId === 'unsentRestarts')).toBe(false);
  });

  it('the same verdict whatever the in-flight window (1, 8, 64): which requests a crash took does not matter', () => {
    expect(verdict(serialWindow)).toEqual(verdict(crashing));
    expect(verdict(wideWindow)).toEqual(verdict(crashing));
  });

  it('the conformant twin: the same warnings, no exit at all', () => {
    expect(zacc(twin)).toEqual(ZACC_POINTERS);
    expect(findingsOf(reportOf(twin!), 'ad-hoc', 'transport/exit')).toEqual([]);
  });
});

const MARKER = join(SERVERS, 'crash-marker.mjs');

describe('crashes the serial session must not pin on the wrong request (a reviewer of the serial mode)', () => {
  let lists: CliRun[] = [];
  let markerFirst: CliRun[] = [];
  let noRestart: CliRun | undefined;
  let flagDir: string | undefined;
  beforeAll(async () => {
    flagDir = mkdtempSync(join(tmpdir(), 'mcp-harness-no-restart-'));
    const flagFile = join(flagDir, 'started');
    [noRestart, ...lists] = await Promise.all([
      runCli(['run', '--', process.execPath, MARKER, `--no-restart=${flagFile}`]),
      ...[1, 8, 64].map((n) => runCli(['run', '--call-concurrency', String(n), '--', process.execPath, MARKER, '--list-after-call'])),
    ]);
    markerFirst = await Promise.all([1, 8, 64].map((n) => runCli(['run', '--call-concurrency', String(n), '--', process.execPath, MARKER, '--list-after-call', '--no-crasher'])));
  }, 120_000);
  afterAll(() => {
    for (const run of [noRestart, ...lists, ...markerFirst]) cleanup(run);
    if (flagDir) rmSync(flagDir, { recursive: true, force: true });
  });
  const verdict = (run: CliRun) => reportOf(run).findings.map((f) => `${f.id} ${f.check} ${f.message}`).sort();

  it('a crash on the cancellation probe\'s marker is that probe\'s: the request after it is not blamed, at any window', () => {
    for (const run of lists) {
      const inFlight = findingsOf(reportOf(run), 'ad-hoc', 'transport/exit').filter((f) => f.messageId === 'probeInFlight' || f.messageId === 'callInFlight');
      expect([...new Set(inFlight.map((f) => f.tool))]).toEqual(['t2']); // only the tool that crashes on invalid arguments
    }
    expect(verdict(lists[1]!)).toEqual(verdict(lists[0]!));
    expect(verdict(lists[2]!)).toEqual(verdict(lists[0]!));
  });

  it('a crash on the marker while the cancellation probe is pipelined: its marker is settled first, one verdict at any window', () => {
    for (const run of markerFirst) {
      const exits = findingsOf(reportOf(run), 'ad-hoc', 'transport/exit').filter((f) => f.messageId === 'unexpectedExit');
      expect(exits).toHaveLength(2); // the marker's crash, and the probe's again alone
    }
    expect(verdict(markerFirst[1]!)).toEqual(verdict(markerFirst[0]!));
    expect(verdict(markerFirst[2]!)).toEqual(verdict(markerFirst[0]!));
  });

  it('after a failed restart nothing more is sent, and nothing unsent is reported in flight or judged by another check', () => {
    const report = reportOf(noRestart!);
    const exits = findingsOf(report, 'ad-hoc', 'transport/exit');
    expect(exits.filter((f) => f.messageId === 'unexpectedExit')).toHaveLength(2); // the crash, the failed restart
    expect(exits.filter((f) => f.messageId === 'probeInFlight' || f.messageId === 'callInFlight')).toEqual([]);
    const unsent = exits.filter((f) => f.messageId === 'unsentRestarts');
    expect(unsent.every((f) => f.severity === 'info')).toBe(true);
    // requests queued behind the crash were never sent (t2's probes at least); those the crash took beside others were
    // sent (retryUnsent 'restarts': neither named in flight above nor counted here), which of t0..t2 depends on the window
    expect(unsent.map((f) => f.tool)).toContain('t2');
    expect(findingsOf(report, 'ad-hoc', 'protocol/cancellation').filter((f) => f.severity !== 'info')).toEqual([]);
    expect(findingsOf(report, 'ad-hoc', 'result/expectation')).toEqual([]);
  });
});
