/**
 * A session opened ahead of its observation, with spare processes for its fresh-process probes (issue 12):
 * the probes are served by the spares (no extra spawn), unused spares are stopped at once, and nothing is
 * left running whatever ends the observation. Processes are counted by a marker in their environment.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { ProbeRequest } from '../../harness/model/wire.ts';
import { openEarly } from '../../harness/run/early-session.ts';
import { observeSurface } from '../../harness/run/observe.ts';
import { DEFAULT_OPTIONS } from '../helpers/check-tester.ts';
import { fixture, options } from '../session/helpers.ts';
import { killMarked, pidsWithMarker, watchMarker } from '../e2e/helpers/processes.ts';

const markers: string[] = [];
afterEach(() => markers.splice(0).forEach(killMarked));
let n = 0;
function marked(args: string[] = []) {
  const marker = `early-session-${process.pid}-${n++}`;
  markers.push(marker);
  return { marker, spec: fixture(args, { E2E_MARKER: marker }) };
}

const init = (id: string): ProbeRequest => ({
  id, check: 'test/fresh', method: 'initialize', params: { protocolVersion: '1900-01-01', capabilities: {}, clientInfo: { name: 't', version: '1' } }, freshProcess: true,
});

async function observe(spec: ReturnType<typeof fixture>, spares: number, planned: ProbeRequest[]) {
  const early = openEarly(spec, options(), () => spares);
  try {
    return await observeSurface({
      surface: 'fixture', spec, session: options(), base: { options: DEFAULT_OPTIONS },
      planCalls: () => ({ scenarios: [], skipped: [] }),
      planProbes: () => planned,
      early,
    });
  } finally {
    await early.discard();
  }
}

describe('openEarly + observeSurface', () => {
  it('serves the fresh-process probes on the spares: one process per probe, none spawned besides, none left', async () => {
    const { marker, spec } = marked();
    const watch = watchMarker(marker, 10);
    const obs = await observe(spec, 2, [init('a'), init('b')]);
    const seen = watch.stop();
    expect(obs.probes.map((p) => [p.probe.id, p.request.response?.error?.code ?? 'result'])).toEqual([['a', 'result'], ['b', 'result']]);
    expect(obs.probes.every((p) => p.request.method === 'initialize')).toBe(true);
    expect(seen.size).toBe(3); // the session and two spares; without them: the session and two fresh processes, as many
    expect(pidsWithMarker(marker)).toEqual([]);
  });

  it('stops spares the plan does not need at once (more spares than probes, or an era that plans none)', async () => {
    const { marker, spec } = marked();
    const obs = await observe(spec, 3, [init('only')]);
    expect(obs.probes.map((p) => p.probe.id)).toEqual(['only']);
    expect(pidsWithMarker(marker)).toEqual([]);
    const modern = marked(['--era=modern']);
    const none = await observe(modern.spec, 2, []);
    expect(none.probes).toEqual([]);
    expect(pidsWithMarker(modern.marker)).toEqual([]);
  });

  it('a probe without a spare left spawns its own process', async () => {
    const { marker, spec } = marked();
    const obs = await observe(spec, 1, [init('a'), init('b')]);
    expect(obs.probes.map((p) => p.request.outcome)).toEqual(['success', 'success']);
    expect(pidsWithMarker(marker)).toEqual([]);
  });

  it('discard() stops the session and its spares when no observation took them', async () => {
    const { marker, spec } = marked();
    const early = openEarly(spec, options(), () => 2);
    const session = await early.take().catch(() => undefined); // resolves once negotiated: the spares start then
    expect(session).toBeDefined();
    await session?.close();
    const other = marked();
    const untaken = openEarly(other.spec, options(), () => 2);
    await untaken.discard();
    await early.discard();
    expect(pidsWithMarker(marker)).toEqual([]);
    expect(pidsWithMarker(other.marker)).toEqual([]);
  });

  it('starts no spare once the signal aborted', async () => {
    const { marker, spec } = marked();
    const controller = new AbortController();
    controller.abort();
    const watch = watchMarker(marker, 10);
    const early = openEarly(spec, options(), () => 2, controller.signal);
    expect(await early.claimSpares(2)).toEqual([undefined, undefined]);
    await early.discard();
    expect(watch.stop().size).toBe(1);
    expect(pidsWithMarker(marker)).toEqual([]);
  });
});
