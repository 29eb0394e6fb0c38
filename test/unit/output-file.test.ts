/**
 * harness/output-file.ts: the harness's output files are replaced, never written through a symlink planted at their
 * path (hostile review 4, D7), and a run with isolated servers refuses output paths under a directory the isolated
 * user owns or could replace. The isolated user is a parameter, so these rows run as any user.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, createReadStream, existsSync, lchownSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isolationOutputProblem, makeDirectory, replaceFile } from '../../harness/output-file.ts';
import { safeCacheDir } from '../../harness/cache-dir.ts';

let box: string;
beforeEach(() => {
  box = mkdtempSync(join(tmpdir(), 'mh-output-file-'));
});
afterEach(() => rmSync(box, { recursive: true, force: true }));

/** A uid no file here belongs to. */
const STRANGER = 4_242_424;

describe('replaceFile', () => {
  it('creates the directory, replaces an existing file, and leaves no temporary file behind', async () => {
    const file = join(box, 'a', 'b', 'report.json');
    await replaceFile(file, '1');
    await replaceFile(file, '2');
    expect(readFileSync(file, 'utf8')).toBe('2');
    expect(readdirSync(join(box, 'a', 'b'))).toEqual(['report.json']);
    // mode 0666 less the umask, as writeFile makes a file
    expect(statSync(file).mode & 0o777).toBe(0o666 & ~process.umask());
  });

  it('keeps an existing file\'s permission bits (review 5: a 0600 report became world-readable)', async () => {
    const file = join(box, 'report.json');
    writeFileSync(file, 'old', { mode: 0o600 });
    chmodSync(file, 0o600);
    await replaceFile(file, 'new');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toBe('new');
  });

  it('writes through a symlink of its own user (a link into a shared directory, /dev/stdout): the link stays', async () => {
    const target = join(box, 'shared.json');
    writeFileSync(target, 'old');
    symlinkSync(target, join(box, 'report.json'));
    await replaceFile(join(box, 'report.json'), 'new');
    expect(lstatSync(join(box, 'report.json')).isSymbolicLink()).toBe(true);
    expect(readFileSync(target, 'utf8')).toBe('new');
  });

  it.skipIf(process.getuid?.() !== 0)('replaces a symlink another user planted (as root: the link made the isolated user\'s)', async () => {
    const victim = join(box, 'victim.txt');
    writeFileSync(victim, 'VICTIM');
    symlinkSync(victim, join(box, 'report.md'));
    lchownSync(join(box, 'report.md'), 65534, 65534);
    await replaceFile(join(box, 'report.md'), 'report');
    expect(readFileSync(victim, 'utf8')).toBe('VICTIM');
    expect(lstatSync(join(box, 'report.md')).isFile()).toBe(true);
  });

  it.skipIf(spawnSync('mkfifo', ['--version']).status !== 0)('writes through a FIFO made before the run (a process substitution\'s pipe): it stays a FIFO and its reader gets the text', async () => {
    const fifo = join(box, 'pipe');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    const read = new Promise<string>((resolve, reject) => {
      let text = '';
      createReadStream(fifo, 'utf8').on('data', (c) => (text += c)).on('end', () => resolve(text)).on('error', reject);
    });
    // the run started after the FIFO was made (the CLI's default is the harness process's start)
    await replaceFile(fifo, 'through the pipe', lstatSync(fifo).ctimeMs + 1);
    expect(await read).toBe('through the pipe');
    expect(lstatSync(fifo).isFIFO()).toBe(true);
  });

  it.skipIf(spawnSync('mkfifo', ['--version']).status !== 0)('replaces a FIFO made during the run, at the path or behind a link of its own user, instead of waiting for a reader (hostile review 27)', async () => {
    const runStart = Date.now() - 60_000;
    // a server of the harness's user made FIFOs under the report names: nobody reads them, writing through waits forever
    const fifo = join(box, 'report.md');
    expect(spawnSync('mkfifo', [fifo]).status).toBe(0);
    await replaceFile(fifo, 'the report', runStart);
    expect(lstatSync(fifo).isFile()).toBe(true);
    expect(readFileSync(fifo, 'utf8')).toBe('the report');
    // a link of the harness's own user to a FIFO made during the run: the link is replaced, the FIFO left alone
    const elsewhere = join(box, 'elsewhere.fifo');
    expect(spawnSync('mkfifo', [elsewhere]).status).toBe(0);
    symlinkSync(elsewhere, join(box, 'report.json'));
    await replaceFile(join(box, 'report.json'), '{}', runStart);
    expect(lstatSync(join(box, 'report.json')).isFile()).toBe(true);
    expect(readFileSync(join(box, 'report.json'), 'utf8')).toBe('{}');
    expect(lstatSync(elsewhere).isFIFO()).toBe(true);
    // the default is the process's start: this FIFO was made after it
    const late = join(box, 'junit.xml');
    expect(spawnSync('mkfifo', [late]).status).toBe(0);
    await replaceFile(late, '<testsuites/>');
    expect(lstatSync(late).isFile()).toBe(true);
    expect(readdirSync(box).filter((n) => n.endsWith('.tmp'))).toEqual([]);
  });

  it.skipIf(spawnSync('mkfifo', ['--version']).status !== 0)('replaces a link made during the run that leads to a pipe older than the run (review 28: a server linked report.json to /proc/<harness pid>/fd/0, the harness\'s own inherited stdin pipe)', async () => {
    // a pipe that was there before the run, nobody reading it: the harness's stdin from `sleep | mcp-harness run`
    const old = join(box, 'old.fifo');
    expect(spawnSync('mkfifo', [old]).status).toBe(0);
    const runStart = lstatSync(old).ctimeMs + 1;
    await new Promise((r) => setTimeout(r, 20));
    // the server's link, made during the run: writing through it waited forever (10 s here, then the test fails)
    symlinkSync(old, join(box, 'report.json'));
    await replaceFile(join(box, 'report.json'), '{}', runStart);
    expect(lstatSync(join(box, 'report.json')).isFile()).toBe(true);
    expect(readFileSync(join(box, 'report.json'), 'utf8')).toBe('{}');
    expect(lstatSync(old).isFIFO()).toBe(true);
  }, 10_000);

  it('writes a file whose name is near the 255-byte limit (the temporary name is bounded; review 5)', async () => {
    const file = join(box, `${'r'.repeat(245)}.json`);
    await replaceFile(file, 'x');
    expect(readFileSync(file, 'utf8')).toBe('x');
    expect(readdirSync(box)).toEqual([`${'r'.repeat(245)}.json`]);
  });

  it('fails on a directory at the path and removes its temporary file', async () => {
    mkdirSync(join(box, 'report.md'));
    await expect(replaceFile(join(box, 'report.md'), 'x')).rejects.toThrow();
    expect(readdirSync(box)).toEqual(['report.md']);
  });
});

describe('replaceFile when the process leaves mid-write', () => {
  it('removes its temporary file at exit (before: a .tmp of the report\'s size was left beside the reports)', () => {
    const file = join(box, 'report.json');
    // a child that starts writing 256 MiB and exits (as a second interrupt does, exit(2)) once the temporary exists
    const code = `
      import { readdirSync } from 'node:fs';
      import { replaceFile } from ${JSON.stringify(new URL('../../harness/output-file.ts', import.meta.url).href)};
      void replaceFile(${JSON.stringify(file)}, Array.from({ length: 256 }, () => 'x'.repeat(1 << 20)));
      const poll = () => (readdirSync(${JSON.stringify(box)}).some((n) => n.endsWith('.tmp')) ? process.exit(2) : setImmediate(poll));
      poll();`;
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', code], { encoding: 'utf8', timeout: 60_000 });
    expect(child.stderr).toBe('');
    expect(child.status).toBe(2);
    expect(readdirSync(box)).toEqual([]);
  });
});

describe('makeDirectory', () => {
  it('makes every missing component, and accepts one that exists', async () => {
    await makeDirectory(join(box, 'a', 'b', 'c'));
    expect(statSync(join(box, 'a', 'b', 'c')).isDirectory()).toBe(true);
    await makeDirectory(join(box, 'a', 'b'));
  });

  it('fails under a regular file (ENOTDIR), not silently', async () => {
    writeFileSync(join(box, 'file'), 'x');
    await expect(makeDirectory(join(box, 'file', 'sub'))).rejects.toMatchObject({ code: 'ENOTDIR' });
  });

  // Node 20's mkdir(..., { recursive: true }) never returns here (a newcomer's walkthrough: the run spun for 10 minutes)
  it.runIf(existsSync('/proc/self'))('fails at once under /proc, which refuses a new entry with ENOENT', async () => {
    await expect(makeDirectory('/proc/mcp-harness-nope/sub')).rejects.toMatchObject({ code: 'ENOENT' });
    expect(safeCacheDir('/proc/mcp-harness-nope/cache')).toBe(false);
  });
});

describe('isolationOutputProblem', () => {
  it('names a directory on the path that the isolated user owns', () => {
    const uid = statSync(box).uid;
    expect(isolationOutputProblem([join(box, 'reports', 'report.md')], { uid, gid: STRANGER })).toMatch(new RegExp(`^${box} belongs to the user an isolated server runs as \\(uid ${uid}\\)`));
  });

  it('accepts directories that do not exist yet and a sticky world-writable parent', () => {
    const sticky = join(box, 'sticky');
    mkdirSync(sticky);
    chmodSync(sticky, 0o1777);
    expect(isolationOutputProblem([join(sticky, 'not-yet', 'report.md')], { uid: STRANGER, gid: STRANGER })).toBeUndefined();
  });

  it('names a directory the isolated user\'s group may write (review 5: nogroup with g+w let it swap the report directory)', () => {
    const shared = join(box, 'shared');
    mkdirSync(join(shared, 'sub'), { recursive: true });
    chmodSync(shared, 0o775);
    const gid = statSync(shared).gid;
    expect(isolationOutputProblem([join(shared, 'sub', 'report.md')], { uid: STRANGER, gid })).toMatch(/shared is writable by the user an isolated server runs as .* and not sticky/);
    expect(isolationOutputProblem([join(shared, 'sub', 'report.md')], { uid: STRANGER, gid: STRANGER })).toBeUndefined();
  });

  it('names the report file\'s own directory when the isolated user may write it, sticky or not (review 5: /tmp as the report directory)', () => {
    const sticky = join(box, 'sticky');
    mkdirSync(sticky);
    chmodSync(sticky, 0o1777);
    expect(isolationOutputProblem([join(sticky, 'report.json')], { uid: STRANGER, gid: STRANGER })).toMatch(/sticky is writable by the user an isolated server runs as \(uid 4242424, gid 4242424\): /);
  });

  it('names a world-writable directory without the sticky bit, also when reached through a symlink', () => {
    const open = join(box, 'open');
    mkdirSync(join(open, 'sub'), { recursive: true });
    chmodSync(open, 0o777);
    expect(isolationOutputProblem([join(open, 'sub', 'report.md')], { uid: STRANGER, gid: STRANGER })).toMatch(/open is writable by the user an isolated server runs as \(uid 4242424, gid 4242424\) and not sticky/);
    symlinkSync(join(open, 'sub'), join(box, 'link'));
    expect(isolationOutputProblem([join(box, 'link', 'report.md')], { uid: STRANGER, gid: STRANGER })).toMatch(/open is writable by the user an isolated server runs as .* and not sticky/);
    expect(existsSync(join(box, 'link', 'report.md'))).toBe(false);
  });
});
