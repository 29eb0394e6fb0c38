/**
 * observeSurface against a real fixture server: probe scheduling (pipelined first, exclusive ones alone
 * and in planned order afterwards).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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
    // early (no listing), the full plan, then the fresh probes' second planning round (harness/run/fresh-probes.ts)
    expect(seen).toEqual([false, true, true]);
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

describe('observeSurface early probes beside the calls (issue 12)', () => {
  const readOnly = { readOnlyHint: true };
  const tools = (annotations: Record<string, boolean> = readOnly) => `--tools=${JSON.stringify([
    { name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } } }, annotations },
    { name: 'sleep', inputSchema: { type: 'object', properties: { ms: { type: 'integer' } } }, annotations: readOnly },
  ])}`;
  const scenario = (tool: string, args: Record<string, unknown>) => ({ name: `${tool}-call`, tool, arguments: args, expect: 'success' as const, origin: 'generated' as const });
  const early = (id: string, message: string): ProbeRequest => ({ ...probe(id, 'echo', { message }), tool: 'echo', early: true });

  it('plans them on the calls assumed answered, sends them right behind the calls, and gives the final plan the identical ones', async () => {
    const seen: string[][] = [];
    const obs = await observeSurface({
      surface: 'fixture',
      spec: fixture([tools()]),
      session: options({ callConcurrency: 8 }),
      base: { options: DEFAULT_OPTIONS },
      planCalls: () => ({ scenarios: [scenario('sleep', { ms: 300 }), scenario('echo', { message: 'x' })], skipped: [] }),
      planProbes: (o) => {
        if (!o.listing) return [];
        seen.push(o.calls.map((c) => `${c.scenario.tool}:${c.request.outcome}`));
        const assumed = o.calls.every((c) => c.request.id === 0);
        // the same early probe in both plans; one whose params differ; one only the early plan has; a late pipelined one
        return [early('same', 'a'), early('changed', assumed ? 'early' : 'late'), ...(assumed ? [early('dropped', 'd')] : [probe('late', 'echo', { message: 'l' })])];
      },
    });
    expect(seen).toEqual([['sleep:success', 'echo:success'], ['sleep:success', 'echo:success']]);
    expect(obs.calls.map((c) => c.request.outcome)).toEqual(['success', 'success']);
    expect(obs.probes.map((p) => p.probe.id)).toEqual(['same', 'changed', 'late']);
    expect(obs.probes.every((p) => p.request.outcome === 'success')).toBe(true);
    const callIds = obs.calls.map((c) => Number(c.request.id));
    const id = (name: string) => Number(obs.probes.find((p) => p.probe.id === name)?.request.id);
    // written right behind the two calls (ids are taken as requests are written), before the calls were answered
    expect(id('same')).toBe(Math.max(...callIds) + 1);
    // a probe whose params changed was sent again after the calls, with the final plan's params
    expect(id('changed')).toBeGreaterThan(id('same') + 2);
    expect((obs.probes[1].request.params as { arguments: { message: string } }).arguments.message).toBe('late');
  });

  it('plans them through planEarlyProbes when given (the checks\' planEarly), and the full plan only after the calls', async () => {
    const full: string[][] = [];
    const earlyPlans: string[][] = [];
    const obs = await observeSurface({
      surface: 'fixture',
      spec: fixture([tools()]),
      session: options({ callConcurrency: 8 }),
      base: { options: DEFAULT_OPTIONS },
      planCalls: () => ({ scenarios: [scenario('sleep', { ms: 300 }), scenario('echo', { message: 'x' })], skipped: [] }),
      planProbes: (o) => {
        if (!o.listing) return [];
        full.push(o.calls.map((c) => String(c.request.id)));
        return [probe('late', 'echo', { message: 'l' }), early('same', 'a')];
      },
      planEarlyProbes: (o) => {
        earlyPlans.push(o.calls.map((c) => String(c.request.id)));
        return [early('same', 'a')];
      },
    });
    expect(earlyPlans).toEqual([['0', '0']]); // on the calls assumed answered
    expect(full).toHaveLength(1); // the final plan only, on the answered calls
    expect(full[0]).not.toEqual(['0', '0']);
    expect(obs.probes.map((p) => p.probe.id)).toEqual(['late', 'same']);
    const callIds = obs.calls.map((c) => Number(c.request.id));
    const id = (name: string) => Number(obs.probes.find((p) => p.probe.id === name)?.request.id);
    expect(id('same')).toBe(Math.max(...callIds) + 1); // sent right behind the calls
    expect(id('late')).toBeGreaterThan(id('same'));
  });
});

describe('observeSurface identical probes of different checks (issue 12)', () => {
  const tools = `--tools=${JSON.stringify([
    { name: 'echo', inputSchema: { type: 'object', properties: { message: { type: 'string' } } }, annotations: { readOnlyHint: true } },
    { name: 'write', inputSchema: { type: 'object', properties: { message: { type: 'string' } } } },
  ])}`;
  const plain = (id: string, name: string, args: Record<string, unknown>): ProbeRequest => ({ ...probe(id, name, args), check: `test/${id}`, tool: name });

  it('sends a request planned twice with the same arguments object once, each check getting the record; never across a write', async () => {
    const args = { message: 'a' };
    const obs = await observeSurface({
      surface: 'fixture',
      spec: fixture([tools]),
      session: options({ callConcurrency: 8 }),
      base: { options: { ...DEFAULT_OPTIONS, allowDestructive: true } },
      planCalls: () => ({ scenarios: [], skipped: [] }),
      planProbes: (o) => (o.listing ? [plain('first', 'echo', args), plain('again', 'echo', args), plain('equal', 'echo', { message: 'a' }), plain('write', 'write', { message: 'w' }), plain('after-write', 'echo', args)] : []),
    });
    expect(obs.probes.map((p) => p.probe.id)).toEqual(['first', 'again', 'equal', 'write', 'after-write']);
    expect(obs.probes.every((p) => p.request.outcome === 'success')).toBe(true);
    const request = (id: string) => obs.probes.find((p) => p.probe.id === id)!.request;
    expect(request('again')).toBe(request('first'));
    expect(new Set(['first', 'equal', 'write', 'after-write'].map((id) => request(id).id)).size).toBe(4);
    // ids are taken as requests are written: four requests for the five probes, nothing written between them
    const ids = ['first', 'equal', 'write', 'after-write'].map((id) => Number(request(id).id));
    expect(Math.max(...ids) - Math.min(...ids)).toBe(3);
  });
});

describe('observeSurface whileClosing', () => {
  it('is called once, after the calls and probes, while the main session closes: the shutdown not yet in the observation', async () => {
    const seen: { listed: boolean; probed: number; shutdown: boolean }[] = [];
    const obs = await observeSurface({
      surface: 'fixture',
      spec: fixture(),
      session: options(),
      base: { options: DEFAULT_OPTIONS },
      planCalls: () => ({ scenarios: [], skipped: [] }),
      planProbes: () => [probe('p', 'echo', { message: 'a' })],
      whileClosing: (o) => void seen.push({ listed: o.listing !== undefined, probed: o.probes.length, shutdown: o.shutdown !== undefined }),
    });
    expect(seen).toEqual([{ listed: true, probed: 1, shutdown: false }]);
    expect(obs.shutdown?.endedBy).toBe('stdin-close');
  });

  it('runs once the server has the end of its stdin, so that the server exits while it runs', async () => {
    // whileClosing is synchronous (Check.prepare): called in the task that ends stdin, the server could not see the
    // end before it returned (libuv shuts the pipe down in the next poll phase), and the overlap it exists for was none
    const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-eof-'));
    const eofFile = join(dir, 'eof');
    let sawEof: boolean | undefined;
    try {
      await observeSurface({
        surface: 'fixture',
        spec: fixture([`--fault=eof-file=${eofFile}`]),
        session: options(),
        base: { options: DEFAULT_OPTIONS },
        planCalls: () => ({ scenarios: [], skipped: [] }),
        planProbes: () => [],
        whileClosing: () => {
          // blocks the harness as a long prepare would: the server's EOF must already be on its way (bounded wait)
          const until = Date.now() + 10_000;
          while (!existsSync(eofFile) && Date.now() < until) Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 5);
          sawEof = existsSync(eofFile);
        },
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect(sawEof).toBe(true);
  });

  it('never turns a long prepare into a server that needed SIGTERM (the stdin grace runs while the server has its EOF)', async () => {
    // before the fix the server got EOF only after whileClosing returned, after the grace: a false transport/shutdown warning
    const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-eof-'));
    const eofFile = join(dir, 'eof');
    try {
      const obs = await observeSurface({
        surface: 'fixture',
        spec: fixture([`--fault=eof-file=${eofFile}`]),
        session: options({}, { stdinGraceMs: 50 }),
        base: { options: DEFAULT_OPTIONS },
        planCalls: () => ({ scenarios: [], skipped: [] }),
        planProbes: () => [],
        whileClosing: () => {
          const pause = (ms: number) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
          const until = Date.now() + 2_000;
          while (!existsSync(eofFile) && Date.now() < until) pause(5);
          pause(1_000); // a prepare far longer than the grace; the server exits meanwhile
        },
      });
      expect(obs.shutdown?.endedBy).toBe('stdin-close');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
