import { describe, expect, it } from 'vitest';
import { submissionOrder, waitsForLateFrames } from '../../harness/run/probe-order.ts';
import type { ProbeRequest } from '../../harness/model/wire.ts';

const probe = (id: string, extra: Partial<ProbeRequest> = {}): ProbeRequest => ({ id, check: 'test/probe', method: 'tools/call', params: { name: id }, tool: id, ...extra });
const waiting = (id: string) => probe(id, { cancelAfterMs: 0, cancelMarker: true, cancelTwin: true, lateGraceMs: 300 });
const ids = (probes: ProbeRequest[], order: number[]) => order.map((i) => probes[i]?.id);

describe('submissionOrder (a probe with a late window of its own goes first)', () => {
  it('is the plan order when no probe waits', () => {
    const probes = [probe('a'), probe('b'), probe('c')];
    expect(submissionOrder(probes, () => false)).toEqual([0, 1, 2]);
    expect(waitsForLateFrames(probes[0] as ProbeRequest)).toBe(false);
  });

  it('moves waiting probes to the front of their run, each run keeping plan order', () => {
    const probes = [probe('a'), probe('b'), waiting('c1'), probe('d'), waiting('c2')];
    expect(ids(probes, submissionOrder(probes, () => false))).toEqual(['c1', 'c2', 'a', 'b', 'd']);
  });

  it('never moves a probe across one that may change state (effect order), and a barrier keeps its place', () => {
    const probes = [probe('a'), probe('w1'), probe('b'), waiting('c'), probe('w2'), waiting('d')];
    const isBarrier = (p: ProbeRequest) => p.id.startsWith('w');
    expect(ids(probes, submissionOrder(probes, isBarrier))).toEqual(['a', 'w1', 'c', 'b', 'w2', 'd']);
  });

  it('is a permutation of every index', () => {
    const probes = [waiting('x'), probe('w'), probe('y'), waiting('z'), probe('q')];
    const order = submissionOrder(probes, (p) => p.id === 'w');
    expect([...order].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4]);
  });
});
