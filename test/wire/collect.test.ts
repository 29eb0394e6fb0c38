/**
 * harness/wire/collect.ts: forEachFrame visits what collectFrames lists, in its order, without building the
 * lists: each object once (a record two probes share, a tap frame that is a record's answer), a tap frame
 * with the method of the last main-session record of its id, fresh-process answers after the main session's,
 * the negotiation's raw result last.
 */
import { describe, expect, it } from 'vitest';
import { collectFrames, forEachFrame, requestedRevision } from '../../harness/wire/collect.ts';
import type { ProbeRecord, RequestRecord } from '../../harness/model/wire.ts';
import { makeCall, makeObservation } from '../helpers/check-tester.ts';

const record = (id: number | string, method: string, result: unknown = {}): RequestRecord => ({
  id, method, outcome: 'success', durationMs: 1, response: { jsonrpc: '2.0', id, result } as RequestRecord['response'],
});

describe('forEachFrame', () => {
  it('visits each object once, in collectFrames order, tap frames with the last same-id record method', () => {
    const call = makeCall('t', { result: { content: [] } });
    const shared = record(50, 'tools/call');
    const probe = (id: string, request: RequestRecord, freshProcess = false): ProbeRecord => ({ probe: { id, check: 'c', method: request.method, ...(freshProcess ? { freshProcess } : {}) }, request });
    const fresh = record(1, 'initialize', { protocolVersion: 'x' });
    const paged: ProbeRecord = { ...probe('p:pages', record(60, 'resources/list')), pages: [record(60, 'resources/list'), record(61, 'resources/list')] };
    const obs = makeObservation({ calls: [call], probes: [probe('a', shared), probe('b', shared), probe('f', fresh, true), paged, probe('dup', record(70, 'ping'))] });
    const lastOf70 = record(70, 'tools/list');
    obs.probes.push(probe('dup2', lastOf70));
    // the tap: a frame that is a record's answer (visited once), one only the tap holds (id 70: the last record's
    // method), one whose id no record has, a log line
    const tapOnly = { jsonrpc: '2.0', id: 70, result: {} };
    obs.wire = { ...obs.wire, frames: [shared.response, tapOnly, { jsonrpc: '2.0', id: 999, result: {} }, { level: 'info' }] };
    obs.negotiation = { era: 'legacy', protocolVersion: '2025-11-25', capabilities: {}, initialize: { protocolVersion: '2025-11-25' } } as never;

    const visited: unknown[][] = [];
    forEachFrame(obs, (frame, method, bare) => visited.push([frame, method, bare]));
    const listed = collectFrames(obs);
    expect(visited.map(([frame, method, bare]) => ({ frame, ...(method === undefined ? {} : { method }), ...(bare ? { bare } : {}) }))).toEqual(listed);
    expect(visited.map(([, method, bare]) => [method, bare])).toEqual([
      ['tools/call', false], // the call
      ['tools/call', false], // the request two probes share, once
      ['resources/list', false], ['resources/list', false], // a paginated probe: each page
      ['ping', false], ['tools/list', false], // two records with id 70
      ['initialize', false], // the fresh-process probe, after the main session's
      ['tools/list', false], // the tap-only frame of id 70: the last record's method
      [undefined, false], [undefined, false], // no record of id 999; a log line
      ['initialize', true], // the negotiation's raw result
    ]);
    expect(visited.filter(([f]) => f === shared.response)).toHaveLength(1);
  });
});

describe('the revision a request named (requestedRevision)', () => {
  const KEY = 'io.modelcontextprotocol/protocolVersion';
  const sent = (id: number, params?: unknown): RequestRecord => ({ ...record(id, 'tools/list'), ...(params === undefined ? {} : { params }) });

  it("the `_meta` envelope's version; null for a probe sent without the envelope; undefined for the session's own", () => {
    expect(requestedRevision(sent(1, { _meta: { [KEY]: '1900-01-01' } }))).toBe('1900-01-01');
    expect(requestedRevision(sent(1, { _meta: { [KEY]: '2026-07-28' } }), { envelope: false })).toBe('2026-07-28');
    expect(requestedRevision(sent(1, {}), { envelope: false })).toBeNull();
    expect(requestedRevision(sent(1, {}))).toBeUndefined();
    expect(requestedRevision(sent(1))).toBeUndefined();
    expect(requestedRevision(sent(1, { _meta: null }))).toBeUndefined();
  });

  it('forEachFrame passes it with each answer, and with a tap frame of the same id (the last record of that id)', () => {
    const probe = (id: string, request: RequestRecord, envelope?: boolean): ProbeRecord => ({ probe: { id, check: 'c', method: request.method, ...(envelope === false ? { envelope } : {}) }, request });
    const obs = makeObservation({ era: 'modern', probes: [probe('old', sent(34, { _meta: { [KEY]: '1900-01-01' } })), probe('bare', sent(35, {}), false), probe('own', sent(36, { _meta: { [KEY]: '2026-07-28' } }))] });
    obs.wire = { ...obs.wire, frames: [{ jsonrpc: '2.0', id: 34, result: {} }, { jsonrpc: '2.0', id: 35, result: {} }, { jsonrpc: '2.0', id: 99, result: {} }] };
    const requested: unknown[] = [];
    forEachFrame(obs, (_frame, _method, bare, named) => void (!bare && requested.push(named)));
    expect(requested).toEqual(['1900-01-01', null, '2026-07-28', '1900-01-01', null, undefined]);
    expect(collectFrames(obs).filter((f) => !f.bare).map((f) => f.requested)).toEqual(requested);
  });
});
