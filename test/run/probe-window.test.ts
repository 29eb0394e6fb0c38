/**
 * harness/run/probe-window.ts: the pipelined probes' window, each rule's arm (issue 12). Pure.
 */
import { describe, expect, it } from 'vitest';
import { probeWindow, type ProbeWindowInput } from '../../harness/run/probe-window.ts';
import type { CallRecord, Outcome, RequestRecord } from '../../harness/model/wire.ts';

const call = (durationMs: number, outcome: Outcome = 'success', extra: Partial<RequestRecord> = {}): CallRecord => ({
  scenario: { tool: 't', name: 'generated', arguments: {} } as unknown as CallRecord['scenario'],
  request: { id: 1, method: 'tools/call', outcome, durationMs, ...extra },
});
/** 15 s / (4 x 64) = 58.59 ms. */
const base: ProbeWindowInput = { probeConcurrency: 8, fastProbeConcurrency: 64, requestMs: 15_000, calls: [call(3), call(12)], probes: [{}, {}] };

describe('probeWindow', () => {
  it('takes the wider window when every call answered within requestMs / (4 x the wider window)', () => {
    expect(probeWindow(base)).toEqual({ size: 64, reason: 'fast', slowestMs: 12, boundMs: 15_000 / 256 });
    expect(probeWindow({ ...base, calls: [call(15_000 / 256)] }).size).toBe(64); // the bound itself is in
  });

  it('keeps the probes\' window when the slowest call took longer than the bound', () => {
    expect(probeWindow({ ...base, calls: [call(3), call(59)] })).toEqual({ size: 8, reason: 'call-slow', slowestMs: 59, boundMs: 15_000 / 256 });
  });

  it('an isError result and a JSON-RPC error are answers; a timeout, an exit, a cancellation or an unsent request are not', () => {
    expect(probeWindow({ ...base, calls: [call(2, 'tool-error'), call(2, 'protocol-error')] }).size).toBe(64);
    for (const outcome of ['timeout', 'exit', 'cancelled', 'oversize', 'unanswered'] as Outcome[]) {
      expect(probeWindow({ ...base, calls: [call(2), call(1, outcome)] })).toEqual({ size: 8, reason: 'call-unanswered' });
    }
    expect(probeWindow({ ...base, calls: [call(0, 'exit', { unsent: 'crashes' })] }).reason).toBe('call-unanswered');
  });

  it('no calls, no evidence: the probes\' window', () => {
    expect(probeWindow({ ...base, calls: [] })).toEqual({ size: 8, reason: 'no-calls' });
  });

  it('a probe\'s own shorter timeout tightens the bound', () => {
    expect(probeWindow({ ...base, probes: [{}, { timeoutMs: 2_560 }] })).toEqual({ size: 8, reason: 'call-slow', slowestMs: 12, boundMs: 10 });
    expect(probeWindow({ ...base, probes: [{ timeoutMs: 60_000 }] }).boundMs).toBe(15_000 / 256); // a longer one does not widen it
  });

  it('no wider window configured (at or below probeConcurrency): the probes\' window, whatever the calls', () => {
    expect(probeWindow({ ...base, fastProbeConcurrency: 8 })).toEqual({ size: 8, reason: 'no-fast-window' });
    expect(probeWindow({ ...base, probeConcurrency: 16, fastProbeConcurrency: 8 })).toEqual({ size: 16, reason: 'no-fast-window' });
    expect(probeWindow({ ...base, probeConcurrency: 0, fastProbeConcurrency: 1 })).toEqual({ size: 1, reason: 'no-fast-window' });
  });

  it('the bound scales with the wider window: 32 allows calls up to 117 ms', () => {
    expect(probeWindow({ ...base, fastProbeConcurrency: 32, calls: [call(100)] }).size).toBe(32);
    expect(probeWindow({ ...base, fastProbeConcurrency: 64, calls: [call(100)] }).size).toBe(8);
  });
});
