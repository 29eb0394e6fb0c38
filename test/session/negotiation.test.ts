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
    expect(session.negotiation.probe).toMatchObject({ outcome: 'exit', restarted: true });
    expect(session.exits()).toHaveLength(1);
    expect(session.exits()[0]).toMatchObject({ code: 1, unexpected: true });
    expect((await session.callTool('echo', { message: 'x' })).outcome).toBe('success');
  });

  it('falls back to legacy after probeMs when discover is never answered', async () => {
    const session = await start(fixture(['--fault=silent-on-discover']), options({}, { probeMs: 300 }));
    expect(session.negotiation.era).toBe('legacy');
    expect(session.negotiation.probe).toMatchObject({ outcome: 'timeout', restarted: false });
    expect(session.exits()).toHaveLength(0);
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
    expect((error as SessionBootError).exits).toHaveLength(1);
  });

  it('fails boot (negotiate) when initialize is never answered', async () => {
    const error = await openSession(fixture(['--fault=slow-start=5000']), options({}, { probeMs: 200, startMs: 300 })).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SessionBootError);
    expect((error as SessionBootError).phase).toBe('negotiate');
    expect((error as SessionBootError).message).toMatch(/initialize/);
  });
});

describe('era negotiation with a slow server', () => {
  it('takes a late DiscoverResult that arrives during the legacy handshake (modern, not legacy)', async () => {
    const session = await start(fixture(['--era=modern', '--fault=slow-start=500']), options({}, { probeMs: 150 }));
    expect(session.negotiation.era).toBe('modern');
    expect(session.negotiation.probe.outcome).toBe('discover-result');
    expect((await session.request('tools/list')).outcome).toBe('success');
  });

  it('completes the legacy handshake with a slow legacy server', async () => {
    const session = await start(fixture(['--fault=slow-start=300']), options({}, { probeMs: 100 }));
    expect(session.negotiation.era).toBe('legacy');
    expect(session.negotiation.probe.outcome).toBe('timeout');
  });
});
