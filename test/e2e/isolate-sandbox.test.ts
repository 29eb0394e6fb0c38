/**
 * `--isolate --sandbox` when the harness's TMPDIR is private, through the real CLI (sweep 15): a runner's TMPDIR made by
 * `mktemp -d` (mode 0700, root) held the sandbox, so the user nobody could not search down to its HOME and a server
 * writing there at boot exited 1, reported as `transport/exit` bootExited, an error of the server's that was the
 * harness's. Now the sandbox goes where nobody can reach (/tmp), and when no such directory is left the surface fails
 * to start with a harness error naming the directory (exit 2). Only as root (isolation needs it); the fixture runs from
 * a copy every user can read.
 */
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, ROOT, runProcess } from '../helpers/cli.ts';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const ROOT_USER = process.getuid?.() === 0;
const NOBODY = 65534;
const UNSHARE = ['/usr/bin/unshare', '/bin/unshare'].find((p) => existsSync(p));

describe.skipIf(!ROOT_USER)('--isolate --sandbox with a TMPDIR the user nobody cannot search', () => {
  let box: string;
  let records: string;
  let privateTmp: string;
  let openTmp: string;
  let nobodyTmp: string;
  let blocked: CliRun;
  let open: CliRun;
  let owned: CliRun;
  const run = (tmp: string, record: string) =>
    runCli(['run', '--isolate', '--sandbox', '--', process.execPath, join(box, 'home-at-boot.mjs'), join(records, record)], { env: { TMPDIR: tmp } });
  const recordedHome = (record: string) => readFileSync(join(records, record), 'utf8');

  beforeAll(async () => {
    box = mkdtempSync(join(tmpdir(), 'mh-iso-sandbox-box-'));
    mkdirSync(join(box, 'faults'));
    copyFileSync(join(SERVERS, 'home-at-boot.mjs'), join(box, 'home-at-boot.mjs'));
    copyFileSync(join(SERVERS, 'faults', '_base.mjs'), join(box, 'faults', '_base.mjs'));
    for (const dir of [box, join(box, 'faults')]) chmodSync(dir, 0o755);
    records = join(box, 'records');
    mkdirSync(records, { mode: 0o755 });
    chownSync(records, NOBODY, NOBODY);
    // a runner's `mktemp -d`: mode 0700, owned by root
    privateTmp = mkdtempSync(join('/tmp', 'mh-iso-private-'));
    openTmp = mkdtempSync(join('/tmp', 'mh-iso-open-'));
    chmodSync(openTmp, 0o755);
    // a TMPDIR nobody owns (review 16, D5): nobody could rename a sandbox made there and put a symlink in its place
    nobodyTmp = mkdtempSync(join('/tmp', 'mh-iso-nobody-'));
    chmodSync(nobodyTmp, 0o755);
    chownSync(nobodyTmp, NOBODY, NOBODY);
    [blocked, open, owned] = await Promise.all([run(privateTmp, 'blocked.txt'), run(openTmp, 'open.txt'), run(nobodyTmp, 'owned.txt')]);
  }, 130_000);

  afterAll(() => {
    [blocked, open, owned].forEach(cleanup);
    for (const dir of [box, privateTmp, openTmp, nobodyTmp]) rmSync(dir, { recursive: true, force: true });
  });

  it('boots the server with its sandbox outside the private TMPDIR, in a directory nobody can search', () => {
    expect(blocked.exitCode, blocked.stderr).toBeLessThanOrEqual(1);
    expect(findingsOf(reportOf(blocked), 'ad-hoc', 'transport/exit')).toEqual([]);
    expect(findingsOf(reportOf(blocked), 'ad-hoc', 'harness/surface-crashed')).toEqual([]);
    const home = recordedHome('blocked.txt');
    expect(home).toMatch(/\/mcp-harness-sandbox-ad-hoc-[^/]+\/home$/);
    expect(home.startsWith(`${privateTmp}/`)).toBe(false);
    expect(dirname(dirname(home))).toBe('/tmp');
  });

  it('removes that sandbox afterwards, and leaves nothing in the private TMPDIR', () => {
    expect(existsSync(dirname(recordedHome('blocked.txt')))).toBe(false);
    expect(readdirSync(privateTmp).filter((name) => name.startsWith('mcp-harness-sandbox-'))).toEqual([]);
  });

  it('keeps the sandbox in a TMPDIR every user may search, as before, and removes it', () => {
    expect(open.exitCode, open.stderr).toBeLessThanOrEqual(1);
    expect(findingsOf(reportOf(open), 'ad-hoc', 'transport/exit')).toEqual([]);
    const home = recordedHome('open.txt');
    expect(dirname(dirname(home))).toBe(openTmp);
    expect(existsSync(dirname(home))).toBe(false);
  });

  it('passes over a TMPDIR the user nobody owns for /tmp, and leaves nothing in it', () => {
    expect(owned.exitCode, owned.stderr).toBeLessThanOrEqual(1);
    expect(findingsOf(reportOf(owned), 'ad-hoc', 'transport/exit')).toEqual([]);
    const home = recordedHome('owned.txt');
    expect(dirname(dirname(home))).toBe('/tmp');
    expect(readdirSync(nobodyTmp).filter((name) => name.startsWith('mcp-harness-'))).toEqual([]);
  });

  // no directory left that nobody can search: TMPDIR, /tmp and /var/tmp all private, in a mount namespace of the
  // harness's own (a private directory bound over /tmp and /var/tmp; the real ones are untouched)
  describe.skipIf(UNSHARE === undefined)('when no temp directory is left that nobody can search', () => {
    let hidden: string;
    let none: { exitCode: number; stdout: string; stderr: string };

    beforeAll(async () => {
      hidden = mkdtempSync(join('/tmp', 'mh-iso-none-'));
      mkdirSync(join(hidden, 'inner'), { mode: 0o700 });
      // a checkout under /tmp or /var/tmp (a CI clone) stays reachable inside: bound into `hidden` at its own path first
      // (`--rbind` then carries it along when `hidden` covers /tmp and /var/tmp)
      const base = ['/tmp', '/var/tmp'].find((b) => ROOT.startsWith(`${b}/`));
      const stage = base === undefined ? undefined : join(hidden, ROOT.slice(base.length));
      if (stage !== undefined) mkdirSync(stage, { recursive: true });
      const keep = stage === undefined ? '' : `mount --bind '${ROOT}' '${stage}' && `;
      const script = `${keep}mount --rbind "$0" /var/tmp && mount --rbind "$0" /tmp && exec "$@"`;
      // inside, /tmp is `hidden`: TMPDIR /tmp/inner and the report directory /tmp/reports are under it
      none = await runProcess(
        UNSHARE as string,
        ['--mount', 'sh', '-c', script, hidden, process.execPath, BIN, 'run', '--isolate', '--sandbox', '--report-dir', '/tmp/reports', '--', process.execPath, join(SERVERS, 'home-at-boot.mjs')],
        { env: { MCP_HARNESS_DEBUG: '', TMPDIR: '/tmp/inner' }, timeoutMs: 120_000 },
      );
    }, 130_000);

    afterAll(() => {
      rmSync(hidden, { recursive: true, force: true });
    });

    it('fails the surface with a harness error naming the directory, the uid and what to do (exit 2), never a server finding', () => {
      expect(none.exitCode, none.stderr).toBe(2);
      const report = JSON.parse(readFileSync(join(hidden, 'reports', 'report.json'), 'utf8')) as Parameters<typeof findingsOf>[0];
      const [crashed] = findingsOf(report, 'ad-hoc', 'harness/surface-crashed');
      expect(crashed?.message).toContain('(uid 65534, gid 65534) cannot search /tmp (mode 0700, owner uid 0, gid 0)');
      expect(crashed?.message).toContain('Set TMPDIR to a directory every user may search');
      expect(findingsOf(report, 'ad-hoc', 'transport/exit')).toEqual([]);
      expect(readdirSync(join(hidden, 'inner')).filter((name) => name.startsWith('mcp-harness-'))).toEqual([]);
    });
  });
});
