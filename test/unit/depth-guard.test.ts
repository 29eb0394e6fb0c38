/**
 * The depth guard of server values (issue 15 item 5): a 100,000-deep structuredContent against a
 * recursive outputSchema is dropped before any check sees it, reported by result/size, and no check
 * of the catalog (nor JSON.stringify of the observation) overflows the stack on what is left.
 */
import { describe, expect, it } from 'vitest';
import { checkLoaders } from '../../harness/checks/index.ts';
import { guardDeepValues, guardRecord, MAX_VALUE_DEPTH } from '../../harness/run/depth-guard.ts';
import { makeCall, makeObservation, makeTool, runCheckOn } from '../helpers/check-tester.ts';
import { collectFrames } from '../../harness/wire/collect.ts';

const deep = (n: number): unknown => JSON.parse(`${'{"c":'.repeat(n)}{}${'}'.repeat(n)}`);
const recursive = { type: 'object', $ref: '#/$defs/n', $defs: { n: { type: 'object', properties: { c: { $ref: '#/$defs/n' } } } } };

describe('depth guard', () => {
  it('keeps a value at the limit and drops one past it', () => {
    const at = makeCall('t', { result: { content: [], structuredContent: deep(MAX_VALUE_DEPTH - 3) } }).request;
    expect(guardRecord(at)).toBe(at);
    const past = guardRecord(makeCall('t', { result: { content: [], structuredContent: deep(MAX_VALUE_DEPTH) } }).request);
    expect(past.tooDeep).toBe(MAX_VALUE_DEPTH);
    expect(past.response).toEqual({ jsonrpc: '2.0', id: past.id });
  });

  it('with the response line\'s byte count: a line of at most 2 x MAX_VALUE_DEPTH bytes cannot nest past the limit, a longer one is walked', () => {
    const withBytes = (structuredContent: unknown) => {
      const request = makeCall('t', { result: { content: [], structuredContent } }).request;
      return { ...request, responseBytes: Buffer.byteLength(JSON.stringify(request.response)) };
    };
    const past = withBytes(deep(MAX_VALUE_DEPTH));
    expect(past.responseBytes).toBeGreaterThan(2 * MAX_VALUE_DEPTH);
    expect(guardRecord(past).tooDeep).toBe(MAX_VALUE_DEPTH);
    const short = withBytes({ a: [1, { b: 2 }] });
    expect(short.responseBytes).toBeLessThanOrEqual(2 * MAX_VALUE_DEPTH);
    expect(guardRecord(short)).toBe(short);
    // the bound itself: the deepest value a line of 2 x MAX_VALUE_DEPTH bytes holds is MAX_VALUE_DEPTH levels
    const text = `${'['.repeat(MAX_VALUE_DEPTH)}${']'.repeat(MAX_VALUE_DEPTH)}`;
    expect(text.length).toBe(2 * MAX_VALUE_DEPTH);
  });

  it('drops too-deep notifications and wire frames', () => {
    const record = { ...makeCall('t', { result: { content: [] } }).request, notifications: [{ method: 'x' }, deep(100_000)] };
    const guarded = guardRecord(record);
    expect(guarded.notifications).toEqual([{ method: 'x' }]);
    const obs = makeObservation({ calls: [] });
    obs.wire = { ...obs.wire, frames: [{ id: 1 }, deep(100_000)] };
    guardDeepValues(obs);
    expect(obs.wire.frames).toEqual([{ id: 1 }]);
  });

  it('a request two probes share (one fresh-process opening for two checks) is guarded once and stays shared: its frame is collected once', () => {
    const request = makeCall('t', { result: { content: [], structuredContent: deep(MAX_VALUE_DEPTH) } }).request;
    const probe = (check: string) => ({ id: `${check}:x`, check, method: 'initialize', freshProcess: true });
    const obs = makeObservation({ probes: [{ probe: probe('a'), request }, { probe: probe('b'), request }] });
    guardDeepValues(obs);
    const [a, b] = obs.probes;
    expect(a.request.tooDeep).toBe(MAX_VALUE_DEPTH);
    expect(b.request).toBe(a.request);
    expect(collectFrames(obs).filter((f) => f.frame === a.request.response)).toHaveLength(1);
  });

  it('records within the limit are left as they are: the very objects, a shared one still shared', () => {
    const request = makeCall('t', { result: { content: [], structuredContent: deep(3) } }).request;
    const other = makeCall('u', { result: { content: [] } }).request;
    const probe = (check: string) => ({ id: `${check}:x`, check, method: 'tools/call' });
    const obs = makeObservation({ probes: [{ probe: probe('a'), request }, { probe: probe('b'), request }, { probe: probe('c'), request: other }] });
    guardDeepValues(obs);
    expect(obs.probes.map((p) => p.request)).toEqual([request, request, other]);
    expect(obs.probes[0].request).toBe(request);
    expect(obs.probes[1].request).toBe(request);
    expect(obs.probes[2].request).toBe(other);
  });

  it('a 100,000-deep result crashes no check of the catalog and is reported by result/size', async () => {
    const value = deep(100_000);
    const call = makeCall('tree', { result: { content: [{ type: 'text', text: JSON.stringify({ c: {} }) }], structuredContent: {} } });
    (call.request.response?.result as Record<string, unknown>).structuredContent = value; // makeCall stringifies
    call.request.responseBytes = '{"c":}'.length * 100_000; // at least the line it came in (too deep to stringify here)
    const obs = makeObservation({ tools: [makeTool('tree', { outputSchema: recursive as never })], calls: [call] });
    guardDeepValues(obs);
    expect(() => JSON.stringify(obs)).not.toThrow();
    for (const [id, load] of Object.entries(checkLoaders)) {
      const check = (await load()).default;
      expect(() => runCheckOn(check, obs), id).not.toThrow();
    }
    const size = runCheckOn((await checkLoaders['result/size']()).default, obs);
    expect(size.map((f) => f.messageId)).toContain('tooDeep');
  });
});
