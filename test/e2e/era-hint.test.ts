/**
 * Era hints through the CLI (issue 12; harness/run/era-hint.ts, harness/run/early-session.ts): a run with a
 * legacy hint starts the legacy spare beside the main server; the finding ids are those of the serial path
 * (hints off) in every run, also for a server holding an exclusive resource (two processes of it at once:
 * whichever loses the port exits), for a one-instance server whose pidfile is written late (two processes started
 * together both run; a spare started after its answer exits: the launch becomes serial), and for a modern server
 * met with a stale legacy hint.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { HINT_FILE } from '../../harness/run/era-hint.ts';
import { cleanup, reportOf, runCli, SERVERS } from './helpers/cli.ts';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));
function cacheDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'era-hint-e2e-'));
  dirs.push(dir);
  return dir;
}

/** A loopback port free right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** The sorted finding ids of one ad-hoc run of `command` (its tool echo only) with MCP_HARNESS_CACHE_DIR=`cache`. */
async function ids(cache: string, command: string[], flags: string[] = []): Promise<string[]> {
  const run = await runCli(['run', '--reporter', 'json', '--tool', 'echo', ...flags, '--', process.execPath, ...command], { env: { MCP_HARNESS_CACHE_DIR: cache } });
  try {
    expect(run.exitCode, run.stderr).toBeLessThan(2);
    return reportOf(run).findings.map((f) => `${f.id} ${f.check}`).sort();
  } finally {
    cleanup(run);
  }
}

const hintsIn = (dir: string) => Object.values((JSON.parse(readFileSync(join(dir, HINT_FILE), 'utf8')) as { hints: Record<string, { era: string; serial?: boolean; server?: string }> }).hints);
/** A server fingerprint in a hint (harness/run/era-hint.ts serverFingerprint). */
const FINGERPRINT = expect.stringMatching(/^[0-9a-f]{32}$/);

describe('era hints through the CLI', () => {
  it('a server holding a fixed port: the same finding ids without a hint, with one (spare beside the main server) and with hints off', async () => {
    const server = [join(SERVERS, 'exclusive-port.mjs'), `--port=${await freePort()}`];
    const serial = await ids('off', server);
    expect(serial.some((id) => id.endsWith(' protocol/era'))).toBe(true); // a legacy server (info)
    const cache = cacheDir();
    expect(await ids(cache, server)).toEqual(serial); // no hint yet: the serial path, which writes the hint
    expect(hintsIn(cache).map((h) => h.era)).toEqual(['legacy']);
    for (let i = 0; i < 2; i++) expect(await ids(cache, server)).toEqual(serial); // spare beside the main server, or the fallback
    expect(hintsIn(cache).map((h) => h.era)).toEqual(['legacy']);
  });

  it('a one-instance server writing its pidfile late: the serial run marks the launch serial; the same finding ids in every run, as with hints off', async () => {
    const server = [join(SERVERS, 'pidlock.mjs'), `--lock=${join(cacheDir(), 'server.pid')}`];
    const serial = await ids('off', server);
    expect(serial.some((id) => id.endsWith(' protocol/era'))).toBe(true); // a legacy server: its spare finds the lock
    const cache = cacheDir();
    expect(await ids(cache, server)).toEqual(serial); // no hint yet: the serial path; the spare's opening went unanswered
    expect(hintsIn(cache)).toEqual([{ era: 'legacy', serial: true, server: FINGERPRINT, at: expect.any(Number) }]);
    for (let i = 0; i < 2; i++) expect(await ids(cache, server)).toEqual(serial); // never ahead (both would run: no finding)
    expect(hintsIn(cache)).toEqual([{ era: 'legacy', serial: true, server: FINGERPRINT, at: expect.any(Number) }]);
  });

  it('a modern server met with a stale legacy hint: the spare is stopped, the findings are the serial ones, the hint becomes modern', async () => {
    const server = [join(SERVERS, 'fixture-server.mjs')];
    const cache = cacheDir();
    await ids(cache, server); // the launch, legacy (the era comes from the environment, which is not part of the key)
    expect(hintsIn(cache)).toEqual([{ era: 'legacy', server: FINGERPRINT, at: expect.any(Number) }]);
    const modern = ['--env', 'FIXTURE_FAULTS=modern'];
    const serial = await ids('off', server, modern);
    expect(await ids(cache, server, modern)).toEqual(serial);
    expect(hintsIn(cache)).toEqual([{ era: 'modern', server: FINGERPRINT, at: expect.any(Number) }]);
  });
});
