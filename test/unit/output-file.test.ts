/**
 * harness/output-file.ts: the harness's output files are replaced, never written through a symlink planted at their
 * path (hostile review 4, D7), and a run with isolated servers refuses output paths under a directory the isolated
 * user owns or could replace. The isolated user is a parameter, so these rows run as any user.
 */
import { chmodSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isolationOutputProblem, replaceFile } from '../../harness/output-file.ts';

let box: string;
beforeEach(() => {
  box = mkdtempSync(join(tmpdir(), 'mh-output-file-'));
});
afterEach(() => rmSync(box, { recursive: true, force: true }));

/** A uid no file here belongs to. */
const STRANGER = 4_242_424;

describe('replaceFile', () => {
  it('replaces a symlink planted at the path and leaves the file it pointed to alone', async () => {
    const victim = join(box, 'victim.txt');
    writeFileSync(victim, 'VICTIM');
    symlinkSync(victim, join(box, 'report.md'));
    await replaceFile(join(box, 'report.md'), '# report\n');
    expect(readFileSync(victim, 'utf8')).toBe('VICTIM');
    expect(lstatSync(join(box, 'report.md')).isFile()).toBe(true);
    expect(readFileSync(join(box, 'report.md'), 'utf8')).toBe('# report\n');
  });

  it('creates the directory, replaces an existing file, and leaves no temporary file behind', async () => {
    const file = join(box, 'a', 'b', 'report.json');
    await replaceFile(file, '1');
    await replaceFile(file, '2');
    expect(readFileSync(file, 'utf8')).toBe('2');
    expect(readdirSync(join(box, 'a', 'b'))).toEqual(['report.json']);
    // mode 0666 less the umask, as writeFile makes a file
    expect(statSync(file).mode & 0o777).toBe(0o666 & ~process.umask());
  });

  it('fails on a directory at the path and removes its temporary file', async () => {
    mkdirSync(join(box, 'report.md'));
    await expect(replaceFile(join(box, 'report.md'), 'x')).rejects.toThrow();
    expect(readdirSync(box)).toEqual(['report.md']);
  });
});

describe('isolationOutputProblem', () => {
  it('names a directory on the path that the isolated user owns', () => {
    const uid = statSync(box).uid;
    expect(isolationOutputProblem([join(box, 'reports', 'report.md')], uid)).toMatch(new RegExp(`^${box} belongs to the user an isolated server runs as \\(uid ${uid}\\)`));
  });

  it('accepts directories that do not exist yet and a sticky world-writable parent', () => {
    const sticky = join(box, 'sticky');
    mkdirSync(sticky);
    chmodSync(sticky, 0o1777);
    expect(isolationOutputProblem([join(sticky, 'not-yet', 'report.md')], STRANGER)).toBeUndefined();
  });

  it('names a world-writable directory without the sticky bit, also when reached through a symlink', () => {
    const open = join(box, 'open');
    mkdirSync(join(open, 'sub'), { recursive: true });
    chmodSync(open, 0o777);
    expect(isolationOutputProblem([join(open, 'sub', 'report.md')], STRANGER)).toMatch(/open is writable by every user and not sticky/);
    symlinkSync(join(open, 'sub'), join(box, 'link'));
    expect(isolationOutputProblem([join(box, 'link', 'report.md')], STRANGER)).toMatch(/open is writable by every user and not sticky/);
    expect(existsSync(join(box, 'link', 'report.md'))).toBe(false);
  });
});
