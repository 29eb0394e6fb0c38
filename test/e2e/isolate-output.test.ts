/**
 * `--isolate` and the report files, through the real CLI (hostile review 4, D7): an isolated server (the user nobody)
 * that makes the report directory first, in a world-writable /tmp, and plants symlinks under the report files' names
 * made a root harness overwrite the root-owned file they pointed to. Now the harness makes the report directory
 * before any server starts, replaces files instead of writing through links, and refuses a report directory the
 * isolated user owns. Only as root (isolation needs it); the fixture runs from a copy every user can read.
 */
import { chmodSync, chownSync, copyFileSync, lchownSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BIN, runProcess } from '../helpers/cli.ts';
import { SERVERS } from './helpers/cli.ts';

const ROOT_USER = process.getuid?.() === 0;
const NOBODY = 65534;

describe.skipIf(!ROOT_USER)('--isolate: an isolated server cannot redirect the report writes', () => {
  let box: string;
  let victim: string;
  const dirs: string[] = [];
  const fresh = (name: string) => {
    const dir = join('/tmp', `mh-iso-${name}-${process.pid}-${Math.random().toString(36).slice(2)}`);
    dirs.push(dir);
    return dir;
  };
  const run = (reportDir: string) =>
    runProcess(process.execPath, [BIN, 'run', '--isolate', '-r', 'json,markdown,junit,sarif,html', '--report-dir', reportDir, '--', process.execPath, join(box, 'plant-report-links.mjs'), reportDir, victim], { cwd: box, timeoutMs: 120_000 });

  beforeAll(() => {
    box = mkdtempSync(join(tmpdir(), 'mh-iso-box-'));
    mkdirSync(join(box, 'faults'));
    copyFileSync(join(SERVERS, 'plant-report-links.mjs'), join(box, 'plant-report-links.mjs'));
    copyFileSync(join(SERVERS, 'faults', '_base.mjs'), join(box, 'faults', '_base.mjs'));
    for (const dir of [box, join(box, 'faults')]) chmodSync(dir, 0o755);
    victim = join(box, 'victim.txt');
    writeFileSync(victim, 'VICTIM', { mode: 0o644 });
  });
  afterAll(() => {
    for (const dir of [box, ...dirs]) rmSync(dir, { recursive: true, force: true });
  });

  it('makes the report directory before the server starts: nothing is planted, the victim stays, every report is a file of its own', async () => {
    const reportDir = fresh('reports');
    const result = await run(reportDir);
    expect(result.exitCode, result.stderr).toBeLessThanOrEqual(1);
    expect(readFileSync(victim, 'utf8')).toBe('VICTIM');
    expect(statSync(reportDir).uid).toBe(0);
    for (const file of ['report.json', 'report.md', 'junit.xml', 'report.sarif', 'report.html']) expect(lstatSync(join(reportDir, file)).isFile()).toBe(true);
  });

  it('refuses a report directory the isolated user owns before any server starts (exit 2, the directory named)', async () => {
    const reportDir = fresh('owned');
    mkdirSync(reportDir);
    chownSync(reportDir, NOBODY, NOBODY);
    symlinkSync(victim, join(reportDir, 'report.md'));
    lchownSync(join(reportDir, 'report.md'), NOBODY, NOBODY);
    const result = await run(reportDir);
    expect(result.exitCode).toBe(2);
    expect(result.stderr).toContain(`--isolate: ${reportDir} belongs to the user an isolated server runs as (uid 65534)`);
    expect(readFileSync(victim, 'utf8')).toBe('VICTIM');
    expect(lstatSync(join(reportDir, 'report.md')).isSymbolicLink()).toBe(true);
  });

  it('baseline writes no report, so a report directory the isolated user owns is no concern of its: only its file is checked', async () => {
    const work = fresh('baseline');
    mkdirSync(work, { mode: 0o755 });
    mkdirSync(join(work, 'reports'));
    chownSync(join(work, 'reports'), NOBODY, NOBODY); // the default report dir of the working directory
    copyFileSync(join(SERVERS, 'fixture-server.mjs'), join(work, 'fixture-server.mjs'));
    chmodSync(join(work, 'fixture-server.mjs'), 0o644);
    const baseline = (out: string) => runProcess(process.execPath, [BIN, 'baseline', '--isolate', '--out', out, '--', process.execPath, join(work, 'fixture-server.mjs')], { cwd: work, timeoutMs: 120_000 });
    const written = await baseline(join(work, 'mcp-harness.baseline.json'));
    expect(written.exitCode, written.stderr).toBe(0);
    expect(JSON.parse(readFileSync(join(work, 'mcp-harness.baseline.json'), 'utf8'))).toMatchObject({ baselineVersion: 1 });
    // the twin: the baseline file itself under a directory the isolated user owns is refused before any server starts
    const refused = await baseline(join(work, 'reports', 'mcp-harness.baseline.json'));
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(`--isolate: ${join(work, 'reports')} belongs to the user an isolated server runs as (uid 65534)`);
  });

  it("baseline's refusal of a --out directory nobody may write names that file and --out, never a report or --report-dir (review 16, item 4)", async () => {
    const open = fresh('baseline-open');
    mkdirSync(open);
    chmodSync(open, 0o777);
    const out = join(open, 'b.json');
    const refused = await runProcess(process.execPath, [BIN, 'baseline', '--isolate', '--out', out, '--', process.execPath, join(SERVERS, 'fixture-server.mjs')], { cwd: box, timeoutMs: 120_000 });
    expect(refused.exitCode).toBe(2);
    expect(refused.stderr).toContain(`--isolate: ${open} is writable by the user an isolated server runs as (uid 65534, gid 65534): that server could put something in the way of the harness's write of ${out}. Choose a baseline file (--out) in a directory the user nobody cannot write.`);
    expect(refused.stderr).not.toContain('report.json');
    expect(refused.stderr).not.toContain('--report-dir');
  });
});
