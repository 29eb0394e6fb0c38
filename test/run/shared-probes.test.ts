import { describe, expect, it } from 'vitest';
import { shareIdentical } from '../../harness/run/shared-probes.ts';
import type { ProbeRecord, ProbeRequest } from '../../harness/model/wire.ts';

const call = (id: string, tool: string, args: Record<string, unknown>, extra: Partial<ProbeRequest> = {}): ProbeRequest => ({ id, check: `c/${id}`, tool, method: 'tools/call', params: { name: tool, arguments: args }, ...extra });
const writes = (tool: string | undefined) => tool === 'write';
const recordOf = (probe: ProbeRequest, n: number): ProbeRecord => ({ probe, request: { id: n, method: probe.method, params: probe.params, outcome: 'success', durationMs: 1 } });

describe('shareIdentical', () => {
  it('sends a plain tools/call with the very same arguments object once, and spreads its record to every planner in plan order', () => {
    const args = { q: 'x' };
    const planned = [call('a', 'read', args), call('b', 'read', { q: 'y' }), call('c', 'read', args)];
    const shared = shareIdentical(planned, writes);
    expect(shared.distinct.map((p) => p.id)).toEqual(['a', 'b']);
    const sent = shared.distinct.map(recordOf);
    const records = shared.spread(sent);
    expect(records.map((r) => r.probe.id)).toEqual(['a', 'b', 'c']);
    expect(records[0]).toBe(sent[0]);
    expect(records[2].probe).toBe(planned[2]);
    expect(records[2].request).toBe(sent[0].request); // the same request and answer
  });

  it('shares nothing else: equal arguments in another object, another tool, a sending option, another method, a state-changing tool', () => {
    const args = { q: 'x' };
    const planned = [
      call('a', 'read', args),
      call('equal', 'read', { q: 'x' }), // equal, but not the same derivation: sent as before
      call('other-tool', 'other', args),
      call('timeout', 'read', args, { timeoutMs: 5 }),
      call('early', 'read', args, { early: true }),
      { ...call('method', 'read', args), method: 'tools/other' },
      { ...call('params', 'read', args), params: { name: 'read', arguments: args, _meta: {} } },
      call('w1', 'write', args),
      call('w2', 'write', args),
    ];
    expect(shareIdentical(planned, writes).distinct.map((p) => p.id)).toEqual(planned.map((p) => p.id));
  });

  it('never shares across a probe of a tool that may change state (what the second one met could differ)', () => {
    const args = { q: 'x' };
    const planned = [call('a', 'read', args), call('w', 'write', { p: 1 }), call('b', 'read', args), call('c', 'read', args)];
    const shared = shareIdentical(planned, writes);
    expect(shared.distinct.map((p) => p.id)).toEqual(['a', 'w', 'b']);
    const records = shared.spread(shared.distinct.map(recordOf));
    expect(records.map((r) => [r.probe.id, r.request.id])).toEqual([['a', 0], ['w', 1], ['b', 2], ['c', 2]]);
  });

  it('hands back the records as they are when nothing repeats', () => {
    const planned = [call('a', 'read', {}), call('b', 'read', {})];
    const shared = shareIdentical(planned, writes);
    const sent = shared.distinct.map(recordOf);
    expect(shared.spread(sent)).toEqual(sent);
  });
});
