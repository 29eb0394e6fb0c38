/**
 * contract/version-lock names both versions when serverInfo.version differs from the declared one (a sweep of
 * published servers: "serverInfo.version differs from the version the surface declares" left the reader to look
 * both up), through the real CLI on a fixture server: one surface declaring a literal, one declaring two sources
 * (a literal that agrees and a manifest that differs), and the conformant twin whose version agrees (no finding).
 * Version strings are metadata the report shows anyway (the surface's serverInfo), not argument or result values.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'mcp-harness-version-lock-'));
let run: CliRun;

beforeAll(async () => {
  const surface = (name: string, declaredVersion: unknown, extra: object = {}) => ({ name, command: process.execPath, args: [join(SERVERS, 'fixture-server.mjs'), '--server-version=1.1.0'], declaredVersion, ...extra });
  writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: 'x', version: '1.3.0' }));
  const config = join(dir, 'mcp-harness.config.json');
  writeFileSync(config, JSON.stringify({ surfaces: [surface('literal', '1.2.0'), surface('sources', ['1.1.0', { fromManifest: true }], { manifest: 'package.json' }), surface('agrees', '1.1.0')] }));
  run = await runCli(['run', '--config', config, '--check', 'contract/version-lock']);
});
afterAll(() => {
  cleanup(run);
  rmSync(dir, { recursive: true, force: true });
});

describe('contract/version-lock names serverInfo.version and the declared version', () => {
  const of = (surface: string) => reportOf(run).findings.filter((f) => f.check === 'contract/version-lock' && f.surface === surface);

  it('a declared literal that differs: both versions in the message', () => {
    expect(of('literal').map((f) => [f.messageId, f.pointer, f.message])).toEqual([
      ['declaredMismatch', '/serverInfo/version', 'serverInfo.version "1.1.0" differs from "1.2.0", the version the surface declares (declaredVersion: a literal, its manifest or a module constant).'],
    ]);
  });

  it('several sources: the one that differs is named with both versions, the one that agrees is not', () => {
    const found = of('sources');
    expect(found.map((f) => f.messageId)).toEqual(['sourceMismatch']);
    expect(found[0].message).toMatch(/^.+ declares version "1\.3\.0", which differs from serverInfo\.version "1\.1\.0"\.$/);
  });

  it('the twin whose serverInfo.version agrees draws no finding', () => {
    expect(of('agrees')).toEqual([]);
    expect(run.exitCode).toBe(1);
  });
});
