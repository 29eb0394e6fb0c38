import { describe, expect, it } from 'vitest';
import { openSession, SessionBootError } from '../../harness/session/index.ts';
import { fixture, options, sessionStarter } from './helpers.ts';

const start = sessionStarter();

const ENVELOPE_VERSION = 'io.modelcontextprotocol/protocolVersion';

describe('era negotiation', () => {
  it('falls back to legacy on -32601 and sends initialize then notifications/initialized', async () => {
    const session = await start(fixture(['--era=legacy']), options());
    const n = session.negotiation;
    expect(n.era).toBe('legacy');
    expect(n.protocolVersion).toBe('2025-11-25');
    expect(n.offeredVersion).toBe('2025-11-25');
    expect(n.probe).toMatchObject({ outcome: 'other-error', errorCode: -32601, restarted: false });
    expect(n.serverInfo).toEqual({ name: 'fixture-server', version: '1.0.0' });
    expect(n.initialize).toBeTypeOf('object');
    const frames = session.tap().frames ?? [];
    expect(frames).toHaveLength(2); // discover error + initialize result
    expect(session.tap().stdinLines).toBe(3); // discover, initialize, initialized
    const record = await session.request('tools/list');
    expect(record.params).toBeUndefined(); // legacy: no envelope
  });

  it('negotiates modern on a DiscoverResult and envelopes every request', async () => {
    const session = await start(fixture(['--era=modern']), options());
    const n = session.negotiation;
    expect(n).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28', offeredVersion: '2026-07-28' });
    expect(n.probe).toMatchObject({ outcome: 'discover-result', restarted: false });
    expect(n.discover).toMatchObject({ supportedVersions: ['2026-07-28'] });
    expect(n.serverInfo?.name).toBe('fixture-server');
    const record = await session.callTool('echo', { message: 'hi' });
    expect(record.outcome).toBe('success');
    expect((record.params as { _meta: Record<string, unknown> })._meta).toMatchObject({
      [ENVELOPE_VERSION]: '2026-07-28',
      'io.modelcontextprotocol/clientCapabilities': {},
      'io.modelcontextprotocol/clientInfo': { name: 'session-tests', version: '0.0.0' },
    });
  });

  it('sends params as given with envelope:false and overrides only the version with protocolVersion', async () => {
    const session = await start(fixture(['--era=modern']), options());
    const bare = await session.request('tools/list', {}, { envelope: false });
    expect(bare.outcome).toBe('protocol-error');
    expect(bare.response?.error?.code).toBe(-32602);
    const wrong = await session.request('tools/list', undefined, { protocolVersion: '1900-01-01' });
    expect(wrong.response?.error?.code).toBe(-32022);
    expect((wrong.params as { _meta: Record<string, unknown> })._meta['io.modelcontextprotocol/clientCapabilities']).toEqual({});
  });

  it('restarts the process for the legacy handshake when the probe killed it (die-on-discover)', async () => {
    const session = await start(fixture(['--fault=die-on-discover']), options());
    expect(session.negotiation.era).toBe('legacy');
    // the probe ended the first process, and the same probe the restarted one: an exit on the probe, not on start
    expect(session.negotiation.probe).toMatchObject({ outcome: 'exit', restarted: true, firstProbe: { outcome: 'exit' } });
    // the crashes on discover (a load-tripped first probe may add an expected exit before them)
    expect(session.exits().filter((e) => e.unexpected)).toEqual([expect.objectContaining({ code: 1, unexpected: true, processNo: 1 }), expect.objectContaining({ code: 1, unexpected: true, processNo: 2 })]);
    expect((await session.callTool('echo', { message: 'x' })).outcome).toBe('success');
  });

  it('re-probes a fresh process with startMs when discover is not answered within probeMs, then goes legacy', async () => {
    const session = await start(fixture(['--fault=silent-on-discover']), options({}, { probeMs: 200, startMs: 600 }));
    const n = session.negotiation;
    expect(n.era).toBe('legacy');
    expect(n.probe).toMatchObject({ outcome: 'timeout', timeoutMs: 600, restarted: true, firstProbe: { outcome: 'timeout', timeoutMs: 200 } });
    expect(n.probe.lateAnswerMs).toBeUndefined();
    // the first process was killed by the harness: an expected exit, not a crash
    expect(session.exits()).toEqual([expect.objectContaining({ unexpected: false })]);
    expect((await session.callTool('echo', { message: 'x' })).outcome).toBe('success');
  });

  it("skips the probe with era: 'legacy'", async () => {
    const session = await start(fixture(['--era=dual']), options({ era: 'legacy' }));
    expect(session.negotiation.era).toBe('legacy');
    expect(session.negotiation.probe.durationMs).toBe(0);
    expect(session.tap().stdinLines).toBe(2); // initialize + initialized, no discover
  });

  it("fails boot with era: 'modern' against a legacy-only server, leaving no process", async () => {
    const error = await openSession(fixture(['--era=legacy']), options({ era: 'modern' })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionBootError);
    expect((error as SessionBootError).phase).toBe('negotiate');
    expect((error as SessionBootError).message).toMatch(/modern era/);
    expect((error as SessionBootError).failure).toMatchObject({ phase: 'negotiate', reason: 'era-refused' });
    expect((error as SessionBootError).exits).toHaveLength(1);
  });

  it('fails boot (negotiate) when initialize is never answered', async () => {
    const error = await openSession(fixture(['--fault=slow-start=5000']), options({}, { probeMs: 200, startMs: 300 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionBootError);
    expect((error as SessionBootError).phase).toBe('negotiate');
    expect((error as SessionBootError).message).toMatch(/initialize/);
    expect((error as SessionBootError).failure).toMatchObject({ phase: 'negotiate', reason: 'initialize-timeout', timeoutMs: 300 });
  });
});

describe('era negotiation with a slow server (issue 9: the era never depends on how busy the machine is)', () => {
  // the dual-era fixture serves a request carrying the modern envelope as modern until `initialize`,
  // which switches it to legacy for good (like SDK 2.x serveStdio); slow-start reads nothing for MS ms,
  // then answers the queued lines in order
  for (const delay of [0, 150, 500, 1200]) {
    it(`negotiates modern with a slow dual-era server whatever the delay (${delay} ms, probeMs 300)`, async () => {
      const session = await start(fixture(['--era=dual', `--fault=slow-start=${delay}`]), options({}, { probeMs: 300, startMs: 8000 }));
      const n = session.negotiation;
      expect(n.era).toBe('modern');
      expect(n.probe.outcome).toBe('discover-result');
      // no initialize ever reached the process that serves the session
      const list = await session.request('tools/list');
      expect(list.outcome).toBe('success');
      expect(list.response?.result).toMatchObject({ ttlMs: 0, cacheScope: 'private' });
      if (n.probe.firstProbe) expect(n.probe).toMatchObject({ restarted: true, timeoutMs: 8000, firstProbe: { outcome: 'timeout', timeoutMs: 300 } });
    });
  }

  it('stays legacy once initialize was sent: a late DiscoverResult is recorded with its time, never obeyed', async () => {
    // both probes time out (probeMs 200, startMs 2000 < the 3000 ms slow start), so initialize is sent on the
    // second process; the server then answers the queued discover (modern) and initialize (switching to legacy)
    const session = await start(fixture(['--era=dual', '--fault=slow-start=3000']), options({}, { probeMs: 200, startMs: 2000 }));
    const n = session.negotiation;
    expect(n.era).toBe('legacy');
    expect(n.probe).toMatchObject({ outcome: 'timeout', restarted: true, firstProbe: { outcome: 'timeout' } });
    expect(n.probe.lateAnswerMs).toBeGreaterThanOrEqual(2000);
    const list = await session.request('tools/list');
    expect(list.params).toBeUndefined(); // legacy: no envelope
    expect(list.outcome).toBe('success');
    expect(list.response?.result).not.toHaveProperty('ttlMs');
  });

  it('completes the legacy handshake with a slow legacy server (the re-probe draws its -32601)', async () => {
    const session = await start(fixture(['--fault=slow-start=300']), options({}, { probeMs: 100 }));
    expect(session.negotiation.era).toBe('legacy');
    expect(session.negotiation.probe).toMatchObject({ outcome: 'other-error', errorCode: -32601, restarted: true, firstProbe: { outcome: 'timeout' } });
  });

  it('goes modern when initialize draws -32022 naming only 2026-07-28 (a modern server without server/discover)', async () => {
    const session = await start(fixture(['--era=modern', '--fault=discover-missing']), options());
    const n = session.negotiation;
    expect(n).toMatchObject({ era: 'modern', protocolVersion: '2026-07-28' });
    expect(n.discover).toBeUndefined();
    expect(n.probe).toMatchObject({ outcome: 'other-error', errorCode: -32601, restarted: false });
    expect((await session.request('tools/list')).outcome).toBe('success');
  });
});
