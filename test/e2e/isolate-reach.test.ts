/**
 * `--isolate` with a server command line that names a path the user nobody cannot reach, through the real CLI (sweep 22):
 * mcp-obsidian 1.0.0 given a vault in a runner's `mktemp -d` folder (mode 0700, root's) exited 1 at boot, and a server
 * script in such a folder could not be loaded; both were reported as `transport/exit` bootExited, an error of the
 * server's that was the harness's. Now the surface fails to start with a harness error naming the path and the
 * directory that blocks (exit 2); the twin, every path reachable, boots and is judged as before. Only as root
 * (isolation needs it); the fixture runs from copies in directories made here.
 */
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const ROOT_USER = process.getuid?.() === 0;

/** Copy dir-at-boot.mjs (and the base it imports) into `dir`, made searchable and readable by every user. */
function placeServer(dir: string): string {
  mkdirSync(join(dir, 'faults'), { recursive: true });
  copyFileSync(join(SERVERS, 'dir-at-boot.mjs'), join(dir, 'dir-at-boot.mjs'));
  copyFileSync(join(SERVERS, 'faults', '_base.mjs'), join(dir, 'faults', '_base.mjs'));
  for (const d of [dir, join(dir, 'faults')]) chmodSync(d, 0o755);
  return join(dir, 'dir-at-boot.mjs');
}

describe.skipIf(!ROOT_USER)('--isolate when the server command names a path the user nobody cannot reach', () => {
  let open: string;
  let closed: string;
  let runs: CliRun[] = [];
  let scriptClosed: CliRun;
  let argClosed: CliRun;
  let reachable: CliRun;

  beforeAll(async () => {
    open = mkdtempSync(join(tmpdir(), 'mh-iso-reach-open-'));
    chmodSync(open, 0o755);
    // a runner's `mktemp -d`: mode 0700, owned by root
    closed = mkdtempSync(join(tmpdir(), 'mh-iso-reach-closed-'));
    const openScript = placeServer(join(open, 'server'));
    const closedScript = placeServer(join(closed, 'server'));
    mkdirSync(join(open, 'vault'), { mode: 0o755 });
    chmodSync(join(open, 'vault'), 0o755);
    mkdirSync(join(closed, 'vault'));
    const run = (script: string, vault: string) => runCli(['run', '--isolate', '--sandbox', '--', process.execPath, script, vault]);
    runs = await Promise.all([run(closedScript, join(open, 'vault')), run(openScript, join(closed, 'vault')), run(openScript, join(open, 'vault'))]);
    [scriptClosed, argClosed, reachable] = runs;
  }, 130_000);

  afterAll(() => {
    runs.forEach(cleanup);
    for (const dir of [open, closed]) rmSync(dir, { recursive: true, force: true });
  });

  it('refuses a server script below a directory nobody cannot search: a harness error naming both (exit 2), no server finding', () => {
    expect(scriptClosed.exitCode, scriptClosed.stderr).toBe(2);
    const [crashed] = findingsOf(reportOf(scriptClosed), 'ad-hoc', 'harness/surface-crashed');
    expect(crashed?.message).toContain(`(uid 65534, gid 65534) cannot search ${closed} (mode 0700, owner uid 0, gid 0)`);
    expect(crashed?.message).toContain(`cannot reach ${join(closed, 'server', 'dir-at-boot.mjs')}`);
    expect(findingsOf(reportOf(scriptClosed), 'ad-hoc', 'transport/exit')).toEqual([]);
  });

  it('refuses a directory argument below a directory nobody cannot search (the mcp-obsidian vault), exit 2', () => {
    expect(argClosed.exitCode, argClosed.stderr).toBe(2);
    const [crashed] = findingsOf(reportOf(argClosed), 'ad-hoc', 'harness/surface-crashed');
    expect(crashed?.message).toContain(`cannot search ${closed} (mode 0700`);
    expect(crashed?.message).toContain(`cannot reach ${join(closed, 'vault')}`);
    expect(findingsOf(reportOf(argClosed), 'ad-hoc', 'transport/exit')).toEqual([]);
  });

  it('boots and judges the server when every path it is given is reachable (the twin)', () => {
    expect(reachable.exitCode, reachable.stderr).toBeLessThanOrEqual(1);
    expect(findingsOf(reportOf(reachable), 'ad-hoc', 'harness/surface-crashed')).toEqual([]);
    expect(findingsOf(reportOf(reachable), 'ad-hoc', 'transport/exit')).toEqual([]);
    expect(reportOf(reachable).surfaces[0]?.status).toBe('ok');
  });
});
