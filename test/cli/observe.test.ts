/**
 * observeSurface against a real fixture server: probe scheduling (pipelined first, exclusive ones alone
 * and in planned order afterwards).
 */
import { describe, expect, it } from 'vitest';
import { observeSurface } from '../../harness/run/observe.ts';
import type { ProbeRequest } from '../../harness/model/wire.ts';
import { DEFAULT_OPTIONS } from '../helpers/check-tester.ts';
import { fixture, options } from '../session/helpers.ts';

const probe = (id: string, name: string, args: Record<string, unknown>, exclusive = false): ProbeRequest => ({
  id, check: 'test/probe', method: 'tools/call', params: { name, arguments: args }, ...(exclusive ? { exclusive } : {}),
});

describe('observeSurface probe scheduling', () => {
  it('sends exclusive probes only after every pipelined probe was answered, in planned order', async () => {
    const obs = await observeSurface({
      surface: 'fixture',
      spec: fixture(),
      session: options({ callConcurrency: 8 }),
      base: { options: DEFAULT_OPTIONS },
      planCalls: () => ({ scenarios: [], skipped: [] }),
      planProbes: () => [
        probe('x1', 'echo', { message: 'a' }, true),
        probe('slow', 'sleep', { ms: 200 }),
        probe('x2', 'echo', { message: 'b' }, true),
        probe('fast', 'echo', { message: 'c' }),
      ],
    });
    const id = (name: string) => Number(obs.probes.find((p) => p.probe.id === name)?.request.id);
    expect(obs.probes.map((p) => p.request.outcome)).toEqual(['success', 'success', 'success', 'success']);
    expect(Math.min(id('x1'), id('x2'))).toBeGreaterThan(Math.max(id('slow'), id('fast')));
    expect(id('x1')).toBeLessThan(id('x2'));
  });
});

describe('observeSurface fresh-process probes started beside the main session', () => {
  const init = (id: string, version = '1900-01-01'): ProbeRequest => ({
    id, check: 'test/fresh', method: 'initialize', params: { protocolVersion: version, capabilities: {}, clientInfo: { name: 't', version: '1' } }, freshProcess: true,
  });

  it('plans them from the negotiation before the listing, and keeps only the early records the full plan asks for again', async () => {
    const seen: boolean[] = [];
    const obs = await observeSurface({
      surface: 'fixture',
      spec: fixture(),
      session: options(),
      base: { options: DEFAULT_OPTIONS },
      planCalls: () => ({ scenarios: [], skipped: [] }),
      planProbes: (o) => {
        seen.push(o.listing !== undefined);
        return o.listing ? [init('both'), init('changed', '2025-06-18'), init('late-only')] : [init('both'), init('changed'), init('early-only')];
      },
    });
    expect(seen).toEqual([false, true]);
    expect(obs.probes.map((p) => p.probe.id)).toEqual(['both', 'changed', 'late-only']);
    expect(obs.probes.every((p) => p.request.response !== undefined)).toBe(true);
    // the probe whose params changed ran again with the later params, not the early ones
    expect((obs.probes[1].request.params as { protocolVersion: string }).protocolVersion).toBe('2025-06-18');
    expect((obs.probes[1].request.response?.result as { protocolVersion?: string } | undefined)?.protocolVersion).toBe('2025-06-18');
  });

  it('drops the early records when the observation is aborted before the probes (an interrupt, the surface budget)', async () => {
    const controller = new AbortController();
    const obs = await observeSurface({
      surface: 'fixture',
      spec: fixture(),
      session: options(),
      base: { options: DEFAULT_OPTIONS },
      planCalls: () => {
        controller.abort();
        return { scenarios: [], skipped: [] };
      },
      planProbes: () => [init('early')],
      signal: controller.signal,
    });
    expect(obs.probes).toEqual([]);
    expect(obs.shutdown?.survivors).toBe(0);
  });
});
