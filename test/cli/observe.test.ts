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
