import { describe, expect, it } from 'vitest';
import { assumeAnswered, probeKey, selectEarly, startEarly } from '../../harness/run/early-probes.ts';
import type { ProbeRecord, ProbeRequest, Scenario } from '../../harness/model/wire.ts';
import { makeObservation } from '../helpers/check-tester.ts';

const scenario = (tool: string, args: Record<string, unknown> = {}): Scenario => ({ name: `${tool}-call`, tool, arguments: args, expect: 'success', origin: 'generated' });
const probe = (id: string, tool: string, extra: Partial<ProbeRequest> = {}): ProbeRequest => ({ id, check: 'test/early', tool, method: 'tools/call', params: { name: tool }, early: true, ...extra });
const writes = (tool: string | undefined) => tool === 'write';

describe('early probes: selection', () => {
  it('keeps early probes of read-only tools on the main connection, once per identical probe', () => {
    const planned = [probe('a', 'read'), probe('a', 'read'), probe('b', 'read', { early: undefined }), probe('c', 'read', { exclusive: true }), probe('d', 'read', { freshProcess: true }), probe('e', 'write'), { ...probe('f', 'read'), tool: undefined }];
    expect(selectEarly(planned, [scenario('read')], writes).map((p) => p.id)).toEqual(['a']);
  });

  it('sends none when a planned call may change state: a probe never races a write', () => {
    expect(selectEarly([probe('a', 'read')], [scenario('read'), scenario('write')], writes)).toEqual([]);
  });
});

describe('early probes: the assumed observation', () => {
  it('holds every planned scenario, in plan order, answered with an empty successful result', () => {
    const o = assumeAnswered(makeObservation(), [scenario('read', { q: 1 }), scenario('other')]);
    expect(o.calls.map((c) => [c.scenario.tool, c.request.outcome, c.request.params, c.request.response?.result])).toEqual([
      ['read', 'success', { name: 'read', arguments: { q: 1 } }, { content: [] }],
      ['other', 'success', { name: 'other', arguments: {} }, { content: [] }],
    ]);
  });
});

describe('early probes: records for the final plan', () => {
  const record = (p: ProbeRequest, outcome: 'success' | 'exit'): ProbeRecord => ({ probe: p, request: { id: 1, method: 'tools/call', outcome, durationMs: 1 } });

  it('gives an identical planned probe its early record once, and nothing for a different one', async () => {
    const early = startEarly([probe('a', 'read')], async (p) => record(p, 'success'))!;
    const planned = probe('a', 'read');
    expect((await early.take(planned))?.probe).toBe(planned);
    expect(early.take(planned)).toBeUndefined();
    expect(early.take(probe('a', 'read', { params: { name: 'read', arguments: {} } }))).toBeUndefined();
  });

  it('does not give out a record that ended with the process (the probe is sent again)', async () => {
    const early = startEarly([probe('a', 'read')], async (p) => record(p, 'exit'))!;
    expect(await early.take(probe('a', 'read'))).toBeUndefined();
  });

  it('identifies a probe by everything it sends', () => {
    expect(probeKey(probe('a', 'read'))).not.toBe(probeKey(probe('a', 'read', { floatPaths: [['arguments', 'n']] })));
    expect(startEarly([], async (p) => record(p, 'success'))).toBeUndefined();
  });
});
