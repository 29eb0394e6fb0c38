/**
 * Issue 9 (trials F11) through the real CLI: the safe default calls only tools annotated
 * `readOnlyHint: true`. A tool with `readOnlyHint: false, destructiveHint: false` (only additive updates,
 * like an insert or a new directory) still changes state, so it is neither called nor probed without
 * --allow-destructive; `--help`, the coverage warning and the console line say the same. The fixture
 * (test/fixtures/servers/trust/ledger.mjs) logs every tools/call it gets, so "not called" is read from
 * the server's side too. Its twin (`--annotate=readonly`) claims readOnlyHint: true, and is called.
 *
 * Trials F10: with --allow-destructive a state-changing call never races a read. The ledger's handlers
 * finish after a random 0-30 ms, and `peek` breaks its outputSchema once `append` has run: dispatched
 * concurrently, the verdict flipped from run to run. Ordered (a state-changing call alone, in plan
 * order), every run gives the same findings; the twin (`--twin`, a conformant outputSchema) stays silent.
 *
 * Trials F6: `transport/stdout` ids do not depend on stdout line numbers. trust/chatty.mjs logs a text
 * and a JSON line to stdout on every call, answering after a random delay, so the lines land elsewhere
 * in every run; its twin logs to stderr.
 *
 * Issue 9 §3: a response whose id matches no request is named as such (protocol/wire-schema
 * unmatchedResponse / responseWithoutId), also during the handshake (transport/timeout
 * initializeIdMismatch instead of "no answer"), never as a non-JSON-RPC line. trust/stray-ids.mjs.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const LEDGER = join(SERVERS, 'trust/ledger.mjs');
const scratch = mkdtempSync(join(tmpdir(), 'mcp-harness-trust-'));
const logOf = (name: string): string[] => {
  const file = join(scratch, name);
  return existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
};
const ledger = (log: string, ...args: string[]) => ['--', process.execPath, LEDGER, `--log=${join(scratch, log)}`, ...args];

let safe: CliRun;
let claimsReadOnly: CliRun;
let allowed: CliRun;
let help: CliRun;
let ordered: CliRun[];
let chatty: CliRun[];
let quiet: CliRun;
let strays: Record<'rewrite-call' | 'reply-notify' | 'rewrite-init' | 'twin', CliRun>;
const STRAY = join(SERVERS, 'trust/stray-ids.mjs');
const STRAY_MODES = ['rewrite-call', 'reply-notify', 'rewrite-init', 'twin'] as const;
const strayRun = (mode: (typeof STRAY_MODES)[number]) =>
  runCli(['run', '--request-timeout', '1500', '--start-timeout', '3000', '--', process.execPath, STRAY, ...(mode === 'twin' ? ['--twin', '--mode=rewrite-init'] : [`--mode=${mode}`])]);
const CHATTY = join(SERVERS, 'trust/chatty.mjs');

beforeAll(async () => {
  let runs: CliRun[];
  [safe, claimsReadOnly, allowed, help, quiet, ...runs] = await Promise.all([
    runCli(['run', ...ledger('safe.log')]),
    runCli(['run', ...ledger('readonly.log', '--annotate=readonly')]),
    runCli(['run', '--allow-destructive', ...ledger('allowed.log', '--twin')]),
    runCli(['run', '--help']),
    runCli(['run', '--', process.execPath, CHATTY, '--twin']),
    ...[1, 2, 3].map((n) => runCli(['run', '--allow-destructive', ...ledger(`ordered-${n}.log`)])),
    ...[1, 2].map(() => runCli(['run', '--', process.execPath, CHATTY])),
    ...STRAY_MODES.map(strayRun),
  ]);
  strays = Object.fromEntries(STRAY_MODES.map((mode, i) => [mode, runs[5 + i]])) as typeof strays;
  ordered = runs.slice(0, 3);
  chatty = runs.slice(3, 5);
}, 130_000);

afterAll(() => {
  [safe, claimsReadOnly, allowed, help, quiet, ...ordered, ...chatty, ...Object.values(strays)].forEach(cleanup);
  rmSync(scratch, { recursive: true, force: true });
});

describe('the safe default calls only readOnlyHint: true tools (trials F11)', () => {
  it('never sends a tools/call (scenario or probe) for a readOnlyHint: false, destructiveHint: false tool', () => {
    expect(logOf('safe.log')).toContain('peek');
    expect(logOf('safe.log')).not.toContain('append');
  });

  it('reports it as an uncalled tool that may change state, and says how to call it', () => {
    const findings = findingsOf(reportOf(safe), 'ad-hoc', 'contract/every-tool-called');
    expect(findings.map((f) => [f.tool, f.severity, f.messageId])).toEqual([['append', 'warning', 'skipped']]);
    expect(findings[0].message).toContain('not annotated readOnlyHint: true');
    expect(findings[0].message).toContain('may change state');
    expect(safe.stdout).toContain('not called: 1 tool without readOnlyHint: true (it may change state); call it with --allow-destructive --sandbox');
    // as root the advice adds --isolate (the harness runs as this test's user; both arms: test/reporters/coverage.test.ts)
    expect(safe.stdout.includes('--allow-destructive --sandbox --isolate, or add scenarios')).toBe(process.getuid?.() === 0);
    expect(safe.exitCode).toBe(0);
  });

  it('the twin that claims readOnlyHint: true is called by default (the gate is readOnlyHint alone)', () => {
    expect(logOf('readonly.log')).toContain('append');
    expect(findingsOf(reportOf(claimsReadOnly), 'ad-hoc', 'contract/every-tool-called')).toEqual([]);
    expect(claimsReadOnly.stdout).not.toContain('not called:');
  });

  it('--allow-destructive calls it', () => {
    expect(logOf('allowed.log')).toContain('append');
    expect(findingsOf(reportOf(allowed), 'ad-hoc', 'contract/every-tool-called')).toEqual([]);
  });

  it('--help says the same as the warning', () => {
    expect(help.stdout).toMatch(/--allow-destructive\s+also call and probe tools not annotated readOnlyHint: true \(they may change state, destructiveHint: false included\)/);
    expect(help.stdout).toContain('Tools not annotated readOnlyHint: true are not called unless');
  });
});

describe('--allow-destructive: a state-changing call never races a read (trials F10)', () => {
  const ids = (run: CliRun) => reportOf(run).findings.map((f) => f.id).sort();

  it('the read planned after the write sees it, in every run: the fault is found every time', () => {
    for (const run of ordered) {
      const invalid = findingsOf(reportOf(run), 'ad-hoc', 'result/structured-content').filter((f) => f.severity === 'error');
      expect(invalid.map((f) => [f.tool, f.messageId])).toEqual([['peek', 'invalid']]);
      expect(run.exitCode).toBe(1);
    }
  });

  it('gives identical finding ids over the runs (same input, same verdict)', () => {
    expect(ids(ordered[1])).toEqual(ids(ordered[0]));
    expect(ids(ordered[2])).toEqual(ids(ordered[0]));
  });

  it('the twin with a conformant outputSchema stays silent', () => {
    expect(findingsOf(reportOf(allowed), 'ad-hoc', 'result/structured-content').filter((f) => f.severity !== 'info')).toEqual([]);
    expect(allowed.exitCode).toBe(0);
  });
});

describe('transport/stdout ids do not move with stdout line numbers (trials F6)', () => {
  const stdoutFindings = (run: CliRun) => findingsOf(reportOf(run), 'ad-hoc', 'transport/stdout');

  it('one error per kind of line (text, JSON), pointer by kind, never by line', () => {
    for (const run of chatty) {
      expect(stdoutFindings(run).map((f) => [f.severity, f.messageId, f.pointer]).sort()).toEqual([['error', 'nonJsonRpc', '/stdout/json'], ['error', 'nonJsonRpc', '/stdout/text']]);
      expect(stdoutFindings(run).every((f) => /^stdout lines (\d+, )+\d+ and \d+( more)? are not JSON-RPC/.test(f.message))).toBe(true);
    }
  });

  it('two runs give identical finding ids', () => {
    const ids = (run: CliRun) => reportOf(run).findings.map((f) => f.id).sort();
    expect(ids(chatty[1])).toEqual(ids(chatty[0]));
  });

  it('the JSON log line is judged once, by transport/stdout: protocol/wire-schema does not also call it a response without an id', () => {
    for (const run of chatty) expect(findingsOf(reportOf(run), 'ad-hoc', 'protocol/wire-schema')).toEqual([]);
  });

  it('the twin that logs to stderr draws nothing', () => {
    expect(stdoutFindings(quiet)).toEqual([]);
    expect(quiet.exitCode).toBe(0);
  });
});

describe('a response whose id matches no request is named as such (issue 9 §3)', () => {
  const named = (run: CliRun) =>
    reportOf(run).findings.filter((f) => f.severity !== 'info' && ['protocol/wire-schema', 'transport/timeout', 'transport/stdout'].includes(f.check)).map((f) => `${f.check} ${f.messageId}`).sort();

  it('a rewritten tools/call id: unmatchedResponse (and the call itself timed out)', () => {
    expect(named(strays['rewrite-call'])).toEqual(['protocol/wire-schema unmatchedResponse', 'transport/timeout call']);
  });

  it('a reply to a notification: responseWithoutId, once, not "not JSON-RPC" on stdout', () => {
    expect(named(strays['reply-notify'])).toEqual(['protocol/wire-schema responseWithoutId']);
  });

  it('initialize answered under another id: named during the handshake, not "no answer"', () => {
    const run = strays['rewrite-init'];
    expect(named(run)).toEqual(['protocol/wire-schema unmatchedResponse', 'transport/timeout initializeIdMismatch']);
    const unmatched = findingsOf(reportOf(run), 'ad-hoc', 'protocol/wire-schema')[0];
    expect(unmatched.message).toContain('during the handshake (initialize / server/discover)');
    expect(run.exitCode).toBe(1);
  });

  it('the conformant twin draws none of them', () => {
    expect(named(strays.twin)).toEqual([]);
    expect(strays.twin.exitCode).toBe(0);
  });
});
