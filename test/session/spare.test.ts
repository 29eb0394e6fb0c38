/**
 * Spare processes for fresh-process probes (issue 12): `spawnFresh` starts the process ahead, `probeFresh`
 * writes the probe's opening line into it. The probe must see what it sees without a spare: a process of its
 * own whose first stdin line is the probe. The spare and the probe's own spec differ here only so the answer
 * says which process served it (serverInfo.version).
 */
import { describe, expect, it } from 'vitest';
import { FreshStops, openSession, probeFresh, spawnFresh } from '../../harness/session/index.ts';
import { fixture, options } from './helpers.ts';

const init = JSON.stringify({ jsonrpc: '2.0', id: 'init-1', method: 'initialize', params: { protocolVersion: '2025-11-25', capabilities: {}, clientInfo: { name: 't', version: '1' } } });
const versionOf = (result: Awaited<ReturnType<typeof probeFresh>>) => (result.responses[0]?.result as { serverInfo?: { version?: string } } | undefined)?.serverInfo?.version;

describe('probeFresh with a spare process', () => {
  it('writes the opening line into the spare: its first and only stdin line, answered there, the process stopped after', async () => {
    const spare = await spawnFresh(fixture(['--server-version=spare']), options());
    expect(spare.alive).toBe(true);
    const result = await probeFresh(fixture(['--server-version=own']), options(), [init], ['init-1'], {}, undefined, spare);
    expect(versionOf(result)).toBe('spare');
    expect(result.tap.stdinLines).toBe(1);
    expect(result.aliveAfter).toBe(true);
    expect(spare.alive).toBe(false);
  });

  it('a spare that ended before its probe is not used: the probe spawns a process of its own', async () => {
    const spare = await spawnFresh({ command: process.execPath, args: ['-e', ''], cwd: process.cwd(), env: {} }, options());
    for (let i = 0; i < 200 && spare.alive; i++) await new Promise((r) => setTimeout(r, 10));
    expect(spare.alive).toBe(false);
    const result = await probeFresh(fixture(['--server-version=own']), options(), [init], ['init-1'], {}, undefined, spare);
    expect(versionOf(result)).toBe('own');
    expect(result.tap.stdinLines).toBe(1);
  });

  it('serves one probe only; stop() of an unused spare ends it (idempotent)', async () => {
    const spare = await spawnFresh(fixture(), options());
    await probeFresh(fixture(), options(), [init], ['init-1'], {}, undefined, spare);
    await expect(probeFresh(fixture(), options(), [init], ['init-1'], {}, undefined, spare)).rejects.toThrow(TypeError);
    const unused = await spawnFresh(fixture(['--fault=ignore-stdin-close']), options({}, { stdinGraceMs: 200, termGraceMs: 200 }));
    await unused.stop();
    await unused.stop();
    expect(unused.alive).toBe(false);
  });

  it('with context.stops: the result comes at the answer, the shutdown goes to stops, settled() ends after it', async () => {
    // the process ignores stdin close: its shutdown needs the 200 ms stdin grace and SIGTERM, so it cannot be over yet
    const slow = options({}, { stdinGraceMs: 200, termGraceMs: 200 });
    const spare = await spawnFresh(fixture(['--fault=ignore-stdin-close']), slow);
    const stops = new FreshStops();
    const result = await probeFresh(fixture(), slow, [init], ['init-1'], { stops }, undefined, spare);
    expect(result.responses).toHaveLength(1);
    expect(result.aliveAfter).toBe(true);
    expect(spare.alive).toBe(true); // still stopping
    await stops.settled();
    expect(spare.alive).toBe(false);
    await stops.settled(); // nothing left: resolves at once
  });

  it('has no process to start for a Streamable HTTP surface', async () => {
    await expect(spawnFresh({ transport: 'streamable-http', url: 'http://127.0.0.1:1/mcp', headers: {} }, options())).rejects.toThrow(TypeError);
  });
});

describe('openSession tells the era before the handshake ends (OpenEvents.onEra: when spares start)', () => {
  const eraSeen = async (args: string[], era?: 'legacy' | 'modern') => {
    const told: string[] = [];
    let opened = false;
    const session = await openSession(fixture(args), options(era ? { era } : {}), {}, { onEra: (e) => told.push(`${e}:${opened ? 'open' : 'opening'}`) });
    opened = true;
    await session.close();
    return { told, negotiated: session.negotiation.era };
  };

  it('legacy: once, while still opening, as negotiated', async () => {
    expect(await eraSeen([])).toEqual({ told: ['legacy:opening'], negotiated: 'legacy' });
  });

  it('modern: once, as negotiated', async () => {
    expect(await eraSeen(['--era=modern'])).toEqual({ told: ['modern:opening'], negotiated: 'modern' });
  });

  it('configured era legacy: told with no probe sent', async () => {
    expect(await eraSeen([], 'legacy')).toEqual({ told: ['legacy:opening'], negotiated: 'legacy' });
  });
});
