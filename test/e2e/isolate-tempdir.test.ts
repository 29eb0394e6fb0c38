/**
 * `--isolate` with a surface's `setup.tempDir`, through the real CLI (review 16, item 1): the temp dir was made by
 * mkdtemp in os.tmpdir() (mode 0700, owned by root) and never handed to the user nobody, so a server using
 * `${tempDir}` at boot exited 1 (EACCES), reported as `transport/exit` bootExited, an error of the harness's making.
 * Now it is made where nobody can search (as the sandbox: TMPDIR, else /tmp or /var/tmp) and handed to nobody once
 * the copies are in. The twin: the same surface without isolation keeps a temp dir of the harness's own, as before.
 * Only as root (isolation needs it); the fixture runs from a copy every user can read.
 */
import { chmodSync, chownSync, copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, findingsOf, reportOf, runCli, SERVERS, type CliRun } from './helpers/cli.ts';

const ROOT_USER = process.getuid?.() === 0;
const NOBODY = 65534;

describe.skipIf(!ROOT_USER)('--isolate with setup.tempDir', () => {
  let box: string;
  let records: string;
  let privateTmp: string;
  let isolated: CliRun;
  let plain: CliRun;
  /** A config of one surface using `${tempDir}` at boot, with a copy step into it. */
  const config = (name: string, isolate: boolean, record: string) => {
    const file = join(box, `${name}.config.json`);
    const surface = { name, command: process.execPath, args: [join(box, 'tempdir-at-boot.mjs'), '${tempDir}', join(records, record)], setup: { tempDir: true, copy: [{ from: join(box, 'data.json'), to: 'data.json' }] }, isolate };
    writeFileSync(file, JSON.stringify({ surfaces: [surface] }));
    return file;
  };
  const recorded = (record: string) => JSON.parse(readFileSync(join(records, record), 'utf8')) as { dir: string; uid: number };

  beforeAll(async () => {
    box = mkdtempSync(join(tmpdir(), 'mh-iso-tempdir-box-'));
    mkdirSync(join(box, 'faults'));
    copyFileSync(join(SERVERS, 'tempdir-at-boot.mjs'), join(box, 'tempdir-at-boot.mjs'));
    copyFileSync(join(SERVERS, 'faults', '_base.mjs'), join(box, 'faults', '_base.mjs'));
    writeFileSync(join(box, 'data.json'), '{}\n');
    for (const dir of [box, join(box, 'faults')]) chmodSync(dir, 0o755);
    records = join(box, 'records');
    mkdirSync(records, { mode: 0o755 });
    chownSync(records, NOBODY, NOBODY);
    // a runner's `mktemp -d` as TMPDIR (mode 0700, owned by root): passed over for the isolated temp dir
    privateTmp = mkdtempSync(join('/tmp', 'mh-iso-tempdir-private-'));
    [isolated, plain] = await Promise.all([
      runCli(['run', '--config', config('iso', true, 'iso.json')], { env: { TMPDIR: privateTmp } }),
      runCli(['run', '--config', config('plain', false, 'plain.json')], { env: { TMPDIR: privateTmp } }),
    ]);
  }, 130_000);

  afterAll(() => {
    [isolated, plain].forEach(cleanup);
    for (const dir of [box, privateTmp]) rmSync(dir, { recursive: true, force: true });
  });

  it('boots the isolated server with a temp dir it owns, outside the private TMPDIR, holding the copies', () => {
    expect(isolated.exitCode, isolated.stderr).toBeLessThanOrEqual(1);
    expect(findingsOf(reportOf(isolated), 'iso', 'transport/exit')).toEqual([]);
    expect(findingsOf(reportOf(isolated), 'iso', 'harness/surface-crashed')).toEqual([]);
    const { dir, uid } = recorded('iso.json');
    expect(uid).toBe(NOBODY);
    expect(dir).toMatch(/\/mcp-harness-iso-[^/]+$/);
    expect(dirname(dir)).toBe('/tmp');
    expect(existsSync(dir)).toBe(false);
  });

  it("keeps a temp dir of the harness's own in TMPDIR for a surface that is not isolated, and removes it", () => {
    expect(plain.exitCode, plain.stderr).toBeLessThanOrEqual(1);
    expect(findingsOf(reportOf(plain), 'plain', 'transport/exit')).toEqual([]);
    const { dir, uid } = recorded('plain.json');
    expect(uid).toBe(0);
    expect(dirname(dir)).toBe(privateTmp);
    expect(existsSync(dir)).toBe(false);
  });
});
