/**
 * Per-observation indexes behind probeRecord and successfulArguments (first match kept, rebuilt when
 * records are appended), and the one destructiveness rule shared by planning and probing.
 */
import { describe, expect, it } from 'vitest';
import { distinctProbes, probeRecord } from '../../harness/probes/records.ts';
import { answeredArguments, isDestructive, mayChangeState, mayProbe, successfulArguments } from '../../harness/probes/targets.ts';
import { mayChangeState as planMayChangeState } from '../../harness/scenarios/plan.ts';
import { makeCall, makeObservation, makeTool } from '../helpers/check-tester.ts';
import { makeProbeRecord } from './records.ts';

const probe = (id: string) => ({ id, check: 'x/y', method: 'tools/call' });
const ok = { result: { content: [] } };
const failed = { result: { isError: true, content: [] } };

describe('distinctProbes', () => {
  it('keeps one record per request sent: a request two checks shared (one record object) under its first probe, in plan order', () => {
    const shared = makeProbeRecord(probe('classification:invalid'), failed);
    const alike = makeProbeRecord(probe('alike'), failed); // the same answer, sent apart: its own request
    const repeat = { probe: probe('enforcement:wrong-type'), request: shared.request };
    const observation = makeObservation({ probes: [shared, alike, repeat] });
    expect(distinctProbes(observation).map((r) => r.probe.id)).toEqual(['classification:invalid', 'alike']);
    observation.probes.push(makeProbeRecord(probe('late'), ok));
    expect(distinctProbes(observation).map((r) => r.probe.id)).toEqual(['classification:invalid', 'alike', 'late']);
  });
});

describe('probeRecord', () => {
  it('finds a record by id, the first when ids repeat, and nothing for an id that never ran', () => {
    const first = makeProbeRecord(probe('a'), ok);
    const observation = makeObservation({ probes: [first, makeProbeRecord(probe('b'), ok), makeProbeRecord(probe('a'), failed)] });
    expect(probeRecord(observation, 'a')).toBe(first);
    expect(probeRecord(observation, 'b')?.probe.id).toBe('b');
    expect(probeRecord(observation, 'c')).toBeUndefined();
  });
  it('sees records appended after a lookup and a replaced probes array', () => {
    const observation = makeObservation({ probes: [makeProbeRecord(probe('a'), ok)] });
    expect(probeRecord(observation, 'late')).toBeUndefined();
    observation.probes.push(makeProbeRecord(probe('late'), ok));
    expect(probeRecord(observation, 'late')?.probe.id).toBe('late');
    observation.probes = [makeProbeRecord(probe('other'), ok)];
    expect(probeRecord(observation, 'a')).toBeUndefined();
    expect(probeRecord(observation, 'other')).toBeDefined();
  });
});

describe('successfulArguments', () => {
  it('returns the arguments of the first call of the tool that answered a result', () => {
    const observation = makeObservation({
      calls: [
        makeCall('t', failed, { scenario: { arguments: { n: 0 } } }),
        makeCall('t', ok, { scenario: { arguments: { n: 1 } } }),
        makeCall('t', ok, { scenario: { arguments: { n: 2 } } }),
        makeCall('u', { error: { code: -32602, message: 'no' } }, { scenario: { arguments: { n: 3 } } }),
      ],
    });
    expect(successfulArguments(observation, 't')).toEqual({ n: 1 });
    expect(successfulArguments(observation, 'u')).toBeUndefined();
    observation.calls.push(makeCall('u', ok, { scenario: { arguments: { n: 4 } } }));
    expect(successfulArguments(observation, 'u')).toEqual({ n: 4 });
  });
  it('skips a result whose body reports a failure (a refusal dressed up as success is no known-good base)', () => {
    const text = (body: unknown) => ({ result: { content: [{ type: 'text', text: JSON.stringify(body) }] } });
    const observation = makeObservation({
      calls: [
        // @executeautomation/database-server 1.1.0: drop_table without confirm
        makeCall('t', text({ success: false, message: 'Safety confirmation required' }), { scenario: { arguments: { n: 0 } } }),
        makeCall('t', { result: { content: [{ type: 'text', text: 'Error: no such table' }] } }, { scenario: { arguments: { n: 1 } } }),
        makeCall('t', { result: { content: [], structuredContent: { status: 'error' } } }, { scenario: { arguments: { n: 2 } } }),
        makeCall('t', text({ success: true, rows: 0 }), { scenario: { arguments: { n: 3 } } }),
        makeCall('u', text({ success: false, message: 'No such table' }), { scenario: { arguments: { n: 4 } } }),
        // normal outputs that merely look like failures keep their tool's probes (a reviewer's server)
        makeCall('v', text({ job: 'build', success: false, failedSteps: ['lint'] }), { scenario: { arguments: { n: 5 } } }),
        makeCall('w', { result: { content: [{ type: 'text', text: 'Error rate over the last hour: 0.2%' }] } }, { scenario: { arguments: { n: 6 } } }),
        makeCall('x', text({ error: 0, data: { items: [] } }), { scenario: { arguments: { n: 7 } } }),
      ],
    });
    expect(successfulArguments(observation, 't')).toEqual({ n: 3 });
    expect(successfulArguments(observation, 'u')).toBeUndefined();
    expect(successfulArguments(observation, 'v')).toEqual({ n: 5 });
    expect(successfulArguments(observation, 'w')).toEqual({ n: 6 });
    expect(successfulArguments(observation, 'x')).toEqual({ n: 7 });
  });
});

describe('answeredArguments (the base of errors/echo, which judges only failure answers)', () => {
  const text = (body: unknown) => ({ result: { content: [{ type: 'text', text: JSON.stringify(body) }] } });
  const readOnly = (name: string) => makeTool(name, { annotations: { readOnlyHint: true } });
  const observation = makeObservation({
    calls: [
      makeCall('t', text({ success: false, message: 'No such table' }), { scenario: { arguments: { n: 0 } } }),
      makeCall('t', text({ success: true, rows: 0 }), { scenario: { arguments: { n: 1 } } }),
      // every call refused in the body: a read-only tool keeps its echo probe
      makeCall('u', failed, { scenario: { arguments: { n: 2 } } }),
      makeCall('u', text({ success: false, message: 'No such table' }), { scenario: { arguments: { n: 3 } } }),
      makeCall('u', text({ success: false, message: 'No such table' }), { scenario: { arguments: { n: 4 } } }),
      makeCall('v', failed, { scenario: { arguments: { n: 5 } } }),
      makeCall('w', { error: { code: -32602, message: 'no' } }, { scenario: { arguments: { n: 6 } } }),
      // database-server 1.1.0 drop_table: refused by its own safety gate (confirm: false)
      makeCall('drop', text({ success: false, message: 'Safety confirmation required' }), { scenario: { arguments: { n: 7 } } }),
    ],
  });
  it('prefers the first successful call, else takes a read-only tool\'s first result without isError even when its body refuses', () => {
    expect(answeredArguments(observation, readOnly('t'))).toEqual({ n: 1 });
    expect(answeredArguments(observation, readOnly('u'))).toEqual({ n: 3 });
    expect(successfulArguments(observation, 'u')).toBeUndefined();
  });
  it('takes no refused call of a tool that may change state (its refusal may be a safety gate a probe would slip past)', () => {
    expect(answeredArguments(observation, makeTool('drop'))).toBeUndefined();
    expect(answeredArguments(observation, makeTool('drop', { annotations: { destructiveHint: false } }))).toBeUndefined();
    expect(answeredArguments(observation, readOnly('drop'))).toEqual({ n: 7 });
    expect(answeredArguments(observation, makeTool('t'))).toEqual({ n: 1 });
  });
  it('takes no isError result and no JSON-RPC error: the server did not take those arguments as a call', () => {
    expect(answeredArguments(observation, readOnly('v'))).toBeUndefined();
    expect(answeredArguments(observation, readOnly('w'))).toBeUndefined();
    expect(answeredArguments(observation, readOnly('none'))).toBeUndefined();
  });
});

describe('mayChangeState / mayProbe (one rule: only readOnlyHint: true is safe to call unasked)', () => {
  it.each([
    [undefined, true],
    [{}, true],
    [{ readOnlyHint: true }, false],
    [{ destructiveHint: false }, true], // additive updates are still changes (trials F11)
    [{ readOnlyHint: false, destructiveHint: false }, true],
    [{ readOnlyHint: false, destructiveHint: true }, true],
    [{ readOnlyHint: true, destructiveHint: true }, false],
  ])('annotations %j: may change state %s', (annotations, changes) => {
    expect(mayChangeState(annotations)).toBe(changes);
    const tool = makeTool('t', annotations ? { annotations } : {});
    expect(mayProbe(makeObservation(), tool)).toBe(!changes);
    expect(mayProbe(makeObservation({ options: { allowDestructive: true } }), tool)).toBe(true);
  });
  it('is the same function the call planner uses', () => {
    expect(planMayChangeState).toBe(mayChangeState);
  });
  it('keeps the spec\'s narrower destructiveness as a description (destructiveHint: false is not destructive)', () => {
    expect(isDestructive({ readOnlyHint: false, destructiveHint: false })).toBe(false);
    expect(isDestructive({})).toBe(true);
  });
});
