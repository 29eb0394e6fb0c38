/**
 * toolCalls (harness/checks/util/calls.ts) builds its views once per records array and shares them
 * between the result checks: the views equal a fresh build (the reference below is the implementation
 * before the memo), in order, on the first call (miss) and every later one (hit); each caller gets its
 * own array; records appended to the same array, or another array, are seen.
 */
import { describe, expect, it } from 'vitest';
import { toolCalls, type ToolCallView } from '../../../harness/checks/util/calls.ts';
import type { SurfaceObservation } from '../../../harness/model/observation.ts';
import type { ProbeRecord } from '../../../harness/model/wire.ts';
import { makeCall, makeObservation, makeTool } from '../../helpers/check-tester.ts';

/** toolCalls as it was before the memo. */
function reference(observation: SurfaceObservation, withProbes = true): ToolCallView[] {
  const views: ToolCallView[] = observation.calls.map((call) => ({ tool: call.scenario.tool, label: `scenario '${call.scenario.name}'`, record: call.request, scenario: call.scenario }));
  if (!withProbes) return views;
  for (const { probe, request } of observation.probes) {
    if (probe.method !== 'tools/call') continue;
    const params = probe.params as { name?: unknown } | undefined;
    const named = params !== null && typeof params === 'object' && !Array.isArray(params) && typeof params.name === 'string' ? params.name : '';
    views.push({ tool: probe.tool ?? named, label: `probe '${probe.id}'`, record: request });
  }
  return views;
}

const probe = (id: string, method: string, params: unknown, tool?: string): ProbeRecord => ({
  probe: { id, check: 'errors/classification', method, params: params as Record<string, unknown> | undefined, ...(tool !== undefined ? { tool } : {}) },
  request: { id: 90, method, response: { jsonrpc: '2.0', id: 90, result: { content: [] } }, outcome: 'success', durationMs: 1 },
});

describe('toolCalls', () => {
  it('gives the views of a fresh build on a miss and on every hit, in order', () => {
    const observation = makeObservation({
      tools: [makeTool('a'), makeTool('b')],
      calls: [makeCall('a', { result: { content: [] } }), makeCall('b', { result: { content: [] } })],
      probes: [probe('p1', 'tools/call', { name: 'a', arguments: {} }), probe('p2', 'ping', undefined), probe('p3', 'tools/call', [1]), probe('p4', 'tools/call', { name: 'x' }, 'b')],
    });
    for (const withProbes of [true, false, true]) {
      const first = toolCalls(observation, withProbes);
      expect(first).toEqual(reference(observation, withProbes));
      const second = toolCalls(observation, withProbes);
      expect(second).toEqual(first);
      expect(second).not.toBe(first); // each caller its own array
      second.pop();
      expect(toolCalls(observation, withProbes)).toEqual(first);
    }
    expect(toolCalls(observation).map((v) => v.tool)).toEqual(['a', 'b', 'a', '', 'b']);
  });

  it('sees records appended to the same arrays, and replaced arrays', () => {
    const observation = makeObservation({ tools: [makeTool('a')], calls: [makeCall('a', { result: { content: [] } })], probes: [] });
    expect(toolCalls(observation)).toEqual(reference(observation));
    observation.calls.push(makeCall('a', { result: { content: [] } }, {}));
    observation.probes.push(probe('p', 'tools/call', { name: 'a' }));
    expect(toolCalls(observation)).toEqual(reference(observation));
    expect(toolCalls(observation)).toHaveLength(3);
    observation.probes = [];
    observation.calls = [];
    expect(toolCalls(observation)).toEqual([]);
  });
});
